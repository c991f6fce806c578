// Zod-free agent contract rules (issue 17), shared by the server and the web bundle.
import type { RateBp } from './rebate';

/** The three contract kinds of spec §1: daily salary, hourly salary, dividend. */
export const CONTRACT_KINDS = ['daily_salary', 'hourly_salary', 'dividend'] as const;
export type ContractKind = (typeof CONTRACT_KINDS)[number];

/** What a contract's turnover and net loss count: every product, or the lottery only. */
export const CONTRACT_SCOPES = ['all', 'lottery'] as const;
export type ContractScope = (typeof CONTRACT_SCOPES)[number];

/**
 * offered (pending) → active (accepted; the previous active one of its kind becomes replaced) | refused
 * | withdrawn (by the upline, before an answer); active → terminated (from the next period on).
 */
export const CONTRACT_STATUSES = [
  'pending',
  'active',
  'refused',
  'withdrawn',
  'replaced',
  'terminated',
] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number];

// The routes live in their own module: the web entry imports them without the terms' rules.
export { CONTRACT_OFFER_ROUTE, CONTRACT_ROUTE, DIVIDEND_ROUTE } from './contract-routes';

/** Spec §3 contract request reply: the field of each kind, non-empty while an offer waits (AGENT-029). */
export const CONTRACT_REQUEST_FIELD = {
  daily_salary: 'dailysalreqtype',
  dividend: 'divtypecompperiodreq',
  hourly_salary: 'contracthoursalreq',
} as const satisfies Record<ContractKind, string>;

export { hasContracts } from './member-types';

/** The contract calls, under /api. */
export const CONTRACT_API = {
  requests: '/agent/contracts/requests',
  mine: '/agent/contracts',
  offers: '/agent/contracts/offers',
  downline: '/agent/contracts/downline',
  decide: '/agent/contracts/:id/:decision',
  settlements: '/agent/contracts/settlements',
  paySettlement: '/agent/contracts/settlements/:id/pay',
} as const;

/** The spec's calls per kind (§7 Agent and money: AGENT-033, AGENT-034), under /api/agent/<kind path>/. */
export const CONTRACT_KIND_PATH: Record<ContractKind, string> = {
  daily_salary: 'salary',
  hourly_salary: 'hourly-salary',
  dividend: 'dividend',
};
export const DIVIDEND_CALLS = [
  'current',
  'info',
  'history',
  'payout',
  'message',
  'request',
  'process',
] as const;
export const SALARY_CALLS = ['current', 'info', 'query', 'apply', 'process', 'request', 'history'] as const;
export type ContractCall = (typeof DIVIDEND_CALLS)[number] | (typeof SALARY_CALLS)[number];
export const callsOf = (kind: ContractKind): readonly ContractCall[] =>
  kind === 'dividend' ? DIVIDEND_CALLS : SALARY_CALLS;
/** A kind's call path under /api, e.g. contractCallPath('daily_salary', 'process') → /agent/salary/process. */
export const contractCallPath = (kind: ContractKind, call: ContractCall) =>
  `/agent/${CONTRACT_KIND_PATH[kind]}/${call}`;

export const MAX_TIERS = 10;

/** One tier: when the team's turnover in the period is above `turnover` (minor units) and its active
 * members above `active`, the contract pays `rate` (basis points of turnover, or of net loss). */
export interface Tier {
  turnover: bigint;
  active: number;
  rate: RateBp;
}

/**
 * Why a tier table cannot be offered, or null: 1 to MAX_TIERS tiers, from the lowest up, each asking at
 * least as much as the one before (turnover and active members, one of them more) and paying more.
 */
export function tiersProblem(tiers: readonly Tier[]): 'contract_tiers_count' | 'contract_tiers_order' | null {
  if (tiers.length < 1 || tiers.length > MAX_TIERS) return 'contract_tiers_count';
  for (let i = 1; i < tiers.length; i++) {
    const a = tiers[i - 1]!;
    const b = tiers[i]!;
    const asksMore =
      b.turnover >= a.turnover && b.active >= a.active && (b.turnover > a.turnover || b.active > a.active);
    if (!asksMore || b.rate <= a.rate) return 'contract_tiers_order';
  }
  if (tiers[0]!.rate <= 0) return 'contract_tiers_order';
  return null;
}

/**
 * The tier a period's figures reach: as published platforms do, compared strictly (turnover above the
 * tier's, active members above the tier's), the first match from the top. Null when none is reached.
 */
export function tierFor(
  tiers: readonly Tier[],
  figures: { turnover: bigint; active: number },
): { index: number; tier: Tier } | null {
  for (let i = tiers.length - 1; i >= 0; i--) {
    const t = tiers[i]!;
    if (figures.turnover > t.turnover && figures.active > t.active) return { index: i, tier: t };
  }
  return null;
}

/**
 * The rate a tier table pays for figures just above (turnover, active): its highest tier asking no more
 * than that. 0 when none.
 */
export function rateFrom(tiers: readonly Tier[], turnover: bigint, active: number): RateBp {
  for (let i = tiers.length - 1; i >= 0; i--) {
    const t = tiers[i]!;
    if (t.turnover <= turnover && t.active <= active) return t.rate;
  }
  return 0;
}

/**
 * Nobody gives more than it has: the first offered tier (its index) whose rate is above what the
 * upline's own contract pays from the same figures, or null. Both tables rise, so checking each tier's
 * start checks every figure.
 */
export function tierAboveUpline(offer: readonly Tier[], upline: readonly Tier[]): number | null {
  const i = offer.findIndex((t) => t.rate > rateFrom(upline, t.turnover, t.active));
  return i < 0 ? null : i;
}
