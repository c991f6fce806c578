import {
  CREATABLE_PROMOTION_KINDS,
  REWARD_TYPES_OF_KIND,
  type CreatablePromotionKind,
  type PromotionKind,
  type PromotionPeriod,
  type PromotionRewardType,
} from '@panalo/contract/promotion-rules';
import type { OpsPromotionDetail, PromotionRewardInput } from '@panalo/contract/promotions';
import { PRODUCT_GROUPS, type ProductGroup } from '@panalo/contract/rebate';

// A promotion as the console's editor holds it: every field as the operator types it (text), turned into
// the API's request only when saved (promotion-request.ts), with each problem named by its field. Pure:
// tested beside it.

export interface RewardForm {
  type: PromotionRewardType;
  amount: string;
  min: string;
  max: string;
  /** Check-in amounts by streak day, or leaderboard prizes by place: separated by commas or spaces. */
  amounts: string;
  prizes: string;
  minDeposit: string;
  /** Rebate: per product group, the rate of each VIP level from level 0 (commas or spaces). */
  rates: Record<ProductGroup, string>;
  goal: 'turnover' | 'deposits';
  /** '' for every product group. */
  product: ProductGroup | '';
  target: string;
  percent: string;
  tiers: { from: string; amount: string }[];
  firstDeposit: boolean;
}

export interface PromotionForm {
  code: string;
  /** A VIP level-up promotion can be edited, not created. */
  kind: PromotionKind;
  category: string;
  sort: string;
  enabled: boolean;
  texts: Record<string, { title: string; terms: string }>;
  period: PromotionPeriod;
  reward: RewardForm;
  turnoverMultiplier: string;
  /** '' for no budget. */
  budget: string;
  /** datetime-local values in the browser's zone; endsAt '' for no end. */
  startsAt: string;
  endsAt: string;
  claimHours: string;
  turnoverHours: string;
  reviewAbove: string;
  newPlayersDays: string;
  vipLevels: string;
  depositsMin: string;
  depositsMax: string;
  agents: string;
  excludes: string;
  /** Per product group, the percent of stakes counted ('' counts all of them). */
  weights: Record<ProductGroup, string>;
}

/** What is wrong with one field: the field's path and the console's message key. */
export interface Problem {
  field: string;
  key: string;
}

const byGroup = (f: (g: ProductGroup) => string) =>
  Object.fromEntries(PRODUCT_GROUPS.map((g) => [g, f(g)])) as Record<ProductGroup, string>;
const numberText = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));

/** 'YYYY-MM-DDTHH:mm' in the browser's zone (a datetime-local input) from an ISO time, and back. */
export const toLocalInput = (iso: string | null) => {
  if (!iso) return '';
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
export const fromLocalInput = (v: string) => new Date(v).toISOString();

function emptyReward(type: PromotionRewardType): RewardForm {
  return {
    type,
    amount: '',
    min: '',
    max: '',
    amounts: '',
    prizes: '',
    minDeposit: '0',
    rates: byGroup(() => ''),
    goal: 'turnover',
    product: '',
    target: '',
    percent: '',
    tiers: [],
    firstDeposit: false,
  };
}

/** The editor's reward fields from the reward the server holds. */
function rewardForm(r: PromotionRewardInput): RewardForm {
  const f = emptyReward(r.type);
  switch (r.type) {
    case 'fixed':
      return { ...f, amount: r.amount };
    case 'random':
      return { ...f, min: r.min, max: r.max };
    case 'streak':
      return { ...f, amounts: r.amounts.join(', ') };
    case 'referral':
      return { ...f, amount: r.amount, minDeposit: r.minDeposit };
    case 'rebate':
      return { ...f, rates: byGroup((g) => (r.rates[g] ?? []).join(', ')), min: r.min, max: r.max };
    case 'mission':
      return { ...f, goal: r.goal, product: r.product ?? '', target: r.target, amount: r.amount };
    case 'leaderboard':
      return { ...f, product: r.product ?? '', prizes: r.prizes.join(', ') };
    case 'deposit':
      return {
        ...f,
        percent: r.percent,
        tiers: r.tiers ? r.tiers.map((t) => ({ ...t })) : [],
        max: r.max,
        minDeposit: r.minDeposit,
        firstDeposit: r.firstDeposit,
      };
  }
}

/** A new promotion of a kind, starting now, off until the operator turns it on. */
export function newPromotionForm(languages: string[], now = new Date()): PromotionForm {
  return {
    code: '',
    kind: 'manual',
    category: 'event',
    sort: '0',
    enabled: false,
    texts: Object.fromEntries(languages.map((l) => [l, { title: '', terms: '' }])),
    period: 'once',
    reward: emptyReward('fixed'),
    turnoverMultiplier: '1',
    budget: '',
    startsAt: toLocalInput(now.toISOString()),
    endsAt: '',
    claimHours: '',
    turnoverHours: '',
    reviewAbove: '',
    newPlayersDays: '',
    vipLevels: '',
    depositsMin: '',
    depositsMax: '',
    agents: '',
    excludes: '',
    weights: byGroup(() => ''),
  };
}

/** The editor's form for a promotion the server holds (the site's languages each get a text). */
export function promotionForm(p: OpsPromotionDetail, languages: string[]): PromotionForm {
  const e = p.eligibility;
  return {
    code: p.code,
    kind: p.kind,
    category: p.category,
    sort: String(p.sort),
    enabled: p.enabled,
    texts: Object.fromEntries(
      [...new Set([...languages, ...Object.keys(p.texts)])].map((l) => [
        l,
        p.texts[l] ?? { title: '', terms: '' },
      ]),
    ),
    period: p.period,
    reward: rewardForm(p.reward),
    turnoverMultiplier: p.turnoverMultiplier,
    budget: p.budget ?? '',
    startsAt: toLocalInput(p.startsAt),
    endsAt: toLocalInput(p.endsAt),
    claimHours: numberText(p.claimHours),
    turnoverHours: numberText(p.turnoverHours),
    reviewAbove: p.reviewAbove ?? '',
    newPlayersDays: numberText(e.newPlayersDays),
    vipLevels: (e.vipLevels ?? []).join(', '),
    depositsMin: numberText(e.depositsMin),
    depositsMax: numberText(e.depositsMax),
    agents: (e.agents ?? []).join(', '),
    excludes: (e.excludes ?? []).join(', '),
    weights: byGroup((g) => numberText(p.turnoverWeights?.[g])),
  };
}

/** The form after choosing a kind: its period and reward type made ones the kind allows. */
export function withKind(form: PromotionForm, kind: CreatablePromotionKind): PromotionForm {
  const types = REWARD_TYPES_OF_KIND[kind];
  const reward = types.includes(form.reward.type) ? form.reward : { ...form.reward, type: types[0]! };
  const period = form.period === 'every' && kind !== 'deposit' ? 'once' : form.period;
  return { ...form, kind, reward, period, budget: kind === 'rebate' ? '' : form.budget };
}

export const PERIODS_OF_KIND = (kind: PromotionKind): PromotionPeriod[] =>
  kind === 'deposit'
    ? ['once', 'daily', 'weekly', 'monthly', 'every']
    : ['once', 'daily', 'weekly', 'monthly'];

export { CREATABLE_PROMOTION_KINDS };

/** The first problem of a field, if any. */
export const problemOf = (problems: Problem[], field: string) => problems.find((p) => p.field === field)?.key;
