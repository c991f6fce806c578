// Zod-free rebate rules shared by the server and the web (issue 16 item 2).

/** The product groups a rebate rate is set for (spec: lottery, slots/RNG, live, sports, fishing, cards, cockfight, e-sports). */
export const PRODUCT_GROUPS = [
  'lottery',
  'slots',
  'live',
  'sports',
  'fishing',
  'cards',
  'cockfight',
  'esports',
] as const;
export type ProductGroup = (typeof PRODUCT_GROUPS)[number];

/** A rate in basis points of turnover (780 = 7.80 %); on the wire a percent string with two decimals. */
export type RateBp = number;
const RATE = /^(\d{1,2})(?:\.(\d{1,2}))?$/;

/** '7.8' → 780; null for anything else than 0.00 to 99.99. */
export function parseRate(text: string): RateBp | null {
  const m = RATE.exec(text.trim());
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** 780 → '7.80'. */
export const formatRate = (bp: RateBp) => `${Math.floor(bp / 100)}.${String(bp % 100).padStart(2, '0')}`;

export type Rates = Record<ProductGroup, RateBp>;
export const zeroRates = (): Rates => Object.fromEntries(PRODUCT_GROUPS.map((g) => [g, 0])) as Rates;

/**
 * The range an agent may set a direct downline's rate to, per product group: at least the downline's
 * current rate (an agent only raises), at most the agent's own rate less the merchant's minimum gap.
 * `null` when nothing is allowed (the agent's room is already used up).
 */
export function agentRateRange(
  agent: RateBp,
  current: RateBp,
  gap: RateBp,
): { min: RateBp; max: RateBp } | null {
  const max = agent - gap;
  return max >= current ? { min: current, max } : null;
}

/**
 * The range an operator may set a member's rate to: never below the highest rate among its own direct
 * downlines plus the gap (they must keep their room), never above its upline's rate less the gap (or
 * the merchant's ceiling for a top agent).
 */
export function operatorRateRange(
  ceiling: RateBp,
  highestChild: RateBp | null,
  gap: RateBp,
): { min: RateBp; max: RateBp } | null {
  const min = highestChild === null ? 0 : highestChild + gap;
  return ceiling >= min ? { min, max: ceiling } : null;
}
