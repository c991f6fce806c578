import type { SelectionRule } from '@panalo/contract/lottery';
import { resolveConfig } from './engine/config';
import { PICK6_BALLS, PICK6_SIZE } from './engine/games/pick6';
import { getGame } from './engine/registry';
import { ODDS_SCALE, type GameConfig, type GameConfigOverride, type GameKind } from './engine/types';

// A non-negative whole number (a decimal string or a safe integer) up to `max`; anything else (1.96, -5,
// NaN, too large) is malformed: BigInt() of a fraction throws, which made every read of the game a 500.
const big = (v: unknown, max: bigint): bigint | undefined => {
  const b =
    typeof v === 'string' && /^\d{1,18}$/.test(v)
      ? BigInt(v)
      : typeof v === 'number' && Number.isSafeInteger(v) && v >= 0
        ? BigInt(v)
        : undefined;
  return b !== undefined && b <= max ? b : undefined;
};
/**
 * Bounds of a merchant's settings. Settlement computes stake × odds × hits in bigint (at most 27 hits, a
 * VN lotto number on every prize row), so odds up to 10,000× (the defaults go to 1,000×) and a stake per
 * bet up to 10,000,000.00 keep that under 2^63; larger stored values are ignored like malformed ones.
 */
export const MAX_ODDS = 10_000n * ODDS_SCALE;
export const MAX_STAKE_MINOR = 1_000_000_000n;
const MAX_JACKPOT_SEED_MINOR = 1_000_000_000_000_000n;
const bps = (v: unknown): number | undefined =>
  typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 10_000 ? v : undefined;
const obj = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

/**
 * A merchant's stored override (JSON: odds and minor-unit amounts as decimal strings) as the engine's
 * override; anything malformed is ignored so that a bad setting falls back to the game's default.
 */
export function overrideOf(stored: Record<string, unknown>): GameConfigOverride {
  const o: GameConfigOverride = {};
  if (typeof stored.enabled === 'boolean') o.enabled = stored.enabled;
  if (Array.isArray(stored.disabledBetTypes))
    o.disabledBetTypes = stored.disabledBetTypes.filter((x): x is string => typeof x === 'string');
  const odds: Record<string, Record<string, bigint>> = {};
  for (const [bt, keys] of Object.entries(obj(stored.odds))) {
    for (const [k, v] of Object.entries(obj(keys))) {
      const b = big(v, MAX_ODDS);
      if (b !== undefined) (odds[bt] ??= {})[k] = b;
    }
  }
  if (Object.keys(odds).length > 0) o.odds = odds;
  const limits: NonNullable<GameConfigOverride['limits']> = {};
  for (const [bt, l] of Object.entries(obj(stored.limits))) {
    const min = big(obj(l).minStakeMinor, MAX_STAKE_MINOR);
    const max = big(obj(l).maxStakeMinor, MAX_STAKE_MINOR);
    limits[bt] = {
      ...(min !== undefined ? { minStakeMinor: min } : {}),
      ...(max !== undefined ? { maxStakeMinor: max } : {}),
    };
  }
  if (Object.keys(limits).length > 0) o.limits = limits;
  const jp = obj(stored.jackpot);
  const seed = big(jp.seedMinor, MAX_JACKPOT_SEED_MINOR);
  const contribution = bps(jp.contributionBps);
  if (contribution !== undefined || seed !== undefined)
    o.jackpot = {
      ...(contribution !== undefined ? { contributionBps: contribution } : {}),
      ...(seed !== undefined ? { seedMinor: seed } : {}),
    };
  return o;
}

/** A merchant's effective settings of a game. */
export const merchantConfig = (gameCode: string, stored: Record<string, unknown>): GameConfig =>
  resolveConfig(gameCode, overrideOf(stored));

const range = (lo: number, hi: number) => Array.from({ length: hi - lo + 1 }, (_, i) => String(lo + i));
const DIGITS = range(0, 9);
const POSITIONS = ['A', 'B', 'C', 'D', 'E'];
const perPosition = (words: string[]) => POSITIONS.flatMap((p) => words.map((w) => `${p}:${w}`));
const combos = (n: number): string[] => {
  const out: string[] = [];
  const walk = (from: number, acc: string) => {
    if (acc.length === n) return void out.push(acc);
    for (let f = from; f <= 6; f++) walk(f + 1, acc + String(f));
  };
  walk(1, '');
  return out;
};
const list = (values: string[]): SelectionRule => ({ kind: 'list', values });

/** What each bet type accepts, for the betting screen (the engine's parseSelection is the judge). */
const RULES: Record<GameKind, Record<string, SelectionRule>> = {
  wingo: {
    number: list(DIGITS),
    colour: list(['green', 'red', 'violet']),
    size: list(['big', 'small']),
  },
  d5: {
    position: list(perPosition(DIGITS)),
    positionSize: list(perPosition(['big', 'small'])),
    positionParity: list(perPosition(['odd', 'even'])),
    sum: list(range(0, 45)),
    sumSize: list(['big', 'small']),
    sumParity: list(['odd', 'even']),
  },
  k3: {
    sum: list(range(3, 18)),
    sumSize: list(['big', 'small']),
    sumParity: list(['odd', 'even']),
    tripleAny: list(['any']),
    triple: list(range(1, 6).map((f) => f.repeat(3))),
    pair: list(range(1, 6).map((f) => f.repeat(2))),
    threeDifferent: list(combos(3)),
    twoDifferent: list(combos(2)),
  },
  vnlotto: {
    lo2: { kind: 'digits', length: 2 },
    lo3: { kind: 'digits', length: 3 },
    lo4: { kind: 'digits', length: 4 },
    de2: { kind: 'digits', length: 2 },
    de3: { kind: 'digits', length: 3 },
    de4: { kind: 'digits', length: 4 },
  },
  pick6: { pick6: { kind: 'pick', count: PICK6_SIZE, min: 1, max: PICK6_BALLS } },
};

export function selectionRule(gameCode: string, betType: string): SelectionRule {
  const rule = RULES[getGame(gameCode).kind][betType];
  if (!rule) throw new Error(`no selection rule for ${gameCode}/${betType}`);
  return rule;
}
