import { REWARD_TYPES_OF_KIND, type CreatablePromotionKind } from '@panalo/contract/promotion-rules';
import type {
  CreatePromotionRequest,
  PromotionEligibility,
  PromotionRewardInput,
} from '@panalo/contract/promotions';
import { PRODUCT_GROUPS, type ProductGroup } from '@panalo/contract/rebate';
import { AMOUNT_TEXT } from '@panalo/contract/money';
import { RATE_TEXT } from '../../../lib/format';
import { fromLocalInput, type Problem, type PromotionForm } from './promotion-form';

// The editor's form (promotion-form.ts) turned into the API's request when saved. Pure: tested with the
// form (promotion-form.test.ts).

const list = (text: string) => text.split(/[\s,;]+/).filter(Boolean);
const WHOLE = /^\d{1,7}$/;

/**
 * The request to save, or what is wrong with the form (each problem on its field). The server checks
 * everything again; this only spares the operator a round trip for what the form can see.
 */
export function promotionRequest(
  form: PromotionForm,
): { body: CreatePromotionRequest } | { problems: Problem[] } {
  const problems: Problem[] = [];
  const need = (ok: boolean, field: string, key: string) => {
    if (!ok) problems.push({ field, key });
  };
  const amount = (v: string, field: string) =>
    need(AMOUNT_TEXT.test(v), field, 'promotionEdit.amountInvalid');
  const amounts = (v: string, field: string, max: number) => {
    const items = list(v);
    need(items.length >= 1 && items.length <= max, field, 'promotionEdit.listInvalid');
    need(
      items.every((x) => AMOUNT_TEXT.test(x)),
      field,
      'promotionEdit.amountInvalid',
    );
    return items;
  };
  const whole = (v: string, field: string, min: number, max: number): number | undefined => {
    if (v.trim() === '') return undefined;
    const n = Number(v);
    need(WHOLE.test(v.trim()) && n >= min && n <= max, field, 'promotionEdit.wholeInvalid');
    return n;
  };

  need(/^[A-Z0-9][A-Z0-9-]{1,31}$/.test(form.code), 'code', 'promotionEdit.codeInvalid');
  need(form.category.trim().length > 0, 'category', 'promotionEdit.required');
  const sort = whole(form.sort, 'sort', 0, 10_000) ?? 0;
  const texts = Object.fromEntries(
    Object.entries(form.texts)
      .filter(([, x]) => x.title.trim() !== '')
      .map(([l, x]) => [l, { title: x.title.trim(), terms: x.terms }]),
  );
  need(Object.keys(texts).length > 0, 'texts', 'promotionEdit.textsNeeded');
  for (const [l, x] of Object.entries(texts))
    need(x.title.length <= 80, `texts.${l}.title`, 'promotionEdit.titleTooLong');

  const r = form.reward;
  let reward: PromotionRewardInput;
  need(REWARD_TYPES_OF_KIND[form.kind].includes(r.type), 'reward.type', 'promotionEdit.rewardTypeWrong');
  switch (r.type) {
    case 'fixed':
      amount(r.amount, 'reward.amount');
      reward = { type: 'fixed', amount: r.amount };
      break;
    case 'random':
      amount(r.min, 'reward.min');
      amount(r.max, 'reward.max');
      if (AMOUNT_TEXT.test(r.min) && AMOUNT_TEXT.test(r.max))
        need(Number(r.min) <= Number(r.max), 'reward.max', 'promotionEdit.maxBelowMin');
      reward = { type: 'random', min: r.min, max: r.max };
      break;
    case 'streak':
      reward = { type: 'streak', amounts: amounts(r.amounts, 'reward.amounts', 31) };
      break;
    case 'referral':
      amount(r.amount, 'reward.amount');
      amount(r.minDeposit, 'reward.minDeposit');
      reward = { type: 'referral', amount: r.amount, minDeposit: r.minDeposit };
      break;
    case 'rebate': {
      const rates: Partial<Record<ProductGroup, string[]>> = {};
      for (const g of PRODUCT_GROUPS) {
        const items = list(r.rates[g]);
        if (items.length === 0) continue;
        need(
          items.length <= 20 && items.every((x) => RATE_TEXT.test(x)),
          `reward.rates.${g}`,
          'promotionEdit.ratesInvalid',
        );
        rates[g] = items;
      }
      need(Object.keys(rates).length > 0, 'reward.rates', 'promotionEdit.ratesNeeded');
      amount(r.min, 'reward.min');
      amount(r.max, 'reward.max');
      reward = { type: 'rebate', rates, min: r.min, max: r.max };
      break;
    }
    case 'mission':
      amount(r.target, 'reward.target');
      amount(r.amount, 'reward.amount');
      reward = {
        type: 'mission',
        goal: r.goal,
        product: r.product || null,
        target: r.target,
        amount: r.amount,
      };
      break;
    case 'leaderboard':
      reward = {
        type: 'leaderboard',
        product: r.product || null,
        prizes: amounts(r.prizes, 'reward.prizes', 100),
      };
      break;
    case 'deposit': {
      const tiered = r.tiers.length > 0;
      const percent = tiered && r.percent.trim() === '' ? '0' : r.percent;
      need(
        /^\d{1,3}(\.\d{1,2})?$/.test(percent) && Number(percent) <= 100,
        'reward.percent',
        'promotionEdit.percentInvalid',
      );
      r.tiers.forEach((t, i) => {
        amount(t.from, `reward.tiers.${i}.from`);
        amount(t.amount, `reward.tiers.${i}.amount`);
      });
      need(r.tiers.length <= 10, 'reward.tiers', 'promotionEdit.listInvalid');
      amount(r.max, 'reward.max');
      amount(r.minDeposit, 'reward.minDeposit');
      need(!r.firstDeposit || form.period === 'once', 'period', 'promotionEdit.firstDepositOnce');
      reward = {
        type: 'deposit',
        percent,
        ...(tiered ? { tiers: r.tiers.map((t) => ({ from: t.from, amount: t.amount })) } : {}),
        max: r.max,
        minDeposit: r.minDeposit,
        firstDeposit: r.firstDeposit,
      };
      break;
    }
  }
  need(form.period !== 'every' || form.kind === 'deposit', 'period', 'promotionEdit.everyDepositOnly');

  need(
    /^\d{1,2}(\.\d)?$/.test(form.turnoverMultiplier),
    'turnoverMultiplier',
    'promotionEdit.multiplierInvalid',
  );
  const budget = form.budget.trim() === '' ? null : form.budget.trim();
  if (budget !== null) {
    amount(budget, 'budget');
    need(form.kind !== 'rebate', 'budget', 'promotionEdit.rebateNoBudget');
  }
  const reviewAbove = form.reviewAbove.trim() === '' ? null : form.reviewAbove.trim();
  if (reviewAbove !== null) amount(reviewAbove, 'reviewAbove');

  const startsOk = form.startsAt !== '' && !Number.isNaN(Date.parse(form.startsAt));
  need(startsOk, 'startsAt', 'promotionEdit.timeInvalid');
  const endsOk = form.endsAt === '' || !Number.isNaN(Date.parse(form.endsAt));
  need(endsOk, 'endsAt', 'promotionEdit.timeInvalid');
  if (startsOk && endsOk && form.endsAt !== '')
    need(Date.parse(form.endsAt) > Date.parse(form.startsAt), 'endsAt', 'promotionEdit.endBeforeStart');

  const claimHours = whole(form.claimHours, 'claimHours', 1, 8_760) ?? null;
  const turnoverHours = whole(form.turnoverHours, 'turnoverHours', 1, 8_760) ?? null;

  const eligibility: PromotionEligibility = {};
  const days = whole(form.newPlayersDays, 'newPlayersDays', 1, 3_650);
  if (days !== undefined) eligibility.newPlayersDays = days;
  const levels = list(form.vipLevels);
  if (levels.length > 0) {
    need(
      levels.length <= 51 && levels.every((x) => WHOLE.test(x) && Number(x) <= 50),
      'vipLevels',
      'promotionEdit.levelsInvalid',
    );
    eligibility.vipLevels = [...new Set(levels.map(Number))];
  }
  const depositsMin = whole(form.depositsMin, 'depositsMin', 0, 1_000_000);
  const depositsMax = whole(form.depositsMax, 'depositsMax', 0, 1_000_000);
  if (depositsMin !== undefined) eligibility.depositsMin = depositsMin;
  if (depositsMax !== undefined) eligibility.depositsMax = depositsMax;
  if (depositsMin !== undefined && depositsMax !== undefined)
    need(depositsMin <= depositsMax, 'depositsMax', 'promotionEdit.maxBelowMin');
  const agents = list(form.agents.toLowerCase());
  if (agents.length > 0) eligibility.agents = agents;
  const excludes = list(form.excludes.toUpperCase());
  if (excludes.length > 0) {
    need(!excludes.includes(form.code), 'excludes', 'promotionEdit.excludesItself');
    eligibility.excludes = excludes;
  }

  const weights: Partial<Record<ProductGroup, number>> = {};
  for (const g of PRODUCT_GROUPS) {
    const w = whole(form.weights[g], `weights.${g}`, 0, 100);
    if (w !== undefined) weights[g] = w;
  }

  if (problems.length > 0) return { problems };
  return {
    body: {
      code: form.code,
      kind: form.kind as CreatablePromotionKind,
      category: form.category.trim(),
      sort,
      enabled: form.enabled,
      texts,
      period: form.period,
      reward: reward!,
      turnoverMultiplier: form.turnoverMultiplier,
      budget,
      startsAt: fromLocalInput(form.startsAt),
      endsAt: form.endsAt === '' ? null : fromLocalInput(form.endsAt),
      claimHours,
      turnoverHours,
      reviewAbove,
      eligibility,
      turnoverWeights: Object.keys(weights).length > 0 ? weights : null,
    },
  };
}
