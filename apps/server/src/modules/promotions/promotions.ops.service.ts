import { formatAmount, parseAmount } from '@panalo/contract/money';
import type {
  CreatePromotionRequest,
  OpsPromotionDetail,
  PromotionRewardInput,
  UpdatePromotionRequest,
  VipLevelsRequest,
} from '@panalo/contract/promotions';
import { REWARD_TYPES_OF_KIND, type PromotionKind } from '@panalo/contract/promotion-rules';
import { formatRate, parseRate, type ProductGroup } from '@panalo/contract/rebate';
import { isAgentType } from '@panalo/contract/member';
import type { Database } from '../../db/database';
import type { PromotionReward, PromotionTexts } from '../../db/schema';
import { audit } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import { DomainError, notFound } from '../../lib/domain-error';
import { sanitizeContentHtml } from '../../lib/sanitize';
import { checkFigures } from './promotion-figures';
import type { MerchantRow } from '../merchants/merchants.repository';
import { textsIn } from './promotions.service';
import { inTransaction } from '../../db/transaction';

const invalid = (field: string, message: string) =>
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

const minor = (text: string, field: string) => {
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

/**
 * The operator's side of the promotion engine (issue 18 item 7): create and edit promotions (terms HTML
 * sanitised on save; the reward must be the kind's; a rebate has no budget — its cap is per member-day —
 * and a budget never goes below what was granted) and set the VIP club's levels. Every change is audited
 * with the state before and after. Claims already granted keep the terms copied onto them.
 */
export function promotionsOpsService(db: Database, clock: Clock) {
  function check(kind: PromotionKind, f: UpdatePromotionRequest) {
    if (!REWARD_TYPES_OF_KIND[kind]?.includes(f.reward.type))
      throw invalid(
        'reward.type',
        `A ${kind} promotion pays with a ${REWARD_TYPES_OF_KIND[kind]?.join(' or ')} reward`,
      );
    if (kind === 'rebate' && f.budget !== null)
      throw invalid('budget', 'A rebate has no budget: cap it per member and day');
    if (f.period === 'every' && kind !== 'deposit')
      throw invalid('period', 'Only a deposit bonus pays on every deposit');
    if (f.reward.type === 'deposit' && f.reward.firstDeposit && f.period !== 'once')
      throw invalid('period', 'A first-deposit bonus is paid once');
    if (f.endsAt !== null && Date.parse(f.endsAt) <= Date.parse(f.startsAt))
      throw invalid('endsAt', 'The promotion must end after it starts');
  }
  const textList = (t: UpdatePromotionRequest['texts']) =>
    Object.values(t).flatMap((x) => [x.title, x.terms]);
  const texts = (t: UpdatePromotionRequest['texts']): PromotionTexts =>
    Object.fromEntries(
      Object.entries(t).map(([lang, x]) => [lang, { title: x.title, terms: sanitizeContentHtml(x.terms) }]),
    );
  /** The eligibility as stored, once its agents and excluded promotions are known to this merchant. */
  async function eligibilityOf(
    trx: Database,
    merchantId: number,
    code: string,
    e: UpdatePromotionRequest['eligibility'],
  ): Promise<string> {
    if (e.depositsMin !== undefined && e.depositsMax !== undefined && e.depositsMin > e.depositsMax)
      throw invalid('eligibility.depositsMax', 'The most deposits must not be below the least');
    if (e.agents) {
      const agents = [...new Set(e.agents)];
      const found = await trx
        .selectFrom('member')
        .select(['username', 'type'])
        .where('merchant_id', '=', merchantId)
        .where('username', 'in', agents)
        .execute();
      const unknown = agents.filter((a) => !found.some((m) => m.username === a && isAgentType(m.type)));
      if (unknown.length > 0)
        throw invalid('eligibility.agents', `Not an agent of this merchant: ${unknown.join(', ')}`);
      e = { ...e, agents };
    }
    if (e.excludes) {
      const codes = [...new Set(e.excludes)];
      if (codes.includes(code)) throw invalid('eligibility.excludes', 'A promotion cannot exclude itself');
      const found = await trx
        .selectFrom('promotion')
        .select('code')
        .where('merchant_id', '=', merchantId)
        .where('code', 'in', codes)
        .execute();
      const unknown = codes.filter((c) => !found.some((p) => p.code === c));
      if (unknown.length > 0)
        throw invalid('eligibility.excludes', `No promotion has the code: ${unknown.join(', ')}`);
      e = { ...e, excludes: codes };
    }
    return JSON.stringify(e);
  }
  const budgetOf = (b: string | null) => (b === null ? null : BigInt(minor(b, 'budget')));
  const tenths = (m: string) => Math.round(Number(m) * 10);

  async function detail(merchant: MerchantRow, id: bigint): Promise<OpsPromotionDetail> {
    const p = await db
      .selectFrom('promotion')
      .selectAll()
      .where('merchant_id', '=', merchant.id)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!p) throw notFound('promotion_unknown');
    return {
      id: p.id.toString(),
      code: p.code,
      kind: p.kind,
      title: textsIn(p.texts, undefined, merchant.default_language).title,
      enabled: p.enabled,
      budget: p.budget === null ? null : formatAmount(BigInt(p.budget)),
      granted: formatAmount(BigInt(p.granted)),
      startsAt: p.starts_at.toISOString(),
      endsAt: p.ends_at?.toISOString() ?? null,
      eligibility: p.eligibility,
      claimHours: p.claim_hours,
      reviewAbove: p.review_above === null ? null : formatAmount(BigInt(p.review_above)),
      turnoverWeights: p.wagering_weights,
      turnoverHours: p.wagering_hours,
      category: p.category,
      texts: p.texts,
      period: p.period,
      reward: rewardInput(p.reward),
      turnoverMultiplier: (p.wagering_multiplier_tenths / 10).toFixed(1),
      sort: p.sort,
    };
  }

  return {
    detail,

    async create(merchant: MerchantRow, staffId: bigint, body: CreatePromotionRequest) {
      check(body.kind, body);
      const now = clock.now();
      const id = await inTransaction(db, 'promotions.ops.service.create', async (trx) => {
        const row = await trx
          .insertInto('promotion')
          .values({
            merchant_id: merchant.id,
            code: body.code,
            kind: body.kind,
            category: body.category,
            texts: JSON.stringify(texts(body.texts)),
            period: body.period,
            reward: JSON.stringify(storedReward(body.reward)),
            wagering_multiplier_tenths: tenths(body.turnoverMultiplier),
            budget: budgetOf(body.budget),
            starts_at: new Date(body.startsAt),
            ends_at: body.endsAt === null ? null : new Date(body.endsAt),
            enabled: body.enabled,
            sort: body.sort,
            eligibility: await eligibilityOf(trx, merchant.id, body.code, body.eligibility),
            claim_hours: body.claimHours,
            review_above: body.reviewAbove === null ? null : BigInt(minor(body.reviewAbove, 'reviewAbove')),
            wagering_weights: body.turnoverWeights === null ? null : JSON.stringify(body.turnoverWeights),
            wagering_hours: body.turnoverHours,
            created_at: now,
          })
          .onConflict((oc) => oc.columns(['merchant_id', 'code']).doNothing())
          .returning('id')
          .executeTakeFirst();
        if (!row) throw new DomainError('promotion_code_taken', 409, 'A promotion already has this code');
        await checkFigures(trx, merchant.id, textList(body.texts));
        await audit(trx, {
          merchantId: merchant.id,
          actor: `operator:${staffId}`,
          action: 'promotion.create',
          target: `promotion:${row.id}`,
          details: { after: body },
          at: now,
        });
        return row.id;
      });
      return detail(merchant, id);
    },

    async update(merchant: MerchantRow, staffId: bigint, id: bigint, body: UpdatePromotionRequest) {
      const now = clock.now();
      await inTransaction(db, 'promotions.ops.service.update', async (trx) => {
        const before = await trx
          .selectFrom('promotion')
          .selectAll()
          .where('merchant_id', '=', merchant.id)
          .where('id', '=', id)
          .forNoKeyUpdate()
          .executeTakeFirst();
        if (!before) throw notFound('promotion_unknown');
        check(before.kind, body);
        const budget = budgetOf(body.budget);
        if (budget !== null && budget < BigInt(before.granted))
          throw new DomainError('budget_below_granted', 409, 'The budget is below what was already granted', {
            granted: formatAmount(BigInt(before.granted)),
          });
        await trx
          .updateTable('promotion')
          .set({
            category: body.category,
            texts: JSON.stringify(texts(body.texts)),
            period: body.period,
            reward: JSON.stringify(storedReward(body.reward)),
            wagering_multiplier_tenths: tenths(body.turnoverMultiplier),
            budget,
            starts_at: new Date(body.startsAt),
            ends_at: body.endsAt === null ? null : new Date(body.endsAt),
            enabled: body.enabled,
            sort: body.sort,
            eligibility: await eligibilityOf(trx, merchant.id, before.code, body.eligibility),
            claim_hours: body.claimHours,
            review_above: body.reviewAbove === null ? null : BigInt(minor(body.reviewAbove, 'reviewAbove')),
            wagering_weights: body.turnoverWeights === null ? null : JSON.stringify(body.turnoverWeights),
            wagering_hours: body.turnoverHours,
          })
          .where('id', '=', id)
          .execute();
        await checkFigures(trx, merchant.id, textList(body.texts));
        await audit(trx, {
          merchantId: merchant.id,
          actor: `operator:${staffId}`,
          action: 'promotion.update',
          target: `promotion:${id}`,
          details: {
            before: {
              texts: before.texts,
              period: before.period,
              reward: rewardInput(before.reward),
              turnoverMultiplier: (before.wagering_multiplier_tenths / 10).toFixed(1),
              budget: before.budget === null ? null : formatAmount(BigInt(before.budget)),
              startsAt: before.starts_at.toISOString(),
              endsAt: before.ends_at?.toISOString() ?? null,
              enabled: before.enabled,
              sort: before.sort,
              eligibility: before.eligibility,
              claimHours: before.claim_hours,
              reviewAbove: before.review_above === null ? null : formatAmount(BigInt(before.review_above)),
              turnoverWeights: before.wagering_weights,
              turnoverHours: before.wagering_hours,
            },
            after: body,
          },
          at: now,
        });
      });
      return detail(merchant, id);
    },

    async vipLevels(merchantId: number) {
      const rows = await db
        .selectFrom('vip_level')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .orderBy('level')
        .execute();
      return {
        levels: rows.map((l) => ({
          level: l.level,
          names: l.names,
          depositsRequired: formatAmount(BigInt(l.deposits_required)),
          turnoverRequired: formatAmount(BigInt(l.turnover_required)),
          levelUpBonus: formatAmount(BigInt(l.level_up_bonus)),
          retainDeposits: formatAmount(BigInt(l.retain_deposits)),
          retainTurnover: formatAmount(BigInt(l.retain_turnover)),
          monthlyBonus: formatAmount(BigInt(l.monthly_bonus)),
          withdrawDailyCount: l.withdraw_daily_count,
          withdrawDailyAmount:
            l.withdraw_daily_amount === null ? null : formatAmount(BigInt(l.withdraw_daily_amount)),
        })),
      };
    },

    /**
     * Sets the club's levels at once: 0, 1, 2 … in order, level 0 asking nothing (to reach or to keep),
     * each level asking at least what the one below asks to reach it; what keeps a level through a month
     * and its monthly bonus are the merchant's (0 and 0: kept once reached). A level removed reads as the
     * highest one left.
     */
    async setVipLevels(merchant: MerchantRow, staffId: bigint, body: VipLevelsRequest) {
      const levels = body.levels.map((l) => ({
        level: l.level,
        names: l.names,
        deposits: BigInt(minor(l.depositsRequired, 'depositsRequired')),
        turnover: BigInt(minor(l.turnoverRequired, 'turnoverRequired')),
        bonus: BigInt(minor(l.levelUpBonus, 'levelUpBonus')),
        retainDeposits: BigInt(minor(l.retainDeposits, 'retainDeposits')),
        retainTurnover: BigInt(minor(l.retainTurnover, 'retainTurnover')),
        monthly: BigInt(minor(l.monthlyBonus, 'monthlyBonus')),
        dailyCount: l.withdrawDailyCount,
        dailyAmount:
          l.withdrawDailyAmount === null ? null : BigInt(minor(l.withdrawDailyAmount, 'withdrawDailyAmount')),
      }));
      levels.forEach((l, i) => {
        if (l.level !== i) throw invalid('levels', 'Levels go 0, 1, 2 … in order');
        const below = levels[i - 1];
        if (
          i === 0 &&
          (l.deposits !== 0n || l.turnover !== 0n || l.retainDeposits !== 0n || l.retainTurnover !== 0n)
        )
          throw invalid('levels', 'Level 0 asks for nothing');
        if (below && (l.deposits < below.deposits || l.turnover < below.turnover))
          throw invalid('levels', 'Each level asks at least what the one below asks');
      });
      const now = clock.now();
      const before = await this.vipLevels(merchant.id);
      await inTransaction(db, 'promotions.ops.service.setVipLevels', async (trx) => {
        await trx.deleteFrom('vip_level').where('merchant_id', '=', merchant.id).execute();
        await trx
          .insertInto('vip_level')
          .values(
            levels.map((l) => ({
              merchant_id: merchant.id,
              level: l.level,
              names: JSON.stringify(l.names),
              deposits_required: l.deposits,
              turnover_required: l.turnover,
              level_up_bonus: l.bonus,
              retain_deposits: l.retainDeposits,
              retain_turnover: l.retainTurnover,
              monthly_bonus: l.monthly,
              withdraw_daily_count: l.dailyCount,
              withdraw_daily_amount: l.dailyAmount === 0n ? null : l.dailyAmount,
            })),
          )
          .execute();
        await audit(trx, {
          merchantId: merchant.id,
          actor: `operator:${staffId}`,
          action: 'vip.levels',
          target: `merchant:${merchant.id}`,
          details: { before: before.levels, after: body.levels },
          at: now,
        });
      });
      return this.vipLevels(merchant.id);
    },
  };
}
