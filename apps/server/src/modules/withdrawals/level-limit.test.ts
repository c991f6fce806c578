import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { securityConfig, Withdrawal } from '@panalo/contract/cashier';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { expectLedgerClean } from '../../test-support/ledger';
import {
  as,
  newKey,
  operator,
  readyPlayer,
  walletOf,
  withdraw,
  type Err,
  type Ok,
} from './withdrawals.test-helpers';
import { itRaces } from '../../test-support/races';

// Issue 18 item 5: withdrawal limits per VIP level (migration 0053): withdrawals a day and their total,
// the merchant's day, rejected requests not counted; requests at once counted one after the other.
// Runs on PGlite and, in the server-pg project, on PostgreSQL.

describe('withdrawal limits of the VIP level', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    // panalo's level 0: two withdrawals and ₱3,000 a day.
    await t.ctx.db
      .updateTable('vip_level')
      .set({ withdraw_daily_count: 2, withdraw_daily_amount: 300_000n })
      .where('level', '=', 0)
      .where('merchant_id', '=', (eb) => eb.selectFrom('merchant').select('id').where('code', '=', 'panalo'))
      .execute();
  });
  afterAll(async () => {
    await expectLedgerClean(t.ctx.db);
    await t.close();
  });

  const config = async (p: Awaited<ReturnType<typeof readyPlayer>>) =>
    (await as<Ok<z.infer<typeof securityConfig>>>(t, p, 'GET', '/api/cashier/security')).body.value
      .levelLimit;

  it('two a day and ₱3,000 at most: what passes either is refused with what is left; the security config shows today’s use', async () => {
    const p = await readyPlayer(t, { balance: 1_000_000n });
    expect(await config(p)).toEqual({ count: 2, amount: '3000.00', usedCount: 0, usedAmount: '0.00' });
    expect((await withdraw(t, p, { cardId: p.card.id, amount: '1000' })).status).toBe(200);
    const over = await withdraw(t, p, { cardId: p.card.id, amount: '2500' });
    expect([over.status, (over.body as Err).code, (over.body as Err).value]).toEqual([
      409,
      'withdraw_daily_amount',
      { limit: '3000.00', left: '2000.00' },
    ]);
    const second = await withdraw(t, p, { cardId: p.card.id, amount: '1500' });
    expect(second.status).toBe(200);
    const third = await withdraw(t, p, { cardId: p.card.id, amount: '100' });
    expect([third.status, (third.body as Err).code, (third.body as Err).value]).toEqual([
      409,
      'withdraw_daily_count',
      { limit: 2 },
    ]);
    expect(await config(p)).toEqual({ count: 2, amount: '3000.00', usedCount: 2, usedAmount: '2500.00' });
    expect(await walletOf(t, p)).toBe(1_000_000n - 250_000n);

    // A request the operator rejects gives its place back.
    const ops = await operator(t);
    const rejected = await as<Ok<Withdrawal>>(
      t,
      ops,
      'POST',
      `/api/ops/withdrawals/${(second.body as Ok<Withdrawal>).value.id}/reject`,
      { reason: 'card name does not match' },
      { 'idempotency-key': newKey() },
    );
    expect(rejected.status).toBe(200);
    expect((await withdraw(t, p, { cardId: p.card.id, amount: '100' })).status).toBe(200);

    // A new day of the merchant: the count starts again.
    t.clock.advance(24 * 3_600_000);
    expect(await config(p)).toMatchObject({ usedCount: 0, usedAmount: '0.00' });
    expect((await withdraw(t, p, { cardId: p.card.id, amount: '100' })).status).toBe(200);
  });

  const setLevel = (count: number | null, amount: bigint | null) =>
    t.ctx.db
      .updateTable('vip_level')
      .set({ withdraw_daily_count: count, withdraw_daily_amount: amount })
      .where('level', '=', 0)
      .where('merchant_id', '=', (eb) => eb.selectFrom('merchant').select('id').where('code', '=', 'panalo'))
      .execute();

  it('the edges: a total of exactly the limit passes; a count alone limits only the count; a limit lowered below the day’s use leaves nothing; no limit, none', async () => {
    try {
      const p = await readyPlayer(t, { balance: 1_000_000n });
      expect((await withdraw(t, p, { cardId: p.card.id, amount: '1000' })).status).toBe(200);
      expect((await withdraw(t, p, { cardId: p.card.id, amount: '2000' })).status).toBe(200);
      expect(await config(p)).toEqual({ count: 2, amount: '3000.00', usedCount: 2, usedAmount: '3000.00' });
      // The operator lowers the day's total below what was already taken: nothing is left, not less.
      await setLevel(3, 200_000n);
      const lowered = await withdraw(t, p, { cardId: p.card.id, amount: '100' });
      expect([lowered.status, (lowered.body as Err).code, (lowered.body as Err).value]).toEqual([
        409,
        'withdraw_daily_amount',
        { limit: '2000.00', left: '0.00' },
      ]);
      // A count without a total: any amount, until the count is used.
      await setLevel(3, null);
      expect(await config(p)).toEqual({ count: 3, amount: null, usedCount: 2, usedAmount: '3000.00' });
      expect((await withdraw(t, p, { cardId: p.card.id, amount: '4000' })).status).toBe(200);
      expect((await withdraw(t, p, { cardId: p.card.id, amount: '100' })).body).toMatchObject({
        code: 'withdraw_daily_count',
        value: { limit: 3 },
      });
      // A level that sets neither has no limit: nothing to show, nothing refused.
      await setLevel(null, null);
      expect(await config(p)).toBeNull();
      expect((await withdraw(t, p, { cardId: p.card.id, amount: '100' })).status).toBe(200);
    } finally {
      await setLevel(2, 300_000n);
    }
  });

  itRaces('ten requests at once under a limit of two: exactly two pass', async () => {
    const p = await readyPlayer(t, { balance: 1_000_000n });
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => withdraw(t, p, { cardId: p.card.id, amount: '100' })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(2);
    expect(answers.filter((a) => a.status === 409).map((a) => (a.body as Err).code)).toEqual(
      Array.from({ length: 8 }, () => 'withdraw_daily_count'),
    );
    expect(await walletOf(t, p)).toBe(1_000_000n - 20_000n);
  });
});
