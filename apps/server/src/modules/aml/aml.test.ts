import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { AmlCase } from '@panalo/contract/aml';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { bearer, createMember, createStaffMember, sessionFor } from '../../test-support/members';
import { expectLedgerClean } from '../../test-support/ledger';
import { itRaces } from '../../test-support/races';
import { houseKey, ledgerAccount, memberWalletKey, postTransfer } from '../wallet/ledger';
import { amlSettingsOf, lowPlay, structuringFloor } from './aml-rules';
import { AML_SETTLE_MS, amlService } from './aml.service';
import { readyPlayer, withdraw } from '../withdrawals/withdrawals.test-helpers';

// Anti-money-laundering monitoring (issue 53 item 3): each rule at its edges over money moved through
// the ledger, each case opened once however often (and however concurrently) the rules run, and staff's
// decisions. Thresholds are the test merchant's own: ₱1,000.00 covered, structuring from 90 % of it, three
// within 24 hours, little play below 30 % of the deposits.

type Ok<T> = { success: true; value: T; code?: string };
const START = new Date('2033-01-10T00:00:00Z');

describe('AML monitoring (issue 53)', () => {
  let t: TestApp;
  let merchantId: number;
  const aml = () => amlService(t.ctx.db);

  beforeAll(async () => {
    t = await createTestApp();
    merchantId = (
      await t.ctx.db
        .selectFrom('merchant')
        .select('id')
        .where('code', '=', 'panalo')
        .executeTakeFirstOrThrow()
    ).id;
    await sql`update merchant set settings = settings || ${JSON.stringify({
      aml: {
        coveredThreshold: '100000',
        structuringShare: 0.9,
        structuringCount: 3,
        structuringHours: 24,
        lowPlayRatio: 0.3,
      },
    })}::jsonb where id = ${merchantId}`.execute(t.ctx.db);
    t.ctx.merchants.clearCache();
  });
  afterAll(async () => {
    await expectLedgerClean(t.ctx.db);
    await t.close();
  });

  /** Money into or out of a member's wallet at `at`: a deposit, a withdrawal request, a bet. */
  async function move(
    memberId: bigint,
    kind: 'deposit' | 'withdrawal_hold' | 'bet',
    amount: bigint,
    at: Date,
  ) {
    t.clock.set(at);
    await t.ctx.db.transaction().execute(async (trx) => {
      const wallet = await ledgerAccount(trx, memberWalletKey(merchantId, memberId, 'PHP'));
      const other = await ledgerAccount(
        trx,
        kind === 'deposit'
          ? { merchantId, book: 'real', kind: 'payment_clearing', ref: 'TEST', currency: 'PHP' }
          : kind === 'bet'
            ? houseKey(merchantId, memberId, 'PHP')
            : {
                merchantId,
                book: 'real',
                kind: 'pending_withdrawal',
                ownerMemberId: memberId,
                currency: 'PHP',
              },
      );
      const into = kind === 'deposit' ? amount : -amount;
      await postTransfer(trx, {
        merchantId,
        book: 'real',
        kind,
        createdBy: 'system:test',
        at,
        legs: [
          { accountId: other, amount: -into },
          { accountId: wallet, amount: into },
        ],
      });
    });
  }
  const at = (minutes: number) => new Date(START.getTime() + minutes * 60_000);
  const member = async () => (await createMember(t, {})).id;
  const casesOf = async (memberId: bigint) =>
    (await aml().cases(merchantId)).filter((c) => c.memberId === memberId.toString());

  it('the rules’ arithmetic: the structuring floor rounds up, little play is strictly below the share', () => {
    const s = amlSettingsOf({ aml: { coveredThreshold: '100000', structuringShare: 0.9 } });
    expect(structuringFloor(s)).toBe(90_000n);
    expect(structuringFloor({ ...s, coveredThreshold: 100_001n })).toBe(90_001n);
    expect(lowPlay(50_000n, 14_999n, 0.3)).toBe(true);
    expect(lowPlay(50_000n, 15_000n, 0.3)).toBe(false);
    expect(lowPlay(0n, 0n, 0.3)).toBe(false);
    // Unreadable settings fall back to the Philippine defaults (₱5,000,000.00).
    expect(amlSettingsOf({ aml: { coveredThreshold: 'lots' } }).coveredThreshold).toBe(500_000_000n);
  });

  it('covered transactions: a deposit or a withdrawal request at or above the threshold opens a case, one centavo below does not', async () => {
    const [below, equal, above] = [await member(), await member(), await member()];
    await move(below, 'deposit', 99_999n, at(0));
    await move(equal, 'deposit', 100_000n, at(1));
    await move(above, 'deposit', 100_001n, at(2));
    await move(equal, 'withdrawal_hold', 100_000n, at(3));
    expect(await aml().scan(merchantId, { aml: { coveredThreshold: '100000' } }, at(10))).toBeGreaterThan(0);
    expect(await casesOf(below)).toEqual([]);
    expect((await casesOf(equal)).map((c) => [c.rule, c.amount, c.evidence.kind]).sort()).toEqual([
      ['covered', '1000.00', 'deposit'],
      ['covered', '1000.00', 'withdrawal_hold'],
      // …and, withdrawn without any play, little play too.
      ['low_play', '1000.00', 'withdrawal_hold'],
    ]);
    expect((await casesOf(above)).map((c) => c.rule)).toEqual(['covered']);
  });

  const settings = async () =>
    (
      await t.ctx.db
        .selectFrom('merchant')
        .select('settings')
        .where('id', '=', merchantId)
        .executeTakeFirstOrThrow()
    ).settings;

  it('structuring: three deposits just below the threshold within 24 hours open one case for the day; two, one outside the window, or one below the floor do not', async () => {
    const [s, late, low] = [await member(), await member(), await member()];
    await move(s, 'deposit', 90_000n, at(100));
    await move(s, 'deposit', 95_000n, at(220));
    await move(s, 'deposit', 99_999n, at(400));
    // Two in the window: the first is 24 h and a minute before the third.
    await move(late, 'deposit', 95_000n, at(100));
    await move(late, 'deposit', 95_000n, at(200));
    await move(late, 'deposit', 95_000n, at(100 + 24 * 60 + 1));
    await move(low, 'deposit', 90_000n, at(100));
    await move(low, 'deposit', 90_000n, at(110));
    await move(low, 'deposit', 89_999n, at(120));
    await aml().scan(merchantId, await settings(), at(100 + 24 * 60 + 10));
    const found = await casesOf(s);
    expect(found.map((c) => [c.rule, c.subject, c.amount])).toEqual([
      ['structuring', 'd:2033-01-10', '2849.99'],
    ]);
    expect((found[0]!.evidence.deposits as unknown[]).length).toBe(3);
    expect(await casesOf(late)).toEqual([]);
    expect(await casesOf(low)).toEqual([]);
    // A fourth the same day joins the day's case: still one.
    await move(s, 'deposit', 91_000n, at(500));
    await aml().scan(merchantId, await settings(), at(100 + 24 * 60 + 20));
    expect(await casesOf(s)).toHaveLength(1);
  });

  it('deposit then withdrawal with little play: below 30 % of the deposits’ turnover opens a case, at 30 % does not; since the previous withdrawal only', async () => {
    const [little, enough] = [await member(), await member()];
    await move(little, 'deposit', 50_000n, at(3000));
    await move(little, 'bet', 14_999n, at(3001));
    await move(little, 'withdrawal_hold', 30_000n, at(3002));
    await move(enough, 'deposit', 50_000n, at(3000));
    await move(enough, 'bet', 15_000n, at(3001));
    await move(enough, 'withdrawal_hold', 30_000n, at(3002));
    // After a withdrawal, only what came since counts: no new deposit, so nothing to wash.
    await move(enough, 'withdrawal_hold', 1_000n, at(3003));
    await aml().scan(merchantId, await settings(), at(3010));
    const found = await casesOf(little);
    expect(found.map((c) => [c.rule, c.amount, c.evidence.deposits, c.evidence.turnover])).toEqual([
      ['low_play', '300.00', '500.00', '149.99'],
    ]);
    expect(await casesOf(enough)).toEqual([]);
  });

  it('moves younger than the settling time wait for the next scan; a case is opened once however often the rules run', async () => {
    const m = await member();
    await move(m, 'deposit', 150_000n, at(5000));
    const fresh = new Date(at(5000).getTime() + AML_SETTLE_MS - 1000);
    await aml().scan(merchantId, await settings(), fresh);
    expect(await casesOf(m)).toEqual([]);
    await aml().scan(merchantId, await settings(), at(5010));
    await aml().scanAll(at(5020));
    expect(await casesOf(m)).toHaveLength(1);
  });

  itRaces('scans of one merchant at the same moment take turns: each case is opened once', async () => {
    const m = await member();
    await move(m, 'deposit', 150_000n, at(6000));
    const later = at(6010);
    const opened = await Promise.all([
      aml().scan(merchantId, await settings(), later),
      aml().scan(merchantId, await settings(), later),
      aml().scanAll(later),
    ]);
    expect(opened.reduce((a, n) => a + n, 0)).toBe(1);
    expect(await casesOf(m)).toHaveLength(1);
  });

  it('a case that freezes withdrawals refuses the member’s requests (and their payout) until it is closed; audited', async () => {
    const p = await readyPlayer(t, { balance: 500_000n });
    t.clock.set(at(7000));
    const first = await withdraw(t, p, { cardId: p.card.id, amount: '2000.00' });
    expect(first.status).toBe(200);
    await aml().scan(merchantId, await settings(), at(7010));
    const [covered] = (await casesOf(p.member.id)).filter((c) => c.rule === 'covered');
    const risk = await createStaffMember(t, 'risk');
    const frozen = await aml().decide({
      merchantId,
      id: BigInt(covered!.id),
      decision: 'freeze',
      note: 'Withdrawals held while the source of funds is asked for',
      staff: { memberId: risk.id, username: risk.username },
      ip: '127.0.0.1',
      now: at(7011),
    });
    expect(frozen).toMatchObject({ status: 'escalated', freezesWithdrawals: true });
    const refused = await withdraw(t, p, { cardId: p.card.id, amount: '100.00' });
    expect([refused.status, (refused.body as { code?: string }).code]).toEqual([409, 'withdrawals_frozen']);
    const closed = await aml().decide({
      merchantId,
      id: BigInt(covered!.id),
      decision: 'close',
      note: 'Source of funds shown: salary',
      staff: { memberId: risk.id, username: risk.username },
      ip: '127.0.0.1',
      now: at(7012),
    });
    expect(closed.status).toBe('closed');
    expect((await withdraw(t, p, { cardId: p.card.id, amount: '100.00' })).status).toBe(200);
  });

  it('the risk desk reads and decides cases with a note (audited); a closed case is final; other desks and brands see nothing', async () => {
    const risk = await sessionFor(t, await createStaffMember(t, 'risk'));
    const support = await sessionFor(t, await createStaffMember(t, 'support'));
    const luzon = await sessionFor(t, await createStaffMember(t, 'owner', 'luzon'));
    const list = await t.request<Ok<{ list: AmlCase[] }>>({
      method: 'GET',
      url: '/api/ops/aml/cases?status=open',
      headers: bearer(risk),
    });
    expect(list.status).toBe(200);
    const one = list.body.value.list[0]!;
    expect(
      (await t.request({ method: 'GET', url: '/api/ops/aml/cases', headers: bearer(support) })).status,
    ).toBe(403);
    const other = await t.request({
      method: 'GET',
      url: `/api/ops/aml/cases/${one.id}`,
      headers: { ...bearer(luzon), host: 'luzon.localhost' },
    });
    expect(other.status).toBe(404);
    const decide = (body: Record<string, string>, token = risk) =>
      t.request<Ok<AmlCase>>({
        method: 'POST',
        url: `/api/ops/aml/cases/${one.id}/decide`,
        headers: bearer(token),
        payload: body,
      });
    expect((await decide({ decision: 'close', note: 'bad\u0000note' })).status).toBe(400);
    expect((await decide({ decision: 'forget', note: 'Not a decision' })).status).toBe(400);
    const escalated = await decide({
      decision: 'escalate',
      note: 'Asked the player for the source of funds',
    });
    expect(escalated.body.value.status).toBe('escalated');
    const closed = await decide({ decision: 'close', note: 'Salary slips received; no action' });
    expect(closed.body.value).toMatchObject({ status: 'closed', note: 'Salary slips received; no action' });
    const again = await decide({ decision: 'file', note: 'Changed my mind' });
    expect([again.status, again.body.code]).toEqual([409, 'aml_case_decided']);
    const audited = await t.ctx.db
      .selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'aml.decide')
      .where('target', '=', `aml_case:${one.id}`)
      .execute();
    expect(audited).toHaveLength(2);
  });
});
