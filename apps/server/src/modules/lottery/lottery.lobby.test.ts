import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  GameMenus,
  LotteryGame,
  LotteryMenu,
  LotteryPeriod,
  LotteryResult,
  LotteryStreamEvent,
  VerifyPeriod,
  WinnerEntry,
} from '@panalo/contract/lottery';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { expectLedgerClean } from '../../test-support/ledger';
import { drawResult, formatResult } from './engine/draw';
import { getGame } from './engine/registry';
import { nextPeriod, periodAt } from './engine/schedule';
import { lotteryEvents, processLotteryEvents, type LotteryEvent } from './lottery.events';
import { findPeriod } from './lottery.periods';
import { schedulerTick } from './jobs/lottery-scheduler';
import {
  code,
  lotteryApi,
  lotteryPlayer,
  storeHandResult,
  value,
  type LotteryPlayer,
} from './lottery.test-support';

let t: TestApp;
let api: ReturnType<typeof lotteryApi>;
const START = new Date('2026-06-01T08:00:00.000Z');
const wingo1 = getGame('WINGO1');
const first = periodAt(wingo1, START);
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const get = <T>(url: string, merchant = 'panalo', p: LotteryPlayer | null = null) =>
  api.call<T>(p, 'GET', url, undefined, undefined, merchant);

// Three players bet on every digit of WINGO1's first period, at three sizes: whatever is drawn, each wins
// nine times the stake on one digit, so the board's order is known before the draw.
let players: LotteryPlayer[] = [];
let hashBeforeDraw = '';
let trial: LotteryPlayer;

beforeAll(async () => {
  t = await createTestApp();
  api = lotteryApi(t);
  await schedulerTick(t.ctx.db, t.clock);
  players = [
    await lotteryPlayer(t, { funds: 1_000_000n }),
    await lotteryPlayer(t, { funds: 1_000_000n }),
    await lotteryPlayer(t, { funds: 1_000_000n }),
  ];
  trial = await lotteryPlayer(t, { type: 4, funds: 1_000_000n });
  const amounts = ['1.00', '5.00', '2.00'];
  for (const [i, p] of players.entries()) {
    value(
      await api.bet(p, {
        gameCode: 'WINGO1',
        numero: first.numero,
        items: Array.from({ length: 10 }, (_, d) => ({
          betType: 'number',
          selection: String(d),
          amount: amounts[i]!,
        })),
      }),
    );
  }
  // A trial account's (play money) win is bigger than all, and must not reach the board.
  value(
    await api.bet(trial, {
      gameCode: 'WINGO1',
      numero: first.numero,
      items: Array.from({ length: 10 }, (_, d) => ({
        betType: 'number',
        selection: String(d),
        amount: '50.00',
      })),
    }),
  );
  // Some 5D stake too, less than WINGO1's, for the popular list.
  value(
    await api.bet(players[0]!, {
      gameCode: '5D',
      numero: periodAt(getGame('5D'), START).numero,
      items: [{ betType: 'sumSize', selection: 'big', amount: '3.00' }],
    }),
  );
  hashBeforeDraw = value<GameMenus>(await get('/api/lottery/gameMenus?gameCode=WINGO1')).period.seedHash!;
});
afterAll(async () => {
  await expectLedgerClean(t.ctx.db);
  await t.close();
});

describe('lottery lobby reads (issue 6)', () => {
  it('LOTT-010 LOTT-012 LOTT-013 API-058 the list gives each game sold with its period, remainTime (ms) and lockTime (s)', async () => {
    const list = value<LotteryGame[]>(await get('/api/lottery/list?prizeMode=Lott&language=EN'));
    expect(list.map((g) => g.gameCode)).toEqual([
      'WINGO1',
      'WINGO3',
      'WINGO5',
      '5D',
      'K3',
      'VNLOTTO',
      'JACKPOT645',
    ]);
    const w1 = list[0]!;
    expect(Object.keys(w1).sort()).toEqual(
      [
        'gameId',
        'gameGroupCode',
        'gameCode',
        'remark',
        'mobileIconUrl',
        'kind',
        'numero',
        'previousWinningNumber',
        'winningTime',
        'isSale',
        'remainTime',
        'lockTime',
        'tag',
      ].sort(),
    );
    expect(w1).toMatchObject({
      gameGroupCode: 'WINGO',
      kind: 'wingo',
      numero: first.numero,
      isSale: true,
      // The draw is a minute after START; remainTime counts milliseconds to it.
      remainTime: first.drawAt.getTime() - START.getTime(),
      lockTime: 5,
      tag: ['HOT'],
      previousWinningNumber: null,
    });
    expect(w1.remainTime).toBe(60_000);
    expect(list.find((g) => g.gameCode === 'WINGO3')!.tag).toEqual([]);
    // The icon URL answers an SVG.
    const icon = await t.request({ method: 'GET', url: w1.mobileIconUrl });
    expect(icon.status).toBe(200);
    expect(String(icon.headers['content-type'])).toContain('image/svg+xml');
    // Elott lists the fast electronic games only; Luzon sells fewer games.
    const elott = value<LotteryGame[]>(await get('/api/lottery/list?prizeMode=Elott'));
    expect(elott.map((g) => g.gameCode)).toEqual(['WINGO1', 'WINGO3', 'WINGO5', '5D', 'K3']);
    const luzon = value<LotteryGame[]>(await get('/api/lottery/list', 'luzon'));
    expect(luzon.map((g) => g.gameCode)).toEqual(['WINGO1', 'WINGO3', 'K3', 'VNLOTTO']);
    expect(code(await get('/api/lottery/list?prizeMode=XYZ'))).toEqual([400, 'validation_failed']);
  });

  it('LOTT-002 LOTT-021 LOTT-025 API-059 the menu is HOT, FAV, then the merchant’s groups, each with tag, labelName and gameMenus', async () => {
    const menu = value<LotteryMenu>(await get('/api/lottery/menu?prizeMode=Lott&device=MOBILE&language=TY'));
    expect(Object.keys(menu)).toEqual(['HOT', 'FAV', 'WINGO', '5D', 'K3', 'VN', 'JACKPOT']);
    expect(menu.HOT!.labelName).toBe('Sikat');
    expect(menu.HOT!.gameMenus.map((g) => g.gameCode)).toEqual(['WINGO1', '5D', 'JACKPOT645']);
    expect(menu.HOT!.gameMenus.every((g) => g.tag.includes('HOT'))).toBe(true);
    expect(menu.FAV).toMatchObject({ tag: 'FAV', gameMenus: [] });
    for (const [tag, group] of Object.entries(menu)) {
      expect(group.tag).toBe(tag);
      if (tag !== 'HOT' && tag !== 'FAV')
        expect(group.gameMenus.every((g) => g.gameGroupCode === tag)).toBe(true);
    }
    expect(menu.WINGO!.gameMenus.map((g) => g.gameCode)).toEqual(['WINGO1', 'WINGO3', 'WINGO5']);
    const en = value<LotteryMenu>(await get('/api/lottery/menu?language=EN'));
    expect(en.HOT!.labelName).toBe('Hot');
    expect(en.VN!.labelName).toBe('Vietnam');
    // Luzon: its own groups only, and only those with a game it sells.
    const luzon = value<LotteryMenu>(await get('/api/lottery/menu', 'luzon'));
    expect(Object.keys(luzon)).toEqual(['HOT', 'FAV', 'WINGO', 'K3', 'VN']);
    expect(code(await get('/api/lottery/menu?device=PC'))).toEqual([400, 'validation_failed']);
  });

  it('API-060 game menus: bet types with the merchant’s odds and limits, and the period on sale', async () => {
    const m = value<GameMenus>(await get('/api/lottery/gameMenus?gameCode=WINGO1&language=EN'));
    expect(m.betTypes.map((b) => b.betType)).toEqual(['number', 'colour', 'size']);
    const [number, colour, size] = m.betTypes;
    expect(number).toMatchObject({
      nameKey: 'lottery.betType.wingo.number',
      selection: { kind: 'list', values: ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'] },
      odds: { default: '9' },
      minStake: '1.00',
      maxStake: '50000.00',
    });
    expect(colour!.odds).toEqual({ default: '2', half: '1.5', violet: '4.5' });
    expect(size!.odds).toEqual({ default: '1.96' });
    const row = (await findPeriod(t.ctx.db, 'WINGO1', first.numero))!;
    expect(m.period).toEqual({
      gameCode: 'WINGO1',
      numero: first.numero,
      state: 'open',
      openAt: first.openAt.toISOString(),
      lockAt: first.lockAt.toISOString(),
      drawAt: first.drawAt.toISOString(),
      seedHash: row.seed_hash,
      result: null,
    } satisfies LotteryPeriod);
    expect(m).toMatchObject({ serverTime: START.toISOString(), maxFollow: 30, maxItems: 50, jackpot: null });
    expect(m.game).toMatchObject({ gameCode: 'WINGO1', remainTime: 60_000, lockTime: 5, isSale: true });
    // Pick-6 shows its jackpot (the seed to start with, plus its share of the sales so far).
    const jp = value<GameMenus>(await get('/api/lottery/gameMenus?gameCode=JACKPOT645'));
    expect(jp.jackpot).toBe('5000000.00');
    expect(jp.betTypes[0]!.selection).toEqual({ kind: 'pick', count: 6, min: 1, max: 45 });

    // A merchant's settings: Luzon pays 9.5 on a number, caps it at 20.00 and sells no colour bets.
    const luzonId = (
      await t.ctx.db.selectFrom('merchant').select('id').where('code', '=', 'luzon').executeTakeFirstOrThrow()
    ).id;
    await t.ctx.db
      .updateTable('lottery_merchant_game')
      .set({
        config: JSON.stringify({
          odds: { number: { default: '95000' } },
          limits: { number: { minStakeMinor: '500', maxStakeMinor: '2000' } },
          disabledBetTypes: ['colour'],
        }),
      })
      .where('merchant_id', '=', luzonId)
      .where('game_code', '=', 'WINGO1')
      .execute();
    const lz = value<GameMenus>(await get('/api/lottery/gameMenus?gameCode=WINGO1', 'luzon'));
    expect(lz.betTypes.map((b) => b.betType)).toEqual(['number', 'size']);
    expect(lz.betTypes[0]).toMatchObject({ odds: { default: '9.5' }, minStake: '5.00', maxStake: '20.00' });
    // Panalo's are untouched.
    expect(value<GameMenus>(await get('/api/lottery/gameMenus?gameCode=WINGO1')).betTypes[0]!.odds).toEqual({
      default: '9',
    });
    await t.ctx.db
      .updateTable('lottery_merchant_game')
      .set({ config: JSON.stringify({}) })
      .where('merchant_id', '=', luzonId)
      .execute();
    expect(code(await get('/api/lottery/gameMenus?gameCode=NOPE'))).toEqual([404, 'lottery_game_unknown']);
    expect(code(await get('/api/lottery/gameMenus?gameCode=bad code'))).toEqual([400, 'validation_failed']);
    expect(code(await get('/api/lottery/gameMenus'))).toEqual([400, 'validation_failed']);
  });

  it('API-060 opened numeros: the period on sale and the ones after it, the hash published only once open', async () => {
    const r = value<{ numeros: LotteryPeriod[]; serverTime: string }>(
      await get('/api/lottery/numeros?gameCode=WINGO1&count=3'),
    );
    const second = nextPeriod(wingo1, first);
    expect(r.numeros.map((p) => p.numero)).toEqual([
      first.numero,
      second.numero,
      nextPeriod(wingo1, second).numero,
    ]);
    expect(r.numeros.map((p) => p.state)).toEqual(['open', 'scheduled', 'scheduled']);
    expect(r.numeros[0]!.seedHash).toBe(hashBeforeDraw);
    expect(r.numeros[1]!.seedHash).toBeNull();
    expect(r.serverTime).toBe(START.toISOString());
    expect(code(await get('/api/lottery/numeros?gameCode=WINGO1&count=0'))).toEqual([
      400,
      'validation_failed',
    ]);
    expect(code(await get('/api/lottery/numeros?gameCode=WINGO1&count=51'))).toEqual([
      400,
      'validation_failed',
    ]);
  });

  it('API-060 popular: most stake in the last day first, then HOT games', async () => {
    const pop = value<LotteryGame[]>(await get('/api/lottery/popular?size=4'));
    expect(pop.map((g) => g.gameCode)).toEqual(['WINGO1', '5D', 'JACKPOT645', 'WINGO3']);
    // Luzon's players bet nothing: its HOT game first, and only games it sells.
    const luzon = value<LotteryGame[]>(await get('/api/lottery/popular?size=20', 'luzon'));
    expect(luzon.map((g) => g.gameCode)).toEqual(['WINGO1', 'WINGO3', 'K3', 'VNLOTTO']);
    expect(code(await get('/api/lottery/popular?size=abc'))).toEqual([400, 'validation_failed']);
  });

  it('LOTT-012 at the lock instant the card is off sale and game menus say locked, before the lock job has run', async () => {
    t.clock.set(first.lockAt);
    try {
      const card = value<LotteryGame[]>(await get('/api/lottery/list')).find((g) => g.gameCode === 'WINGO1')!;
      expect(card).toMatchObject({ numero: first.numero, isSale: false, remainTime: 5_000, lockTime: 5 });
      const m = value<GameMenus>(await get('/api/lottery/gameMenus?gameCode=WINGO1'));
      expect(m.period).toMatchObject({ numero: first.numero, state: 'locked' });
      const n = value<{ numeros: LotteryPeriod[] }>(
        await get('/api/lottery/numeros?gameCode=WINGO1&count=2'),
      );
      expect(n.numeros.map((p) => p.state)).toEqual(['locked', 'scheduled']);
    } finally {
      t.clock.set(START);
    }
  });

  it('LOTT-011 previousWinningNumber: groups by ~, numbers by commas', async () => {
    const vn = periodAt(getGame('VNLOTTO'), START);
    const text =
      '12345~67890~11123,45623~00045,99999,12023,55555,77777,88888~1023,2345,3456,4567~5678,6789,7890,8901,9012,0123~123,456,789~23,45,67,89';
    await storeHandResult(t, 'VNLOTTO', vn.numero, text);
    const card = value<LotteryGame[]>(await get('/api/lottery/list')).find((g) => g.gameCode === 'VNLOTTO')!;
    expect(card.previousWinningNumber).toBe(text);
    const groups = card.previousWinningNumber!.split('~').map((g) => g.split(','));
    expect(groups.map((g) => g.length)).toEqual([1, 1, 2, 6, 4, 6, 3, 4]);
    expect(card.winningTime).toBe(vn.drawAt.toISOString());
  });

  it('API-060 GAMES-057 API-065 after the draw: results newest first, and the winner board highest win first (real money only)', async () => {
    const events: LotteryEvent[] = [];
    const bus = lotteryEvents();
    const off = bus.subscribe((e) => events.push(e));
    // Two periods of WINGO1 are drawn and settled by the scheduler.
    t.clock.set(nextPeriod(wingo1, first).drawAt);
    await schedulerTick(t.ctx.db, t.clock, bus);
    off();
    expect(events.filter((e) => e.gameCode === 'WINGO1' && e.type === 'settle').map((e) => e.numero)).toEqual(
      [first.numero, nextPeriod(wingo1, first).numero],
    );

    const res = value<{ list: LotteryResult[]; pageNum: number; totalPages: number }>(
      await get('/api/lottery/results?gameCode=WINGO1&pageSize=1'),
    );
    expect(res.list.map((r) => r.numero)).toEqual([nextPeriod(wingo1, first).numero]);
    expect(res.totalPages).toBe(2);
    const page2 = value<{ list: LotteryResult[] }>(
      await get('/api/lottery/results?gameCode=WINGO1&pageSize=1&pageNo=2'),
    );
    expect(page2.list[0]).toMatchObject({ numero: first.numero, seedHash: hashBeforeDraw });
    const row = (await findPeriod(t.ctx.db, 'WINGO1', first.numero))!;
    expect(page2.list[0]!.result).toBe(formatResult('WINGO1', drawResult(row.seed, 'WINGO1', first.numero)));

    const board = value<WinnerEntry[]>(await get('/api/lottery/winners?gameCode=WINGO1&language=EN'));
    expect(board.map((w) => w.vo.winAmount)).toEqual(['45.00', '18.00', '9.00']);
    const name = players[1]!.m.username;
    expect(board[0]!.vo).toMatchObject({
      userName: `${name.slice(0, 2)}***${name.slice(-2)}`,
      gameCode: 'WINGO1',
      numero: first.numero,
      remark: expect.any(String),
    });
    // The trial account's 450.00 (play money) is not on it.
    expect(value<WinnerEntry[]>(await get('/api/lottery/winners?size=1')).map((w) => w.vo.winAmount)).toEqual(
      ['45.00'],
    );
    // Another merchant's board is its own.
    expect(value<WinnerEntry[]>(await get('/api/lottery/winners', 'luzon'))).toEqual([]);
    expect(code(await get('/api/lottery/winners?size=0'))).toEqual([400, 'validation_failed']);
  });

  it('the published hash before the draw is SHA-256 of the seed revealed after it, and the recomputed result is the stored one', async () => {
    const v = value<VerifyPeriod>(await get(`/api/lottery/verify?gameCode=WINGO1&numero=${first.numero}`));
    expect(v.seedHash).toBe(hashBeforeDraw);
    expect(sha256(v.seed!)).toBe(hashBeforeDraw);
    expect(v.state).toBe('settled');
    expect(v.recomputed).toBe(v.result);
    expect(v.result).toBe(formatResult('WINGO1', drawResult(v.seed!, 'WINGO1', first.numero)));
    expect(v.verified).toBe(true);

    // Not drawn yet: the hash of an open period, never its seed; a period not open yet shows neither.
    const open = periodAt(wingo1, t.clock.now());
    const pending = value<VerifyPeriod>(
      await get(`/api/lottery/verify?gameCode=WINGO1&numero=${open.numero}`),
    );
    expect(pending).toMatchObject({
      state: 'open',
      seed: null,
      result: null,
      recomputed: null,
      verified: null,
    });
    expect(pending.seedHash).toBe((await findPeriod(t.ctx.db, 'WINGO1', open.numero))!.seed_hash);
    const later = nextPeriod(wingo1, open);
    const ahead = value<VerifyPeriod>(
      await get(`/api/lottery/verify?gameCode=WINGO1&numero=${later.numero}`),
    );
    expect(ahead).toMatchObject({ state: 'scheduled', seedHash: null, seed: null });

    // A stored result that is not the seed's is caught.
    const second = nextPeriod(wingo1, first);
    const secondRow = (await findPeriod(t.ctx.db, 'WINGO1', second.numero))!;
    const other = String((Number(secondRow.result) + 1) % 10);
    await t.ctx.db
      .updateTable('lottery_period')
      .set({ result: other })
      .where('id', '=', secondRow.id)
      .execute();
    const bad = value<VerifyPeriod>(await get(`/api/lottery/verify?gameCode=WINGO1&numero=${second.numero}`));
    expect(bad).toMatchObject({ result: other, recomputed: secondRow.result, verified: false });
    await t.ctx.db
      .updateTable('lottery_period')
      .set({ result: secondRow.result })
      .where('id', '=', secondRow.id)
      .execute();

    expect(code(await get('/api/lottery/verify?gameCode=WINGO1&numero=20990101'))).toEqual([
      404,
      'lottery_period_unknown',
    ]);
    expect(code(await get('/api/lottery/verify?gameCode=WINGO1&numero=abc'))).toEqual([
      400,
      'validation_failed',
    ]);
    // A game the merchant does not sell is unknown there.
    expect(code(await get(`/api/lottery/verify?gameCode=5D&numero=${first.numero}`, 'luzon'))).toEqual([
      404,
      'lottery_game_unknown',
    ]);
  });

  it('a game another merchant sells but this one does not is 404 on every read', async () => {
    for (const url of [
      '/api/lottery/gameMenus?gameCode=5D',
      '/api/lottery/results?gameCode=5D',
      '/api/lottery/numeros?gameCode=5D',
    ])
      expect(code(await get(url, 'luzon')), url).toEqual([404, 'lottery_game_unknown']);
    expect(
      value<LotteryGame[]>(await get('/api/lottery/popular?size=20', 'luzon')).some(
        (g) => g.gameCode === '5D',
      ),
    ).toBe(false);
  });
});

describe('lottery launch (issue 6)', () => {
  const launch = (p: LotteryPlayer | null, body: Record<string, unknown>, merchant?: string) =>
    api.call<{ gameUrl: string }>(p, 'POST', '/api/lottery/launch', body, undefined, merchant);
  const base = {
    lottoArea: 'VN',
    launchMode: 'LOTT',
    lottoPrizeMode: 'Lott',
    device: 'MOBILE',
    language: 'EN',
  };

  it('API-061 API-062 API-063 betting with a game code opens /m/startLottery?code=…, otherwise the lobby', async () => {
    const p = players[0]!;
    const betting = value(
      await launch(p, { ...base, lottoGameCode: 'WINGO1', lottoView: 'betting', backUrl: '/m/home?x=1&y=2' }),
    );
    expect(betting.gameUrl).toBe(
      `/m/startLottery?code=WINGO1&backUrl=${encodeURIComponent('/m/home?x=1&y=2')}`,
    );
    const noBack = value(await launch(p, { ...base, lottoGameCode: '5D', lottoView: 'betting' }));
    expect(noBack.gameUrl).toBe('/m/startLottery?code=5D');
    expect(value(await launch(p, { ...base, lottoView: 'lobby' })).gameUrl).toBe('/m/lottery');
    expect(value(await launch(p, { ...base, lottoGameCode: '', lottoView: 'lobby' })).gameUrl).toBe(
      '/m/lottery',
    );
    // A trial account may launch too.
    expect(value(await launch(trial, { ...base, lottoGameCode: 'K3', lottoView: 'betting' })).gameUrl).toBe(
      '/m/startLottery?code=K3',
    );
  });

  it('launch refusals: visitor 401, unknown or not-sold game 404, malformed 400', async () => {
    const p = players[0]!;
    expect(code(await launch(null, { ...base, lottoGameCode: 'WINGO1', lottoView: 'betting' }))).toEqual([
      401,
      'not_logged_in',
    ]);
    expect(code(await launch(p, { ...base, lottoGameCode: 'NOPE', lottoView: 'betting' }))).toEqual([
      404,
      'lottery_game_unknown',
    ]);
    expect(code(await launch(p, { ...base, lottoGameCode: '', lottoView: 'betting' }))).toEqual([
      404,
      'lottery_game_unknown',
    ]);
    const luzon = await lotteryPlayer(t, { merchant: 'luzon', funds: 0n });
    expect(code(await launch(luzon, { ...base, lottoGameCode: '5D', lottoView: 'betting' }))).toEqual([
      404,
      'lottery_game_unknown',
    ]);
    expect(
      code(await launch(p, { ...base, lottoArea: 'TH', lottoGameCode: 'WINGO1', lottoView: 'betting' })),
    ).toEqual([400, 'validation_failed']);
    expect(code(await launch(p, { ...base, lottoGameCode: 'WINGO1', lottoView: 'play' }))).toEqual([
      400,
      'validation_failed',
    ]);
    expect(code(await launch(p, { ...base, lottoGameCode: 'X'.repeat(17), lottoView: 'betting' }))).toEqual([
      400,
      'validation_failed',
    ]);
  });
});

describe('lottery stream (issue 6)', () => {
  it('the subscribe function delivers each published event until unsubscribed', () => {
    const bus = lotteryEvents();
    const seen: string[] = [];
    const off = bus.subscribe((e) => seen.push(`${e.type}:${e.numero}`));
    const e: LotteryEvent = {
      type: 'draw',
      gameCode: 'WINGO1',
      numero: first.numero,
      result: '5',
      at: START,
    };
    bus.publish(e);
    off();
    bus.publish(e);
    expect(seen).toEqual([`draw:${first.numero}`]);
  });

  it('the stream answers text/event-stream and sends the merchant’s games’ events only', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const abort = new AbortController();
    // The page's one stream (issue 19): a visitor's carries the lottery's events.
    const res = await fetch(`${address}/api/stream`, {
      headers: { merchant: 'luzon' },
      signal: abort.signal,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    const readUntil = async (needle: string) => {
      while (!text.includes(needle)) {
        const { value: chunk, done } = await reader.read();
        if (done) break;
        text += decoder.decode(chunk as Uint8Array, { stream: true });
      }
    };
    await readUntil('event: ready');
    // 5D is not Luzon's: its event is not sent; WINGO1's is.
    processLotteryEvents.publish({
      type: 'draw',
      gameCode: '5D',
      numero: '202606010001',
      result: '12345',
      at: START,
    });
    processLotteryEvents.publish({
      type: 'draw',
      gameCode: 'WINGO1',
      numero: first.numero,
      result: '7',
      at: START,
    });
    await readUntil(first.numero);
    abort.abort();
    expect(text).not.toContain('5D');
    const block = text.split('\n\n').find((b) => b.includes('event: draw'))!;
    const data = JSON.parse(
      block
        .split('\n')
        .find((l) => l.startsWith('data: '))!
        .slice(6),
    ) as LotteryStreamEvent;
    expect(data).toEqual({
      type: 'draw',
      gameCode: 'WINGO1',
      numero: first.numero,
      result: '7',
      at: START.toISOString(),
    });
  });
});
