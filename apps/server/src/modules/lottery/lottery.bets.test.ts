import { describe, expect, it } from 'vitest';
import type { LotteryBet, PlaceBetsRequest } from '@panalo/contract/lottery';
import type { TestApp } from '../../test-support/test-app';
import { accountBalance, memberWalletKey } from '../wallet/ledger';
import { wagering } from '../wallet/wagering';
import { getGame } from './engine/registry';
import { nextPeriod, periodAt } from './engine/schedule';
import { schedulerTick } from './jobs/lottery-scheduler';
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
type MyBets = { list: LotteryBet[]; pageNum: number; totalPages: number };

useLotteryApp((app, a) => {
  t = app;
  api = a;
});

/** How many orders, bets and transfers exist: a refused bet must change none of them. */
async function written() {
  const n = async (table: 'lottery_order' | 'lottery_bet' | 'ledger_transfer') =>
    Number(
      (
        await t.ctx.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    orders: await n('lottery_order'),
    bets: await n('lottery_bet'),
    transfers: await n('ledger_transfer'),
  };
}

const one = (o: Partial<PlaceBetsRequest['items'][number]> = {}): PlaceBetsRequest['items'][number] => ({
  betType: 'size',
  selection: 'big',
  amount: '10.00',
  ...o,
});
const order = (o: Partial<PlaceBetsRequest> = {}): PlaceBetsRequest => ({
  gameCode: 'WINGO3',
  numero: current().numero,
  items: [one()],
  ...o,
});
const myBets = (p: LotteryPlayer, query = '') => api.call<MyBets>(p, 'GET', `/api/lottery/bets${query}`);

/** Asserts that a call is refused with `status` and `key`, and that nothing was written nor moved. */
async function refused(
  p: LotteryPlayer,
  body: unknown,
  status: number,
  key: string,
  idem: string | null = newKey(),
) {
  const before = await written();
  const balance = await api.wallet(p);
  const r = await api.call(p, 'POST', '/api/lottery/bets', body, idem ?? undefined);
  expect(code(r), JSON.stringify(body)).toEqual([status, key]);
  expect(typeof (r.body as { message?: unknown }).message).toBe('string');
  expect(await written()).toEqual(before);
  expect(await api.wallet(p)).toBe(balance);
}

describe('lottery bets (issue 6)', () => {
  it('an order debits the stake once, is listed in my bets, and the ledger balances', async () => {
    const p = await lotteryPlayer(t, { funds: 100_000n });
    const placed = value<Placed>(
      await api.bet(
        p,
        order({
          items: [one(), one({ betType: 'number', selection: '7', amount: '2.50', units: 4 })],
        }),
      ),
    );
    expect(placed.totalStake).toBe('20.00');
    expect(placed.balance).toBe('980.00');
    expect(await api.wallet(p)).toBe(98_000n);
    expect(
      placed.bets.map((b) => [b.betType, b.selection, b.amount, b.units, b.stake, b.status, b.numero]),
    ).toEqual([
      ['size', 'big', '10.00', 1, '10.00', 'accepted', current().numero],
      ['number', '7', '2.50', 4, '10.00', 'accepted', current().numero],
    ]);
    const mine = value(await myBets(p));
    expect(mine.list.map((b) => b.id)).toEqual(placed.bets.map((b) => b.id).reverse());
    expect(
      mine.list.every((b) => b.orderId === placed.orderId && b.payout === '0.00' && b.result === null),
    ).toBe(true);
    // Filters and paging.
    expect(value(await myBets(p, '?pageSize=1')).totalPages).toBe(2);
    expect(value(await myBets(p, '?status=won')).list).toEqual([]);
    expect(value(await myBets(p, `?gameCode=WINGO3&numero=${current().numero}`)).list).toHaveLength(2);
    // One transfer: the wallet's leg and the house's.
    const transfer = await t.ctx.db
      .selectFrom('lottery_order as o')
      .innerJoin('ledger_entry as e', 'e.transfer_id', 'o.transfer_id')
      .select(['e.amount'])
      .where('o.id', '=', BigInt(placed.orderId))
      .orderBy('e.amount')
      .execute();
    expect(transfer.map((e) => e.amount)).toEqual([-2_000n, 2_000n]);
  });

  it('a follow order covers the period on sale and the next ones, each with the whole stake', async () => {
    const p = await lotteryPlayer(t, { funds: 100_000n });
    const placed = value<Placed>(await api.bet(p, order({ follow: 3, items: [one({ amount: '5.00' })] })));
    const p1 = current();
    const p2 = nextPeriod(wingo3, p1);
    const p3 = nextPeriod(wingo3, p2);
    expect(placed.bets.map((b) => b.numero)).toEqual([p1.numero, p2.numero, p3.numero]);
    expect(placed.totalStake).toBe('15.00');
    expect(await api.wallet(p)).toBe(98_500n);
  });

  it('a follow order runs over midnight into the next day’s numeros, and a daily game’s over the next days', async () => {
    const p = await lotteryPlayer(t, { funds: 1_000_000n });
    const wingo1 = getGame('WINGO1');
    // 23:58:30 in Manila: the day's last periods, then the next day's first.
    t.clock.set(new Date('2026-06-01T15:58:30.000Z'));
    const now = periodAt(wingo1, t.clock.now());
    const placed = value<Placed>(
      await api.bet(p, {
        gameCode: 'WINGO1',
        numero: now.numero,
        follow: 3,
        items: [one({ amount: '1.00' })],
      }),
    );
    expect(placed.bets.map((b) => b.numero)).toEqual(['202606011439', '202606011440', '202606020001']);
    const vn = getGame('VNLOTTO');
    const today = periodAt(vn, t.clock.now());
    const daily = value<Placed>(
      await api.bet(p, {
        gameCode: 'VNLOTTO',
        numero: today.numero,
        follow: 30,
        items: [{ betType: 'lo2', selection: '07', amount: '1.00' }],
      }),
    );
    expect(daily.bets).toHaveLength(30);
    expect(new Set(daily.bets.map((b) => b.numero)).size).toBe(30);
    expect(daily.bets[29]!.numero).toBe('20260701');
    expect(daily.totalStake).toBe('30.00');
  });

  it('the next period is on sale from the draw instant of the one before', async () => {
    const p = await lotteryPlayer(t, { funds: 100_000n });
    const next = nextPeriod(wingo3, current());
    t.clock.set(next.openAt);
    expect(value<Placed>(await api.bet(p, order({ numero: next.numero }))).bets[0]!.numero).toBe(next.numero);
  });

  itRaces(
    'two orders at once on one wallet that holds enough for one: one is taken, one refused',
    async () => {
      const p = await lotteryPlayer(t, { funds: 1_500n });
      const [a, b] = await Promise.all([api.bet(p, order()), api.bet(p, order())]);
      expect([a.status, b.status].sort()).toEqual([200, 409]);
      expect([a, b].map((r) => (r.body as { code?: string }).code).filter(Boolean)).toEqual([
        'insufficient_balance',
      ]);
      expect(await api.wallet(p)).toBe(500n);
    },
  );

  it('a bet at or after the lock is refused by server time, even on the numero the client thinks open', async () => {
    const p = await lotteryPlayer(t, { funds: 100_000n });
    const onSale = current();
    const body = order({ numero: onSale.numero });
    // One millisecond before the lock it is taken…
    t.clock.set(new Date(onSale.lockAt.getTime() - 1));
    value(await api.bet(p, body));
    // …at the lock instant, after it, and after the draw (no job has run: time alone decides) it is not.
    for (const at of [onSale.lockAt, new Date(onSale.lockAt.getTime() + 1_000), onSale.drawAt]) {
      t.clock.set(at);
      await refused(p, body, 409, 'lottery_period_closed');
    }
    // A period not open yet is not on sale either.
    t.clock.set(START);
    await refused(p, order({ numero: nextPeriod(wingo3, onSale).numero }), 409, 'lottery_period_closed');
    // A numero that is no period of the game.
    await refused(p, order({ numero: '20260601' }), 400, 'lottery_period_unknown');
    await refused(p, order({ numero: '202606019999' }), 400, 'lottery_period_unknown');
    await refused(p, order({ numero: '202613010001' }), 400, 'lottery_period_unknown');
  });

  it('a follow order whose later period is locked by state is refused whole', async () => {
    const p = await lotteryPlayer(t, { funds: 100_000n });
    const p2 = nextPeriod(wingo3, current());
    await schedulerTick(t.ctx.db, t.clock);
    await t.ctx.db
      .updateTable('lottery_period')
      .set({ state: 'cancelled' })
      .where('game_code', '=', 'WINGO3')
      .where('numero', '=', p2.numero)
      .execute();
    await refused(p, order({ follow: 2 }), 409, 'lottery_period_closed');
    await t.ctx.db
      .updateTable('lottery_period')
      .set({ state: 'scheduled' })
      .where('game_code', '=', 'WINGO3')
      .where('numero', '=', p2.numero)
      .execute();
  });

  it('insufficient balance: refused, nothing written', async () => {
    const p = await lotteryPlayer(t, { funds: 999n });
    await refused(p, order(), 409, 'insufficient_balance');
    // The whole order counts: 5 + 5 fits, the same on two periods does not.
    value(await api.bet(p, order({ items: [one({ amount: '5.00' })] })));
    await refused(p, order({ follow: 2, items: [one({ amount: '4.99' })] }), 409, 'insufficient_balance');
    const empty = await lotteryPlayer(t, { funds: 0n });
    await refused(empty, order({ items: [one({ amount: '1.00' })] }), 409, 'insufficient_balance');
  });

  it('the merchant’s limits and settings: below min, above max, bet type or game switched off → 400', async () => {
    const p = await lotteryPlayer(t, { funds: 100_000_000n });
    await refused(p, order({ items: [one({ amount: '0.99' })] }), 400, 'lottery_amount_below_min');
    await refused(p, order({ items: [one({ amount: '50000.01' })] }), 400, 'lottery_amount_above_max');
    await refused(
      p,
      order({ items: [one({ amount: '10000.00', units: 6 })] }),
      400,
      'lottery_amount_above_max',
    );
    value(await api.bet(p, order({ items: [one({ amount: '50000.00' })] })));
    // Settings are read per game (and may be kept a moment per process): set them before the game's first bet.
    const set = (gameCode: string, config: Record<string, unknown>) =>
      t.ctx.db
        .updateTable('lottery_merchant_game')
        .set({ config: JSON.stringify(config) })
        .where('game_code', '=', gameCode)
        .where('merchant_id', '=', p.m.merchant_id)
        .execute();
    const wingo5 = (item: Partial<PlaceBetsRequest['items'][number]>) =>
      order({ gameCode: 'WINGO5', numero: periodAt(getGame('WINGO5'), START).numero, items: [one(item)] });
    try {
      await set('WINGO5', {
        limits: { size: { minStakeMinor: '2000', maxStakeMinor: '3000' } },
        disabledBetTypes: ['colour'],
      });
      await set('K3', { enabled: false });
      await refused(p, wingo5({ amount: '19.99' }), 400, 'lottery_amount_below_min');
      await refused(p, wingo5({ amount: '30.01' }), 400, 'lottery_amount_above_max');
      await refused(p, wingo5({ amount: '10.00', units: 4 }), 400, 'lottery_amount_above_max');
      await refused(
        p,
        wingo5({ betType: 'colour', selection: 'red', amount: '25.00' }),
        400,
        'lottery_bet_type_disabled',
      );
      value(await api.bet(p, wingo5({ amount: '25.00' })));
      const k3 = periodAt(getGame('K3'), START).numero;
      await refused(
        p,
        { gameCode: 'K3', numero: k3, items: [{ betType: 'sumSize', selection: 'big', amount: '10.00' }] },
        400,
        'lottery_game_disabled',
      );
    } finally {
      await set('WINGO5', {});
      await set('K3', {});
    }
  });

  it('invalid selections and amounts → 4xx with a message key, nothing written', async () => {
    const p = await lotteryPlayer(t, { funds: 100_000n });
    // Bodies the wire schema must refuse: built as plain objects, not as typed requests.
    const items = (o: Record<string, unknown>) => ({ ...order(), items: [{ ...one(), ...o }] });
    await refused(p, items({ amount: '0' }), 400, 'lottery_amount_invalid');
    await refused(p, items({ amount: '0.00' }), 400, 'lottery_amount_invalid');
    for (const amount of [
      '-1',
      '-10.00',
      '1.005',
      '10.001',
      'abc',
      '',
      '1e3',
      ' 5',
      '0x10',
      '99999999999999',
      10,
      null,
    ])
      await refused(p, items({ amount }), 400, 'validation_failed');
    for (const units of [0, -1, 1.5, 10_001, '2', 1e20])
      await refused(p, items({ units }), 400, 'validation_failed');
    // The largest amount the wire takes, times many units: beyond the limits, never an overflow.
    await refused(p, items({ amount: '9999999999999.99', units: 10_000 }), 400, 'lottery_amount_above_max');
    await refused(p, items({ selection: 'purple', betType: 'colour' }), 400, 'lottery_selection_invalid');
    await refused(p, items({ selection: '10', betType: 'number' }), 400, 'lottery_selection_invalid');
    await refused(p, items({ selection: '' }), 400, 'lottery_selection_invalid');
    await refused(p, items({ selection: 'x'.repeat(65) }), 400, 'validation_failed');
    for (const betType of ['nope', '__proto__', 'constructor', 'toString', ''])
      await refused(p, items({ betType }), 400, 'lottery_bet_type_unknown');
    await refused(p, order({ items: [] }), 400, 'validation_failed');
    await refused(p, order({ items: Array.from({ length: 51 }, () => one()) }), 400, 'validation_failed');
    await refused(p, order({ follow: 0 }), 400, 'validation_failed');
    await refused(p, order({ follow: 31 }), 400, 'validation_failed');
    await refused(p, order({ numero: 'abc' }), 400, 'validation_failed');
    await refused(p, order({ gameCode: 'wingo3' }), 400, 'validation_failed');
    await refused(p, order({ gameCode: 'NOPE' }), 404, 'lottery_game_unknown');
    await refused(p, { gameCode: 'WINGO3' }, 400, 'validation_failed');
    await refused(p, 'junk', 415, 'unsupported_media_type');
    const badJson = await t.request({
      method: 'POST',
      url: '/api/lottery/bets',
      headers: {
        merchant: 'panalo',
        authorization: `Bearer ${p.token}`,
        'idempotency-key': newKey(),
        'content-type': 'application/json',
      },
      payload: '{"gameCode": "WINGO3",',
    });
    expect(code(badJson as { status: number; body: unknown })).toEqual([400, 'validation_failed']);
    await refused(p, order(), 400, 'idempotency_key_required', null);
    await refused(p, order(), 400, 'idempotency_key_required', 'short');
    // One bad item spoils the order: the good one is not taken either.
    await refused(p, order({ items: [one(), one({ selection: 'huge' })] }), 400, 'lottery_selection_invalid');
  });

  it('idempotency: a replay returns the same order and moves nothing; the same key with another order is 409', async () => {
    const p = await lotteryPlayer(t, { funds: 100_000n });
    const key = newKey();
    const body = order({ items: [one({ amount: '3.00' })] });
    const a = value<Placed>(await api.bet(p, body, key));
    const counts = await written();
    const b = value<Placed>(await api.bet(p, body, key));
    expect(b.orderId).toBe(a.orderId);
    expect(b.bets.map((x) => x.id)).toEqual(a.bets.map((x) => x.id));
    expect(b.totalStake).toBe('3.00');
    expect(await written()).toEqual(counts);
    expect(await api.wallet(p)).toBe(99_700n);
    // A replay after the lock still answers the order (it was taken in time).
    t.clock.set(current().lockAt);
    expect(value<Placed>(await api.bet(p, body, key)).orderId).toBe(a.orderId);
    t.clock.set(START);
    const other = order({ items: [one({ amount: '4.00' })] });
    const r = await api.bet(p, other, key);
    expect(code(r)).toEqual([409, 'idempotency_conflict']);
    expect(await written()).toEqual(counts);
    // The key is the member's: another member may use the same one.
    const q = await lotteryPlayer(t, { funds: 100_000n });
    expect(value<Placed>(await api.bet(q, body, key)).orderId).not.toBe(a.orderId);
  });

  itRaces('two requests with one key at the same time make one order and one debit', async () => {
    const p = await lotteryPlayer(t, { funds: 100_000n });
    const key = newKey();
    const body = order({ items: [one({ amount: '7.00' })] });
    const [a, b] = await Promise.all([api.bet(p, body, key), api.bet(p, body, key)]);
    expect(value<Placed>(a).orderId).toBe(value<Placed>(b).orderId);
    expect(await api.wallet(p)).toBe(99_300n);
  });

  it('a member owing turnover: the order’s whole stake counts towards it, once, even when replayed', async () => {
    const p = await lotteryPlayer(t, { funds: 100_000n });
    await wagering.require(t.ctx.db, {
      merchantId: p.m.merchant_id,
      memberId: p.m.id,
      source: 'test',
      sourceRef: String(p.m.id),
      required: 5_000n,
      at: START,
    });
    const key = newKey();
    const body = order({ follow: 2, items: [one({ amount: '7.00' })] });
    value<Placed>(await api.bet(p, body, key));
    value<Placed>(await api.bet(p, body, key));
    expect(await wagering.status(t.ctx.db, p.m.merchant_id, p.m.id)).toEqual({
      required: 5_000n,
      done: 1_400n,
      remaining: 3_600n,
    });
    // A refused order counts nothing.
    await refused(p, order({ items: [one({ amount: '0.50' })] }), 400, 'lottery_amount_below_min');
    expect((await wagering.status(t.ctx.db, p.m.merchant_id, p.m.id)).done).toBe(1_400n);
  });

  it('a visitor is refused (401) and nothing is written', async () => {
    const before = await written();
    const r = await api.call(null, 'POST', '/api/lottery/bets', order(), newKey());
    expect(code(r)).toEqual([401, 'not_logged_in']);
    expect(code(await api.call(null, 'GET', '/api/lottery/bets'))).toEqual([401, 'not_logged_in']);
    expect(await written()).toEqual(before);
  });

  it('ROLE-010 a trial account (type 4) bets on the play book; its real wallet is untouched', async () => {
    const p = await lotteryPlayer(t, { type: 4, funds: 200_000n });
    const placed = value<Placed>(await api.bet(p, order({ items: [one({ amount: '20.00' })] })));
    expect(placed.balance).toBe('1980.00');
    expect(await api.wallet(p)).toBe(198_000n);
    expect(await accountBalance(t.ctx.db, memberWalletKey(p.m.merchant_id, p.m.id, 'PHP', 'real'))).toBe(0n);
    const o = await t.ctx.db
      .selectFrom('lottery_order as o')
      .innerJoin('ledger_transfer as tr', 'tr.id', 'o.transfer_id')
      .select(['o.book', 'tr.book as transferBook'])
      .where('o.id', '=', BigInt(placed.orderId))
      .executeTakeFirstOrThrow();
    expect(o).toEqual({ book: 'play', transferBook: 'play' });
    expect(value(await myBets(p)).list).toHaveLength(1);
  });

  it('isolation: another member or merchant sees none of my bets and cannot bet on a game its merchant does not sell', async () => {
    const mine = await lotteryPlayer(t, { funds: 100_000n });
    const placed = value<Placed>(await api.bet(mine, order()));
    const other = await lotteryPlayer(t, { funds: 100_000n });
    expect(value(await myBets(other)).list).toEqual([]);
    expect(value(await myBets(other, `?numero=${current().numero}`)).list).toEqual([]);
    const luzon = await lotteryPlayer(t, { merchant: 'luzon', funds: 100_000n });
    expect(value(await myBets(luzon)).list).toEqual([]);
    // Luzon does not sell 5D: 404, nothing written.
    const fiveD = periodAt(getGame('5D'), t.clock.now()).numero;
    await refused(
      luzon,
      { gameCode: '5D', numero: fiveD, items: [{ betType: 'sumSize', selection: 'big', amount: '10.00' }] },
      404,
      'lottery_game_unknown',
    );
    // A Luzon session is nobody at Panalo.
    const cross = await api.call(luzon, 'GET', '/api/lottery/bets', undefined, undefined, 'panalo');
    expect(code(cross)).toEqual([401, 'not_logged_in']);
    const crossBet = await api.call(luzon, 'POST', '/api/lottery/bets', order(), newKey(), 'panalo');
    expect(code(crossBet)).toEqual([401, 'not_logged_in']);
    // Luzon sells WINGO3: its member's order is its own, on its own wallet.
    value<Placed>(await api.bet(luzon, order()));
    expect(value(await myBets(luzon)).list.every((b) => b.orderId !== placed.orderId)).toBe(true);
    expect(value(await myBets(mine)).list.map((b) => b.orderId)).toEqual([placed.orderId]);
  });
});
