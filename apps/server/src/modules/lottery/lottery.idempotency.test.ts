import { describe, expect, it } from 'vitest';
import type { LotteryOrder, PlaceBetsRequest } from '@panalo/contract/lottery';
import type { TestApp } from '../../test-support/test-app';
import { fundWallet } from '../game-wallet/vendor-client';
import { getGame } from './engine/registry';
import { nextPeriod, periodAt } from './engine/schedule';
import { settlePeriod } from './lottery.settlement';
import {
  code,
  LOTTERY_START,
  type lotteryApi,
  lotteryPlayer,
  newKey,
  value,
  type LotteryPlayer,
  type Placed,
  storeHandResult,
  useLotteryApp,
} from './lottery.test-support';

// Issue 22 item 7: the idempotency promise of the lottery routes. Each test below failed before the fix.

let t: TestApp;
let api: ReturnType<typeof lotteryApi>;
const wingo3 = getGame('WINGO3');
const current = () => periodAt(wingo3, t.clock.now());
type Cancelled = { order: LotteryOrder; refunded: string; balance: string };

useLotteryApp((app, a) => {
  t = app;
  api = a;
});

let hour = 100;
const ownHour = () => t.clock.set(new Date(LOTTERY_START.getTime() + ++hour * 3_600_000));
const order = (amount: string, follow = 1): PlaceBetsRequest => ({
  gameCode: 'WINGO3',
  numero: current().numero,
  follow,
  items: [{ betType: 'size', selection: 'big', amount }],
});
const cancel = (p: LotteryPlayer, id: string, numero: string, key: string) =>
  api.call<Cancelled>(p, 'POST', `/api/lottery/orders/${id}/cancel`, { numero }, key);
const topUp = (p: LotteryPlayer, amount: bigint) =>
  fundWallet(t.ctx.db, {
    merchantId: p.m.merchant_id,
    memberId: p.m.id,
    currency: 'PHP',
    amount,
    key: newKey(),
    book: 'real',
  });

/** An answer as the client reads it; the request id names the request, not the answer. */
const answer = (r: { status: number; body: unknown }) => {
  const { requestId: _, ...body } = r.body as Record<string, unknown>;
  return [r.status, body];
};

describe('lottery idempotency (issue 22)', () => {
  it('a refusal for want of balance is the key’s answer: after a top-up the same key is still refused and debits nothing', async () => {
    ownHour();
    const p = await lotteryPlayer(t, { funds: 500n });
    const key = newKey();
    const body = order('10.00');
    const first = await api.bet(p, body, key);
    expect(code(first)).toEqual([409, 'insufficient_balance']);
    await topUp(p, 100_000n);
    const again = await api.bet(p, body, key);
    expect(answer(again)).toEqual(answer(first));
    expect(await api.wallet(p)).toBe(100_500n);
    // The same key with another order is still a conflict; a new key is taken.
    expect(code(await api.bet(p, order('11.00'), key))).toEqual([409, 'idempotency_conflict']);
    expect(value<Placed>(await api.bet(p, body)).balance).toBe('995.00');
  });

  it('a replay answers exactly the first answer: after another order moved the balance and after settlement', async () => {
    ownHour();
    const p = await lotteryPlayer(t, { funds: 100_000n });
    const key = newKey();
    const body = order('10.00');
    const first = await api.bet(p, body, key);
    const placed = value<Placed>(first);
    expect(placed.balance).toBe('990.00');
    value(await api.bet(p, order('25.00')));
    expect((await api.bet(p, body, key)).body).toEqual(first.body);
    // Drawn and settled: the bet has won or lost since, yet the replay is still the first answer.
    const periodId = await storeHandResult(t, 'WINGO3', body.numero, '7');
    expect((await settlePeriod(t.ctx.db, periodId, t.clock.now())).settled).toBe(true);
    t.clock.set(nextPeriod(wingo3, current()).openAt);
    const late = await api.bet(p, body, key);
    expect(late.body).toEqual(first.body);
    expect(placed.bets[0]).toMatchObject({ status: 'accepted', payout: '0.00', result: null });
  });

  it('a cancel’s key names that cancel: the same key for another period or order is 409 and moves nothing', async () => {
    ownHour();
    const p = await lotteryPlayer(t, { funds: 100_000n });
    const a = value<Placed>(await api.bet(p, order('10.00', 3)));
    const b = value<Placed>(await api.bet(p, order('20.00', 2)));
    const [n1, n2] = [...new Set(a.bets.map((x) => x.numero))].slice(1);
    const key = newKey();
    const done = value<Cancelled>(await cancel(p, a.orderId, n1!, key));
    expect(done.refunded).toBe('10.00');
    const balance = await api.wallet(p);
    expect(code(await cancel(p, a.orderId, n2!, key))).toEqual([409, 'idempotency_conflict']);
    expect(code(await cancel(p, b.orderId, b.bets[1]!.numero, key))).toEqual([409, 'idempotency_conflict']);
    expect(await api.wallet(p)).toBe(balance);
    const detail = value<LotteryOrder>(await api.call(p, 'GET', `/api/lottery/orders/${a.orderId}`));
    expect(detail.suborders.map((s) => s.status)).toEqual(['pending', 'cancelled', 'pending']);
  });

  it('a cancel replay answers exactly the first answer, refusals included', async () => {
    ownHour();
    const p = await lotteryPlayer(t, { funds: 100_000n });
    const a = value<Placed>(await api.bet(p, order('10.00', 2)));
    const key = newKey();
    const first = await cancel(p, a.orderId, a.bets[1]!.numero, key);
    expect(value<Cancelled>(first).balance).toBe('990.00');
    value(await api.bet(p, order('30.00')));
    expect((await cancel(p, a.orderId, a.bets[1]!.numero, key)).body).toEqual(first.body);
    // A refusal too: the first period is locked, and stays the answer to that key.
    t.clock.set(current().lockAt);
    const refusedKey = newKey();
    const refused = await cancel(p, a.orderId, a.bets[0]!.numero, refusedKey);
    expect(code(refused)).toEqual([409, 'lottery_suborder_not_cancellable']);
    expect(answer(await cancel(p, a.orderId, a.bets[0]!.numero, refusedKey))).toEqual(answer(refused));
  });
});
