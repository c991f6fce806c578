import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { bearer, createMember, sessionFor } from '../../test-support/members';
import { expectLedgerClean } from '../../test-support/ledger';
import { membersRepository } from '../identity/members.repository';
import { accountBalance, memberWalletKey } from '../wallet/ledger';
import { transferCount } from '../records/test-ledger';

interface Body {
  success: boolean;
  code?: string;
  value?: { transferId: string; username: string; amount: string; sumBalance: string };
}
interface AuditPage {
  success: true;
  value: {
    list: {
      actor: string;
      action: string;
      target: string;
      details: Record<string, unknown>;
      createdAt: string;
    }[];
    pageNum: number;
    totalPages: number;
    total: number;
  };
}

describe('operator adjustments and audit', () => {
  let t: TestApp;
  let opsToken: string;
  let opsId: bigint;
  let luzonOpsToken: string;
  let n = 0;
  beforeAll(async () => {
    t = await createTestApp();
    const ops = await membersRepository(t.ctx.db).findByUsername(1, 'ops01');
    if (!ops) throw new Error('seeded operator missing');
    opsId = ops.id;
    opsToken = await sessionFor(t, ops);
    luzonOpsToken = await sessionFor(t, await createMember(t, { merchant: 'luzon', type: 90 }));
  });
  afterAll(async () => t.close());

  const adjust = (
    body: Record<string, unknown>,
    o: { token?: string; host?: string; key?: string | null } = {},
  ) =>
    t.request<Body>({
      method: 'POST',
      url: '/api/ops/adjustments',
      headers: {
        ...bearer(o.token ?? opsToken),
        host: o.host ?? 'localhost',
        ...(o.key === null ? {} : { 'idempotency-key': o.key ?? `adjust-key-${++n}` }),
      },
      payload: body,
    });
  const balance = (merchantId: number, memberId: bigint) =>
    accountBalance(t.ctx.db, memberWalletKey(merchantId, memberId, 'PHP'));

  it('credits and debits a member through a reasoned adjustment, audited with who, when and why', async () => {
    const m = await createMember(t);
    t.clock.set('2026-06-02T09:30:00.000Z');
    const credit = await adjust({ username: m.username.toUpperCase(), amount: '150.25', reason: 'Goodwill' });
    expect(credit.status).toBe(200);
    expect(credit.body.value).toMatchObject({ username: m.username, amount: '150.25', sumBalance: '150.25' });
    const debit = await adjust({ username: m.username, amount: '-50.25', reason: 'Correction of #12' });
    expect(debit.body.value?.sumBalance).toBe('100.00');
    expect(await balance(m.merchant_id, m.id)).toBe(10_000n);

    const transfer = await t.ctx.db
      .selectFrom('ledger_transfer')
      .selectAll()
      .where('id', '=', BigInt(debit.body.value!.transferId))
      .executeTakeFirstOrThrow();
    expect(transfer).toMatchObject({
      kind: 'adjustment',
      memo: 'Correction of #12',
      created_by: `operator:${opsId}`,
    });

    const log = await t.request<AuditPage>({
      method: 'GET',
      url: '/api/ops/audit',
      query: { pageSize: '2' },
      headers: bearer(opsToken),
    });
    expect(log.status).toBe(200);
    expect(log.body.value.list[0]).toMatchObject({
      actor: `operator:${opsId}`,
      // Staff read names beside the references (#49 item 7).
      actorName: 'ops01',
      action: 'balance.adjust',
      target: `member:${m.id}`,
      targetName: m.username,
      createdAt: '2026-06-02T09:30:00.000Z',
      details: {
        username: m.username,
        amount: '-50.25',
        reason: 'Correction of #12',
        balanceAfter: '100.00',
      },
    });
    expect(log.body.value.list[1]?.details).toMatchObject({ amount: '150.25', reason: 'Goodwill' });
    expect(log.body.value.pageNum).toBe(1);
    expect(log.body.value.totalPages).toBe(Math.ceil(log.body.value.total / 2));
    await expectLedgerClean(t.ctx.db);
  });

  it('never takes a wallet below zero: 409 insufficient_balance, nothing written or audited', async () => {
    const m = await createMember(t);
    await adjust({ username: m.username, amount: '10.00', reason: 'Start' });
    const before = await transferCount(t.ctx.db);
    const audits = await t.ctx.db.selectFrom('audit_log').select('id').execute();
    const res = await adjust({ username: m.username, amount: '-10.01', reason: 'Too much' });
    expect([res.status, res.body.code]).toEqual([409, 'insufficient_balance']);
    expect(await transferCount(t.ctx.db)).toBe(before);
    expect((await t.ctx.db.selectFrom('audit_log').select('id').execute()).length).toBe(audits.length);
    expect(await balance(m.merchant_id, m.id)).toBe(1_000n);
    await expectLedgerClean(t.ctx.db);
  });

  it('a repeat with the same key returns the first answer; the same key for another request is 409', async () => {
    const m = await createMember(t);
    const body = { username: m.username, amount: '5.00', reason: 'Replay me' };
    const first = await adjust(body, { key: 'adjust-replay-1' });
    const again = await adjust(body, { key: 'adjust-replay-1' });
    expect(again.body).toEqual(first.body);
    expect(await balance(m.merchant_id, m.id)).toBe(500n);
    const other = await adjust({ ...body, amount: '6.00' }, { key: 'adjust-replay-1' });
    expect([other.status, other.body.code]).toEqual([409, 'idempotency_conflict']);
    await expectLedgerClean(t.ctx.db);
  });

  it('bad input is a 4xx and writes nothing', async () => {
    const m = await createMember(t);
    const before = await transferCount(t.ctx.db);
    const cases: [Record<string, unknown>, string | null | undefined, number, string][] = [
      [{ username: m.username, amount: '5.00', reason: 'No key' }, null, 400, 'idempotency_key_required'],
      [{ username: m.username, amount: '0', reason: 'Zero' }, undefined, 400, 'amount_invalid'],
      [{ username: m.username, amount: '-0.00', reason: 'Zero' }, undefined, 400, 'amount_invalid'],
      [{ username: m.username, amount: '1.001', reason: 'Frac' }, undefined, 400, 'validation_failed'],
      [{ username: m.username, amount: '1e3', reason: 'Junk' }, undefined, 400, 'validation_failed'],
      [{ username: m.username, amount: '5.00', reason: 'ab' }, undefined, 400, 'validation_failed'],
      [{ username: m.username, amount: '5.00', reason: '   ' }, undefined, 400, 'validation_failed'],
      [{ username: 'nobody-here', amount: '5.00', reason: 'Ghost' }, undefined, 404, 'member_not_found'],
      [{ username: 'ops01', amount: '5.00', reason: 'Staff' }, undefined, 404, 'member_not_found'],
    ];
    for (const [body, key, status, code] of cases) {
      const res = await adjust(body, { key });
      expect([res.status, res.body.code]).toEqual([status, code]);
    }
    expect(await transferCount(t.ctx.db)).toBe(before);
    await expectLedgerClean(t.ctx.db);
  });

  it('isolation: a member gets 403; luzon’s operator cannot adjust or see panalo', async () => {
    const m = await createMember(t);
    const player = await adjust(
      { username: m.username, amount: '5.00', reason: 'Self-service' },
      { token: await sessionFor(t, m) },
    );
    expect([player.status, player.body.code]).toEqual([403, 'no_permission']);

    const cross = await adjust(
      { username: m.username, amount: '5.00', reason: 'Cross-merchant' },
      { token: luzonOpsToken, host: 'luzon.localhost' },
    );
    expect([cross.status, cross.body.code]).toEqual([404, 'member_not_found']);
    // Panalo's operator token means nothing at luzon.
    const foreign = await adjust(
      { username: 'luzon01', amount: '5.00', reason: 'Wrong site' },
      { host: 'luzon.localhost' },
    );
    expect(foreign.status).toBe(401);
    expect(await balance(m.merchant_id, m.id)).toBe(0n);

    const luzonLog = await t.request<AuditPage>({
      method: 'GET',
      url: '/api/ops/audit',
      query: { pageSize: '100' },
      headers: { ...bearer(luzonOpsToken), host: 'luzon.localhost' },
    });
    expect(luzonLog.status).toBe(200);
    expect(luzonLog.body.value.list.every((e) => !e.actor.startsWith('operator:'))).toBe(true);
    expect(luzonLog.body.value.list.map((e) => e.details.reason)).toEqual(['Demo opening balance']);
    const asMember = await t.request({
      method: 'GET',
      url: '/api/ops/audit',
      headers: bearer(await sessionFor(t, m)),
    });
    expect(asMember.status).toBe(403);
    await expectLedgerClean(t.ctx.db);
  });
});
