import { describe, expect, it } from 'vitest';
import type { LotteryOrder, PlaceBetsRequest } from '@panalo/contract/lottery';
import type { TestApp } from '../../test-support/test-app';
import { getGame } from './engine/registry';
import { nextPeriod, periodAt } from './engine/schedule';
import { schedulerTick } from './jobs/lottery-scheduler';
import { cancelPeriod, findPeriod } from './lottery.periods';
import { refundPeriod } from './lottery.settlement';
import {
  code,
  LOTTERY_START,
  type lotteryApi,
  lotteryPlayer,
  newKey,
  value,
  type LotteryPlayer,
  type Placed,
  useLotteryApp,
} from './lottery.test-support';
import { itRaces } from '../../test-support/races';

let t: TestApp;
let api: ReturnType<typeof lotteryApi>;
const START = LOTTERY_START;
const wingo3 = getGame('WINGO3');
const current = () => periodAt(wingo3, t.clock.now());
type Orders = { list: LotteryOrder[]; pageNum: number; totalPages: number };
type Cancelled = { order: LotteryOrder; refunded: string; balance: string };

useLotteryApp((app, a) => {
  t = app;
  api = a;
});

/** Each test bets in its own hour: periods one test cancels or draws are not another's. */
let hour = 0;
const ownHour = () => t.clock.set(new Date(START.getTime() + ++hour * 3_600_000));

/** An order of 10.00 on big and 5.00 on small, on the current period and the follow − 1 after it. */
const threePeriods = (follow = 3): PlaceBetsRequest => ({
  gameCode: 'WINGO3',
  numero: current().numero,
  follow,
  items: [
    { betType: 'size', selection: 'big', amount: '10.00' },
    { betType: 'size', selection: 'small', amount: '5.00' },
  ],
});
const place = async (p: LotteryPlayer, follow = 3) => value<Placed>(await api.bet(p, threePeriods(follow)));
const orders = (p: LotteryPlayer, query = '') => api.call<Orders>(p, 'GET', `/api/lottery/orders${query}`);
const detail = (p: LotteryPlayer, id: string) =>
  api.call<LotteryOrder>(p, 'GET', `/api/lottery/orders/${id}`);
const cancel = (p: LotteryPlayer, id: string, numero: string, key: string | null = newKey()) =>
  api.call<Cancelled>(p, 'POST', `/api/lottery/orders/${id}/cancel`, { numero }, key ?? undefined);

describe('lottery orders', () => {
  it('WALLET-009 lists my orders newest first, one suborder per period, and shows one with its bets', async () => {
    ownHour();
    const p = await lotteryPlayer(t);
    const older = await place(p, 1);
    const placed = await place(p);
    const list = value(await orders(p));
    expect(list.list.map((o) => o.id)).toEqual([placed.orderId, older.orderId]);
    const o = list.list[0]!;
    const first = current();
    const numeros = [first.numero, nextPeriod(wingo3, first).numero];
    numeros.push(nextPeriod(wingo3, nextPeriod(wingo3, first)).numero);
    expect(o).toMatchObject({ gameCode: 'WINGO3', totalStake: '45.00', payout: '0.00' });
    expect(o.suborders.map((s) => [s.numero, s.status, s.stake, s.cancellable])).toEqual(
      numeros.map((n) => [n, 'pending', '15.00', true]),
    );
    expect(o.suborders[0]!.bets).toBeUndefined();
    const one = value(await detail(p, placed.orderId));
    expect(one.suborders[1]!.bets!.map((b) => [b.numero, b.selection, b.stake, b.status])).toEqual([
      [numeros[1], 'big', '10.00', 'accepted'],
      [numeros[1], 'small', '5.00', 'accepted'],
    ]);
    expect(value(await orders(p, '?pageSize=1&pageNo=2')).list.map((x) => x.id)).toEqual([older.orderId]);
  });

  it('WALLET-009 cancels a suborder before its lock: the stake comes back at once, and a repeat moves nothing', async () => {
    ownHour();
    const p = await lotteryPlayer(t);
    const placed = await place(p);
    const second = nextPeriod(wingo3, current()).numero;
    const before = await api.wallet(p);
    const key = newKey();
    const done = value(await cancel(p, placed.orderId, second, key));
    expect(done.refunded).toBe('15.00');
    expect(await api.wallet(p)).toBe(before + 1_500n);
    expect(done.balance).toBe(((before + 1_500n) / 100n).toString() + '.00');
    const sub = done.order.suborders.find((s) => s.numero === second)!;
    expect(sub).toMatchObject({ status: 'cancelled', payout: '15.00', cancellable: false });
    expect(sub.bets!.every((b) => b.status === 'cancelled')).toBe(true);
    expect(done.order.suborders.filter((s) => s.status === 'pending')).toHaveLength(2);
    // A retry under the same key: the first answer. Under another key: refused, for it would refund
    // nothing and an answer saying 15.00 would be counted twice by whoever sums the answers.
    const again = value(await cancel(p, placed.orderId, second, key));
    expect([again.refunded, await api.wallet(p)]).toEqual(['15.00', before + 1_500n]);
    expect(code(await cancel(p, placed.orderId, second))).toEqual([409, 'lottery_suborder_cancelled']);
    expect(await api.wallet(p)).toBe(before + 1_500n);
    // The account record shows it as a lottery refund.
    const record = await t.request<{ success: true; value: { list: { type: string; amount: string }[] } }>({
      method: 'GET',
      url: '/api/cashier/transactions',
      query: { types: 'lottery_refund' },
      headers: { authorization: `Bearer ${p.token}` },
    });
    expect(record.body.value.list.map((x) => x.amount)).toEqual(['15.00']);
  });

  it('WALLET-009 refuses after the lock (server time), with nothing moved', async () => {
    ownHour();
    const p = await lotteryPlayer(t);
    const placed = await place(p);
    const first = current();
    t.clock.set(new Date(first.lockAt.getTime()));
    const before = await api.wallet(p);
    expect(code(await cancel(p, placed.orderId, first.numero))).toEqual([
      409,
      'lottery_suborder_not_cancellable',
    ]);
    expect(await api.wallet(p)).toBe(before);
    const o = value(await detail(p, placed.orderId));
    expect(o.suborders.map((s) => s.cancellable)).toEqual([false, true, true]);
  });

  it('WALLET-009 another member’s order, an unknown period, a visitor and a missing key are refused', async () => {
    ownHour();
    const p = await lotteryPlayer(t);
    const other = await lotteryPlayer(t);
    const placed = await place(p, 1);
    const numero = current().numero;
    expect(code(await detail(other, placed.orderId))).toEqual([404, 'lottery_order_not_found']);
    expect(code(await cancel(other, placed.orderId, numero))).toEqual([404, 'lottery_order_not_found']);
    expect(value(await orders(other)).list).toEqual([]);
    const later = nextPeriod(wingo3, nextPeriod(wingo3, current())).numero;
    expect(code(await cancel(p, placed.orderId, later))).toEqual([404, 'lottery_order_not_found']);
    expect(code(await cancel(p, placed.orderId, '123'))).toEqual([400, 'validation_failed']);
    expect(code(await cancel(p, placed.orderId, numero, null))).toEqual([400, 'idempotency_key_required']);
    expect(code(await detail(p, 'abc'))).toEqual([400, 'validation_failed']);
    expect((await api.call(null, 'GET', '/api/lottery/orders')).status).toBe(401);
    expect(value(await detail(p, placed.orderId)).suborders[0]!.status).toBe('pending');
  });

  it('WALLET-009 a cancelled period refunds only the bets still accepted, never a cancelled suborder twice', async () => {
    ownHour();
    const p = await lotteryPlayer(t);
    const q = await lotteryPlayer(t);
    const placed = await place(p);
    await place(q);
    const second = nextPeriod(wingo3, current()).numero;
    value(await cancel(p, placed.orderId, second));
    const [pBefore, qBefore] = [await api.wallet(p), await api.wallet(q)];
    const period = (await findPeriod(t.ctx.db, 'WINGO3', second))!;
    expect(await cancelPeriod(t.ctx.db, period.id, t.clock.now())).toBe(true);
    await refundPeriod(t.ctx.db, period.id, t.clock.now());
    expect(await api.wallet(p)).toBe(pBefore);
    expect(await api.wallet(q)).toBe(qBefore + 1_500n);
    const sub = value(await detail(p, placed.orderId)).suborders.find((s) => s.numero === second)!;
    expect(sub.status).toBe('cancelled');
  });

  it('WALLET-009 the draw and settlement leave a cancelled suborder as it is', async () => {
    ownHour();
    const p = await lotteryPlayer(t);
    const placed = await place(p, 2);
    const first = current();
    value(await cancel(p, placed.orderId, first.numero));
    const after = await api.wallet(p);
    t.clock.set(new Date(first.drawAt.getTime() + 1_000));
    await schedulerTick(t.ctx.db, t.clock);
    expect(await api.wallet(p)).toBe(after);
    const o = value(await detail(p, placed.orderId));
    expect(o.suborders[0]).toMatchObject({ status: 'cancelled', payout: '15.00' });
    expect(o.suborders[0]!.result).not.toBeNull();
    expect(o.suborders[1]!.status).toBe('pending');
  });

  itRaces(
    'WALLET-009 ten concurrent cancels of one suborder refund it once; only that answer says it refunded',
    async () => {
      ownHour();
      const p = await lotteryPlayer(t);
      const placed = await place(p);
      const third = nextPeriod(wingo3, nextPeriod(wingo3, current())).numero;
      const before = await api.wallet(p);
      const all = await Promise.all(Array.from({ length: 10 }, () => cancel(p, placed.orderId, third)));
      expect(all.filter((r) => r.status === 200)).toHaveLength(1);
      expect(all.filter((r) => code(r)[1] === 'lottery_suborder_cancelled')).toHaveLength(9);
      expect(await api.wallet(p)).toBe(before + 1_500n);
    },
  );
});
