import type { Contract } from '@panalo/contract/contracts';
import { tierAboveUpline, tiersProblem, type Tier } from '@panalo/contract/contract-terms';
import { parseAmount } from '@panalo/contract/money';
import { parseRate } from '@panalo/contract/rebate';

/** A tier as typed: three texts. */
export interface DraftTier {
  turnover: string;
  active: string;
  rate: string;
}

const toTier = (d: DraftTier): Tier | null => {
  const turnover = parseAmount(d.turnover.trim());
  const rate = parseRate(d.rate);
  const active = /^\d{1,7}$/.test(d.active.trim()) ? Number(d.active.trim()) : null;
  return turnover === null || rate === null || active === null ? null : { turnover, active, rate };
};

const fromWire = (c: Contract): Tier[] =>
  c.tiers.map((t) => ({ turnover: parseAmount(t.turnover)!, active: t.active, rate: parseRate(t.rate)! }));

/**
 * What is wrong with a drafted offer before it is sent, as a message key (the server checks the same and
 * more): a tier not filled in, tiers that do not rise, a tier above my own contract from its figures.
 */
export function draftProblem(
  draft: readonly DraftTier[],
  own: Contract,
): { key: string; tier?: number } | null {
  const tiers = draft.map(toTier);
  const bad = tiers.findIndex((t) => t === null);
  if (bad >= 0) return { key: 'contracts.offerForm.tierInvalid', tier: bad + 1 };
  const problem = tiersProblem(tiers as Tier[]);
  if (problem) return { key: `errors.${problem}` };
  const above = tierAboveUpline(tiers as Tier[], fromWire(own));
  return above === null ? null : { key: 'errors.contract_rate_too_high', tier: above + 1 };
}

/** My own tiers as the starting draft: the same thresholds, the same rates (the agent lowers them). */
export const draftFrom = (own: Contract): DraftTier[] =>
  own.tiers.map((t) => ({ turnover: t.turnover, active: String(t.active), rate: t.rate }));
