import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { expectLedgerClean } from '../../test-support/ledger';
import { startPaymentSimulator } from '../payments/payments.setup';
import type { PaySim } from '../payments/paysim/paysim.server';
import type { PaySimEvent } from '../payments/paysim/paysim.adapter';
import {
  configureSignedCallbacks,
  createDeposit,
  depositBonusOf,
  event,
  gatewayOrder,
  newKey,
  operator,
  player,
  sendCallback,
  walletOf,
} from './deposits.test-helpers';
import { describeRaces } from '../../test-support/races';

// Truly concurrent transactions need PostgreSQL (server-pg); PGlite would run them one after another.
describeRaces('deposits under concurrency', () => {
  let t: TestApp;
  let panaloId: number;
  beforeAll(async () => {
    t = await createTestApp();
    panaloId = (
      await t.ctx.db
        .selectFrom('merchant')
        .select('id')
        .where('code', '=', 'panalo')
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(async () => t.close());

  it('50 concurrent callbacks (duplicates, stale failures, out of order) over 20 orders credit each exactly once', async () => {
    const secret = await configureSignedCallbacks(t);
    const members = await Promise.all([1, 2, 3, 4, 5].map(() => player(t)));
    const orders = [];
    for (let i = 0; i < 20; i++) {
      const m = members[i % members.length]!;
      orders.push(
        await gatewayOrder(t, {
          merchantId: panaloId,
          memberId: m.m.id,
          amount: BigInt(10_000 + i * 100),
          ...(i % 2 === 0 ? { bonus: BigInt(300 + i * 3), promotion: 'DEPOSIT3' } : {}),
        }),
      );
    }
    const events: PaySimEvent[] = [];
    orders.forEach((o, i) => {
      const paid = event(o, 'paid');
      events.push(paid, paid);
      if (i < 10) events.push(event(o, 'failed'));
    });
    expect(events).toHaveLength(50);
    for (let i = events.length - 1; i > 0; i--) {
      const j = Math.floor(Math.random() * (i + 1));
      [events[i], events[j]] = [events[j]!, events[i]!];
    }
    const answers = await Promise.all(events.map((e) => sendCallback(t, secret, e)));
    expect(answers.map((a) => a.status)).toEqual(events.map(() => 200));

    for (const o of orders) {
      const row = await t.ctx.db
        .selectFrom('deposit_order')
        .select('status')
        .where('id', '=', o.id)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe('paid');
      const credits = await t.ctx.db
        .selectFrom('ledger_transfer')
        .select('kind')
        .where('reference', '=', `deposit:${o.id}`)
        .execute();
      expect(credits.map((c) => c.kind)).toEqual(['deposit']);
      expect((await depositBonusOf(t, o.id))?.amount ?? 0n).toBe(o.bonus_amount);
    }
    for (const m of members) {
      const expected = orders
        .filter((o) => o.member_id === m.m.id)
        .reduce((s, o) => s + o.amount + o.bonus_amount, 0n);
      expect(await walletOf(t, panaloId, m.m.id)).toBe(expected);
    }
    expect(
      await t.ctx.db
        .selectFrom('payment_event')
        .select('event_id')
        .where(
          'order_id',
          'in',
          orders.map((o) => o.id),
        )
        .execute(),
    ).toHaveLength(30);
    await expectLedgerClean(t.ctx.db);
  });

  it('10 concurrent approvals of one bank transfer: exactly one credits, the others are 409 deposit_not_pending', async () => {
    const p = await player(t);
    const ops = await operator(t);
    const bank = await t.ctx.db
      .selectFrom('merchant_bank_account')
      .select('id')
      .where('merchant_id', '=', panaloId)
      .executeTakeFirstOrThrow();
    const made = await createDeposit(t, p.headers, {
      methodCode: 'BANK',
      amount: '500',
      bankAccountId: String(bank.id),
    });
    const id = made.body.value.order.id;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.request<{ code?: string }>({
          method: 'POST',
          url: `/api/ops/deposits/${id}/approve`,
          headers: { ...ops.headers, 'idempotency-key': newKey() },
          payload: {},
        }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409 && a.body.code === 'deposit_not_pending')).toHaveLength(9);
    expect(await walletOf(t, panaloId, p.m.id)).toBe(50_000n);
    await expectLedgerClean(t.ctx.db);
  });

  it('10 concurrent creates with one idempotency key open one order', async () => {
    const sim: PaySim = await startPaymentSimulator(t.ctx.db, t.clock);
    try {
      const p = await player(t);
      const key = newKey();
      const answers = await Promise.all(
        Array.from({ length: 10 }, () =>
          createDeposit(t, p.headers, { methodCode: 'PAYSIM', amount: '100' }, key),
        ),
      );
      const ok = answers.filter((a) => a.status === 200);
      // A duplicate that arrives while the first is still working may be told to wait (409 in progress).
      expect(ok.length + answers.filter((a) => a.body.code === 'idempotency_in_progress').length).toBe(10);
      expect(new Set(ok.map((a) => a.body.value.order.id)).size).toBe(1);
      const orders = await t.ctx.db
        .selectFrom('deposit_order')
        .select('id')
        .where('member_id', '=', p.m.id)
        .execute();
      expect(orders).toHaveLength(1);
    } finally {
      await sim.close();
    }
  });
});
