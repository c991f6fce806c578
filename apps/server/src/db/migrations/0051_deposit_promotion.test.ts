import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { expectLedgerClean } from '../../test-support/ledger';
import {
  createDeposit,
  depositBonusOf,
  newKey,
  operator,
  player,
  walletOf,
} from '../../modules/deposits/deposits.test-helpers';
import * as m0051 from './0051_deposit_promotion';

// Migration 0051 moves the cashier's deposit promotions onto the engine: an order opened before it and
// paid after it keeps the promotion and the multiplier it was opened with.
describe('migration 0051: deposit promotions onto the engine', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('down and up again: the +3% is a deposit promotion once more and an order left pending is paid with its bonus', async () => {
    const p = await player(t);
    const bank = await t.ctx.db
      .selectFrom('merchant_bank_account')
      .select(['id', 'merchant_id'])
      .where('merchant_id', '=', p.m.merchant_id)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const created = await createDeposit(t, p.headers, {
      methodCode: 'BANK',
      amount: '1000',
      bankAccountId: String(bank.id),
      reference: 'MIG-1',
      promotionCode: 'DEPOSIT3',
    });
    expect(created.status).toBe(200);
    const order = created.body.value.order;

    await m0051.down(t.ctx.db as unknown as Kysely<unknown>);
    // (the table this migration drops: not in today's schema)
    const old = await sql<{ code: string; percent_bp: number; wagering_multiplier_tenths: number }>`
      select * from deposit_promotion`.execute(t.ctx.db);
    expect(old.rows).toEqual([
      expect.objectContaining({ code: 'DEPOSIT3', percent_bp: 300, wagering_multiplier_tenths: 10 }),
    ]);
    await m0051.up(t.ctx.db as unknown as Kysely<unknown>);

    const moved = await t.ctx.db
      .selectFrom('promotion')
      .select(['id', 'kind', 'period', 'reward', 'texts', 'wagering_multiplier_tenths'])
      .where('merchant_id', '=', p.m.merchant_id)
      .where('code', '=', 'DEPOSIT3')
      .executeTakeFirstOrThrow();
    expect(moved).toMatchObject({
      kind: 'deposit',
      period: 'every',
      reward: { type: 'deposit', percentBp: 300, max: '100000', minDeposit: '10000', firstDeposit: false },
      wagering_multiplier_tenths: 10,
    });
    const row = await t.ctx.db
      .selectFrom('deposit_order')
      .select(['promotion_id', 'wagering_tenths'])
      .where('id', '=', BigInt(order.id))
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ promotion_id: moved.id, wagering_tenths: 10 });

    const ops = await operator(t);
    const approved = await t.request({
      method: 'POST',
      url: `/api/ops/deposits/${order.id}/approve`,
      headers: { ...ops.headers, 'idempotency-key': newKey() },
      payload: {},
    });
    expect(approved.status).toBe(200);
    expect(await walletOf(t, p.m.merchant_id, p.m.id)).toBe(103_000n);
    expect(await depositBonusOf(t, BigInt(order.id))).toMatchObject({ status: 'claimed', amount: 3_000n });
    await expectLedgerClean(t.ctx.db);
  });
});
