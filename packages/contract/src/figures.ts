// The money figures of play, each defined once (issue 49 item 2) and used by the console's dashboard and
// reports, the agent's team P&L and (when it comes) the daily close. Integer minor units, never a float.
//
// Every figure counts on the merchant's reporting day *the play happened*: a bet, a win and a refund on
// the day they were made; a player rebate and an agent's commission on the day of the play they pay for
// (the daily runs pay yesterday's, and count it on yesterday); a contract's salary or dividend on the last
// day of the period it pays; a bonus on the day it was credited (it pays for no single day of play).

/** What one member's, team's or merchant's span of days adds up to, as kept (member_day and its sums). */
export interface PlaySums {
  /** Stakes placed. */
  bets: bigint;
  /** Stakes given back (a cancelled round, a voided draw). */
  refunds: bigint;
  /** Paid to players by the games (wins include the stake returned). */
  wins: bigint;
  /** Promotion and deposit bonuses credited, less bonuses forfeited. */
  bonuses: bigint;
  /** Player rebates: the agency's daily player rebate and the rebate promotions. */
  rebates: bigint;
  /** Agents' pay: the daily commission on their team's play, contract salaries and dividends. */
  commissions: bigint;
}

export interface HouseFigures {
  /** Valid turnover: bets − refunds. */
  turnover: bigint;
  /** Gross gaming revenue: turnover − wins (what the house kept of the play). */
  ggr: bigint;
  /** Net gaming revenue: GGR − bonuses − rebates − commissions (what the house kept after paying for it). */
  ngr: bigint;
}

/** The house's figures of a span; the team P&L's profit is its NGR with the sign turned (teamProfit). */
export function houseFigures(s: PlaySums): HouseFigures {
  const turnover = s.bets - s.refunds;
  const ggr = turnover - s.wins;
  return { turnover, ggr, ngr: ggr - s.bonuses - s.rebates - s.commissions };
}

/**
 * What play gave a team (the agent's P&L): wins + bonuses + rebates + commissions − turnover, which is
 * the house's NGR of the same members and days with the sign turned — one truth, read from either side.
 */
export const teamProfit = (s: PlaySums): bigint => -houseFigures(s).ngr;

/** The names of the figures, as the definitions in docs/figures.md and the screens' tooltips use them. */
export const FIGURE_NAMES = ['turnover', 'ggr', 'bonuses', 'rebates', 'commissions', 'ngr'] as const;
export type FigureName = (typeof FIGURE_NAMES)[number];
