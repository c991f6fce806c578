import { formatAmount } from '@panalo/contract/money';
import type {
  CreatePromotionRequest,
  OpsPromotionDetail,
  UpdatePromotionRequest,
  VipLevelsRequest,
} from '@panalo/contract/promotions';
import { REWARD_TYPES_OF_KIND, type PromotionKind } from '@panalo/contract/promotion-rules';
import { isAgentType } from '@panalo/contract/member';
import type { Database } from '../../db/database';
import type { PromotionTexts } from '../../db/schema';
import { audit } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import { DomainError, notFound } from '../../lib/domain-error';
import { sanitizeContentHtml } from '../../lib/sanitize';
import { checkFigures } from './promotion-figures';
import type { MerchantRow } from '../merchants/merchants.repository';
import { textsIn } from './promotion-claims';
import { inTransaction } from '../../db/transaction';
import { invalid, minor, rewardInput, storedReward } from './promotion-reward';
import { promotionsOpsRepository } from './promotions.ops.repository';
import { promotionsRepository } from './promotions.repository';

/**
 * The operator's side of the promotion engine (issue 18 item 7): create and edit promotions (terms HTML
 * sanitised on save; the reward must be the kind's; a rebate has no budget — its cap is per member-day —
 * and a budget never goes below what was granted) and set the VIP club's levels. Every change is audited
 * with the state before and after. Claims already granted keep the terms copied onto them. The reward's
 * conversions are promotion-reward.ts'; the SQL is promotions.ops.repository.ts'.
 */
export function promotionsOpsService(db: Database, clock: Clock) {
  const repo = promotionsOpsRepository(db);
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
      const found = await promotionsOpsRepository(trx).listMemberTypesByUsername(merchantId, agents);
      const unknown = agents.filter((a) => !found.some((m) => m.username === a && isAgentType(m.type)));
      if (unknown.length > 0)
        throw invalid('eligibility.agents', `Not an agent of this merchant: ${unknown.join(', ')}`);
      e = { ...e, agents };
    }
    if (e.excludes) {
      const codes = [...new Set(e.excludes)];
      if (codes.includes(code)) throw invalid('eligibility.excludes', 'A promotion cannot exclude itself');
      const found = await promotionsOpsRepository(trx).listPromotionCodesIn(merchantId, codes);
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
    const p = await promotionsRepository(db).findPromotion(merchant.id, id);
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
        const row = await promotionsOpsRepository(trx).insertPromotion({
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
        });
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
        const tx = promotionsOpsRepository(trx);
        const before = await tx.lockPromotion(merchant.id, id);
        if (!before) throw notFound('promotion_unknown');
        check(before.kind, body);
        const budget = budgetOf(body.budget);
        if (budget !== null && budget < BigInt(before.granted))
          throw new DomainError('budget_below_granted', 409, 'The budget is below what was already granted', {
            granted: formatAmount(BigInt(before.granted)),
          });
        await tx.updatePromotion(id, {
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
        });
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
      const rows = await repo.listVipLevels(merchantId);
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
        const tx = promotionsOpsRepository(trx);
        await tx.deleteVipLevels(merchant.id);
        await tx.insertVipLevels(
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
        );
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
