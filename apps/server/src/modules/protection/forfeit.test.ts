import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { expectLedgerClean } from '../../test-support/ledger';
import { createDeposit, newKey, operator, player, walletOf } from '../deposits/deposits.test-helpers';
import { wagering } from '../wallet/wagering';
import { readyPlayer, withdraw } from '../withdrawals/withdrawals.test-helpers';

// Issue 22 item 3: what a break from play does to the member's money: promotions are forfeited,
// withdrawals requested before are still paid.

describe('promotions are forfeited by a break from play', () => {
  let t: TestApp;
  let bankId: string;
  beforeAll(async () => {
    t = await createTestApp();
    bankId = String(
      (
        await t.ctx.db
          .selectFrom('merchant_bank_account as b')
          .innerJoin('merchant as m', 'm.id', 'b.merchant_id')
          .select('b.id')
          .where('m.code', '=', 'panalo')
          .orderBy('b.id')
          .executeTakeFirstOrThrow()
      ).id,
    );
  });
  afterAll(async () => {
    await expectLedgerClean(t.ctx.db);
    await t.close();
  });

  /** A member credited with a ₱1,000 bank deposit under DEPOSIT3 (its bonus and turnover), approved. */
  async function bonused() {
    const p = await player(t);
    const ops = await operator(t);
    const created = await createDeposit(t, p.headers, {
      methodCode: 'BANK',
      amount: '1000',
      bankAccountId: bankId,
      reference: 'REF-F',
      promotionCode: 'DEPOSIT3',
    });
    const order = created.body.value.order;
    const approved = await t.request({
      method: 'POST',
      url: `/api/ops/deposits/${order.id}/approve`,
      headers: { ...ops.headers, 'idempotency-key': newKey() },
      payload: {},
    });
    expect(approved.status).toBe(200);
    return { p, bonus: BigInt(order.bonusAmount.replace('.', '')) };
  }
  const exclude = (p: Awaited<ReturnType<typeof player>>) =>
    t.request({
      method: 'POST',
      url: '/api/members/self-exclusion',
      headers: p.headers,
      payload: { period: 'timeout_24h', password: p.m.password },
    });

  it('the bonus goes back to the promotion and the turnover no longer holds anything back', async () => {
    const { p, bonus } = await bonused();
    expect(bonus).toBeGreaterThan(0n);
    const before = await walletOf(t, p.m.merchant_id, p.m.id);
    expect((await wagering.status(t.ctx.db, p.m.merchant_id, p.m.id)).remaining).toBeGreaterThan(0n);
    expect((await exclude(p)).status).toBe(200);
    expect(await walletOf(t, p.m.merchant_id, p.m.id)).toBe(before - bonus);
    expect((await wagering.status(t.ctx.db, p.m.merchant_id, p.m.id)).remaining).toBe(0n);
    const req = await t.ctx.db
      .selectFrom('wagering_requirement')
      .select(['completed_at', 'forfeited_at'])
      .where('member_id', '=', p.m.id)
      .executeTakeFirstOrThrow();
    expect(req.forfeited_at).not.toBeNull();
    const transfer = await t.ctx.db
      .selectFrom('ledger_transfer')
      .select(['kind', 'created_by'])
      .where('idempotency_scope', '=', 'bonus.forfeit')
      .where('created_by', '=', `member:${p.m.id}`)
      .executeTakeFirstOrThrow();
    expect(transfer.kind).toBe('bonus_forfeit');
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'member.exclude')
      .where('target', '=', `member:${p.m.id}`)
      .executeTakeFirstOrThrow();
    expect(audit.details).toMatchObject({ bonusForfeited: `${bonus / 100n}.00` });
  });

  it('only what the wallet still holds is taken back; a second exclusion takes nothing more', async () => {
    const { p, bonus } = await bonused();
    // An operator takes all but ₱10 back (an adjustment): less than the bonus is left in the wallet.
    const ops = await operator(t);
    const wallet = await walletOf(t, p.m.merchant_id, p.m.id);
    const adjusted = await t.request({
      method: 'POST',
      url: '/api/ops/adjustments',
      headers: { ...ops.headers, 'idempotency-key': newKey() },
      payload: { username: p.m.username, amount: `-${(wallet - 1_000n) / 100n}.00`, reason: 'test spend' },
    });
    expect(adjusted.status).toBe(200);
    const left = await walletOf(t, p.m.merchant_id, p.m.id);
    expect((await exclude(p)).status).toBe(200);
    const taken = left < bonus ? left : bonus;
    expect(left).toBe(1_000n);
    expect(await walletOf(t, p.m.merchant_id, p.m.id)).toBe(left - taken);
    const again = await t.request({
      method: 'POST',
      url: '/api/ops/exclusions',
      headers: ops.headers,
      payload: { username: p.m.username, period: 'exclusion_6m', reason: 'harm seen' },
    });
    expect(again.status).toBe(200);
    expect(await walletOf(t, p.m.merchant_id, p.m.id)).toBe(left - taken);
  });

  it('a withdrawal requested before the break is still paid', async () => {
    const p = await readyPlayer(t, { balance: 300_000n });
    const w = await withdraw(t, p, { cardId: p.card.id, amount: '1000' });
    expect(w.status).toBe(200);
    const id = (w.body as { value: { id: string } }).value.id;
    const taken = await t.request({
      method: 'POST',
      url: '/api/members/self-exclusion',
      headers: p.headers,
      payload: { period: 'exclusion_6m', password: p.member.password },
    });
    expect(taken.status).toBe(200);
    const ops = await operator(t);
    const paid = await t.request<{ value: { status: string } }>({
      method: 'POST',
      url: `/api/ops/withdrawals/${id}/approve`,
      headers: { ...ops.headers, 'idempotency-key': newKey() },
      payload: {},
    });
    expect([paid.status, paid.body.value.status]).toEqual([200, 'paid']);
  });
});
