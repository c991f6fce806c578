import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { expectLedgerClean } from '../../test-support/ledger';
import { wagering } from '../wallet/wagering';
import { getGame } from './engine/registry';
import { nextPeriod, periodAt } from './engine/schedule';
import { findPeriod } from './lottery.periods';
import { code, lotteryApi, lotteryPlayer, newKey, value, type Placed } from './lottery.test-support';

// The one-call order (lottery_place_order) and its two slower cases: periods not created yet, and a
// member who owes turnover. No scheduler runs here, so the first order of a period creates it.
let t: TestApp;
let api: ReturnType<typeof lotteryApi>;

beforeAll(async () => {
  t = await createTestApp();
  api = lotteryApi(t);
});
afterAll(async () => {
  await expectLedgerClean(t.ctx.db);
  await t.close();
});

const wingo = () => periodAt(getGame('WINGO5'), t.clock.now());
const order = (numero: string, follow = 1) => ({
  gameCode: 'WINGO5',
  numero,
  follow,
  items: [
    { betType: 'number', selection: '3', amount: '2.00', units: 1 },
    { betType: 'size', selection: 'big', amount: '1.50', units: 2 },
  ],
});

describe('lottery order in one call', () => {
  it('creates the periods an order needs, writes its bets in order and debits the total once', async () => {
    const p = await lotteryPlayer(t, { funds: 100_000n });
    const first = wingo();
    const later = nextPeriod(getGame('WINGO5'), nextPeriod(getGame('WINGO5'), first));
    expect(await findPeriod(t.ctx.db, 'WINGO5', later.numero)).toBeNull();
    const placed = value<Placed>(await api.bet(p, order(first.numero, 3)));
    expect(placed.totalStake).toBe('15.00');
    expect(placed.balance).toBe('985.00');
    expect(placed.bets.map((b) => [b.numero, b.betType, b.stake, b.status])).toEqual([
      [first.numero, 'number', '2.00', 'accepted'],
      [first.numero, 'size', '3.00', 'accepted'],
      [nextPeriod(getGame('WINGO5'), first).numero, 'number', '2.00', 'accepted'],
      [nextPeriod(getGame('WINGO5'), first).numero, 'size', '3.00', 'accepted'],
      [later.numero, 'number', '2.00', 'accepted'],
      [later.numero, 'size', '3.00', 'accepted'],
    ]);
    expect(await findPeriod(t.ctx.db, 'WINGO5', later.numero)).not.toBeNull();
    // What the answer says is what was stored.
    const mine = value<{ list: { id: string; numero: string; stake: string }[] }>(
      await api.call(p, 'GET', '/api/lottery/bets?gameCode=WINGO5&pageNo=1&pageSize=50'),
    );
    expect(mine.list.map((b) => b.id).sort()).toEqual(placed.bets.map((b) => b.id).sort());
    expect(await api.wallet(p)).toBe(98_500n);
  });

  it('counts the stake towards an open wagering requirement in the same transaction', async () => {
    const p = await lotteryPlayer(t, { funds: 100_000n });
    await wagering.require(t.ctx.db, {
      merchantId: p.m.merchant_id,
      memberId: p.m.id,
      source: 'test',
      sourceRef: `lott-${p.m.id}`,
      required: 1_000n,
      at: t.clock.now(),
    });
    value<Placed>(await api.bet(p, order(wingo().numero)));
    const s = await wagering.status(t.ctx.db, p.m.merchant_id, p.m.id);
    expect(s).toEqual({ required: 1_000n, done: 500n, remaining: 500n });
    value<Placed>(await api.bet(p, order(wingo().numero, 2)));
    expect((await wagering.status(t.ctx.db, p.m.merchant_id, p.m.id)).remaining).toBe(0n);
    expect(await api.wallet(p)).toBe(100_000n - 1_500n);
  });

  it('refuses an order above the balance and writes nothing', async () => {
    const p = await lotteryPlayer(t, { funds: 400n });
    const key = newKey();
    expect(code(await api.bet(p, order(wingo().numero), key))).toEqual([409, 'insufficient_balance']);
    const orders = await t.ctx.db
      .selectFrom('lottery_order')
      .select('id')
      .where('member_id', '=', p.m.id)
      .execute();
    expect(orders).toEqual([]);
    expect(await api.wallet(p)).toBe(400n);
  });

  it('a game the merchant stops selling is refused at once, though its settings were read a moment ago', async () => {
    const p = await lotteryPlayer(t, { funds: 100_000n });
    value<Placed>(await api.bet(p, order(wingo().numero)));
    await t.ctx.db
      .updateTable('lottery_merchant_game')
      .set({ enabled: false })
      .where('merchant_id', '=', p.m.merchant_id)
      .where('game_code', '=', 'WINGO5')
      .execute();
    try {
      expect(code(await api.bet(p, order(wingo().numero)))).toEqual([404, 'lottery_game_unknown']);
    } finally {
      await t.ctx.db
        .updateTable('lottery_merchant_game')
        .set({ enabled: true })
        .where('merchant_id', '=', p.m.merchant_id)
        .where('game_code', '=', 'WINGO5')
        .execute();
    }
    expect(await api.wallet(p)).toBe(100_000n - 500n);
  });
});
