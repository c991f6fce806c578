import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dashboard } from '@panalo/contract/dashboard';
import { bearer, createMember, sessionFor } from '../../test-support/members';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { seedGameWallet } from '../game-wallet/game-wallet.seed';
import { addToMemberDay } from '../stats/member-day';
import { getGame } from '../lottery/engine/registry';
import { periodAt } from '../lottery/engine/schedule';
import { schedulerTick } from '../lottery/jobs/lottery-scheduler';
import { LOTTERY_START, lotteryApi, lotteryPlayer, value } from '../lottery/lottery.test-support';

describe('the console’s dashboard (issue 20 screen 1)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('today, 7 and 30 days from the daily figures: turnover, GGR, NGR, players, deposits; by day and product; queues; online', async () => {
    const ops = await sessionFor(t, await createMember(t, { type: 90 }));
    const read = async () =>
      (
        await t.request<{ value: Dashboard }>({
          method: 'GET',
          url: '/api/ops/dashboard',
          headers: bearer(ops),
        })
      ).body.value;
    const before = await read();
    const a = await createMember(t);
    const b = await createMember(t);
    const luzon = await createMember(t, { merchant: 'luzon' });
    const day = (n: number) => new Date(t.clock.now().getTime() - n * 86_400_000);
    const merchantId = a.merchant_id;
    const d0 = () => before.today;
    // Today: a bets 100, wins 30 on slots; b bets 50 (refund 10) on lottery, a deposit of 200 (first).
    await addToMemberDay(t.ctx.db, {
      merchantId,
      memberId: a.id,
      at: day(0),
      product: 'RNG',
      figures: { bets: 10_000n, betCount: 1, wins: 3_000n },
    });
    await addToMemberDay(t.ctx.db, {
      merchantId,
      memberId: b.id,
      at: day(0),
      product: 'LOTT',
      figures: { bets: 5_000n, betCount: 1, refunds: 1_000n },
    });
    await addToMemberDay(t.ctx.db, {
      merchantId,
      memberId: b.id,
      at: day(0),
      product: '',
      figures: { deposits: 20_000n, depositCount: 1, bonuses: 500n },
    });
    // 5 days ago: a again; 20 days ago: b; 40 days ago: outside every period.
    await addToMemberDay(t.ctx.db, {
      merchantId,
      memberId: a.id,
      at: day(5),
      product: 'RNG',
      figures: { bets: 1_000n, betCount: 1 },
    });
    await addToMemberDay(t.ctx.db, {
      merchantId,
      memberId: b.id,
      at: day(20),
      product: 'RNG',
      figures: { bets: 2_000n, betCount: 1, wins: 4_000n, rebates: 100n },
    });
    await addToMemberDay(t.ctx.db, {
      merchantId,
      memberId: b.id,
      at: day(40),
      product: 'RNG',
      figures: { bets: 99_900n, betCount: 1 },
    });
    // Another merchant's play is not this dashboard's.
    await addToMemberDay(t.ctx.db, {
      merchantId: luzon.merchant_id,
      memberId: luzon.id,
      at: day(0),
      product: 'RNG',
      figures: { bets: 77_700n, betCount: 1 },
    });
    // Two wallet games' days as the roll-up leaves them (house-rollup and member-day tests prove the writing).
    await t.ctx.db
      .insertInto('game_day')
      .values([
        {
          merchant_id: merchantId,
          day: d0(),
          vendor_id: 0,
          game: 'dash-big',
          bets: 9_000_000_000n,
          bet_count: 3,
          wins: 1n,
          refunds: 0n,
        },
        {
          merchant_id: merchantId,
          day: d0(),
          vendor_id: 0,
          game: 'dash-small',
          bets: 8_000_000_000n,
          bet_count: 1,
          wins: 0n,
          refunds: 0n,
        },
        {
          merchant_id: luzon.merchant_id,
          day: d0(),
          vendor_id: 0,
          game: 'dash-luzon',
          bets: 9_900_000_000n,
          bet_count: 1,
          wins: 0n,
          refunds: 0n,
        },
      ])
      .execute();
    await sessionFor(t, a);

    const d = await read();
    const plus = (x: string, y: string) => (Number(x) + Number(y)).toFixed(2);
    expect(d.periods.today).toMatchObject({
      turnover: plus(before.periods.today.turnover, '140.00'),
      ggr: plus(before.periods.today.ggr, '110.00'),
      ngr: plus(before.periods.today.ngr, '105.00'),
      activePlayers: before.periods.today.activePlayers + 2,
      deposits: plus(before.periods.today.deposits, '200.00'),
      firstDeposits: before.periods.today.firstDeposits + 1,
      registrations: before.periods.today.registrations + 2,
    });
    expect(d.periods.last7.turnover).toBe(plus(before.periods.last7.turnover, '150.00'));
    // Players active in a window count once however many of its days they played: a on 2 days, b on 2.
    expect(d.periods.last7.activePlayers).toBe(before.periods.last7.activePlayers + 2);
    expect(d.periods.last30.activePlayers).toBe(before.periods.last30.activePlayers + 2);
    expect(d.days.at(-6)!.activePlayers).toBe(before.days.at(-6)!.activePlayers + 1);
    // Top games and vendors: this merchant's only.
    expect(d.topGames.slice(0, 2)).toMatchObject([
      { game: 'dash-big', turnover: '90000000.00', ggr: '89999999.99', bets: 3 },
      { game: 'dash-small', turnover: '80000000.00' },
    ]);
    expect(d.topGames.some((g) => g.game === 'dash-luzon')).toBe(false);
    expect(d.topVendors[0]).toMatchObject({ vendor: '', turnover: '170000000.00' });
    // 30 days: 140 + 10 + 20 of turnover; 20 days ago a win of 40 and a rebate of 1.
    expect(d.periods.last30.turnover).toBe(plus(before.periods.last30.turnover, '170.00'));
    expect(d.periods.last30.ggr).toBe(plus(before.periods.last30.ggr, '100.00'));
    expect(d.periods.last30.ngr).toBe(plus(before.periods.last30.ngr, '94.00'));
    expect(d.days).toHaveLength(30);
    expect(d.days.at(-1)!.day).toBe(d.today);
    expect(d.products.find((p) => p.product === 'LOTT')?.turnover).toBe('40.00');
    expect(d.online).toBeGreaterThanOrEqual(1);
    expect(d.queues).toMatchObject({ deposits: expect.any(Number), approvals: expect.any(Number) });

    const support = await createMember(t, { type: 90 });
    await t.ctx.db
      .updateTable('staff_account')
      .set({ role: 'support' })
      .where('member_id', '=', support.id)
      .execute();
    const refused = await t.request({
      method: 'GET',
      url: '/api/ops/dashboard',
      headers: bearer(await sessionFor(t, support)),
    });
    expect(refused.status).toBe(403);
  });

  it('#49 names the top games from the catalogue in the console’s language, else the merchant’s; the code when the catalogue has none', async () => {
    await seedGameWallet(t.ctx.db);
    const ops = await sessionFor(t, await createMember(t, { type: 90 }));
    const read = async (query = '') =>
      (
        await t.request<{ value: Dashboard }>({
          method: 'GET',
          url: `/api/ops/dashboard${query}`,
          headers: bearer(ops),
        })
      ).body.value;
    const { today } = await read();
    const merchant = await t.ctx.db
      .selectFrom('merchant')
      .select(['id', 'default_language'])
      .where('code', '=', 'panalo')
      .executeTakeFirstOrThrow();
    expect(merchant.default_language).toBe('TY');
    const wallet = async (code: string) =>
      (
        await t.ctx.db
          .selectFrom('game_vendor')
          .select('id')
          .where('merchant_id', '=', merchant.id)
          .where('code', '=', code)
          .executeTakeFirstOrThrow()
      ).id;
    // A studio's slot on the simulator's wallet, and one of our own games (catalogue vendor PNL).
    const slot = await t.ctx.db
      .selectFrom('game as g')
      .innerJoin('vendor as v', 'v.code', 'g.vendor_code')
      .innerJoin('game_i18n as en', (j) => j.onRef('en.game_id', '=', 'g.id').on('en.lang', '=', 'EN'))
      .innerJoin('game_i18n as ty', (j) => j.onRef('ty.game_id', '=', 'g.id').on('ty.lang', '=', 'TY'))
      .select(['g.game_id', 'en.name as en', 'ty.name as ty', 'v.name as vendorName'])
      .where('v.wallet_vendor_code', '=', 'PSIM')
      .where('g.game_type', '=', 'RNG')
      .whereRef('en.name', '<>', 'ty.name')
      .orderBy('g.id')
      .executeTakeFirstOrThrow();
    const game = (vendorId: number, code: string, bets: bigint) => ({
      merchant_id: merchant.id,
      day: today,
      vendor_id: vendorId,
      game: code,
      bets,
      bet_count: 1,
      wins: 0n,
      refunds: 0n,
    });
    await t.ctx.db
      .insertInto('game_day')
      .values([
        game(await wallet('PSIM'), slot.game_id, 9_700_000_000_000n),
        game(await wallet('PNL'), 'jeepney-gold', 9_600_000_000_000n),
        game(await wallet('PSIM'), 'dash-gone', 9_500_000_000_000n),
      ])
      .execute();

    const top = (d: Dashboard) =>
      d.topGames.slice(0, 3).map((g) => ({ game: g.game, name: g.name, vendorName: g.vendorName }));
    expect(top(await read('?language=en'))).toEqual([
      { game: slot.game_id, name: slot.en, vendorName: slot.vendorName },
      { game: 'jeepney-gold', name: 'Jeepney Gold', vendorName: 'Panalo Originals' },
      // No longer in the catalogue: its code, and its wallet vendor's name.
      { game: 'dash-gone', name: 'dash-gone', vendorName: 'Panalo Game Simulator' },
    ]);
    // Without a language, or in one the catalogue lacks: the merchant's default (Tagalog).
    for (const query of ['', '?language=JA']) {
      expect((await read(query)).topGames.slice(0, 2).map((g) => g.name)).toEqual([slot.ty, 'Gintong Dyip']);
    }
    // The report by game names them too, in the merchant's language.
    const report = await t.request<{ value: { rows: { key: string; name: string }[] } }>({
      method: 'GET',
      url: `/api/ops/reports/pnl?by=game&from=${today}&to=${today}`,
      headers: bearer(ops),
    });
    expect(report.body.value.rows.slice(0, 3).map((r) => [r.key, r.name])).toEqual([
      [slot.game_id, slot.ty],
      ['jeepney-gold', 'Gintong Dyip'],
      ['dash-gone', 'dash-gone'],
    ]);
  });

  it('online counts players and agents signed in within 5 minutes, never staff', async () => {
    const ops = await sessionFor(t, await createMember(t, { type: 90 }));
    const online = async () =>
      (
        await t.request<{ value: Dashboard }>({
          method: 'GET',
          url: '/api/ops/dashboard',
          headers: bearer(ops),
        })
      ).body.value.online;
    const before = await online();
    await sessionFor(t, await createMember(t, { type: 91 }));
    expect(await online()).toBe(before);
    await sessionFor(t, await createMember(t));
    await sessionFor(t, await createMember(t, { type: 1 }));
    expect(await online()).toBe(before + 2);
  });

  it('shows each lottery game the site sells in its period now, with this site’s bets and stakes on it', async () => {
    t.clock.set(LOTTERY_START);
    await schedulerTick(t.ctx.db, t.clock);
    const player = await lotteryPlayer(t);
    const wingo = periodAt(getGame('WINGO1'), t.clock.now());
    value(
      await lotteryApi(t).bet(player, {
        gameCode: 'WINGO1',
        numero: wingo.numero,
        items: [{ betType: 'number', selection: '7', amount: '3.00', units: 2 }],
      }),
    );
    const luzonPlayer = await lotteryPlayer(t, { merchant: 'luzon' });
    value(
      await lotteryApi(t).bet(luzonPlayer, {
        gameCode: 'WINGO1',
        numero: wingo.numero,
        items: [{ betType: 'number', selection: '7', amount: '9.00', units: 1 }],
      }),
    );
    const ops = await sessionFor(t, await createMember(t, { type: 90 }));
    const d = (
      await t.request<{ value: Dashboard }>({
        method: 'GET',
        url: '/api/ops/dashboard',
        headers: bearer(ops),
      })
    ).body.value;
    const sold = await t.ctx.db
      .selectFrom('lottery_merchant_game as g')
      .innerJoin('merchant as m', 'm.id', 'g.merchant_id')
      .select('g.game_code')
      .where('m.code', '=', 'panalo')
      .where('g.enabled', '=', true)
      .execute();
    expect(d.lottery.map((l) => l.code).sort()).toEqual(sold.map((g) => g.game_code).sort());
    expect(d.lottery.find((l) => l.code === 'WINGO1')).toEqual({
      code: 'WINGO1',
      name: expect.any(String),
      numero: wingo.numero,
      state: 'open',
      drawAt: wingo.drawAt.toISOString(),
      bets: 1,
      stakes: '6.00',
    });
  });
});
