import { z } from 'zod';
import { ok } from './common';
import { ODDS_TEXT } from './catalogue-rules';

// The operator's lottery (issue 20 screen 7): which games this site sells, each bet type's odds and
// stake limits, the pick-6 jackpot's share and seed; the periods with this site's bets and each draw's
// proof (the seed's hash published at open, the seed revealed at the draw, the result recomputed).

const money = z.string().describe('decimal amount, e.g. "10.00"');
const amountText = z.string().regex(/^(0|[1-9]\d{0,12})(\.\d{1,2})?$/, 'amount_invalid');
const oddsText = z.string().regex(ODDS_TEXT, 'odds_invalid');

export const opsLotteryBetType = z.object({
  betType: z.string(),
  enabled: z.boolean(),
  /** Odds by key (most bet types have one, `default`), as this site has them and as the game's default. */
  odds: z.array(z.object({ key: z.string(), value: z.string(), default: z.string() })),
  min: money,
  max: money,
  defaultMin: money,
  defaultMax: money,
});
export const opsLotteryGame = z.object({
  code: z.string(),
  name: z.string(),
  group: z.string(),
  kind: z.string(),
  /** Sold on this site. */
  enabled: z.boolean(),
  betTypes: z.array(opsLotteryBetType),
  /** Pick-6 only: the percent of each period's sales added to the jackpot, and what a new one starts at. */
  jackpot: z
    .object({
      contributionPercent: z.string(),
      seed: money,
      defaultContributionPercent: z.string(),
      defaultSeed: money,
    })
    .nullable(),
});
export type OpsLotteryGame = z.infer<typeof opsLotteryGame>;
export const opsLotteryGamesResponse = ok(z.array(opsLotteryGame));
export const opsLotteryGameResponse = ok(opsLotteryGame);
export const opsLotteryGameParams = z.object({ code: z.string().trim().min(1).max(16) });

/** A game's settings on this site, all at once (a bet type not named keeps the game's defaults). */
export const opsLotteryGameUpdate = z
  .object({
    enabled: z.boolean(),
    betTypes: z
      .array(
        z
          .object({
            betType: z.string().min(1).max(32),
            enabled: z.boolean(),
            odds: z.record(z.string().min(1).max(32), oddsText),
            min: amountText,
            max: amountText,
          })
          .strict(),
      )
      .max(50),
    jackpot: z
      .object({
        contributionPercent: z.string().regex(/^\d{1,3}(\.\d{1,2})?$/, 'rate_invalid'),
        seed: amountText,
      })
      .strict()
      .nullable()
      .default(null),
  })
  .strict();
export type OpsLotteryGameUpdate = z.infer<typeof opsLotteryGameUpdate>;

export const opsLotteryPeriodsQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const opsLotteryPeriod = z.object({
  numero: z.string(),
  state: z.enum(['scheduled', 'open', 'locked', 'drawn', 'settled', 'cancelled', 'refunded']),
  openAt: z.string(),
  lockAt: z.string(),
  drawAt: z.string(),
  result: z.string().nullable(),
  seedHash: z.string(),
  /** Revealed at the draw; null before. */
  seed: z.string().nullable(),
  /** SHA-256(seed) = seedHash and the result recomputed from the seed = the stored result; null before. */
  verified: z.boolean().nullable(),
  /** This site's real-money bets of the period: how many, staked, paid out. */
  bets: z.number().int(),
  stakes: money,
  payouts: money,
  /** This site's cancel of its part of the period (its bets refunded, closed to its new bets); null: none. */
  siteCancel: z
    .object({ at: z.string(), by: z.string(), reason: z.string(), bets: z.number().int(), refunded: money })
    .nullable(),
});
export type OpsLotteryPeriod = z.infer<typeof opsLotteryPeriod>;
export const opsLotteryPeriodsResponse = ok(
  z.object({ list: z.array(opsLotteryPeriod), total: z.number().int(), totalPages: z.number().int() }),
);

export const opsLotteryPeriodParams = z.object({
  code: z.string().min(1).max(32),
  numero: z.string().min(1).max(32),
});
export const opsLotteryCancelRequest = z.object({ reason: z.string().trim().min(3).max(200) }).strict();
export const opsLotteryCancelResponse = ok(
  z.object({
    /** The bets refunded (every book), the wallets credited, the sum refunded, of which real money. */
    bets: z.number().int(),
    wallets: z.number().int(),
    refunded: money,
    realStakes: money,
  }),
);
