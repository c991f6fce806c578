import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECENT_WINS_LIMIT, type RecentWin } from '@panalo/contract/games';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { createMember } from '../../test-support/members';
import { expectLedgerClean } from '../../test-support/ledger';
import { issueLaunchToken } from '../game-wallet/game-launch';
import { seedGameWallet } from '../game-wallet/game-wallet.seed';
import { fundWallet, vendorCall } from '../game-wallet/vendor-client';
import { getGame } from '../lottery/engine/registry';
import { nextPeriod, periodAt } from '../lottery/engine/schedule';
import { schedulerTick } from '../lottery/jobs/lottery-scheduler';
import { lotteryApi, lotteryPlayer, value } from '../lottery/lottery.test-support';
import { RECENT_WINS_TTL_MS } from './recent-wins';

let t: TestApp;
let slot: { gameId: string; name: string };
let seq = 0;
const masked = (name: string) => `${name.slice(0, 2)}***${name.slice(-2)}`;

beforeAll(async () => {
  t = await createTestApp();
  await seedGameWallet(t.ctx.db);
  const g = await t.ctx.db
    .selectFrom('game as g')
    .innerJoin('vendor as v', 'v.code', 'g.vendor_code')
    .innerJoin('game_i18n as n', (j) => j.onRef('n.game_id', '=', 'g.id').on('n.lang', '=', 'EN'))
    .select(['g.game_id', 'n.name'])
    .where('v.wallet_vendor_code', '=', 'PSIM')
    .where('g.game_type', '=', 'RNG')
    .orderBy('g.id')
    .executeTakeFirstOrThrow();
  slot = { gameId: g.game_id, name: g.name };
});
afterAll(async () => {
  await expectLedgerClean(t.ctx.db);
  await t.close();
});

/** A player of a seamless-wallet vendor (PSIM), funded; type 4 is a trial account (play money). */
async function player(merchant = 'panalo', type = 0) {
  const m = await createMember(t, { merchant, type });
  await fundWallet(t.ctx.db, {
    merchantId: m.merchant_id,
    memberId: m.id,
    currency: 'PHP',
    amount: 100_000n,
    key: `rw${m.id}`,
    book: type === 4 ? 'play' : 'real',
  });
  const { token } = await issueLaunchToken(t.ctx.db, t.clock, {
    merchantId: m.merchant_id,
    memberId: m.id,
    memberType: m.type,
    currency: 'PHP',
    vendorCode: 'PSIM',
    gameCode: null,
  });
  return { m, launch: token, merchant };
}

/** One round through the vendor's signed callbacks: a bet, a win, the end. */
async function round(p: Awaited<ReturnType<typeof player>>, bet: string, win: string) {
  const roundId = `rw-${++seq}`;
  const h = { merchant: p.merchant };
  const gameCode = slot.gameId;
  for (const [kind, body] of [
    ['bet', { token: p.launch, txId: `rwb-${seq}`, roundId, gameCode, amount: bet }],
    ['win', { token: p.launch, txId: `rww-${seq}`, roundId, gameCode, amount: win }],
    ['end', { token: p.launch, txId: `rwe-${seq}`, roundId }],
  ] as const)
    expect((await vendorCall(t, kind, body, h)).status).toBe(200);
}

const feed = async (query = '?language=EN', merchant = 'panalo') => {
  const r = await t.request<{ success: true; value: RecentWin[] }>({
    method: 'GET',
    url: `/api/games/recent-wins${query}`,
    headers: { merchant },
  });
  expect(r.status).toBe(200);
  return r.body.value;
};

describe('home recent-wins feed (issue 49 item 6)', () => {
  it('#49 shows the newest real-money wins of this site, games and lottery, names masked, newest first', async () => {
    const a = await player();
    const b = await player();
    const trial = await player('panalo', 4);
    const other = await player('luzon');
    await round(a, '10.00', '25.00'); // a win
    t.clock.advance(60_000);
    await round(a, '10.00', '5.00'); // paid less than its stake: not a win
    await round(trial, '10.00', '900.00'); // play money: never on the feed
    await round(other, '10.00', '800.00'); // another site's
    t.clock.advance(60_000);
    await round(b, '2.00', '40.00');

    // A lottery win: a player covers every digit of a Win Go period; the drawn digit pays 9 × 1.00.
    const lotto = lotteryApi(t);
    const wingo1 = getGame('WINGO1');
    const period = periodAt(wingo1, t.clock.now());
    const l = await lotteryPlayer(t);
    value(
      await lotto.bet(l, {
        gameCode: 'WINGO1',
        numero: period.numero,
        items: Array.from({ length: 10 }, (_, d) => ({
          betType: 'number',
          selection: String(d),
          amount: '1.00',
        })),
      }),
    );
    t.clock.set(nextPeriod(wingo1, period).drawAt);
    await schedulerTick(t.ctx.db, t.clock);

    const wins = await feed();
    expect(wins.map((w) => [w.userName, w.product, w.winAmount])).toEqual([
      [masked(l.m.username), 'lottery', '9.00'],
      [masked(b.m.username), 'game', '40.00'],
      [masked(a.m.username), 'game', '25.00'],
    ]);
    expect(wins[1]!.game).toBe(slot.name);
    expect(wins[0]!.game).not.toBe('WINGO1'); // the lottery's name, not its code
    expect(Date.parse(wins[0]!.at)).toBeGreaterThan(Date.parse(wins[1]!.at));
    expect(JSON.stringify(wins)).not.toContain(a.m.username);
    // Luzon's feed holds only Luzon's win.
    expect((await feed('?language=EN', 'luzon')).map((w) => w.winAmount)).toEqual(['800.00']);
  });

  it('#49 the feed is kept 30 s, holds at most its limit, and forgets wins older than a week', async () => {
    const c = await player();
    const before = (await feed()).length;
    await round(c, '1.00', '3.00');
    expect(await feed()).toHaveLength(before); // served from memory
    t.clock.advance(RECENT_WINS_TTL_MS + 1);
    expect((await feed())[0]).toMatchObject({ userName: masked(c.m.username), winAmount: '3.00' });

    for (let i = 0; i < RECENT_WINS_LIMIT + 2; i++) await round(c, '1.00', '2.00');
    t.clock.advance(RECENT_WINS_TTL_MS + 1);
    const full = await feed();
    expect(full).toHaveLength(RECENT_WINS_LIMIT);
    expect(full.every((w) => w.winAmount === '2.00')).toBe(true);

    t.clock.advance(8 * 86_400_000);
    expect(await feed()).toEqual([]);
  });

  it('#49 a bad language is a 400 with a message key, never a 500', async () => {
    for (const [q, code] of [
      ['?language=x%00y', 'text_invalid_characters'],
      ['?language=' + 'A'.repeat(40), 'validation_failed'],
      ['?language=12', 'validation_failed'],
    ]) {
      const r = await t.request<{ success: false; code: string }>({
        method: 'GET',
        url: `/api/games/recent-wins${q}`,
        headers: { merchant: 'panalo' },
      });
      expect([r.status, r.body.code]).toEqual([400, code]);
    }
  });
});
