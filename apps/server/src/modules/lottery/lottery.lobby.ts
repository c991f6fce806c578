import { sql } from 'kysely';
import {
  LOTTERY_MAX_FOLLOW,
  LOTTERY_MAX_ITEMS,
  LOTTERY_MENU_FAV,
  LOTTERY_MENU_HOT,
  type GameMenus,
  type LotteryGame,
  type LotteryMenu,
  type LotteryPeriod,
  type LotteryPrizeMode,
  type VerifyPeriod,
  type WinnerEntry,
} from '@panalo/contract/lottery';
import { formatAmount } from '@panalo/contract/money';
import { maskName } from '../../lib/mask-name';
import type { Database } from '../../db/database';
import type { LotteryPeriodState } from '../../db/schema';
import { DomainError } from '../../lib/domain-error';
import { verifyDraw } from './engine/draw';
import { jackpotPool } from './engine/jackpot';
import { findGame, getGame } from './engine/registry';
import { nextPeriod, periodAt, periodState, type Period } from './engine/schedule';
import { ODDS_SCALE } from './engine/types';
import { merchantConfig, selectionRule } from './lottery.config';
import { soldGame } from './lottery.bets';
import { LOTTERY_GROUPS } from './lottery.seed';

const FAV_LABEL: Record<string, string> = { EN: 'Favourites', TY: 'Paborito' };
const HOT_LABEL: Record<string, string> = { EN: 'Hot', TY: 'Sikat' };
const ELECTRONIC = new Set(['wingo', 'd5', 'k3']);

const lang = (language: string | undefined) => (language === 'EN' ? 'EN' : language === 'TY' ? 'TY' : 'EN');
const nameIn = (names: Record<string, string>, language: string | undefined, fallback: string) =>
  names[lang(language)] ?? names.EN ?? fallback;

/** Odds as the wire's decimal multiplier: 19600 → "1.96", 90000 → "9". */
export function oddsText(odds: bigint): string {
  const whole = odds / ODDS_SCALE;
  const frac = (odds % ODDS_SCALE).toString().padStart(4, '0').replace(/0+$/, '');
  return frac ? `${whole}.${frac}` : whole.toString();
}

type GameRow = Awaited<ReturnType<typeof soldGame>>;

async function gamesOf(db: Database, merchantId: number) {
  const rows = await db
    .selectFrom('lottery_merchant_game')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('enabled', '=', true)
    .orderBy('sort')
    .orderBy('id')
    .execute();
  // A code the engine does not know (a typo, a retired game) is not sold: one bad row must not fail the lobby.
  return rows.filter((g) => findGame(g.game_code));
}

async function latestResults(db: Database, codes: string[]) {
  if (codes.length === 0) return new Map<string, { result: string; drawn: Date }>();
  const rows = await sql<{ game_code: string; result: string; draw_at: Date }>`
    select distinct on (game_code) game_code, result, draw_at from lottery_period
    where game_code in (${sql.join(codes)}) and result is not null
    order by game_code, draw_at desc`.execute(db);
  return new Map(rows.rows.map((r) => [r.game_code, { result: r.result, drawn: new Date(r.draw_at) }]));
}

function cardOf(
  g: GameRow,
  now: Date,
  language: string | undefined,
  latest: Map<string, { result: string; drawn: Date }>,
): LotteryGame {
  const game = getGame(g.game_code);
  const period = periodAt(game, now);
  const last = latest.get(g.game_code);
  return {
    gameId: String(g.id),
    gameGroupCode: g.group_code,
    gameCode: g.game_code,
    remark: nameIn(g.names, language, g.game_code),
    mobileIconUrl: g.icon_url,
    kind: game.kind,
    numero: period.numero,
    previousWinningNumber: last?.result ?? null,
    winningTime: last?.drawn.toISOString() ?? null,
    isSale: periodState(period, now) === 'open',
    remainTime: Math.max(0, period.drawAt.getTime() - now.getTime()),
    lockTime: game.schedule.lockSeconds,
    tag: g.tags,
  };
}

const inMode = (g: GameRow, mode: LotteryPrizeMode) =>
  mode !== 'Elott' || ELECTRONIC.has(getGame(g.game_code).kind);

function periodView(
  p: Period,
  row: { state: LotteryPeriodState; seed_hash: string; result: string | null } | undefined,
  now: Date,
): LotteryPeriod {
  // Until drawn, the later of the stored state and the server time's: the lock job may not have run yet
  // at lockAt, but bets are refused by time from then on, so the screen must already say locked.
  const byTime = periodState(p, now);
  const timed: LotteryPeriodState = byTime === 'drawn' ? 'locked' : byTime;
  const order: LotteryPeriodState[] = ['scheduled', 'open', 'locked'];
  const state: LotteryPeriodState =
    row && !order.includes(row.state)
      ? row.state
      : order[Math.max(order.indexOf(timed), row ? order.indexOf(row.state) : 0)]!;
  return {
    gameCode: p.gameCode,
    numero: p.numero,
    state,
    openAt: p.openAt.toISOString(),
    lockAt: p.lockAt.toISOString(),
    drawAt: p.drawAt.toISOString(),
    // The hash is public from the opening on; the seed stays secret until the draw.
    seedHash: row && now >= p.openAt ? row.seed_hash : null,
    result: row?.result ?? null,
  };
}

type PeriodRowView = { numero: string; state: LotteryPeriodState; seed_hash: string; result: string | null };
async function periodRows(db: Database, gameCode: string, numeros: string[]) {
  if (numeros.length === 0) return new Map<string, PeriodRowView>();
  const rows = await db
    .selectFrom('lottery_period')
    .select(['numero', 'state', 'seed_hash', 'result'])
    .where('game_code', '=', gameCode)
    .where('numero', 'in', numeros)
    .execute();
  return new Map<string, PeriodRowView>(rows.map((r) => [r.numero, r]));
}

/** The lobby's reads, all bounded by the merchant (only the games it sells). */
export function lotteryLobby(db: Database) {
  return {
    async list(merchantId: number, prizeMode: LotteryPrizeMode, language: string | undefined, now: Date) {
      const games = (await gamesOf(db, merchantId)).filter((g) => inMode(g, prizeMode));
      const latest = await latestResults(
        db,
        games.map((g) => g.game_code),
      );
      return games.map((g) => cardOf(g, now, language, latest));
    },

    async menu(merchantId: number, prizeMode: LotteryPrizeMode, language: string | undefined, now: Date) {
      const cards = await this.list(merchantId, prizeMode, language, now);
      const groups = await db
        .selectFrom('lottery_group')
        .select(['code', 'names'])
        .where('merchant_id', '=', merchantId)
        .orderBy('sort')
        .execute();
      const menu: LotteryMenu = {
        [LOTTERY_MENU_HOT]: {
          tag: LOTTERY_MENU_HOT,
          labelName: nameIn(HOT_LABEL, language, 'HOT'),
          gameMenus: cards.filter((c) => c.tag.includes(LOTTERY_MENU_HOT)),
        },
        [LOTTERY_MENU_FAV]: {
          tag: LOTTERY_MENU_FAV,
          labelName: nameIn(FAV_LABEL, language, 'FAV'),
          gameMenus: [],
        },
      };
      for (const g of groups) {
        const gameMenus = cards.filter((c) => c.gameGroupCode === g.code);
        if (gameMenus.length === 0) continue;
        menu[g.code] = {
          tag: g.code,
          labelName: nameIn(g.names, language, LOTTERY_GROUPS[g.code]?.EN ?? g.code),
          gameMenus,
        };
      }
      return menu;
    },

    async gameMenus(
      merchantId: number,
      gameCode: string,
      language: string | undefined,
      now: Date,
    ): Promise<GameMenus> {
      const g = await soldGame(db, merchantId, gameCode);
      const game = getGame(gameCode);
      const config = merchantConfig(gameCode, g.config);
      const latest = await latestResults(db, [gameCode]);
      const period = periodAt(game, now);
      const rows = await periodRows(db, gameCode, [period.numero]);
      const betTypes = Object.keys(game.betTypes)
        .filter((bt) => !config.disabledBetTypes.includes(bt))
        .map((bt) => {
          const odds = Object.fromEntries(
            Object.entries(config.odds[bt] ?? {}).map(([k, v]) => [k, oddsText(v)]),
          );
          const limits = config.limits[bt]!;
          return {
            betType: bt,
            nameKey: `lottery.betType.${game.kind}.${bt}`,
            selection: selectionRule(gameCode, bt),
            odds,
            minStake: formatAmount(limits.minStakeMinor),
            maxStake: formatAmount(limits.maxStakeMinor),
          };
        });
      let jackpot: string | null = null;
      if (config.jackpot) {
        const carry = await db
          .selectFrom('lottery_jackpot')
          .select('carry')
          .where('merchant_id', '=', merchantId)
          .where('game_code', '=', gameCode)
          .executeTakeFirst();
        const sales = await db
          .selectFrom('lottery_bet')
          .select(sql<string>`coalesce(sum(stake), 0)::text`.as('s'))
          .where('merchant_id', '=', merchantId)
          .where('game_code', '=', gameCode)
          .where('numero', '=', period.numero)
          // The jackpot is real money: trial (play-money) stakes do not feed it.
          .where('book', '=', 'real')
          .executeTakeFirstOrThrow();
        jackpot = formatAmount(
          jackpotPool(carry?.carry ?? config.jackpot.seedMinor, BigInt(sales.s), config),
        );
      }
      return {
        game: cardOf(g, now, language, latest),
        betTypes,
        period: periodView(period, rows.get(period.numero), now),
        serverTime: now.toISOString(),
        maxFollow: LOTTERY_MAX_FOLLOW,
        maxItems: LOTTERY_MAX_ITEMS,
        jackpot,
      };
    },

    async results(merchantId: number, gameCode: string, pageNo: number, pageSize: number) {
      await soldGame(db, merchantId, gameCode);
      const base = db
        .selectFrom('lottery_period')
        .where('game_code', '=', gameCode)
        .where('result', 'is not', null);
      const [rows, count] = await Promise.all([
        base
          .select(['game_code', 'numero', 'result', 'draw_at', 'seed_hash'])
          .orderBy('draw_at', 'desc')
          .limit(pageSize)
          .offset((pageNo - 1) * pageSize)
          .execute(),
        base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return {
        list: rows.map((r) => ({
          gameCode: r.game_code,
          numero: r.numero,
          result: r.result!,
          winningTime: r.draw_at.toISOString(),
          seedHash: r.seed_hash,
        })),
        pageNum: pageNo,
        totalPages: Math.max(1, Math.ceil(Number(count.n) / pageSize)),
      };
    },

    async numeros(merchantId: number, gameCode: string, count: number, now: Date) {
      await soldGame(db, merchantId, gameCode);
      const game = getGame(gameCode);
      const periods: Period[] = [periodAt(game, now)];
      while (periods.length < count) periods.push(nextPeriod(game, periods[periods.length - 1]!));
      const rows = await periodRows(
        db,
        gameCode,
        periods.map((p) => p.numero),
      );
      return {
        gameCode,
        serverTime: now.toISOString(),
        numeros: periods.map((p) => periodView(p, rows.get(p.numero), now)),
      };
    },

    async popular(
      merchantId: number,
      prizeMode: LotteryPrizeMode,
      language: string | undefined,
      size: number,
      now: Date,
    ) {
      const cards = await this.list(merchantId, prizeMode, language, now);
      const stakes = await db
        .selectFrom('lottery_bet')
        .select(['game_code', sql<string>`sum(stake)::text`.as('s')])
        .where('merchant_id', '=', merchantId)
        .where('created_at', '>', new Date(now.getTime() - 24 * 3_600_000))
        .groupBy('game_code')
        .execute();
      const stakeOf = new Map(stakes.map((s) => [s.game_code, BigInt(s.s)]));
      return cards
        .map((c, i) => ({ c, i, s: stakeOf.get(c.gameCode) ?? 0n, hot: c.tag.includes('HOT') }))
        .sort((a, b) => (a.s !== b.s ? (b.s > a.s ? 1 : -1) : a.hot !== b.hot ? (a.hot ? -1 : 1) : a.i - b.i))
        .slice(0, size)
        .map((x) => x.c);
    },

    async winners(
      merchantId: number,
      gameCode: string | undefined,
      language: string | undefined,
      size: number,
      now: Date,
    ): Promise<WinnerEntry[]> {
      const games = new Map((await gamesOf(db, merchantId)).map((g) => [g.game_code, g]));
      // The board's rows hold each period's biggest real-money wins (written by the settlement).
      let q = db
        .selectFrom('lottery_win_board as b')
        .innerJoin('member as m', 'm.id', 'b.member_id')
        .select(['m.username', 'b.game_code', 'b.numero', 'b.payout', 'b.settled_at'])
        .where('b.merchant_id', '=', merchantId)
        .where('b.settled_at', '>', new Date(now.getTime() - 7 * 86_400_000));
      if (gameCode) q = q.where('b.game_code', '=', gameCode);
      const rows = await q.orderBy('b.payout', 'desc').orderBy('b.bet_id').limit(size).execute();
      return rows.map((r) => ({
        vo: {
          userName: maskName(r.username),
          gameCode: r.game_code,
          remark: nameIn(games.get(r.game_code)?.names ?? {}, language, r.game_code),
          numero: r.numero,
          winAmount: formatAmount(r.payout),
          winTime: (r.settled_at ?? now).toISOString(),
        },
      }));
    },

    async verify(merchantId: number, gameCode: string, numero: string, now: Date): Promise<VerifyPeriod> {
      await soldGame(db, merchantId, gameCode);
      const p = await db
        .selectFrom('lottery_period')
        .select(['state', 'seed', 'seed_hash', 'result', 'open_at'])
        .where('game_code', '=', gameCode)
        .where('numero', '=', numero)
        .executeTakeFirst();
      if (!p) throw new DomainError('lottery_period_unknown', 404, 'There is no such period');
      const revealed = p.result !== null;
      const v = revealed ? verifyDraw(p.seed, p.seed_hash, gameCode, numero) : null;
      const recomputed = v?.ok ? v.winningNumber : null;
      return {
        gameCode,
        numero,
        state: p.state,
        seedHash: now >= p.open_at ? p.seed_hash : null,
        seed: revealed ? p.seed : null,
        result: p.result,
        recomputed,
        verified: revealed ? recomputed !== null && recomputed === p.result : null,
      };
    },
  };
}
