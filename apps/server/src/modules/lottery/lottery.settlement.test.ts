import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WINNER_BOARD_DEPTH, type LotteryBet, type WinnerEntry } from '@panalo/contract/lottery';
import { parseAmount } from '@panalo/contract/money';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { expectLedgerClean } from '../../test-support/ledger';
import { settleBet } from './engine/bet';
import { resolveConfig } from './engine/config';
import { parseResult } from './engine/draw';
import { getGame } from './engine/registry';
import { nextPeriod, periodAt } from './engine/schedule';
import { ensurePeriods, findPeriod } from './lottery.periods';
import { settlePeriod } from './lottery.settlement';
import { lotteryApi, lotteryPlayer, storeHandResult, value, type Placed } from './lottery.test-support';

let t: TestApp;
let api: ReturnType<typeof lotteryApi>;

beforeAll(async () => {
  t = await createTestApp();
  api = lotteryApi(t);
  await ensurePeriods(t.ctx.db, t.clock.now());
});
afterAll(async () => {
  await expectLedgerClean(t.ctx.db);
  await t.close();
});

const numeroOf = (gameCode: string) => periodAt(getGame(gameCode), t.clock.now()).numero;
const minor = (s: string) => parseAmount(s)!;

/** [betType, selection, hand-checked payout of 10.00 (or -1: lost)] */
type Row = [string, string, bigint];

// Hand-checked tables (the same figures as the engine's tests): stake 10.00 each, default odds.
const CASES: { game: string; result: string; rows: Row[] }[] = [
  {
    game: 'WINGO1',
    result: '5',
    rows: [
      ['number', '5', 9_000n],
      ['number', '7', -1n],
      ['colour', 'green', 1_500n],
      ['colour', 'violet', 4_500n],
      ['colour', 'red', -1n],
      ['size', 'big', 1_960n],
      ['size', 'small', -1n],
    ],
  },
  {
    game: '5D',
    result: '38105',
    rows: [
      ['position', 'B:8', 9_800n],
      ['position', 'B:3', -1n],
      ['positionSize', 'E:big', 1_960n],
      ['positionSize', 'C:big', -1n],
      ['positionParity', 'A:odd', 1_960n],
      ['sum', '17', 21_914n],
      ['sum', '18', -1n],
      ['sumSize', 'small', 1_960n],
      ['sumParity', 'odd', 1_960n],
      ['sumParity', 'even', -1n],
    ],
  },
  {
    game: 'K3',
    result: '256',
    rows: [
      ['sum', '13', 9_874n],
      ['sum', '12', -1n],
      ['sumSize', 'big', 1_960n],
      ['sumParity', 'odd', 1_960n],
      ['tripleAny', 'any', -1n],
      ['triple', '444', -1n],
      ['pair', '22', -1n],
      ['threeDifferent', '652', 34_560n],
      ['twoDifferent', '52', 6_912n],
      ['twoDifferent', '12', -1n],
    ],
  },
  {
    game: 'VNLOTTO',
    result:
      '12345~67890~11123,45623~00045,99999,12023,55555,77777,88888~1023,2345,3456,4567~5678,6789,7890,8901,9012,0123~123,456,789~23,45,67,89',
    rows: [
      ['lo2', '23', 24_500n],
      ['lo2', '00', -1n],
      ['lo3', '123', 123_000n],
      ['lo4', '0123', 470_000n],
      ['de2', '45', 95_000n],
      ['de3', '345', 900_000n],
      ['de4', '2345', 9_000_000n],
      ['de4', '2346', -1n],
    ],
  },
  {
    game: 'JACKPOT645',
    result: '03,11,19,27,35,44',
    rows: [
      ['pick6', '03,11,19,27,35,45', 1_000_000n],
      ['pick6', '44,35,27,19,1,2', 30_000n],
      ['pick6', '3,11,19,40,41,42', 3_000n],
      ['pick6', '01,02,04,05,06,07', -1n],
    ],
  },
];

async function settled(gameCode: string, numero: string): Promise<LotteryBet[]> {
  const p = (await findPeriod(t.ctx.db, gameCode, numero))!;
  const rows = await t.ctx.db
    .selectFrom('lottery_bet')
    .selectAll()
    .where('period_id', '=', p.id)
    .orderBy('id')
    .execute();
  return rows.map((b) => ({
    id: String(b.id),
    orderId: String(b.order_id),
    gameCode: b.game_code,
    numero: b.numero,
    betType: b.bet_type,
    selection: b.selection,
    amount: String(b.amount),
    units: b.units,
    stake: String(b.stake),
    status: b.status,
    payout: String(b.payout),
    result: p.result,
    createdAt: '',
    settledAt: null,
  }));
}

describe('lottery settlement on the database (issue 6)', () => {
  it.each(CASES)(
    'settlement $game: every bet type settles set-based as settleBet and the hand-checked table',
    async ({ game, result, rows }) => {
      const p = await lotteryPlayer(t);
      const numero = numeroOf(game);
      const placed = value<Placed>(
        await api.bet(p, {
          gameCode: game,
          numero,
          items: rows.map(([betType, selection]) => ({ betType, selection, amount: '10.00', units: 1 })),
        }),
      );
      expect(placed.bets).toHaveLength(rows.length);
      const before = await api.wallet(p);
      const periodId = await storeHandResult(t, game, numero, result);
      const out = await settlePeriod(t.ctx.db, periodId, t.clock.now());
      expect(out.settled).toBe(true);
      expect(out.bets).toBe(rows.length);

      const bets = await settled(game, numero);
      const parsed = parseResult(game, result)!;
      const config = resolveConfig(game);
      let won = 0n;
      rows.forEach(([betType, selection, expected], i) => {
        const b = bets[i]!;
        const ref = settleBet(
          { gameCode: game, betType, selection, amountMinor: 1_000n, units: 1 },
          parsed,
          config,
        );
        expect(b.status, `${betType} ${selection}`).toBe(expected < 0n ? 'lost' : 'won');
        expect(BigInt(b.payout), `${betType} ${selection}`).toBe(expected < 0n ? 0n : expected);
        expect(BigInt(b.payout)).toBe(ref.won ? ref.payoutMinor : 0n);
        won += BigInt(b.payout);
      });
      expect(out.paidMinor).toBe(won);
      expect(await api.wallet(p)).toBe(before + won);
    },
  );

  it('settlement: units multiply the stake and payouts floor to the minor unit, as settleBet', async () => {
    const p = await lotteryPlayer(t);
    // WINGO1's period was settled above; WINGO3 is its own period.
    const numero = numeroOf('WINGO3');
    value(
      await api.bet(p, {
        gameCode: 'WINGO3',
        numero,
        items: [
          { betType: 'number', selection: '0', amount: '10.00', units: 3 },
          { betType: 'colour', selection: 'red', amount: '3.33', units: 1 },
        ],
      }),
    );
    const id = await storeHandResult(t, 'WINGO3', numero, '0');
    await settlePeriod(t.ctx.db, id, t.clock.now());
    const bets = await settled('WINGO3', numero);
    expect(bets.map((b) => b.payout)).toEqual(['27000', '499']);
  });

  it('settlement: six matches share the jackpot by stake; the carry restarts from the seed plus the rounding', async () => {
    const a = await lotteryPlayer(t, { funds: 10_000_000n });
    const b = await lotteryPlayer(t, { funds: 10_000_000n });
    // The next daily period: JACKPOT645's period today was settled in the table above.
    const game = getGame('JACKPOT645');
    const today = periodAt(game, t.clock.now());
    const numero = today.numero;
    const ticket = '44,35,27,19,11,3';
    // The jackpot of today's period was carried already (a settled period without six matches).
    const carryBefore = await t.ctx.db
      .selectFrom('lottery_jackpot')
      .select('carry')
      .where('game_code', '=', 'JACKPOT645')
      .executeTakeFirstOrThrow();
    const next = await t.ctx.db
      .selectFrom('lottery_period')
      .select('numero')
      .where('game_code', '=', 'JACKPOT645')
      .where('numero', '>', numero)
      .orderBy('numero')
      .executeTakeFirstOrThrow();
    // Bets are taken only on the period on sale: move the clock into the next period's window.
    t.clock.set(new Date(today.drawAt.getTime() + 60_000));
    value(
      await api.bet(a, {
        gameCode: 'JACKPOT645',
        numero: next.numero,
        items: [{ betType: 'pick6', selection: ticket, amount: '10.00', units: 1 }],
      }),
    );
    value(
      await api.bet(b, {
        gameCode: 'JACKPOT645',
        numero: next.numero,
        items: [{ betType: 'pick6', selection: ticket, amount: '10.00', units: 2 }],
      }),
    );
    const id = await storeHandResult(t, 'JACKPOT645', next.numero, '03,11,19,27,35,44');
    await settlePeriod(t.ctx.db, id, t.clock.now());
    const jp = await t.ctx.db
      .selectFrom('lottery_jackpot_period')
      .selectAll()
      .where('period_id', '=', id)
      .executeTakeFirstOrThrow();
    // Pool = carry + 30 % of 30.00 of sales; a third and two thirds of it, floored.
    const pool = carryBefore.carry + 900n;
    expect(jp.pool).toBe(pool);
    const shareA = (pool * 1_000n) / 3_000n;
    const shareB = (pool * 2_000n) / 3_000n;
    const bets = await settled('JACKPOT645', next.numero);
    expect(bets.map((x) => BigInt(x.payout))).toEqual([shareA, shareB]);
    expect(jp.paid).toBe(shareA + shareB);
    expect(jp.carry_out).toBe(500_000_000n + pool - shareA - shareB);
    const carry = await t.ctx.db
      .selectFrom('lottery_jackpot')
      .select('carry')
      .where('game_code', '=', 'JACKPOT645')
      .executeTakeFirstOrThrow();
    expect(carry.carry).toBe(jp.carry_out);
    t.clock.set(new Date('2026-06-01T08:00:00.000Z'));
  });

  it('settlement: settling twice, or again after a crash part-way, settles every bet exactly once', async () => {
    const p = await lotteryPlayer(t);
    const numero = numeroOf('WINGO5');
    value(
      await api.bet(p, {
        gameCode: 'WINGO5',
        numero,
        items: [
          { betType: 'number', selection: '7', amount: '10.00', units: 1 },
          { betType: 'size', selection: 'big', amount: '10.00', units: 1 },
        ],
      }),
    );
    const afterBet = await api.wallet(p);
    const id = await storeHandResult(t, 'WINGO5', numero, '7');
    // A crash after the bets were marked and before the money moved: the whole transaction is undone.
    await expect(
      settlePeriod(t.ctx.db, id, t.clock.now(), undefined, {
        afterBets: () => {
          throw new Error('crash');
        },
      }),
    ).rejects.toThrow('crash');
    expect((await settled('WINGO5', numero)).map((b) => b.status)).toEqual(['accepted', 'accepted']);
    expect(await api.wallet(p)).toBe(afterBet);
    const first = await settlePeriod(t.ctx.db, id, t.clock.now());
    const again = await settlePeriod(t.ctx.db, id, t.clock.now());
    expect(first).toMatchObject({ settled: true, bets: 2, paidMinor: 9_000n + 1_960n });
    expect(again).toMatchObject({ settled: false, bets: 0, paidMinor: 0n });
    expect(await api.wallet(p)).toBe(afterBet + 10_960n);
    const transfers = await t.ctx.db
      .selectFrom('ledger_transfer')
      .select('id')
      .where('kind', '=', 'lottery_win')
      .where('reference', '=', `lottery:WINGO5:${numero}`)
      .execute();
    expect(transfers).toHaveLength(1);
    await expectLedgerClean(t.ctx.db);
    expect(minor('109.60')).toBe(10_960n);
  });

  it('settlement writes the winner board: the period’s 50 biggest real-money wins per site, trial wins not among them, in the board’s order', async () => {
    // The next WINGO1 period (this file's first test settled the current one).
    const wingo1 = getGame('WINGO1');
    const next = nextPeriod(wingo1, periodAt(wingo1, t.clock.now()));
    t.clock.set(next.openAt);
    await ensurePeriods(t.ctx.db, t.clock.now());
    const p = await lotteryPlayer(t);
    const trial = await lotteryPlayer(t, { type: 4 });
    // 60 winning bets of 1.00 … 60.00 on 'big' (1.96), two orders of 30; the trial account's 100.00 wins most.
    for (const from of [1, 31])
      value(
        await api.bet(p, {
          gameCode: 'WINGO1',
          numero: next.numero,
          items: Array.from({ length: 30 }, (_, i) => ({
            betType: 'size',
            selection: 'big',
            amount: `${from + i}.00`,
            units: 1,
          })),
        }),
      );
    value(
      await api.bet(trial, {
        gameCode: 'WINGO1',
        numero: next.numero,
        items: [{ betType: 'size', selection: 'big', amount: '100.00', units: 1 }],
      }),
    );
    const id = await storeHandResult(t, 'WINGO1', next.numero, '7');
    expect(await settlePeriod(t.ctx.db, id, t.clock.now())).toMatchObject({ settled: true, bets: 61 });

    const board = await t.ctx.db
      .selectFrom('lottery_win_board')
      .select(['bet_id', 'member_id', 'stake', 'payout'])
      .where('period_id', '=', id)
      .orderBy('payout', 'desc')
      .execute();
    expect(WINNER_BOARD_DEPTH).toBe(50);
    expect(board).toHaveLength(WINNER_BOARD_DEPTH);
    expect(board.every((r) => r.member_id === p.m.id)).toBe(true);
    // The 50 biggest: stakes 60.00 down to 11.00, each paid 1.96 times.
    expect(board.map((r) => r.stake)).toEqual(Array.from({ length: 50 }, (_, i) => BigInt(6_000 - i * 100)));
    expect(board.every((r) => r.payout === (r.stake * 196n) / 100n)).toBe(true);
    // The lobby's board reads them: the 50 biggest WINGO1 wins of the week, as the bets say the long way.
    const shown = value<WinnerEntry[]>(
      await api.call<WinnerEntry[]>(null, 'GET', '/api/lottery/winners?gameCode=WINGO1&size=50'),
    );
    const longWay = await t.ctx.db
      .selectFrom('lottery_bet')
      .select(['numero', 'payout'])
      .where('game_code', '=', 'WINGO1')
      .where('status', '=', 'won')
      .where('book', '=', 'real')
      .orderBy('payout', 'desc')
      .orderBy('id')
      .limit(50)
      .execute();
    expect(shown.map((w) => [w.vo.numero, minor(w.vo.winAmount)])).toEqual(
      longWay.map((b) => [b.numero, b.payout]),
    );
    expect(shown.filter((w) => w.vo.numero === next.numero).length).toBeGreaterThan(40);
  });

  it('settlement: no index of lottery_bet names a column the settlement writes, and its pages keep room, so the million-row update stays HOT', async () => {
    const defs = await sql<{ def: string }>`
      select pg_get_indexdef(indexrelid) as def from pg_index where indrelid = 'lottery_bet'::regclass`.execute(
      t.ctx.db,
    );
    expect(defs.rows.length).toBeGreaterThan(0);
    for (const { def } of defs.rows) expect(def).not.toMatch(/\b(status|payout|settled_at)\b/);
    const options = await sql<{ options: string[] | null }>`
      select reloptions as options from pg_class where oid = 'lottery_bet'::regclass`.execute(t.ctx.db);
    expect(options.rows[0]!.options).toContain('fillfactor=50');
  });
});
