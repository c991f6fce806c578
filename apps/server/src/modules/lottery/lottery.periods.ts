import { sql } from 'kysely';
import type { Database } from '../../db/database';
import type { LotteryPeriodState } from '../../db/schema';
import { matchTiers, winningSelections } from './engine/bet';
import { drawResult, formatResult } from './engine/draw';
import { jackpotPool } from './engine/jackpot';
import { findGame, getGame } from './engine/registry';
import type { LotteryResult } from './engine/types';
import { newSeed, seedHash } from './engine/rng';
import { nextPeriod, periodAt, type Period } from './engine/schedule';
import { merchantConfig } from './lottery.config';
import type { LotteryEvents } from './lottery.events';
import { inTransaction } from '../../db/transaction';

/** Advisory-lock namespace of a period: bets hold it shared, the draw and a cancel take it alone. */
export const PERIOD_LOCK_NS = 7011;
export const periodLock = (periodId: bigint, shared: boolean) =>
  shared
    ? sql`select pg_advisory_xact_lock_shared(${PERIOD_LOCK_NS}, ${Number(periodId % 2_147_483_647n)}::int)`
    : sql`select pg_advisory_xact_lock(${PERIOD_LOCK_NS}, ${Number(periodId % 2_147_483_647n)}::int)`;

/** How far ahead periods (and their seeds) are created: a draw during a short outage has its seed already. */
export const PERIOD_HORIZON_MS = 30 * 60_000;

export interface PeriodRow {
  id: bigint;
  game_code: string;
  numero: string;
  open_at: Date;
  lock_at: Date;
  draw_at: Date;
  state: LotteryPeriodState;
  seed: string;
  seed_hash: string;
  result: string | null;
}

/** The games at least one merchant sells: the only ones that get periods. */
export async function soldGames(db: Database): Promise<string[]> {
  const rows = await db
    .selectFrom('lottery_merchant_game')
    .select('game_code')
    .distinct()
    .where('enabled', '=', true)
    .execute();
  // A code the engine does not know (a typo, a retired game) gets no periods: it must not stop the others.
  return rows
    .map((r) => r.game_code)
    .filter((code) => findGame(code))
    .sort();
}

/** Creates the rows (and seeds) of the given engine periods; existing ones are left as they are. */
export async function createPeriods(db: Database, periods: Period[], now: Date): Promise<void> {
  if (periods.length === 0) return;
  await db
    .insertInto('lottery_period')
    .values(
      periods.map((p) => {
        const seed = newSeed();
        return {
          game_code: p.gameCode,
          numero: p.numero,
          open_at: p.openAt,
          lock_at: p.lockAt,
          draw_at: p.drawAt,
          seed,
          seed_hash: seedHash(seed),
          state: 'scheduled' as const,
          created_at: now,
        };
      }),
    )
    .onConflict((oc) => oc.columns(['game_code', 'numero']).doNothing())
    .execute();
}

/** The current period of each sold game and the ones after it up to the horizon (at least two each). */
export async function ensurePeriods(db: Database, now: Date, horizonMs = PERIOD_HORIZON_MS): Promise<void> {
  const wanted: Period[] = [];
  for (const code of await soldGames(db)) {
    const game = getGame(code);
    let p = periodAt(game, now);
    for (let i = 0; p.openAt.getTime() <= now.getTime() + horizonMs || i < 2; i++) {
      wanted.push(p);
      p = nextPeriod(game, p);
    }
  }
  await createPeriods(db, wanted, now);
}

export async function findPeriod(db: Database, gameCode: string, numero: string) {
  return (
    (await db
      .selectFrom('lottery_period')
      .selectAll()
      .where('game_code', '=', gameCode)
      .where('numero', '=', numero)
      .executeTakeFirst()) ?? null
  );
}

export type Transition = 'open' | 'lock' | 'draw' | 'settle' | 'refund';

/** The transitions due at `now`, oldest first: what the scheduler runs (and catches up after downtime). */
export async function dueTransitions(
  db: Database,
  now: Date,
  limit = 500,
): Promise<{ periodId: bigint; gameCode: string; numero: string; transition: Transition; at: Date }[]> {
  const rows = await db
    .selectFrom('lottery_period')
    .select(['id', 'game_code', 'numero', 'state', 'open_at', 'lock_at', 'draw_at'])
    .where((eb) =>
      eb.or([
        eb.and([eb('state', 'in', ['scheduled', 'open', 'locked']), eb('draw_at', '<=', now)]),
        eb.and([eb('state', '=', 'scheduled'), eb('open_at', '<=', now)]),
        eb.and([eb('state', '=', 'open'), eb('lock_at', '<=', now)]),
        eb('state', 'in', ['drawn', 'cancelled']),
      ]),
    )
    .orderBy('draw_at')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => {
    const transition: Transition =
      r.state === 'drawn'
        ? 'settle'
        : r.state === 'cancelled'
          ? 'refund'
          : r.draw_at <= now
            ? 'draw'
            : r.lock_at <= now
              ? 'lock'
              : 'open';
    const at = transition === 'open' ? r.open_at : transition === 'lock' ? r.lock_at : r.draw_at;
    return { periodId: r.id, gameCode: r.game_code, numero: r.numero, transition, at };
  });
}

/** scheduled → open at open_at: from now on the lobby shows the seed's hash and bets are taken. */
export async function openPeriod(db: Database, periodId: bigint, now: Date, events?: LotteryEvents) {
  const r = await db
    .updateTable('lottery_period')
    .set({ state: 'open' })
    .where('id', '=', periodId)
    .where('state', '=', 'scheduled')
    .where('open_at', '<=', now)
    .where('lock_at', '>', now)
    .returning(['game_code', 'numero'])
    .executeTakeFirst();
  if (r) events?.publish({ type: 'open', gameCode: r.game_code, numero: r.numero, result: null, at: now });
  return Boolean(r);
}

/**
 * open → locked at lock_at. Bets check the lock time themselves (server time, inside their transaction),
 * so this only records the state; it waits for bets in flight (the period lock) like the draw does.
 */
export async function lockPeriod(db: Database, periodId: bigint, now: Date, events?: LotteryEvents) {
  const r = await inTransaction(db, 'lottery.periods.lockPeriod', async (trx) => {
    await periodLock(periodId, false).execute(trx);
    return trx
      .updateTable('lottery_period')
      .set({ state: 'locked' })
      .where('id', '=', periodId)
      .where('state', 'in', ['scheduled', 'open'])
      .where('lock_at', '<=', now)
      .where('draw_at', '>', now)
      .returning(['game_code', 'numero'])
      .executeTakeFirst();
  });
  if (r) events?.publish({ type: 'lock', gameCode: r.game_code, numero: r.numero, result: null, at: now });
  return Boolean(r);
}

/**
 * Stores a period's result inside the draw's transaction and, per merchant with bets, the winning rows
 * (and pick-6 tiers and jackpot pool) that settlement joins against. Exported for the settlement tests,
 * which store hand-checked results instead of drawn ones.
 */
export async function storeResult(
  trx: Database,
  p: { id: bigint; game_code: string },
  result: LotteryResult,
  now: Date,
): Promise<string> {
  const text = formatResult(p.game_code, result);
  await trx
    .updateTable('lottery_period')
    .set({ state: 'drawn', result: text, drawn_at: now })
    .where('id', '=', p.id)
    .execute();
  const merchants = await trx
    .selectFrom('lottery_bet')
    .select('merchant_id')
    .distinct()
    .where('period_id', '=', p.id)
    .execute();
  for (const { merchant_id: merchantId } of merchants) {
    const row = await trx
      .selectFrom('lottery_merchant_game')
      .select('config')
      .where('merchant_id', '=', merchantId)
      .where('game_code', '=', p.game_code)
      .executeTakeFirst();
    const config = merchantConfig(p.game_code, row?.config ?? {});
    const winning = [...winningSelections(p.game_code, result, config)].flatMap(([betType, rows]) =>
      rows.map((w) => ({
        period_id: p.id,
        merchant_id: merchantId,
        bet_type: betType,
        selection: w.selection,
        odds: w.odds,
        hits: w.hits,
      })),
    );
    if (winning.length > 0) await trx.insertInto('lottery_winning').values(winning).execute();
    const game = getGame(p.game_code);
    const tiers = Object.entries(game.betTypes)
      .filter(([, t]) => t.match === 'count')
      .flatMap(([betType]) =>
        matchTiers(config, betType).map((t) => ({
          period_id: p.id,
          merchant_id: merchantId,
          bet_type: betType,
          matches: t.matches,
          odds: t.odds,
        })),
      );
    if (tiers.length > 0) await trx.insertInto('lottery_tier').values(tiers).execute();
    if (config.jackpot) {
      const carry = await trx
        .selectFrom('lottery_jackpot')
        .select('carry')
        .where('merchant_id', '=', merchantId)
        .where('game_code', '=', p.game_code)
        .forUpdate()
        .executeTakeFirst();
      const carryIn = carry?.carry ?? config.jackpot.seedMinor;
      const sales = await trx
        .selectFrom('lottery_bet')
        .select(sql<string>`coalesce(sum(stake), 0)::text`.as('s'))
        .where('period_id', '=', p.id)
        .where('merchant_id', '=', merchantId)
        .where('status', '=', 'accepted')
        // The jackpot is real money: trial (play-money) stakes do not feed it.
        .where('book', '=', 'real')
        .executeTakeFirstOrThrow();
      const pool = jackpotPool(carryIn, BigInt(sales.s), config);
      await trx
        .insertInto('lottery_jackpot_period')
        .values({
          period_id: p.id,
          merchant_id: merchantId,
          carry_in: carryIn,
          sales: BigInt(sales.s),
          pool,
          paid: 0n,
          // Until settlement says otherwise nobody won: the whole pool rolls over.
          carry_out: pool,
        })
        .execute();
    }
  }
  return text;
}

/**
 * The draw at draw_at: takes the period lock alone (every bet in flight has committed, none can start),
 * computes the result from the seed committed when the row was created and stores it (storeResult).
 * Idempotent: a period already drawn is left alone.
 */
export async function drawPeriod(db: Database, periodId: bigint, now: Date, events?: LotteryEvents) {
  const drawn = await inTransaction(db, 'lottery.periods.drawPeriod', async (trx) => {
    await periodLock(periodId, false).execute(trx);
    const p = await trx
      .selectFrom('lottery_period')
      .selectAll()
      .where('id', '=', periodId)
      .where('state', 'in', ['scheduled', 'open', 'locked'])
      .where('draw_at', '<=', now)
      .forUpdate()
      .executeTakeFirst();
    if (!p) return null;
    const result = drawResult(p.seed, p.game_code, p.numero);
    const text = await storeResult(trx, p, result, now);
    return { gameCode: p.game_code, numero: p.numero, result: text };
  });
  if (drawn) events?.publish({ type: 'draw', ...drawn, at: now });
  return drawn;
}

/** Cancels a period not drawn yet (e.g. a draw that could not be held); its bets are refunded next. */
export async function cancelPeriod(db: Database, periodId: bigint, now: Date, events?: LotteryEvents) {
  const r = await inTransaction(db, 'lottery.periods.cancelPeriod', async (trx) => {
    await periodLock(periodId, false).execute(trx);
    return trx
      .updateTable('lottery_period')
      .set({ state: 'cancelled', settled_at: null })
      .where('id', '=', periodId)
      .where('state', 'in', ['scheduled', 'open', 'locked'])
      .returning(['game_code', 'numero'])
      .executeTakeFirst();
  });
  if (r) events?.publish({ type: 'cancel', gameCode: r.game_code, numero: r.numero, result: null, at: now });
  return Boolean(r);
}
