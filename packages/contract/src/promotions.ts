// Long file: the promotions API's schemas, one per route, kept together as the server registers them.
import { z } from 'zod';
import { calendarDay, dbIdString, ok } from './common';
import {
  APPLY_LIMITS,
  CLAIM_STATUSES,
  CREATABLE_PROMOTION_KINDS,
  PROMOTION_KINDS,
  PROMOTION_PERIODS,
} from './promotion-rules';
import { PRODUCT_GROUPS } from './rebate';

const money = z.string().describe('decimal amount, e.g. "10.00"');

/** A promotion as the activity centre shows it, with my part in it (issue 18). */
export const promotionItem = z.object({
  id: z.string(),
  kind: z.enum(PROMOTION_KINDS),
  category: z.string(),
  title: z.string(),
  terms: z.string().describe('sanitised HTML'),
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  /** My status (PROMO-007), or null: open to me and not yet taken part in this period. */
  status: z.enum(CLAIM_STATUSES).nullable(),
  turnoverMultiplier: z.string().describe('the bonus times this must be wagered before a withdrawal'),
  /** The promotion's banner (an SVG the server paints from its kind, figure and the brand's colours). */
  bannerUrl: z.string(),
  /** Who may take part and the turnover's terms, shown with the terms (null fields: no such rule). */
  rules: z.object({
    newPlayersDays: z.number().int().nullable(),
    vipLevels: z.array(z.number().int()).nullable(),
    depositsMin: z.number().int().nullable(),
    depositsMax: z.number().int().nullable(),
    /** Only for the teams of some agents. */
    team: z.boolean(),
    /** Titles of the promotions it is not combined with. */
    excludes: z.array(z.string()),
    claimHours: z.number().int().nullable(),
    turnoverHours: z.number().int().nullable(),
    turnoverWeights: z.record(z.string(), z.number().int()).nullable(),
  }),
  /** Daily check-in: the amounts by streak day, my streak counting today's check-in when done. */
  checkIn: z.object({ amounts: z.array(money), streak: z.number().int(), today: z.boolean() }).nullable(),
});
export type PromotionItem = z.infer<typeof promotionItem>;
export const promotionListResponse = ok(z.array(promotionItem));
export const promotionIdParams = z.object({ id: dbIdString });

/** A reward in my reward centre. */
export const rewardItem = z.object({
  id: z.string(),
  promotionId: z.string(),
  title: z.string(),
  status: z.enum(['issued', 'claimed', 'signed', 'expired', 'forfeited', 'rejected', 'applying']),
  amount: money,
  turnover: money.describe('the turnover requirement the claim adds'),
  reason: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
});
export type RewardItem = z.infer<typeof rewardItem>;
export const rewardListResponse = ok(z.object({ issued: z.array(rewardItem), history: z.array(rewardItem) }));
export const rewardResponse = ok(rewardItem);

/** Operator: grant a promotion's reward to members (issued; each member once per period). */
export const grantRequest = z.object({
  usernames: z.array(z.string().min(1).max(64)).min(1).max(1000),
  /** The amount each gets; absent: the promotion's reward (a random reward drawn for each member). */
  amount: money.regex(/^\d{1,12}(\.\d{1,2})?$/).optional(),
  /** Days the member has to claim it (none: no limit). */
  claimDays: z.number().int().min(1).max(365).optional(),
});
export const grantResponse = ok(
  z.object({ granted: z.number().int(), already: z.array(z.string()), unknown: z.array(z.string()) }),
);
export const opsPromotion = z.object({
  id: z.string(),
  code: z.string(),
  kind: z.enum(PROMOTION_KINDS),
  title: z.string(),
  enabled: z.boolean(),
  budget: money.nullable(),
  granted: money,
  startsAt: z.string(),
  endsAt: z.string().nullable(),
});
export const opsPromotionListResponse = ok(z.array(opsPromotion));

/** A level of the VIP club with what reaches it and what it gives (PROMO-002). */
export const vipLevelItem = z.object({
  level: z.number().int(),
  name: z.string(),
  depositsRequired: money,
  turnoverRequired: money,
  levelUpBonus: money,
  /** What keeps the level through a month (0.00 and 0.00: kept once reached), and its monthly bonus. */
  retainDeposits: money,
  retainTurnover: money,
  monthlyBonus: money,
  /** Withdrawals a day at the level and their total (null: no limit of the level's own). */
  withdrawDailyCount: z.number().int().nullable(),
  withdrawDailyAmount: money.nullable(),
});
export type VipLevelItem = z.infer<typeof vipLevelItem>;

/** The VIP club as a member sees it: my level, my figures, every level (API-032: GET). */
export const vipBenefits = z.object({
  level: z.number().int(),
  name: z.string(),
  deposits: money.describe('my deposits so far'),
  turnover: money.describe('my valid turnover so far (stakes less refunds)'),
  /** The next level and what it still needs; null at the top. */
  next: z
    .object({ level: z.number().int(), name: z.string(), depositsLeft: money, turnoverLeft: money })
    .nullable(),
  /** This month's figures against what keeps my level (null: my level asks nothing to be kept). */
  retention: z
    .object({
      month: z.string().describe('YYYY-MM'),
      deposits: money,
      turnover: money,
      depositsLeft: money,
      turnoverLeft: money,
    })
    .nullable(),
  levels: z.array(vipLevelItem),
});
export type VipBenefits = z.infer<typeof vipBenefits>;
export const vipBenefitsResponse = ok(vipBenefits);

/** Invite friends as the inviter sees it (PROMO-003). */
export const referralView = z.object({
  code: z.string(),
  /** The registration path with my code: /m/register?ref=CODE (the site prefixes its origin). */
  path: z.string(),
  title: z.string(),
  terms: z.string().describe('sanitised HTML'),
  reward: money.describe('paid to me per friend who meets the condition'),
  minDeposit: money.describe('what a friend must have deposited'),
  rewarded: money.describe('what my friends have earned me so far'),
  friends: z.array(
    z.object({
      name: z.string().describe('masked username'),
      registeredAt: z.string(),
      qualified: z.boolean(),
    }),
  ),
  friendCount: z.number().int(),
});
export type ReferralView = z.infer<typeof referralView>;
export const referralResponse = ok(referralView);

/** One product group of a rebate: the valid turnover it rebates, the rate (percent) and the amount. */
export const rebateLine = z.object({
  product: z.enum(PRODUCT_GROUPS),
  turnover: money,
  rate: z.string().describe('percent of valid turnover, e.g. "0.80"'),
  amount: money,
});
export type RebateLine = z.infer<typeof rebateLine>;

/**
 * Manual rebate (/m/member/manualRebate, MANPLAYREB3): today's rebate so far, per product group, at my
 * VIP level's rates; what I already took today; the rest of the day is paid by the daily run.
 */
export const rebateView = z.object({
  promotionId: z.string(),
  title: z.string(),
  terms: z.string().describe('sanitised HTML'),
  day: z.string().describe('the merchant’s day, YYYY-MM-DD'),
  vipLevel: z.number().int(),
  lines: z.array(rebateLine),
  /** What claiming now would credit (capped by the day's maximum less what was taken). */
  claimable: money,
  takenToday: money,
  min: money,
  max: money,
  /** Every product group's rate at my level (for the table of rates). */
  rates: z.array(z.object({ product: z.enum(PRODUCT_GROUPS), rate: z.string() })),
  turnoverMultiplier: z.string(),
});
export type RebateView = z.infer<typeof rebateView>;
export const rebateViewResponse = ok(rebateView);

/** My rebate (/m/member/rebateReport, PLYRBT): the rebates paid to me, newest first. */
export const rebateReportQuery = z.object({
  startDate: calendarDay,
  endDate: calendarDay,
});
export const rebateReportItem = z.object({
  id: z.string(),
  day: z.string(),
  /** manual: I took it during the day; daily: the run paid the rest after the day closed. */
  kind: z.enum(['manual', 'daily']),
  turnover: money,
  amount: money,
  createdAt: z.string(),
  lines: z.array(rebateLine),
});
export type RebateReportItem = z.infer<typeof rebateReportItem>;
export const rebateReport = z.object({
  items: z.array(rebateReportItem),
  turnover: money,
  amount: money,
});
export type RebateReport = z.infer<typeof rebateReport>;
export const rebateReportResponse = ok(rebateReport);

/** The application form's text fields (multipart/form-data, with up to 3 images in `images`). */
export const applicationFields = z.object({
  comment: z.string().trim().max(APPLY_LIMITS.commentMax, 'comment_too_long').default(''),
});
export const applicationImageParams = z.object({
  id: dbIdString,
  n: z.coerce.number().int().min(1).max(APPLY_LIMITS.maxImages),
});

/** Operator: the applications to review (?status=applying by default), oldest waiting first. */
export const opsApplicationQuery = z.object({
  status: z.enum(['applying', 'rejected', 'issued', 'claimed']).default('applying'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const opsApplication = z.object({
  id: z.string(),
  promotionId: z.string(),
  promotion: z.string(),
  username: z.string(),
  comment: z.string(),
  images: z.number().int(),
  status: z.enum(['applying', 'rejected', 'issued', 'claimed', 'expired', 'forfeited', 'signed']),
  amount: money,
  reason: z.string().nullable(),
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
  /** Other members of the same promotion linked to this one, and by what: for the reviewer. */
  linked: z.array(
    z.object({ username: z.string(), via: z.array(z.enum(['address', 'device', 'payee', 'card'])) }),
  ),
});
export type OpsApplication = z.infer<typeof opsApplication>;
export const opsApplicationListResponse = ok(
  z.object({ list: z.array(opsApplication), total: z.number().int() }),
);
export const opsApplicationResponse = ok(opsApplication);
/** Approve (issued into the reward centre, by default with the promotion's amount) or reject with a reason. */
export const reviewRequest = z.discriminatedUnion('approve', [
  z.object({
    approve: z.literal(true),
    amount: money.regex(/^\d{1,12}(\.\d{1,2})?$/).optional(),
  }),
  z.object({ approve: z.literal(false), reason: z.string().trim().min(1).max(200) }),
]);
export type ReviewRequest = z.infer<typeof reviewRequest>;

// ── Operator: create and edit promotions, the VIP club's levels (issue 18 item 7) ──────────────────────

const amountText = z.string().regex(/^(0|[1-9]\d{0,12})(\.\d{1,2})?$/, 'amount_invalid');
const rateText = z.string().regex(/^\d{1,2}(\.\d{1,2})?$/, 'rate_invalid');
const langTexts = z
  .record(
    z.string().regex(/^[A-Z]{2}$/),
    z.object({ title: z.string().trim().min(1).max(80), terms: z.string().max(20_000) }),
  )
  .refine((t) => Object.keys(t).length > 0, 'texts_required');

/** A promotion's reward as the operator writes it (amounts as decimal strings, rates as percents). */
export const promotionRewardInput = z.discriminatedUnion('type', [
  z.object({ type: z.literal('fixed'), amount: amountText }),
  /** A uniform random amount between min and max, drawn when the claim is written (manual, apply). */
  z.object({ type: z.literal('random'), min: amountText, max: amountText }),
  z.object({ type: z.literal('streak'), amounts: z.array(amountText).min(1).max(31) }),
  z.object({ type: z.literal('referral'), amount: amountText, minDeposit: amountText }),
  z.object({
    type: z.literal('rebate'),
    /** Per product group, the rate (percent) of each VIP level from level 0. */
    rates: z.partialRecord(z.enum(PRODUCT_GROUPS), z.array(rateText).min(1).max(20)),
    min: amountText,
    max: amountText,
  }),
  z.object({
    type: z.literal('mission'),
    goal: z.enum(['turnover', 'deposits']),
    product: z.enum(PRODUCT_GROUPS).nullable(),
    target: amountText,
    amount: amountText,
  }),
  z.object({
    type: z.literal('leaderboard'),
    product: z.enum(PRODUCT_GROUPS).nullable(),
    prizes: z.array(amountText).min(1).max(100),
  }),
  z.object({
    type: z.literal('deposit'),
    /** Percent of the deposit ('3' = +3 %, '100' = doubled), at most 100 %; '0' with tiers. */
    percent: z.string().regex(/^\d{1,3}(\.\d{1,2})?$/, 'rate_invalid'),
    /** A tier table instead of a percent: the bonus of the highest tier the deposit reaches. */
    tiers: z
      .array(z.object({ from: amountText, amount: amountText }))
      .min(1)
      .max(10)
      .optional(),
    max: amountText,
    minDeposit: amountText,
    /** Only on the member's first deposit. */
    firstDeposit: z.boolean(),
  }),
]);
export type PromotionRewardInput = z.infer<typeof promotionRewardInput>;

const promotionCode = z
  .string()
  .trim()
  .regex(/^[A-Z0-9][A-Z0-9-]{1,31}$/, 'code_invalid');
/**
 * Who may take part (every condition given must hold; {} for everyone): registered within newPlayersDays,
 * a VIP level in vipLevels, paid deposits so far within depositsMin…depositsMax, in the team of one of
 * agents (usernames), and no open bonus (turnover requirement not met) of a promotion in excludes — the
 * exclusion holds both ways.
 */
export const promotionEligibility = z
  .object({
    newPlayersDays: z.number().int().min(1).max(3_650).optional(),
    vipLevels: z.array(z.number().int().min(0).max(50)).min(1).max(51).optional(),
    depositsMin: z.number().int().min(0).max(1_000_000).optional(),
    depositsMax: z.number().int().min(0).max(1_000_000).optional(),
    agents: z.array(z.string().trim().toLowerCase().min(1).max(32)).min(1).max(100).optional(),
    excludes: z.array(promotionCode).min(1).max(50).optional(),
  })
  .strict();
export type PromotionEligibility = z.infer<typeof promotionEligibility>;

const promotionFields = {
  eligibility: promotionEligibility.default({}),
  /** Hours a member has to claim a reward once issued to the reward centre; null: no limit. */
  claimHours: z.number().int().min(1).max(8_760).nullable().default(null),
  /**
   * Auto-approve ceiling: a check-in, mission or deposit-bonus claim worth more waits for an operator's
   * review (the application queue); '0' reviews every claim; null pays on the spot.
   */
  reviewAbove: amountText.nullable().default(null),
  /** Percent of each product group's stakes counted towards its bonuses' turnover (a group not named: 100). */
  turnoverWeights: z
    .partialRecord(z.enum(PRODUCT_GROUPS), z.number().int().min(0).max(100))
    .nullable()
    .default(null),
  /** Hours to meet a bonus's turnover; past them the bonus and what it won are forfeited. */
  turnoverHours: z.number().int().min(1).max(8_760).nullable().default(null),
  category: z.string().trim().min(1).max(32),
  texts: langTexts,
  period: z.enum(PROMOTION_PERIODS),
  reward: promotionRewardInput,
  turnoverMultiplier: z.string().regex(/^\d{1,2}(\.\d)?$/, 'multiplier_invalid'),
  budget: amountText.nullable(),
  startsAt: z.iso.datetime({ offset: true }),
  endsAt: z.iso.datetime({ offset: true }).nullable(),
  enabled: z.boolean(),
  sort: z.number().int().min(0).max(10_000),
};
export const createPromotionRequest = z.object({
  code: promotionCode,
  kind: z.enum(CREATABLE_PROMOTION_KINDS),
  ...promotionFields,
});
export type CreatePromotionRequest = z.infer<typeof createPromotionRequest>;
export const updatePromotionRequest = z.object(promotionFields);
export type UpdatePromotionRequest = z.infer<typeof updatePromotionRequest>;
/** A promotion as the operator edits it: everything it holds, in the operator's terms. */
export const opsPromotionDetail = opsPromotion.extend({
  eligibility: promotionEligibility,
  claimHours: z.number().int().nullable(),
  reviewAbove: z.string().nullable(),
  turnoverWeights: z.record(z.string(), z.number().int()).nullable(),
  turnoverHours: z.number().int().nullable(),
  category: z.string(),
  texts: z.record(z.string(), z.object({ title: z.string(), terms: z.string() })),
  period: z.enum(PROMOTION_PERIODS),
  reward: promotionRewardInput,
  turnoverMultiplier: z.string(),
  sort: z.number().int(),
});
export type OpsPromotionDetail = z.infer<typeof opsPromotionDetail>;
export const opsPromotionDetailResponse = ok(opsPromotionDetail);

/** The VIP club's levels as the operator sets them, all at once (level 0 first, names per language). */
export const vipLevelInput = z.object({
  level: z.number().int().min(0).max(50),
  names: z
    .record(z.string().regex(/^[A-Z]{2}$/), z.string().trim().min(1).max(40))
    .refine((n) => Object.keys(n).length > 0, 'names_required'),
  depositsRequired: amountText,
  turnoverRequired: amountText,
  levelUpBonus: amountText,
  /** What keeps the level through a month, and its monthly bonus (absent: 0). */
  retainDeposits: amountText.default('0'),
  retainTurnover: amountText.default('0'),
  monthlyBonus: amountText.default('0'),
  /** Withdrawals a day at the level and their total (null or absent: no limit of the level's own). */
  withdrawDailyCount: z.number().int().min(1).max(1_000).nullable().default(null),
  withdrawDailyAmount: amountText.nullable().default(null),
});
export const vipLevelsRequest = z.object({ levels: z.array(vipLevelInput).min(1).max(51) });
export type VipLevelsRequest = z.infer<typeof vipLevelsRequest>;
export const opsVipLevelsResponse = ok(z.object({ levels: z.array(vipLevelInput) }));

/** A mission with my progress in its current period (/m/leaderBoard). */
export const missionItem = z.object({
  id: z.string(),
  title: z.string(),
  terms: z.string().describe('sanitised HTML'),
  goal: z.enum(['turnover', 'deposits']),
  product: z.enum(PRODUCT_GROUPS).nullable(),
  target: money,
  done: money,
  percent: z.number().int().min(0).max(100),
  reward: money,
  period: z.object({ from: z.string(), to: z.string() }),
  /**
   * null: in progress or reached and claimable (done ≥ target); claimed: taken this period; applying:
   * taken, its reward held for review (an account linked to mine took it too).
   */
  status: z.enum(['claimed', 'applying', 'close']).nullable(),
});
export type MissionItem = z.infer<typeof missionItem>;
/** A leaderboard race of the current period: prizes by place, the top of the ranking, my place. */
export const leaderboardItem = z.object({
  id: z.string(),
  title: z.string(),
  terms: z.string(),
  product: z.enum(PRODUCT_GROUPS).nullable(),
  period: z.object({ from: z.string(), to: z.string() }),
  prizes: z.array(money),
  top: z.array(z.object({ rank: z.number().int(), name: z.string(), turnover: money, me: z.boolean() })),
  me: z.object({ rank: z.number().int(), turnover: money }).nullable(),
});
export type LeaderboardItem = z.infer<typeof leaderboardItem>;
export const missionsView = z.object({ missions: z.array(missionItem), races: z.array(leaderboardItem) });
export type MissionsView = z.infer<typeof missionsView>;
export const missionsResponse = ok(missionsView);
