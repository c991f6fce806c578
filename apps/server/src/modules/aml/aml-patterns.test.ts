import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { AmlCase } from '@panalo/contract/aml';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { bearer, createMember, createStaffMember, sessionFor } from '../../test-support/members';
import { expectLedgerClean } from '../../test-support/ledger';
import { ledgerAccount, memberWalletKey, postTransfer, type AccountKey } from '../wallet/ledger';
import { readyPlayer, withdraw, type Err } from '../withdrawals/withdrawals.test-helpers';
import { amlService, screenPerson } from './aml.service';
import { CTR_HEADER, STR_HEADER } from './aml-reports';
import { listScreening, nameWords, parseScreeningList } from './screening';

// Issue 53 items 3 and 4, the patterns beyond single amounts: money passed straight through a chain of
// members, accounts behind one device, card or payee name, names on a sanctions/PEP list (a hit holds
// the account), and the regulator's CSV reports.

const START = new Date('2033-02-10T00:00:00Z');
const at = (minutes: number) => new Date(START.getTime() + minutes * 60_000);
const SETTINGS = {
  aml: { coveredThreshold: '100000', passThroughMin: '50000', passThroughShare: 0.8, passThroughMinutes: 60 },
};

describe('AML patterns, screening and reports (issue 53)', () => {
  let t: TestApp;
  const merchantId = 1;
  const aml = () => amlService(t.ctx.db);
  const scan = (minutes: number) => aml().scan(merchantId, SETTINGS, at(minutes));
  const casesOf = async (memberId: bigint) =>
    (await aml().cases(merchantId)).filter((c) => c.memberId === memberId.toString());

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await expectLedgerClean(t.ctx.db);
    await t.close();
  });

  /** Money from one account to another at `at` (a wallet, or a clearing account). */
  async function moveMoney(kind: string, from: AccountKey, to: AccountKey, amount: bigint, when: Date) {
    t.clock.set(when);
    await t.ctx.db.transaction().execute(async (trx) => {
      const a = await ledgerAccount(trx, from);
      const b = await ledgerAccount(trx, to);
      await postTransfer(trx, {
        merchantId,
        book: 'real',
        kind,
        createdBy: 'system:test',
        at: when,
        legs: [
          { accountId: a, amount: -amount },
          { accountId: b, amount },
        ],
      });
    });
  }
  const wallet = (id: bigint) => memberWalletKey(merchantId, id, 'PHP');
  const clearing: AccountKey = {
    merchantId,
    book: 'real',
    kind: 'payment_clearing',
    ref: 'TEST',
    currency: 'PHP',
  };
  const pending = (id: bigint): AccountKey => ({
    merchantId,
    book: 'real',
    kind: 'pending_withdrawal',
    ownerMemberId: id,
    currency: 'PHP',
  });

  it('pass-through: money received from a member and sent on within the window opens a case at 80 % (not at 79.99 %, not after the window, not below the minimum)', async () => {
    const [a, b, c, d] = [
      await createMember(t),
      await createMember(t),
      await createMember(t),
      await createMember(t),
    ];
    await moveMoney('deposit', clearing, wallet(a.id), 1_000_000n, at(0));
    // a → b ₱1,000.00; b sends ₱800.00 on to c 30 minutes later: passed through.
    await moveMoney('transfer_to_downline', wallet(a.id), wallet(b.id), 100_000n, at(1));
    await moveMoney('transfer_to_downline', wallet(b.id), wallet(c.id), 80_000n, at(31));
    // c withdraws ₱639.99 of the ₱800.00 (79.99 %): not passed through.
    await moveMoney('withdrawal_hold', wallet(c.id), pending(c.id), 63_999n, at(32));
    // d receives ₱1,000.00, withdraws all of it 61 minutes later: outside the window.
    await moveMoney('transfer_upline', wallet(a.id), wallet(d.id), 100_000n, at(40));
    await moveMoney('withdrawal_hold', wallet(d.id), pending(d.id), 100_000n, at(101));
    await scan(200);
    const [bCases, cCases, dCases] = [await casesOf(b.id), await casesOf(c.id), await casesOf(d.id)];
    expect(bCases.map((x) => [x.rule, x.amount])).toEqual([['pass_through', '800.00']]);
    expect(bCases[0]!.evidence).toMatchObject({
      receivedTotal: '1000.00',
      received: [
        expect.objectContaining({ from: a.username, amount: '1000.00', kind: 'transfer_to_downline' }),
      ],
    });
    expect(cCases).toEqual([]);
    expect(dCases.filter((x) => x.rule === 'pass_through')).toEqual([]);
    // The minimum: ₱499.99 received and all sent on is not a case.
    const [e, f] = [await createMember(t), await createMember(t)];
    await moveMoney('transfer_to_downline', wallet(a.id), wallet(e.id), 49_999n, at(300));
    await moveMoney('transfer_to_downline', wallet(e.id), wallet(f.id), 49_999n, at(301));
    await scan(400);
    expect(await casesOf(e.id)).toEqual([]);
  });

  it('accounts behind one bank card (2), one device (3) or one payee name (3) open a case for the one asking to withdraw, once; fewer do not', async () => {
    const members = await Promise.all(Array.from({ length: 7 }, () => createMember(t)));
    const [c1, c2, d1, d2, d3, p1, p2] = members;
    const card = (id: bigint, removed: boolean) =>
      t.ctx.db
        .insertInto('member_bank_card')
        .values({
          merchant_id: merchantId,
          member_id: id,
          bank_code: 'BDO',
          card_number_enc: 'x',
          card_last4: '4242',
          card_hash: 'aml-shared-card',
          removed_at: removed ? START : null,
        })
        .execute();
    await card(c1!.id, true);
    await card(c2!.id, false);
    const session = (id: bigint, device: string) =>
      t.ctx.db
        .insertInto('member_session')
        .values({
          merchant_id: merchantId,
          member_id: id,
          token_hash: `aml-${id}-${device}`,
          kind: 'session',
          device,
          expires_at: new Date(START.getTime() + 86_400_000),
        })
        .execute();
    for (const m of [d1!, d2!, d3!]) await session(m.id, 'aml-device-1');
    // Two accounts on one payee name: not yet a case (three make one).
    for (const m of [p1!, p2!])
      await t.ctx.db
        .updateTable('member')
        .set({ payee_name: 'Pedro Penduko' })
        .where('id', '=', m.id)
        .execute();
    for (const m of [c2!, d1!, p1!]) {
      await moveMoney('deposit', clearing, wallet(m.id), 10_000n, at(500));
      await moveMoney('withdrawal_hold', wallet(m.id), pending(m.id), 5_000n, at(501));
    }
    await scan(600);
    const rules = async (id: bigint) =>
      (await casesOf(id))
        .map((c) => c.rule)
        .filter((r) => r.startsWith('shared_'))
        .sort();
    expect(await rules(c2!.id)).toEqual(['shared_card']);
    expect((await casesOf(c2!.id)).find((c) => c.rule === 'shared_card')!.evidence).toMatchObject({
      via: 'card',
      accounts: 2,
      others: [c1!.username],
    });
    expect(await rules(d1!.id)).toContain('shared_device');
    expect(await rules(p1!.id)).not.toContain('shared_payee');
    // Only the one asking to withdraw: the others have no case.
    expect(await rules(c1!.id)).toEqual([]);
    // A second withdrawal does not open the case again.
    await moveMoney('withdrawal_hold', wallet(c2!.id), pending(c2!.id), 1_000n, at(700));
    await scan(800);
    expect(await rules(c2!.id)).toEqual(['shared_card']);
  });

  it('screening: names compared as words in any order, the birth date when both are known; the list file parses with its header', () => {
    const list = listScreening(
      parseScreeningList(
        'id,list,name,birth_date,source\nX-1,sanctions,Ignacio Bartolome Salvacion,1971-03-14,"Test, list"\nX-2,pep,Consuelo Villafranca,,Test\n',
      ),
    );
    expect(nameWords('SALVACION, Ignacio  Bartolomé')).toEqual(['bartolome', 'ignacio', 'salvacion']);
    return Promise.all([
      expect(
        list.check({ fullName: 'Salvacion Ignacio Bartolome', birthDate: '1971-03-14' }),
      ).resolves.toEqual([expect.objectContaining({ entryId: 'X-1', match: 'exact', source: 'Test, list' })]),
      expect(
        list.check({ fullName: 'Ignacio Bartolome Salvacion', birthDate: '1971-03-15' }),
      ).resolves.toEqual([]),
      expect(list.check({ fullName: 'Ignacio Salvacion', birthDate: null })).resolves.toEqual([]),
      expect(list.check({ fullName: 'Maria Consuelo Villafranca', birthDate: null })).resolves.toEqual([
        expect.objectContaining({ entryId: 'X-2', match: 'contains' }),
      ]),
    ]);
  });

  it('a payee name on the list holds the account: a screening case freezes withdrawals and transfers until staff close it', async () => {
    const p = await readyPlayer(t, { balance: 100_000n });
    // readyPlayer bound "Maria Clara": not listed, no case.
    expect(await casesOf(p.member.id)).toEqual([]);
    const q = await readyPlayer(t, { balance: 100_000n });
    await t.ctx.db.updateTable('member').set({ payee_name: null }).where('id', '=', q.member.id).execute();
    const bind = await t.request<Err>({
      method: 'POST',
      url: '/api/cashier/payee-name',
      headers: q.headers,
      payload: { payeeName: 'Rodrigo Malvar Dimaculangan' },
    });
    expect(bind.status).toBe(200);
    const [hit] = await casesOf(q.member.id);
    expect([hit?.rule, hit?.freezesWithdrawals, hit?.evidence.list, hit?.evidence.from]).toEqual([
      'screening',
      true,
      'sanctions',
      'payee_name',
    ]);
    const r = await withdraw(t, q, { cardId: q.card.id, amount: '100.00' });
    expect([r.status, (r.body as Err).code]).toEqual([409, 'withdrawals_frozen']);
    // A false match: risk closes it and the money may leave.
    const risk = await sessionFor(t, await createStaffMember(t, 'risk'));
    const decided = await t.request({
      method: 'POST',
      url: `/api/ops/aml/cases/${hit!.id}/decide`,
      headers: bearer(risk),
      payload: { decision: 'close', note: 'Different person: birth date and address differ' },
    });
    expect(decided.status).toBe(200);
    expect((await withdraw(t, q, { cardId: q.card.id, amount: '100.00' })).status).toBe(200);
    // The same hit is not opened again for the same list entry.
    expect(
      await screenPerson(t.ctx.db, t.ctx.screening, {
        merchantId,
        memberId: q.member.id,
        fullName: 'Rodrigo Malvar Dimaculangan',
        birthDate: null,
        source: 'payee_name',
        now: t.clock.now(),
      }),
    ).toBe(0);
  });

  it('reports: the covered-transaction CSV of a period and the suspicious-transaction CSV of the cases filed in it, in the documented layout; audited; aml only', async () => {
    const m = await createMember(t);
    await t.ctx.db.updateTable('member').set({ payee_name: 'Juana Reyes' }).where('id', '=', m.id).execute();
    await moveMoney('deposit', clearing, wallet(m.id), 150_000n, new Date('2033-03-05T10:00:00Z'));
    await aml().scan(merchantId, SETTINGS, new Date('2033-03-05T11:00:00Z'));
    const [covered] = (await casesOf(m.id)).filter((c: AmlCase) => c.rule === 'covered');
    const risk = await sessionFor(t, await createStaffMember(t, 'risk'));
    t.clock.set('2033-03-06T09:00:00Z');
    await t.request({
      method: 'POST',
      url: `/api/ops/aml/cases/${covered!.id}/decide`,
      headers: bearer(risk),
      payload: { decision: 'file', note: 'Deposit far above the member’s declared income' },
    });
    const get = (kind: string, from: string, to: string, token = risk) =>
      t.app.inject({
        method: 'GET',
        url: `/api/ops/aml/reports/${kind}?from=${from}&to=${to}`,
        headers: bearer(token),
      });
    const lines = (body: string) =>
      body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
    const ctr = await get('ctr', '2033-03-05', '2033-03-05');
    expect([ctr.statusCode, ctr.headers['content-type'], ctr.headers['cache-control']]).toEqual([
      200,
      'text/csv; charset=utf-8',
      'no-store',
    ]);
    const [head, row] = lines(ctr.body);
    expect(head).toBe(CTR_HEADER.join(','));
    expect(row!.split(',')).toEqual([
      'CTR',
      covered!.id,
      '2033-03-05T10:00:00.000Z',
      String(covered!.evidence.transferId),
      'deposit',
      '1500.00',
      'PHP',
      m.id.toString(),
      m.username,
      'Juana Reyes',
      '',
      '',
      '',
      'filed',
    ]);
    // The day before holds none of it; the STR of the filing day holds the case with its reason.
    expect(lines((await get('ctr', '2033-03-04', '2033-03-04')).body)).toHaveLength(1);
    const str = lines((await get('str', '2033-03-06', '2033-03-06')).body);
    expect(str[0]).toBe(STR_HEADER.join(','));
    expect(str[1]).toContain('Deposit far above the member’s declared income');
    expect(str[1]!.startsWith(`STR,${covered!.id},covered,`)).toBe(true);
    const audited = await sql<{
      n: number;
    }>`select count(*)::int as n from audit_log where action = 'aml.export'`.execute(t.ctx.db);
    expect(audited.rows[0]!.n).toBe(3);
    // A reversed period, a year and more, another desk: refused.
    expect((await get('ctr', '2033-03-06', '2033-03-05')).statusCode).toBe(400);
    expect((await get('ctr', '2032-01-01', '2033-03-05')).statusCode).toBe(400);
    expect((await get('xls', '2033-03-05', '2033-03-05')).statusCode).toBe(400);
    const support = await sessionFor(t, await createStaffMember(t, 'support'));
    expect((await get('ctr', '2033-03-05', '2033-03-05', support)).statusCode).toBe(403);
  });
});
