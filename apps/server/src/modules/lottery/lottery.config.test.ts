import { describe, expect, it } from 'vitest';
import type { GameMenus } from '@panalo/contract/lottery';
import { type TestApp } from '../../test-support/test-app';
import { resolveConfig } from './engine/config';
import { periodAt } from './engine/schedule';
import { getGame } from './engine/registry';
import { schedulerTick } from './jobs/lottery-scheduler';
import { MAX_ODDS, MAX_STAKE_MINOR, merchantConfig, overrideOf } from './lottery.config';
import { code, lotteryApi, lotteryPlayer, value, type Placed, useCheckedApp } from './lottery.test-support';

describe('a merchant’s stored lottery settings (issue 6)', () => {
  it('keeps well-formed odds, limits and jackpot settings', () => {
    expect(
      overrideOf({
        enabled: false,
        disabledBetTypes: ['colour', 3],
        odds: { number: { default: '95000' } },
        limits: { number: { minStakeMinor: 500, maxStakeMinor: '2000' } },
        jackpot: { contributionBps: 2_500, seedMinor: '100000' },
      }),
    ).toEqual({
      enabled: false,
      disabledBetTypes: ['colour'],
      odds: { number: { default: 95_000n } },
      limits: { number: { minStakeMinor: 500n, maxStakeMinor: 2_000n } },
      jackpot: { contributionBps: 2_500, seedMinor: 100_000n },
    });
  });

  it('ignores malformed values (fractions, negatives, NaN, out of range) instead of throwing', () => {
    const bad = {
      odds: { number: { default: 1.96, other: -5, nan: Number.NaN, inf: Number.POSITIVE_INFINITY } },
      limits: { number: { minStakeMinor: -100, maxStakeMinor: 2.5 }, size: { maxStakeMinor: '1e5' } },
      jackpot: { contributionBps: 12.5, seedMinor: -1 },
    };
    expect(() => overrideOf(bad)).not.toThrow();
    expect(overrideOf(bad)).toEqual({ limits: { number: {}, size: {} } });
    expect(overrideOf({ jackpot: { contributionBps: 10_001 } })).toEqual({});
    expect(overrideOf({ jackpot: { contributionBps: -1 } })).toEqual({});
    // The game's defaults stand where the setting was refused.
    expect(merchantConfig('JACKPOT645', { jackpot: { contributionBps: 0.3 } })).toEqual(
      resolveConfig('JACKPOT645'),
    );
  });

  it('ignores odds and stakes so large that stake × odds × hits could overflow settlement’s bigint', () => {
    const edge = {
      odds: { number: { default: MAX_ODDS.toString(), huge: (MAX_ODDS + 1n).toString() } },
      limits: {
        number: { maxStakeMinor: MAX_STAKE_MINOR.toString() },
        size: { maxStakeMinor: '999999999999999999' },
      },
    };
    expect(overrideOf(edge)).toEqual({
      odds: { number: { default: MAX_ODDS } },
      limits: { number: { maxStakeMinor: MAX_STAKE_MINOR }, size: {} },
    });
    // The largest accepted bet at the largest accepted odds on the most hits still fits in an int8.
    expect(MAX_STAKE_MINOR * MAX_ODDS * 27n < 2n ** 63n).toBe(true);
  });
});

describe('a malformed setting on the routes (issue 6)', () => {
  let t: TestApp;
  useCheckedApp((app) => {
    t = app;
  });

  it('game menus and bets fall back to the defaults, never a 500', async () => {
    const api = lotteryApi(t);
    await t.ctx.db
      .updateTable('lottery_merchant_game')
      .set({
        config: JSON.stringify({
          odds: { size: { default: 1.96 } },
          limits: { size: { maxStakeMinor: 0.5 } },
          jackpot: { contributionBps: 0.3 },
        }),
      })
      .where('game_code', 'in', ['WINGO1', 'JACKPOT645'])
      .execute();
    const m = await api.call<GameMenus>(null, 'GET', '/api/lottery/gameMenus?gameCode=WINGO1');
    expect(value(m).betTypes.find((b) => b.betType === 'size')).toMatchObject({
      odds: { default: '1.96' },
      maxStake: '50000.00',
    });
    expect(
      value(await api.call<GameMenus>(null, 'GET', '/api/lottery/gameMenus?gameCode=JACKPOT645')).jackpot,
    ).toBe('5000000.00');
    const p = await lotteryPlayer(t, { funds: 10_000n });
    const numero = periodAt(getGame('WINGO1'), t.clock.now()).numero;
    const r = await api.bet(p, {
      gameCode: 'WINGO1',
      numero,
      items: [{ betType: 'size', selection: 'big', amount: '10.00' }],
    });
    expect(value<Placed>(r).totalStake).toBe('10.00');
    expect(code(await api.call(null, 'GET', '/api/lottery/gameMenus?gameCode=NOPE'))).toEqual([
      404,
      'lottery_game_unknown',
    ]);
  });

  it('a game code the engine does not know (a typo, a retired game) is left out, not a 500 or a stuck scheduler', async () => {
    const api = lotteryApi(t);
    const merchant = await t.ctx.db
      .selectFrom('merchant')
      .select('id')
      .where('code', '=', 'panalo')
      .executeTakeFirstOrThrow();
    await t.ctx.db
      .insertInto('lottery_merchant_game')
      .values({
        merchant_id: merchant.id,
        game_code: 'OLDGAME',
        group_code: 'WINGO',
        names: JSON.stringify({ EN: 'Old' }),
        icon_url: '/x.svg',
        tags: JSON.stringify(['HOT']),
        sort: 0,
        config: JSON.stringify({}),
      })
      .execute();
    for (const url of [
      '/api/lottery/list',
      '/api/lottery/menu',
      '/api/lottery/popular',
      '/api/lottery/winners',
    ]) {
      const r = await api.call(null, 'GET', url);
      expect(r.status, url).toBe(200);
      expect(JSON.stringify(r.body), url).not.toContain('OLDGAME');
    }
    expect(code(await api.call(null, 'GET', '/api/lottery/gameMenus?gameCode=OLDGAME'))).toEqual([
      404,
      'lottery_game_unknown',
    ]);
    await schedulerTick(t.ctx.db, t.clock);
    expect(
      await t.ctx.db.selectFrom('lottery_period').select('id').where('game_code', '=', 'OLDGAME').execute(),
    ).toEqual([]);
    expect(
      await t.ctx.db.selectFrom('lottery_period').select('id').where('game_code', '=', 'WINGO1').execute(),
    ).not.toEqual([]);
  });
});
