import type { GameDefinition, Schedule } from './types';
import { addDays, localDateOf, localToInstant, parseYyyymmdd, yyyymmdd, type LocalDate } from './zoned-time';

/** One draw of a game: sales run from openAt until lockAt; the result is drawn at drawAt. */
export interface Period {
  gameCode: string;
  numero: string;
  openAt: Date;
  lockAt: Date;
  drawAt: Date;
}

/** Before open, on sale, locked (sales stopped, draw pending), or due/drawn (the result is from drawAt on). */
export type PeriodState = 'scheduled' | 'open' | 'locked' | 'drawn';

const SEQ_DIGITS = 4;

function build(gameCode: string, s: Schedule, numero: string, open: number, draw: number): Period {
  return {
    gameCode,
    numero,
    openAt: new Date(open),
    lockAt: new Date(Math.max(open, draw - s.lockSeconds * 1000)),
    drawAt: new Date(draw),
  };
}

function intervalPeriod(game: GameDefinition, s: Schedule & { kind: 'interval' }, day: LocalDate, k: number) {
  const start = localToInstant(day, 0, 0, s.timeZone);
  const end = localToInstant(addDays(day, 1), 0, 0, s.timeZone);
  const step = s.intervalSeconds * 1000;
  const open = start + (k - 1) * step;
  if (k < 1 || open >= end) return null;
  // On a day shortened by DST the last period ends at midnight rather than spilling into tomorrow.
  const draw = Math.min(start + k * step, end);
  return build(game.code, s, yyyymmdd(day) + String(k).padStart(SEQ_DIGITS, '0'), open, draw);
}

function dailyDraw(s: Schedule & { kind: 'daily' }, day: LocalDate): number {
  const [h, m] = s.drawTime.split(':').map(Number);
  return localToInstant(day, h!, m!, s.timeZone);
}

function dailyPeriod(game: GameDefinition, s: Schedule & { kind: 'daily' }, day: LocalDate): Period {
  return build(game.code, s, yyyymmdd(day), dailyDraw(s, addDays(day, -1)), dailyDraw(s, day));
}

/** The period whose draw is still ahead at `at` (on sale or locked): drawAt > at ≥ openAt. */
export function periodAt(game: GameDefinition, at: Date): Period {
  const s = game.schedule;
  const t = at.getTime();
  const day = localDateOf(t, s.timeZone);
  switch (s.kind) {
    case 'interval': {
      const start = localToInstant(day, 0, 0, s.timeZone);
      const k = Math.floor((t - start) / (s.intervalSeconds * 1000)) + 1;
      return intervalPeriod(game, s, day, k) ?? intervalPeriod(game, s, addDays(day, 1), 1)!;
    }
    case 'daily':
      return dailyPeriod(game, s, t < dailyDraw(s, day) ? day : addDays(day, 1));
  }
}

/** The period a numero names, or null when the numero is not one of this game's. */
export function periodByNumero(game: GameDefinition, numero: string): Period | null {
  const s = game.schedule;
  switch (s.kind) {
    case 'interval': {
      const day = parseYyyymmdd(numero.slice(0, 8));
      const seq = numero.slice(8);
      if (!day || !new RegExp(`^[0-9]{${SEQ_DIGITS}}$`).test(seq)) return null;
      return intervalPeriod(game, s, day, Number(seq));
    }
    case 'daily': {
      const day = parseYyyymmdd(numero);
      return day && numero.length === 8 ? dailyPeriod(game, s, day) : null;
    }
  }
}

/** The period after this one (for follow bets over several periods). */
export const nextPeriod = (game: GameDefinition, p: Period): Period => periodAt(game, p.drawAt);

/** The state by server time; lockAt itself is already locked (a bet at the lock instant is refused). */
export function periodState(p: Period, now: Date): PeriodState {
  const t = now.getTime();
  if (t < p.openAt.getTime()) return 'scheduled';
  if (t < p.lockAt.getTime()) return 'open';
  if (t < p.drawAt.getTime()) return 'locked';
  return 'drawn';
}

/** What the lobby shows for a game now (spec §3: remainTime in ms to the draw, lockTime in seconds). */
export function saleStatus(game: GameDefinition, now: Date) {
  const period = periodAt(game, now);
  const state = periodState(period, now);
  return {
    period,
    state,
    isSale: state === 'open',
    remainTime: Math.max(0, period.drawAt.getTime() - now.getTime()),
    lockTime: game.schedule.lockSeconds,
  };
}

/** Periods whose draw fell in (after, upTo]: what a scheduler catching up after downtime must draw. */
export function periodsDrawnBetween(game: GameDefinition, after: Date, upTo: Date, max = 10_000): Period[] {
  const out: Period[] = [];
  let p = periodAt(game, after);
  while (p.drawAt.getTime() <= upTo.getTime() && out.length < max) {
    out.push(p);
    p = nextPeriod(game, p);
  }
  return out;
}

export type BetWindowError = 'lottery_period_unknown' | 'lottery_period_not_open' | 'lottery_period_locked';

/**
 * Whether a bet on `numero` may be accepted at server time `now` (the client's clock is never asked):
 * only while the period is open; at and after lockAt it is refused.
 */
export function betWindowError(game: GameDefinition, numero: string, now: Date): BetWindowError | null {
  const p = periodByNumero(game, numero);
  if (!p) return 'lottery_period_unknown';
  switch (periodState(p, now)) {
    case 'open':
      return null;
    case 'scheduled':
      return 'lottery_period_not_open';
    case 'locked':
    case 'drawn':
      return 'lottery_period_locked';
  }
}

/**
 * The periods a follow (multi-period) bet placed at `now` covers: the current one if still open, else
 * the next, and then `count − 1` after it.
 */
export function followPeriods(game: GameDefinition, now: Date, count: number): Period[] {
  let p = periodAt(game, now);
  if (periodState(p, now) !== 'open') p = nextPeriod(game, p);
  const out: Period[] = [];
  for (let i = 0; i < count; i++, p = nextPeriod(game, p)) out.push(p);
  return out;
}
