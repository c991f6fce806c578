import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameMenus } from '@panalo/contract/lottery';
import type { OpsLotteryGame, OpsLotteryPeriod } from '@panalo/contract/lottery-ops';
import { MEMBER_TYPE } from '@panalo/contract/member';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { expectLedgerClean } from '../../test-support/ledger';
import { bearer, createMember, sessionFor } from '../../test-support/members';
import { getGame } from './engine/registry';
import { periodAt } from './engine/schedule';
import { schedulerTick } from './jobs/lottery-scheduler';
import {
  code,
  LOTTERY_START,
  lotteryApi,
  lotteryPlayer,
  newKey,
  value,
  type Err,
  type Ok,
} from './lottery.test-support';
import { itRaces } from '../../test-support/races';

type Periods = { list: OpsLotteryPeriod[]; total: number; totalPages: number };

// Issue 20 screen 7: the operator's lottery. Each site sets the odds and stake limits of the games it
// sells (the member site's betting follows, the other sites never), and reads its periods with the proof
// of every draw.

describe('the operator’s lottery', () => {
  let t: TestApp;
  let api: ReturnType<typeof lotteryApi>;
  let ops: string;
  let luzonOps: string;
  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set(LOTTERY_START);
    api = lotteryApi(t);
    await schedulerTick(t.ctx.db, t.clock);
    ops = await sessionFor(t, await createMember(t, { type: MEMBER_TYPE.OPERATOR }));
    luzonOps = await sessionFor(t, await createMember(t, { type: MEMBER_TYPE.OPERATOR, merchant: 'luzon' }));
  });
  afterAll(async () => {
    await expectLedgerClean(t.ctx.db);
    await t.close();
  });

  const opsCall = <T>(method: 'GET' | 'PUT' | 'POST', url: string, merchant = 'panalo', body?: unknown) =>
    t.request<Ok<T> | Err>({
      method,
      url: `/api${url}`,
      headers: { merchant, ...bearer(merchant === 'luzon' ? luzonOps : ops) },
      ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
    });
  const menus = (merchant: string) =>
    api.call<GameMenus>(
      null,
      'GET',
      '/api/lottery/gameMenus?gameCode=WINGO1',
      undefined,
      undefined,
      merchant,
    );

  it('lists the games the site sells with each bet type’s odds and limits beside the defaults; the jackpot where there is one', async () => {
    const games = value(await opsCall<OpsLotteryGame[]>('GET', '/ops/lottery/games'));
    const wingo = games.find((g) => g.code === 'WINGO1')!;
    expect(wingo).toMatchObject({ enabled: true, kind: 'wingo', jackpot: null });
    expect(wingo.betTypes.map((b) => b.betType)).toEqual(Object.keys(getGame('WINGO1').betTypes));
    const number = wingo.betTypes.find((b) => b.betType === 'number')!;
    expect(number).toMatchObject({ enabled: true, odds: [{ key: 'default', value: '9', default: '9' }] });
    expect(number.min).toBe(number.defaultMin);
    const jackpot = games.find((g) => g.code === 'JACKPOT645');
    expect(jackpot?.jackpot).toMatchObject({ seed: jackpot?.jackpot?.defaultSeed });
  });

  it('Luzon pays 9.5 on a number, caps it at 20.00 and stops colour bets: its betting screen follows, Panalo’s does not; audited', async () => {
    const before = value(await opsCall<OpsLotteryGame[]>('GET', '/ops/lottery/games', 'luzon')).find(
      (g) => g.code === 'WINGO1',
    )!;
    const body = {
      enabled: true,
      betTypes: before.betTypes.map((b) =>
        b.betType === 'number'
          ? { betType: 'number', enabled: true, odds: { default: '9.5' }, min: '5.00', max: '20.00' }
          : {
              betType: b.betType,
              enabled: b.betType !== 'colour',
              odds: Object.fromEntries(b.odds.map((o) => [o.key, o.value])),
              min: b.min,
              max: b.max,
            },
      ),
      jackpot: null,
    };
    const saved = value(await opsCall<OpsLotteryGame>('PUT', '/ops/lottery/games/WINGO1', 'luzon', body));
    expect(saved.betTypes.find((b) => b.betType === 'number')).toMatchObject({
      odds: [{ key: 'default', value: '9.5', default: '9' }],
      min: '5.00',
      max: '20.00',
    });
    expect(saved.betTypes.find((b) => b.betType === 'colour')!.enabled).toBe(false);

    const lz = value(await menus('luzon'));
    expect(lz.betTypes.map((b) => b.betType)).not.toContain('colour');
    expect(lz.betTypes.find((b) => b.betType === 'number')).toMatchObject({
      odds: { default: '9.5' },
      minStake: '5.00',
      maxStake: '20.00',
    });
    const pn = value(await menus('panalo'));
    expect(pn.betTypes.find((b) => b.betType === 'number')!.odds).toEqual({ default: '9' });
    expect(pn.betTypes.map((b) => b.betType)).toContain('colour');

    // A Luzon player's stake above the new cap is refused.
    const player = await lotteryPlayer(t, { merchant: 'luzon' });
    const { numero } = periodAt(getGame('WINGO1'), t.clock.now());
    expect(
      code(
        await api.bet(player, {
          gameCode: 'WINGO1',
          numero,
          items: [{ betType: 'number', selection: '3', amount: '25.00', units: 1 }],
        }),
      ),
    ).toEqual([400, 'lottery_amount_above_max']);

    const entry = await t.ctx.db
      .selectFrom('audit_log')
      .select(['action', 'details', 'actor'])
      .where('target', '=', 'lottery:WINGO1')
      .executeTakeFirstOrThrow();
    expect(entry.action).toBe('lottery.game.settings');
    expect(entry.details).toMatchObject({
      before: { enabled: true },
      after: { config: { disabledBetTypes: ['colour'], odds: { number: { default: '95000' } } } },
    });

    // Turned off, Luzon no longer sells it.
    value(
      await opsCall<OpsLotteryGame>('PUT', '/ops/lottery/games/WINGO1', 'luzon', { ...body, enabled: false }),
    );
    expect(code(await menus('luzon'))).toEqual([404, 'lottery_game_unknown']);
    value(await opsCall<OpsLotteryGame>('PUT', '/ops/lottery/games/WINGO1', 'luzon', body));
  });

  it('refuses settings the game cannot take, with the field named; nothing is written', async () => {
    const stored = async () =>
      (
        await t.ctx.db
          .selectFrom('lottery_merchant_game as g')
          .innerJoin('merchant as m', 'm.id', 'g.merchant_id')
          .select('g.config')
          .where('m.code', '=', 'panalo')
          .where('g.game_code', '=', 'WINGO1')
          .executeTakeFirstOrThrow()
      ).config;
    const was = await stored();
    const bt = (change: Record<string, unknown>) => ({
      enabled: true,
      betTypes: [
        { betType: 'number', enabled: true, odds: { default: '9' }, min: '1.00', max: '100.00', ...change },
      ],
      jackpot: null,
    });
    const cases: [unknown, number, string, string | undefined][] = [
      [bt({ betType: 'nope' }), 400, 'validation_failed', 'betTypes.0.betType'],
      [bt({ odds: { other: '9' } }), 400, 'validation_failed', 'betTypes.0.odds.other'],
      [bt({ odds: { default: '0.5' } }), 400, 'lottery_odds_invalid', 'betTypes.0.odds.default'],
      [bt({ odds: { default: '99999' } }), 400, 'lottery_odds_invalid', 'betTypes.0.odds.default'],
      [bt({ min: '50.00', max: '10.00' }), 400, 'validation_failed', 'betTypes.0.max'],
      [bt({ min: '0' }), 400, 'validation_failed', 'betTypes.0.min'],
      [bt({ max: '99999999.00' }), 400, 'validation_failed', 'betTypes.0.max'],
      [
        { ...bt({}), jackpot: { contributionPercent: '5', seed: '100.00' } },
        400,
        'validation_failed',
        'jackpot',
      ],
      [bt({ odds: { default: 'abc' } }), 400, 'validation_failed', undefined],
      [{ ...bt({}), extra: true }, 400, 'validation_failed', undefined],
      [bt({ min: 'a\u0000b' }), 400, 'text_invalid_characters', undefined],
    ];
    for (const [body, status, key, field] of cases) {
      const r = await opsCall('PUT', '/ops/lottery/games/WINGO1', 'panalo', body);
      expect([r.status, (r.body as Err).code], JSON.stringify(body)).toEqual([status, key]);
      if (field) expect((r.body as { value?: { field?: string } }).value?.field).toBe(field);
    }
    expect(code(await opsCall('PUT', '/ops/lottery/games/NOPE', 'panalo', bt({})))).toEqual([
      404,
      'lottery_game_unknown',
    ]);
    expect(code(await opsCall('GET', '/ops/lottery/games/NOPE/periods'))).toEqual([
      404,
      'lottery_game_unknown',
    ]);
    expect(await stored()).toEqual(was);
  });

  it('lists a game’s periods newest first with this site’s bets, the revealed seed and a verified draw', async () => {
    const game = getGame('WINGO1');
    const period = periodAt(game, t.clock.now());
    const player = await lotteryPlayer(t);
    value(
      await api.bet(player, {
        gameCode: 'WINGO1',
        numero: period.numero,
        items: [{ betType: 'size', selection: 'big', amount: '10.00', units: 2 }],
      }),
    );
    const open = value(await opsCall<Periods>('GET', '/ops/lottery/games/WINGO1/periods?pageSize=5'));
    const now = open.list.find((p) => p.numero === period.numero)!;
    expect(now).toMatchObject({ result: null, seed: null, verified: null, bets: 1, stakes: '20.00' });
    expect(now.seedHash).toMatch(/^[0-9a-f]{64}$/);

    t.clock.set(new Date(period.drawAt.getTime() + 2_000));
    await schedulerTick(t.ctx.db, t.clock);
    await schedulerTick(t.ctx.db, t.clock);
    const drawn = value(await opsCall<Periods>('GET', '/ops/lottery/games/WINGO1/periods?pageSize=5'));
    const draws = drawn.list.map((p) => p.drawAt);
    expect(draws).toEqual([...draws].sort().reverse());
    const done = drawn.list.find((p) => p.numero === period.numero)!;
    expect(done.result).not.toBeNull();
    expect(done.seed).toMatch(/^[0-9a-f]+$/);
    expect(done.verified).toBe(true);
    expect(done.bets).toBe(1);
    expect(['0.00', '39.20']).toContain(done.payouts);
    // Luzon sees the same draw, and none of Panalo's bets.
    const atLuzon = value(
      await opsCall<Periods>('GET', '/ops/lottery/games/WINGO1/periods?pageSize=5', 'luzon'),
    );
    expect(atLuzon.list.find((p) => p.numero === period.numero)).toMatchObject({
      result: done.result,
      verified: true,
      bets: 0,
      stakes: '0.00',
    });

    // A stored result that is not the seed's does not verify.
    await t.ctx.db
      .updateTable('lottery_period')
      .set({ result: done.result === '1' ? '2' : '1' })
      .where('game_code', '=', 'WINGO1')
      .where('numero', '=', period.numero)
      .execute();
    const tampered = value(await opsCall<Periods>('GET', '/ops/lottery/games/WINGO1/periods?pageSize=5'));
    expect(tampered.list.find((p) => p.numero === period.numero)!.verified).toBe(false);
    expect(tampered.total).toBeGreaterThanOrEqual(tampered.list.length);
  });

  it('cancels this site’s part of a period: its bets refunded (a chase’s other periods and the member’s own cancel untouched), closed to its new bets; Luzon bets and settles; once, never after the draw; audited', async () => {
    await schedulerTick(t.ctx.db, t.clock);
    const game = getGame('WINGO3');
    const p1 = periodAt(game, new Date(t.clock.now().getTime() + 1_000));
    const p2 = periodAt(game, new Date(p1.drawAt.getTime() + 1_000));
    await schedulerTick(t.ctx.db, t.clock);
    const [a, b, lz] = [
      await lotteryPlayer(t),
      await lotteryPlayer(t),
      await lotteryPlayer(t, { merchant: 'luzon' }),
    ];
    const size = (amount: string, units = 1) => [{ betType: 'size', selection: 'big', amount, units }];
    value(await api.bet(a, { gameCode: 'WINGO3', numero: p1.numero, follow: 2, items: size('10.00') }));
    value(await api.bet(b, { gameCode: 'WINGO3', numero: p1.numero, items: size('5.00', 2) }));
    const own = value<{ orderId: string }>(
      await api.bet(b, { gameCode: 'WINGO3', numero: p1.numero, items: size('5.00') }),
    );
    const memberCancel = (p: typeof b, orderId: string, numero: string) =>
      api.call(p, 'POST', `/api/lottery/orders/${orderId}/cancel`, { numero }, newKey());
    expect((await memberCancel(b, own.orderId, p1.numero)).status).toBe(200);
    value(await api.bet(lz, { gameCode: 'WINGO3', numero: p1.numero, items: size('10.00') }));
    const cancel = (numero: string, merchant = 'panalo', reason: unknown = 'Draw feed disputed') =>
      opsCall<{ bets: number; wallets: number; refunded: string; realStakes: string }>(
        'POST',
        `/ops/lottery/games/WINGO3/periods/${numero}/cancel`,
        merchant,
        { reason },
      );

    // The chase's second period: only a's bet there comes back; its first stays.
    expect(value(await cancel(p2.numero))).toEqual({
      bets: 1,
      wallets: 1,
      refunded: '10.00',
      realStakes: '10.00',
    });
    expect(await api.wallet(a)).toBe(1_000_000n - 1_000n);
    expect(
      code(await api.bet(b, { gameCode: 'WINGO3', numero: p1.numero, follow: 2, items: size('1.00') })),
    ).toEqual([409, 'lottery_period_cancelled']);
    // The current period: a's and b's accepted bets refunded; b's own cancel is not paid twice.
    expect(value(await cancel(p1.numero))).toEqual({
      bets: 2,
      wallets: 2,
      refunded: '20.00',
      realStakes: '20.00',
    });
    expect([await api.wallet(a), await api.wallet(b)]).toEqual([1_000_000n, 1_000_000n]);
    expect(code(await cancel(p1.numero))).toEqual([409, 'lottery_period_cancelled']);
    expect(code(await api.bet(a, { gameCode: 'WINGO3', numero: p1.numero, items: size('1.00') }))).toEqual([
      409,
      'lottery_period_cancelled',
    ]);
    // Luzon's part goes on: it still bets on the period.
    value(await api.bet(lz, { gameCode: 'WINGO3', numero: p1.numero, items: size('2.00') }));
    const listed = value(await opsCall<Periods>('GET', '/ops/lottery/games/WINGO3/periods?pageSize=5'));
    expect(listed.list.find((p) => p.numero === p1.numero)).toMatchObject({
      bets: 0,
      siteCancel: { bets: 2, refunded: '20.00', reason: 'Draw feed disputed' },
    });
    const atLuzon = value(
      await opsCall<Periods>('GET', '/ops/lottery/games/WINGO3/periods?pageSize=5', 'luzon'),
    );
    expect(atLuzon.list.find((p) => p.numero === p1.numero)).toMatchObject({ bets: 2, siteCancel: null });

    // The draw settles Luzon's bets; this site's stay cancelled; a cancel after the draw is refused.
    t.clock.set(new Date(p1.drawAt.getTime() + 2_000));
    await schedulerTick(t.ctx.db, t.clock);
    await schedulerTick(t.ctx.db, t.clock);
    const statuses = await t.ctx.db
      .selectFrom('lottery_bet as b')
      .innerJoin('lottery_period as p', 'p.id', 'b.period_id')
      .select(['b.merchant_id', 'b.status'])
      .where('p.game_code', '=', 'WINGO3')
      .where('p.numero', '=', p1.numero)
      .execute();
    expect(statuses.filter((x) => x.merchant_id === 1).every((x) => x.status === 'cancelled')).toBe(true);
    expect(
      statuses
        .filter((x) => x.merchant_id !== 1)
        .map((x) => x.status)
        .sort(),
    ).not.toContain('accepted');
    expect(code(await cancel(p1.numero, 'luzon'))).toEqual([409, 'lottery_period_not_cancellable']);
    const trail = await t.ctx.db
      .selectFrom('audit_log')
      .select(['details'])
      .where('action', '=', 'lottery.period.cancel')
      .orderBy('id')
      .execute();
    expect(trail.map((x) => (x.details as { numero: string; bets: number }).bets)).toEqual([1, 2]);
    // Bad input: an unknown period, no reason, a NUL, a game this site does not sell.
    expect(code(await cancel('999999999'))).toEqual([404, 'lottery_period_missing']);
    expect((await cancel(p2.numero, 'panalo', '')).status).toBe(400);
    expect((await cancel(p2.numero, 'panalo', 'a\u0000b')).status).toBe(400);
    expect(
      (
        await opsCall('POST', `/ops/lottery/games/NOPE/periods/${p2.numero}/cancel`, 'panalo', {
          reason: 'Nope',
        })
      ).status,
    ).toBe(404);
  });

  itRaces(
    'a site’s cancel racing 24 bets on PostgreSQL: every bet is refused or refunded, every wallet whole again',
    async () => {
      t.clock.set(new Date(LOTTERY_START.getTime() + 3_600_000));
      await schedulerTick(t.ctx.db, t.clock);
      const period = periodAt(getGame('WINGO3'), new Date(t.clock.now().getTime() + 1_000));
      const players = await Promise.all(Array.from({ length: 24 }, () => lotteryPlayer(t)));
      const bets = players.map((p) =>
        api.bet(p, {
          gameCode: 'WINGO3',
          numero: period.numero,
          items: [{ betType: 'size', selection: 'small', amount: '3.00', units: 1 }],
        }),
      );
      const cancelled = opsCall<{ bets: number; refunded: string }>(
        'POST',
        `/ops/lottery/games/WINGO3/periods/${period.numero}/cancel`,
        'panalo',
        { reason: 'Race test' },
      );
      const [answers, c] = await Promise.all([Promise.all(bets), cancelled]);
      const placed = answers.filter((r) => r.status === 200).length;
      const refused = answers.filter((r) => code(r)[1] === 'lottery_period_cancelled').length;
      expect(placed + refused).toBe(24);
      expect(value(c)).toMatchObject({ bets: placed, refunded: (placed * 3).toFixed(2) });
      expect(await Promise.all(players.map((p) => api.wallet(p)))).toEqual(players.map(() => 1_000_000n));
      const left = await t.ctx.db
        .selectFrom('lottery_bet as b')
        .innerJoin('lottery_period as p', 'p.id', 'b.period_id')
        .select('b.status')
        .where('p.game_code', '=', 'WINGO3')
        .where('p.numero', '=', period.numero)
        .where('b.merchant_id', '=', 1)
        .execute();
      expect(left.map((x) => x.status)).toEqual(left.map(() => 'cancelled'));
    },
  );
});
