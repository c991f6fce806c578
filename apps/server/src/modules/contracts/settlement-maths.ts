import { CONTRACT_KINDS, tierFor, type ContractKind, type Tier } from '@panalo/contract/contract-terms';
import { DIVIDEND_CADENCES, type DividendCadence } from './periods';

/**
 * What one contract pays for one period (issue 17 items 3 and 4), pure so every rule is tested on its
 * own; the settlement run feeds it the figures it read from the aggregates.
 *
 * - Salary (daily, hourly): the tier the team's figures reach (strictly above, first from the top) pays
 *   its rate × the team's valid turnover, rounded down, at most the cap.
 * - Dividend: the tier pays its rate × the team's net loss (stakes − refunds − wins − bonuses, rebates and
 *   commissions given to the team); nothing when the team won. With carry-over (a merchant setting,
 *   default off), a period the team won is carried, as a negative, into the next period's loss.
 */
export interface PeriodFigures {
  turnover: bigint;
  active: number;
  netLoss: bigint;
}

export interface Payout {
  /** The tier used (1 = lowest), null when none was reached. */
  tier: number | null;
  rate: number;
  amount: bigint;
  capped: boolean;
  /** ≤ 0: what the next period's loss starts from (dividend with carry-over). */
  carryOut: bigint;
}

export function payoutOf(
  kind: ContractKind,
  terms: { tiers: readonly Tier[]; cap: bigint | null },
  f: PeriodFigures,
  o: { carryIn: bigint; carryOver: boolean },
): Payout {
  const hit = tierFor(terms.tiers, f);
  const tier = hit ? hit.index + 1 : null;
  const rate = hit?.tier.rate ?? 0;
  if (kind !== 'dividend') {
    const raw = hit && f.turnover > 0n ? (f.turnover * BigInt(rate)) / 10_000n : 0n;
    const capped = terms.cap !== null && raw > terms.cap;
    return { tier, rate, amount: capped ? terms.cap! : raw, capped, carryOut: 0n };
  }
  const loss = f.netLoss + (o.carryOver ? o.carryIn : 0n);
  if (loss <= 0n) return { tier, rate, amount: 0n, capped: false, carryOut: o.carryOver ? loss : 0n };
  return { tier, rate, amount: hit ? (loss * BigInt(rate)) / 10_000n : 0n, capped: false, carryOut: 0n };
}

export const CONTRACT_PAYERS = ['platform', 'upline'] as const;
export type ContractPayer = (typeof CONTRACT_PAYERS)[number];

/** A merchant's contract settings (merchant.settings.contracts; defaults where absent). */
export interface ContractSettings {
  /** Who pays a contract an upline offered: the platform's budget or the upline's own wallet. */
  payer: Record<ContractKind, ContractPayer>;
  /** An active member in a period: valid stakes ≥ activeBets and deposits ≥ activeDeposit (minor units). */
  activeBets: bigint;
  activeDeposit: bigint;
  dividendCadence: DividendCadence;
  dividendCarryOver: boolean;
  /** Daily salaries and dividends run this long after their period closes (the merchant's cut-off). */
  cutoffMinutes: number;
}

export const CONTRACT_DEFAULTS: ContractSettings = {
  payer: { daily_salary: 'platform', hourly_salary: 'platform', dividend: 'platform' },
  activeBets: 100n,
  activeDeposit: 0n,
  dividendCadence: 'half_month',
  dividendCarryOver: false,
  cutoffMinutes: 240,
};

/** Hourly salaries run this long after their hour closes (the house roll-up folds bets within seconds). */
export const HOURLY_GRACE_MINUTES = 10;

type Stored = Partial<{
  payer: Partial<Record<string, string>>;
  activeBets: string;
  activeDeposit: string;
  dividendCadence: string;
  dividendCarryOver: boolean;
  cutoffMinutes: number;
}>;

const bigintOr = (text: unknown, fallback: bigint) =>
  typeof text === 'string' && /^\d{1,18}$/.test(text) ? BigInt(text) : fallback;

/** Reads merchant.settings.contracts; anything missing or malformed takes its default. */
export function contractSettings(settings: unknown): ContractSettings {
  const c = (settings as { contracts?: Stored } | null)?.contracts ?? {};
  const payer = { ...CONTRACT_DEFAULTS.payer };
  for (const k of CONTRACT_KINDS) {
    const p = c.payer?.[k];
    if (p === 'platform' || p === 'upline') payer[k] = p;
  }
  return {
    payer,
    activeBets: bigintOr(c.activeBets, CONTRACT_DEFAULTS.activeBets),
    activeDeposit: bigintOr(c.activeDeposit, CONTRACT_DEFAULTS.activeDeposit),
    dividendCadence: (DIVIDEND_CADENCES as readonly string[]).includes(c.dividendCadence ?? '')
      ? (c.dividendCadence as DividendCadence)
      : CONTRACT_DEFAULTS.dividendCadence,
    dividendCarryOver: c.dividendCarryOver ?? CONTRACT_DEFAULTS.dividendCarryOver,
    cutoffMinutes:
      Number.isInteger(c.cutoffMinutes) && c.cutoffMinutes! >= 0 && c.cutoffMinutes! <= 24 * 60
        ? c.cutoffMinutes!
        : CONTRACT_DEFAULTS.cutoffMinutes,
  };
}

/** How long after a period of `kind` closes it is settled, ms. */
export const settleDelayMs = (kind: ContractKind, s: ContractSettings) =>
  (kind === 'hourly_salary' ? HOURLY_GRACE_MINUTES : s.cutoffMinutes) * 60_000;
