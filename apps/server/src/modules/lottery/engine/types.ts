import type { DrawStream } from './rng';

/** Odds are fixed-point integers: 19_600n means a stake returns 1.96 times itself (stake included). */
export const ODDS_SCALE = 10_000n;

export type GameKind = 'wingo' | 'd5' | 'k3' | 'vnlotto' | 'pick6';

/** A drawn outcome. Stored as its formatted text (previousWinningNumber) and parsed back. */
export type LotteryResult =
  | { kind: 'wingo'; digit: number }
  | { kind: 'd5'; digits: number[] }
  | { kind: 'k3'; dice: number[] }
  /** prizes[0] = special, prizes[1..7] = first…seventh prize; numbers as digit strings. */
  | { kind: 'vnlotto'; prizes: string[][] }
  /** Ascending, distinct. */
  | { kind: 'pick6'; numbers: number[] };

export type ResultOf<K extends GameKind> = Extract<LotteryResult, { kind: K }>;

export type Schedule =
  /** Back-to-back periods from local midnight: numero = YYYYMMDD + 4-digit sequence (from 0001). */
  | { kind: 'interval'; intervalSeconds: number; lockSeconds: number; timeZone: string }
  /** One draw a day at local `drawTime` (HH:MM): numero = YYYYMMDD of the draw date. */
  | { kind: 'daily'; drawTime: string; lockSeconds: number; timeZone: string };

export interface Bet {
  gameCode: string;
  betType: string;
  selection: string;
  /** Stake per unit, minor units. */
  amountMinor: bigint;
  /** The multiplier: the bet counts `units` times (stake = amountMinor × units). */
  units: number;
}

export interface BetLimits {
  /** Bounds on the whole stake (amountMinor × units). */
  minStakeMinor: bigint;
  maxStakeMinor: bigint;
}

/** One merchant's settings for one game; defaults live in the game definitions. */
export interface GameConfig {
  enabled: boolean;
  disabledBetTypes: readonly string[];
  /** betType → odds key → odds (ODDS_SCALE fixed point). Which key applies is the bet type's rule. */
  odds: Record<string, Record<string, bigint>>;
  limits: Record<string, BetLimits>;
  /** Pick-6 only: share of each period's sales added to the jackpot, and the amount a new jackpot starts at. */
  jackpot?: { contributionBps: number; seedMinor: bigint };
}

/** A merchant override: any subset of a game's settings. */
export interface GameConfigOverride {
  enabled?: boolean;
  disabledBetTypes?: readonly string[];
  odds?: Record<string, Record<string, bigint>>;
  limits?: Record<string, Partial<BetLimits>>;
  jackpot?: Partial<{ contributionBps: number; seedMinor: bigint }>;
}
export type MerchantLotteryConfig = Record<string, GameConfigOverride>;

/** A row that wins: bets with this exact selection win `odds × hits` per unit of stake. */
export interface WinningSelection {
  selection: string;
  odds: bigint;
  /** How many times the selection came up (lo counts every prize; 1 elsewhere). */
  hits: number;
}

/** How a bet type is matched against the winning rows (and in SQL). */
export type MatchMode =
  /** bet.selection = row.selection; payout = stake × odds × hits / ODDS_SCALE. */
  | 'exact'
  /** bet.selection is a comma list; matches = how many of its items are rows; odds from the tier of that count. */
  | 'count';

export interface WinnerRow {
  selection: string;
  hits: number;
  /** Which odds of the bet type apply (e.g. a half-pay colour when 0 or 5 is drawn). */
  oddsKey: string;
}

export interface BetTypeDefinition<K extends GameKind> {
  code: string;
  match: MatchMode;
  /** The canonical form of a selection, or null when it is not one of this type's selections. */
  parseSelection(selection: string): string | null;
  /** Every selection that wins for this result (for 'count' types: every drawn item). */
  winners(result: ResultOf<K>): WinnerRow[];
}

export interface GameDefinition<K extends GameKind = GameKind> {
  code: string;
  kind: K;
  schedule: Schedule;
  betTypes: Record<string, BetTypeDefinition<K>>;
  defaults: GameConfig;
  draw(stream: DrawStream): ResultOf<K>;
  /** previousWinningNumber: groups separated by `~`, numbers within a group by `,`. */
  format(result: ResultOf<K>): string;
  /** Inverse of format; null when the text is not a result of this game. */
  parse(text: string): ResultOf<K> | null;
}

export type BetError =
  | 'lottery_game_unknown'
  | 'lottery_game_disabled'
  | 'lottery_bet_type_unknown'
  | 'lottery_bet_type_disabled'
  | 'lottery_selection_invalid'
  | 'lottery_amount_invalid'
  | 'lottery_amount_below_min'
  | 'lottery_amount_above_max';

export interface Settlement {
  won: boolean;
  payoutMinor: bigint;
}
