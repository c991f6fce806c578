import { z } from 'zod';
import { languageParam, ok } from './common';
import { signedAmountString } from './wallet';

// The console's dashboard (issue 20 screen 1): from the daily aggregates (merchant_day, merchant_players,
// game_day; kept from member_day), in the merchant's reporting time zone.

export const DASHBOARD_PATH = '/ops/dashboard';

export const dashboardQuery = z.object({
  /** The console's language, for the names of games and lottery games; the merchant's default if absent. */
  language: languageParam.optional(),
});

export const dashboardFigures = z.object({
  // The figures as figures.ts defines them (houseFigures), each on the day the play happened.
  /** Stakes less refunds. */
  turnover: signedAmountString,
  /** Turnover less wins: what play left with the house. */
  ggr: signedAmountString,
  /** GGR less bonuses, player rebates and agents' commissions. */
  ngr: signedAmountString,
  bonuses: signedAmountString,
  rebates: signedAmountString,
  commissions: signedAmountString,
  activePlayers: z.number().int(),
  registrations: z.number().int(),
  firstDeposits: z.number().int(),
  deposits: signedAmountString,
  withdrawals: signedAmountString,
});
export type DashboardFigures = z.infer<typeof dashboardFigures>;

export const dashboard = z.object({
  /** The merchant's local day the figures end on. */
  today: z.string(),
  timeZone: z.string(),
  periods: z.object({ today: dashboardFigures, last7: dashboardFigures, last30: dashboardFigures }),
  /** The last 30 days, oldest first (the chart's data, also shown as a table). */
  days: z.array(
    z.object({
      day: z.string(),
      turnover: signedAmountString,
      ggr: signedAmountString,
      deposits: signedAmountString,
      withdrawals: signedAmountString,
      activePlayers: z.number().int(),
    }),
  ),
  /** The last 30 days by product group, highest turnover first. */
  products: z.array(z.object({ product: z.string(), turnover: signedAmountString, ggr: signedAmountString })),
  /** The last 30 days' wallet games with the highest turnover (at most 10). */
  topGames: z.array(
    z.object({
      /** The game's code on the wallet (game_round.game_code). */
      game: z.string(),
      /** The catalogue game's name in the asked language (else the merchant's default, else English); the code when the catalogue has no such game. */
      name: z.string(),
      vendor: z.string(),
      /** The vendor's name, as the console shows it (the code is for the report's links and exports). */
      vendorName: z.string(),
      turnover: signedAmountString,
      ggr: signedAmountString,
      bets: z.number().int(),
    }),
  ),
  /** The last 30 days' catalogue vendors with the highest turnover (at most 10). */
  topVendors: z.array(
    z.object({ vendor: z.string(), name: z.string(), turnover: signedAmountString, ggr: signedAmountString }),
  ),
  queues: z.object({
    deposits: z.number().int(),
    withdrawals: z.number().int(),
    approvals: z.number().int(),
    applications: z.number().int(),
    feedback: z.number().int(),
  }),
  /** Members with a request in the last 5 minutes. */
  online: z.number().int(),
  /** Each lottery game the site sells: its period now, and this site's real-money bets and stakes on it. */
  lottery: z.array(
    z.object({
      code: z.string(),
      name: z.string(),
      numero: z.string(),
      state: z.enum(['scheduled', 'open', 'locked', 'drawn']),
      drawAt: z.string(),
      bets: z.number().int(),
      stakes: signedAmountString,
    }),
  ),
});
export type Dashboard = z.infer<typeof dashboard>;
export const dashboardResponse = ok(dashboard);
