// Zod-free promotion rules (issue 18), shared by the server and the web bundle.

// The routes live in their own module: the web entry imports them without the rules.
export * from './promotion-routes';

export const PROMO_API = {
  /** GET: the merchant's promotions with my status in each (a visitor sees them without). */
  list: '/promotions',
  /** POST: today's check-in of a daily check-in promotion. */
  checkIn: '/promotions/:id/check-in',
  /** GET: my rewards: issued (claimable) first, then the latest claimed or lapsed. */
  rewards: '/rewards',
  /** POST: claim an issued reward (credited at once, with its turnover requirement). */
  claim: '/rewards/:id/claim',
  /** GET: the promotions open to me now (not taken part in this period, not closed). */
  available: '/promotions/available',
  /** GET: invite friends: my referral code and link, the reward's rule, the friends I invited. */
  referral: '/promotions/referral',
  /** GET: the VIP club: my level, my progress to the next, every level's requirements and benefits. */
  benefits: '/members/benefits',
  /** GET: manual rebate: today's rebate so far at my VIP level's rates (MANPLAYREB3). */
  rebate: '/promotions/rebate',
  /** POST: take today's rebate so far now (credited at once). */
  rebateClaim: '/promotions/rebate/claim',
  /** GET: my rebates paid over a range of days (PLYRBT). */
  rebateReport: '/promotions/rebate/report',
  /** POST multipart/form-data: apply to an application promotion (comment, up to 3 images). */
  apply: '/promotions/:id/applications',
  /** GET: one image of my application (staff: of the merchant's). */
  applicationImage: '/promotions/applications/:id/images/:n',
  /** Operator: GET the applications (?status=applying|rejected|issued|claimed). */
  opsApplications: '/ops/promotions/applications',
  /** Operator: POST approve (issued into the reward centre) or reject (with a reason) an application. */
  opsReview: '/ops/promotions/applications/:id/review',
  /** GET: missions with my progress in this period, and the leaderboard races with the ranking. */
  missions: '/promotions/missions',
  /** POST: claim a mission's reward once its goal is reached in this period. */
  missionClaim: '/promotions/:id/mission-claim',
  /** Operator: POST a new promotion; GET / PUT one promotion (audited). */
  opsCreate: '/ops/promotions',
  opsOne: '/ops/promotions/:id',
  /** Operator: GET / PUT the VIP club's levels (all at once; audited). */
  opsVipLevels: '/ops/vip-levels',
  /** Operator: GET the merchant's promotions with budget and amount granted. */
  opsList: '/ops/promotions',
  /** Operator: POST grant a reward of a promotion to members (issued, waiting in their reward centre). */
  opsGrant: '/ops/promotions/:id/grants',
} as const;

export const promoPath = (path: string, id: string) => path.replace(':id', encodeURIComponent(id));

/**
 * The spec's activity claim statuses (§3, PROMO-007): coming (not started) → applying (applied, in review)
 * → rejected (with reason) / issued (granted, waiting in the reward centre) → claimed (credited); signed
 * (today's check-in done); close (ended, or its budget used up). Internally a reward may also lapse
 * (expired) or be given up (forfeited).
 */
export const CLAIM_STATUSES = [
  'applying',
  'rejected',
  'issued',
  'claimed',
  'signed',
  'coming',
  'close',
] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];
/** What a claim row can hold: the spec's statuses a member's claim takes, and the internal ends. */
export type ClaimRowStatus =
  'applying' | 'rejected' | 'issued' | 'claimed' | 'signed' | 'expired' | 'forfeited';

/**
 * The kinds built so far (the engine grows one kind at a time). 'vip' is the VIP club's level-up bonus
 * and 'referral' the invite-friends reward: their own screens show them, not the events tab.
 */
export const PROMOTION_KINDS = [
  'checkin',
  'manual',
  'vip',
  'referral',
  'rebate',
  'apply',
  'mission',
  'leaderboard',
  'deposit',
] as const;
export type PromotionKind = (typeof PROMOTION_KINDS)[number];

/** The kinds an operator creates (the VIP club's level-up bonus comes with the club's levels). */
export const CREATABLE_PROMOTION_KINDS = [
  'checkin',
  'manual',
  'rebate',
  'apply',
  'referral',
  'mission',
  'leaderboard',
  'deposit',
] as const;
export type CreatablePromotionKind = (typeof CREATABLE_PROMOTION_KINDS)[number];

/** How a promotion's reward is written, by type (see `promotionRewardInput`). */
export type PromotionRewardType =
  'fixed' | 'random' | 'streak' | 'referral' | 'rebate' | 'mission' | 'leaderboard' | 'deposit';

/** The reward types each kind pays with (the server refuses any other). */
export const REWARD_TYPES_OF_KIND: Record<PromotionKind, readonly PromotionRewardType[]> = {
  checkin: ['streak'],
  manual: ['fixed', 'random'],
  apply: ['fixed', 'random'],
  vip: ['fixed'],
  referral: ['referral'],
  rebate: ['rebate'],
  mission: ['mission'],
  leaderboard: ['leaderboard'],
  deposit: ['deposit'],
};

/**
 * How often a member may take part: once, or once per day, week or month of the merchant's time zone;
 * 'every' (deposit bonuses only): on every deposit, each claim keyed by its order (see `depositClaimKey`).
 */
export type PromotionPeriod = 'once' | 'daily' | 'weekly' | 'monthly' | 'every';
export const PROMOTION_PERIODS = ['once', 'daily', 'weekly', 'monthly', 'every'] as const;

/** A deposit bonus's claim key: the period's, or the order's own when it pays on every deposit. */
export const depositClaimKey = (period: PromotionPeriod, day: string, orderId: bigint | string) =>
  period === 'every' ? `order:${orderId}` : periodKey(period, day);

/**
 * A deposit bonus (minor units): percentBp of the deposit, rounded down, at most max; nothing below
 * minDeposit. With tiers (a tier table), the amount of the highest tier whose `from` the deposit reaches
 * instead of the percent (still at most max).
 */
export function depositBonus(
  amount: bigint,
  r: {
    percentBp: number;
    max: bigint;
    minDeposit: bigint;
    tiers?: readonly { from: bigint; amount: bigint }[] | null | undefined;
  },
): bigint {
  if (amount < r.minDeposit || amount <= 0n) return 0n;
  let bonus = 0n;
  if (r.tiers && r.tiers.length > 0) {
    let reached: bigint | null = null;
    for (const t of r.tiers)
      if (amount >= t.from && (reached === null || t.from > reached)) {
        reached = t.from;
        bonus = t.amount;
      }
  } else bonus = (amount * BigInt(r.percentBp)) / 10_000n;
  return bonus < r.max ? bonus : r.max;
}

/** The period a moment falls in, from the merchant's day ('YYYY-MM-DD'): the claim's unique key part. */
export function periodKey(period: PromotionPeriod, day: string): string {
  switch (period) {
    case 'once':
      return 'once';
    case 'daily':
    case 'every':
      return day;
    case 'monthly':
      return day.slice(0, 7);
    case 'weekly': {
      // ISO week: weeks start on Monday; the week's Thursday decides its year.
      const thursday = (d: Date) => {
        const t = new Date(d);
        t.setUTCDate(t.getUTCDate() - ((t.getUTCDay() + 6) % 7) + 3);
        return t;
      };
      const t = thursday(new Date(`${day}T00:00:00Z`));
      const year = t.getUTCFullYear();
      const first = thursday(new Date(Date.UTC(year, 0, 4)));
      const week = 1 + Math.round((t.getTime() - first.getTime()) / (7 * 86_400_000));
      return `${year}-W${String(week).padStart(2, '0')}`;
    }
  }
}

/** The first and last merchant day of the period a day falls in ('once': no bounds of its own). */
export function periodRange(period: PromotionPeriod, day: string): { from: string; to: string } {
  const d = new Date(`${day}T00:00:00Z`);
  const iso = (x: Date) => x.toISOString().slice(0, 10);
  switch (period) {
    case 'daily':
    case 'once':
    case 'every':
      return { from: day, to: day };
    case 'weekly': {
      const monday = new Date(d);
      monday.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
      const sunday = new Date(monday);
      sunday.setUTCDate(monday.getUTCDate() + 6);
      return { from: iso(monday), to: iso(sunday) };
    }
    case 'monthly': {
      const first = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1));
      const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0));
      return { from: iso(first), to: iso(last) };
    }
  }
}

/** A mission's progress in whole percent (0–100) from minor units, without floats. */
export function missionPercent(done: bigint, target: bigint): number {
  if (target <= 0n || done >= target) return 100;
  if (done <= 0n) return 0;
  return Number((done * 100n) / target);
}

/** The day before a merchant day ('YYYY-MM-DD'). */
export function previousDay(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

/**
 * A check-in's reward by its streak: the n-th consecutive day gets the n-th amount; past the table, the
 * last amount again. Amounts are minor units.
 */
export function streakReward(amounts: readonly bigint[], streak: number): bigint {
  if (amounts.length === 0 || streak < 1) return 0n;
  return amounts[Math.min(streak, amounts.length) - 1]!;
}

/** A VIP level's requirements as the club states them (minor units). */
export interface VipRequirement {
  level: number;
  deposits: bigint;
  turnover: bigint;
}

/**
 * The level a member's cumulative deposits and valid turnover reach: the highest level whose every
 * requirement is met (levels need not be given in order; level 0 needs nothing).
 */
export function vipLevelReached(
  levels: readonly VipRequirement[],
  deposits: bigint,
  turnover: bigint,
): number {
  let reached = 0;
  for (const l of levels)
    if (deposits >= l.deposits && turnover >= l.turnover && l.level > reached) reached = l.level;
  return reached;
}

/** The longest range my rebate report covers, in days. */
export const MAX_REBATE_REPORT_DAYS = 90;

/** A rebate rate (basis points) for a VIP level: the level's entry, a level past the list the last one. */
export function rebateRateAt(rates: readonly number[] | undefined, level: number): number {
  if (!rates || rates.length === 0) return 0;
  return rates[Math.max(0, Math.min(level, rates.length - 1))] ?? 0;
}

/** The rebate of a turnover (minor units) at a rate in basis points, rounded down; nothing on none. */
export const rebateOf = (turnover: bigint, bp: number): bigint =>
  turnover > 0n && bp > 0 ? (turnover * BigInt(bp)) / 10_000n : 0n;

/**
 * What a rebate claim pays: the lines' total, no more than the day's maximum less what the day already
 * took; nothing when that is below the minimum.
 */
export function rebateClaimable(total: bigint, takenToday: bigint, min: bigint, max: bigint): bigint {
  const room = max - takenToday;
  const pay = total < room ? total : room;
  return pay >= min && pay > 0n ? pay : 0n;
}

/**
 * An application's limits (spec §5, §9): a comment of at most 140 characters (VALID-037), up to 3 images
 * (VALID-040) of png or jpg (VALID-038), each at most 5 MB (VALID-039).
 */
export const APPLY_LIMITS = {
  commentMax: 140,
  maxImages: 3,
  maxImageBytes: 5 * 1024 * 1024,
  imageTypes: ['image/png', 'image/jpeg'],
} as const;
