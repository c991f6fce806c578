import { jackpotShare } from './jackpot';
import { checkKind, findGame, getGame } from './registry';
import type { Bet, BetError, GameConfig, LotteryResult, Settlement, WinningSelection } from './types';
import { ODDS_SCALE } from './types';

export const stakeOf = (bet: Bet): bigint => bet.amountMinor * BigInt(bet.units);

/** Why a bet cannot be accepted (a message key), or null when it can. The period's state is checked elsewhere. */
export function validateBet(bet: Bet, config: GameConfig): BetError | null {
  const game = findGame(bet.gameCode);
  if (!game) return 'lottery_game_unknown';
  if (!config.enabled) return 'lottery_game_disabled';
  const type = Object.hasOwn(game.betTypes, bet.betType) ? game.betTypes[bet.betType] : undefined;
  if (!type) return 'lottery_bet_type_unknown';
  if (config.disabledBetTypes.includes(bet.betType)) return 'lottery_bet_type_disabled';
  if (type.parseSelection(bet.selection) === null) return 'lottery_selection_invalid';
  if (bet.amountMinor <= 0n || !Number.isSafeInteger(bet.units) || bet.units < 1)
    return 'lottery_amount_invalid';
  const limits = config.limits[bet.betType];
  const stake = stakeOf(bet);
  if (limits && stake < limits.minStakeMinor) return 'lottery_amount_below_min';
  if (limits && stake > limits.maxStakeMinor) return 'lottery_amount_above_max';
  return null;
}

function oddsFor(config: GameConfig, betType: string, key: string): bigint {
  const odds = config.odds[betType]?.[key];
  if (odds === undefined) throw new Error(`no odds ${betType}/${key}`);
  return odds;
}

/**
 * The winning rows of a period, per bet type: what settlement joins bets against. For 'exact' types a
 * bet wins `stake × odds × hits / ODDS_SCALE` when its selection equals a row's; for 'count' types (pick-6)
 * the rows are the drawn items (odds 0) and the payout comes from the tier of the match count.
 */
export function winningSelections(
  gameCode: string,
  result: LotteryResult,
  config: GameConfig,
): Map<string, WinningSelection[]> {
  const game = getGame(gameCode);
  checkKind(game, result);
  const out = new Map<string, WinningSelection[]>();
  for (const [code, type] of Object.entries(game.betTypes)) {
    out.set(
      code,
      type.winners(result).map((w) => ({
        selection: w.selection,
        hits: w.hits,
        odds: type.match === 'exact' ? oddsFor(config, code, w.oddsKey) : 0n,
      })),
    );
  }
  return out;
}

/** The fixed-odds tiers of a 'count' bet type (matches → odds); the top tier may be a jackpot instead. */
export function matchTiers(config: GameConfig, betType: string): { matches: number; odds: bigint }[] {
  return Object.entries(config.odds[betType] ?? {})
    .map(([k, odds]) => ({ matches: Number(k), odds }))
    .sort((a, b) => a.matches - b.matches);
}

/** The period's jackpot and the total stake of the bets that hit it (needed only for a jackpot win). */
export interface JackpotContext {
  poolMinor: bigint;
  winningStakeMinor: bigint;
}

/** Settles one accepted bet against a result with integer arithmetic only (floors to the minor unit). */
export function settleBet(
  bet: Bet,
  result: LotteryResult,
  config: GameConfig,
  jackpot?: JackpotContext,
): Settlement {
  const game = getGame(bet.gameCode);
  const type = game.betTypes[bet.betType];
  const selection = type?.parseSelection(bet.selection);
  if (!type || selection == null) throw new Error(`bet not valid for ${bet.gameCode}: ${bet.betType}`);
  const rows = winningSelections(bet.gameCode, result, config).get(bet.betType) ?? [];
  const stake = stakeOf(bet);
  switch (type.match) {
    case 'exact': {
      const row = rows.find((r) => r.selection === selection);
      if (!row) return { won: false, payoutMinor: 0n };
      return { won: true, payoutMinor: (stake * row.odds * BigInt(row.hits)) / ODDS_SCALE };
    }
    case 'count': {
      const drawn = new Set(rows.map((r) => r.selection));
      const matches = selection.split(',').filter((s) => drawn.has(s)).length;
      const tier = matchTiers(config, bet.betType).find((t) => t.matches === matches);
      if (tier) return { won: true, payoutMinor: (stake * tier.odds) / ODDS_SCALE };
      if (config.jackpot && matches === selection.split(',').length) {
        if (!jackpot) throw new Error('a jackpot win needs the period jackpot context');
        return { won: true, payoutMinor: jackpotShare(jackpot.poolMinor, stake, jackpot.winningStakeMinor) };
      }
      return { won: false, payoutMinor: 0n };
    }
  }
}
