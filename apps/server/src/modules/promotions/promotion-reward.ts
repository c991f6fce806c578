import { formatAmount, parseAmount } from '@panalo/contract/money';
import type { PromotionRewardInput } from '@panalo/contract/promotions';
import { formatRate, parseRate, type ProductGroup } from '@panalo/contract/rebate';
import type { PromotionReward } from '../../db/schema';
import { DomainError } from '../../lib/domain-error';

/** The operator's promotion input as stored and back (the console's create and edit). */

/** A refusal of the operator's input: 400 validation_failed naming the field. */
export const invalid = (field: string, message: string) =>
  new DomainError('validation_failed', 400, message, { field });

/** A random reward's largest amount (minor units), well inside what a CSPRNG draw covers exactly. */
const RANDOM_MAX = 10_000_000_000n;

/** '3' → 300, '100' → 10000, '2.5' → 250 basis points; null past 100 % or malformed. */
function percentBp(text: string): number | null {
  const m = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(text);
  if (!m) return null;
  const bp = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return bp <= 10_000 ? bp : null;
}

/** An amount the operator typed, in minor units (text), or a refusal naming the field. */
export const minor = (text: string, field: string) => {
  const v = parseAmount(text);
  if (v === null) throw invalid(field, 'Invalid amount');
  return v.toString();
};

/** The operator's reward (decimal strings, percents) as stored (minor units, basis points). */
export function storedReward(r: PromotionRewardInput): PromotionReward {
  switch (r.type) {
    case 'fixed':
      return { type: 'fixed', amount: minor(r.amount, 'reward.amount') };
    case 'random': {
      const min = BigInt(minor(r.min, 'reward.min'));
      const max = BigInt(minor(r.max, 'reward.max'));
      if (min <= 0n || max <= min || max > RANDOM_MAX)
        throw invalid('reward.max', 'A random reward is drawn between two amounts, the second the larger');
      return { type: 'random', min: min.toString(), max: max.toString() };
    }
    case 'streak':
      return { type: 'streak', amounts: r.amounts.map((a) => minor(a, 'reward.amounts')) };
    case 'referral':
      return {
        type: 'referral',
        amount: minor(r.amount, 'reward.amount'),
        minDeposit: minor(r.minDeposit, 'reward.minDeposit'),
      };
    case 'rebate': {
      const rates: Record<string, number[]> = {};
      for (const [product, list] of Object.entries(r.rates)) {
        rates[product] = (list ?? []).map((x) => {
          const bp = parseRate(x);
          if (bp === null || bp > 1_000) throw invalid('reward.rates', 'A rebate rate is at most 10 %');
          return bp;
        });
      }
      const min = BigInt(minor(r.min, 'reward.min'));
      const max = BigInt(minor(r.max, 'reward.max'));
      if (max <= 0n || min > max) throw invalid('reward.max', 'The daily maximum must be above the minimum');
      return { type: 'rebate', rates, min: min.toString(), max: max.toString() };
    }
    case 'mission':
      return {
        type: 'mission',
        goal: r.goal,
        product: r.product,
        target: minor(r.target, 'reward.target'),
        amount: minor(r.amount, 'reward.amount'),
      };
    case 'leaderboard':
      return {
        type: 'leaderboard',
        product: r.product,
        prizes: r.prizes.map((p) => minor(p, 'reward.prizes')),
      };
    case 'deposit': {
      const bp = percentBp(r.percent);
      const minDeposit = minor(r.minDeposit, 'reward.minDeposit');
      if (r.tiers) {
        // A tier table instead of a percent: tiers from the minimum deposit up, each bonus larger.
        if (bp !== 0)
          throw invalid('reward.percent', 'A deposit bonus pays by a percent or by tiers, not both');
        const tiers = r.tiers
          .map((t) => ({
            from: BigInt(minor(t.from, 'reward.tiers')),
            amount: BigInt(minor(t.amount, 'reward.tiers')),
          }))
          .sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : 0));
        const ok = tiers.every(
          (t, i) =>
            t.amount > 0n &&
            t.from >= BigInt(minDeposit) &&
            (i === 0 || (t.from > tiers[i - 1]!.from && t.amount > tiers[i - 1]!.amount)),
        );
        if (!ok)
          throw invalid(
            'reward.tiers',
            'Each tier starts at or above the minimum deposit and pays more than the one below',
          );
        return {
          type: 'deposit',
          percentBp: 0,
          max: minor(r.max, 'reward.max'),
          minDeposit,
          firstDeposit: r.firstDeposit,
          tiers: tiers.map((t) => ({ from: t.from.toString(), amount: t.amount.toString() })),
        };
      }
      if (bp === null || bp === 0)
        throw invalid('reward.percent', 'A deposit bonus is above 0 and at most 100 %');
      return {
        type: 'deposit',
        percentBp: bp,
        max: minor(r.max, 'reward.max'),
        minDeposit,
        firstDeposit: r.firstDeposit,
      };
    }
  }
}

/** The stored reward in the operator's terms. */
export function rewardInput(r: PromotionReward): PromotionRewardInput {
  const money = (s: string) => formatAmount(BigInt(s));
  switch (r.type) {
    case 'fixed':
      return { type: 'fixed', amount: money(r.amount) };
    case 'random':
      return { type: 'random', min: money(r.min), max: money(r.max) };
    case 'streak':
      return { type: 'streak', amounts: r.amounts.map(money) };
    case 'referral':
      return { type: 'referral', amount: money(r.amount), minDeposit: money(r.minDeposit) };
    case 'rebate':
      return {
        type: 'rebate',
        rates: Object.fromEntries(Object.entries(r.rates).map(([k, v]) => [k, (v ?? []).map(formatRate)])),
        min: money(r.min),
        max: money(r.max),
      };
    case 'mission':
      return {
        type: 'mission',
        goal: r.goal,
        product: r.product as ProductGroup | null,
        target: money(r.target),
        amount: money(r.amount),
      };
    case 'leaderboard':
      return { type: 'leaderboard', product: r.product as ProductGroup | null, prizes: r.prizes.map(money) };
    case 'deposit':
      return {
        type: 'deposit',
        percent: formatRate(r.percentBp),
        max: money(r.max),
        minDeposit: money(r.minDeposit),
        firstDeposit: r.firstDeposit,
        ...(r.tiers ? { tiers: r.tiers.map((t) => ({ from: money(t.from), amount: money(t.amount) })) } : {}),
      };
  }
}
