import { dayIn } from '@panalo/contract/age';
import { formatAmount } from '@panalo/contract/money';
import type { RebateLine, RebateReport, RebateView, RewardItem } from '@panalo/contract/promotions';
import { MAX_REBATE_REPORT_DAYS, rebateClaimable, rebateRateAt } from '@panalo/contract/promotion-rules';
import { formatRate, PRODUCT_GROUPS, type ProductGroup } from '@panalo/contract/rebate';
import type { Database } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { DomainError } from '../../lib/domain-error';
import type { MerchantRow } from '../merchants/merchants.repository';
import { checkDayRange } from '../../lib/day-range';
import { assertEligible, claimTermsOf, payClaim, rewardOf, textsIn } from './promotion-claims';
import { rebateRewardOf } from './rebate-lines';
import { inTransaction } from '../../db/transaction';
import { servedText } from './promotion-figures';
import { rebateRepository } from './rebate.repository';

const noRebate = () => new DomainError('rebate_unavailable', 404, 'There is no rebate to take part in');

const lineOf = (l: { product: string; turnover: bigint; rate_bp: number; amount: bigint }): RebateLine => ({
  product: (PRODUCT_GROUPS as readonly string[]).includes(l.product) ? (l.product as ProductGroup) : 'slots',
  turnover: formatAmount(BigInt(l.turnover)),
  rate: formatRate(l.rate_bp),
  amount: formatAmount(BigInt(l.amount)),
});

/**
 * Rebate for members (issue 18 item 2): manual rebate (MANPLAYREB3: today's rebate so far, taken at once)
 * and my rebate (PLYRBT: what was paid, per day and product group). The daily run (rebate-run.ts) pays
 * what a closed day still owes. The SQL is rebate.repository.ts'.
 */
export function rebateService(db: Database, clock: Clock) {
  const repo = rebateRepository(db);

  /** The merchant's running rebate promotion (the first, when there are several). */
  async function promotionOf(merchant: MerchantRow) {
    const p = await repo.findRunningRebatePromotion(merchant.id, clock.now());
    if (!p) throw noRebate();
    return p;
  }

  /** Today's owed lines of a member and what the day's claims already took. */
  async function today(
    trx: Database,
    merchant: MerchantRow,
    p: { id: bigint; reward: unknown },
    memberId: bigint,
  ) {
    const reward = rebateRewardOf(p.reward as Parameters<typeof rebateRewardOf>[0]);
    const day = dayIn(clock.now(), merchant.settings.timeZone ?? 'UTC');
    const tx = rebateRepository(trx);
    const lines = (
      await tx.listOwedLines({
        merchantId: merchant.id,
        promotionId: p.id,
        day,
        rates: reward.rates,
        memberId,
      })
    ).map((l) => ({ ...l, turnover: BigInt(l.turnover), amount: BigInt(l.amount) }));
    const taken = await tx.sumManualClaimsOfDay(p.id, memberId, day);
    const total = lines.reduce((s, l) => s + l.amount, 0n);
    const takenToday = BigInt(taken?.amount ?? '0');
    return {
      day,
      reward,
      lines,
      takenToday,
      manualClaims: taken?.n ?? 0,
      claimable: rebateClaimable(total, takenToday, BigInt(reward.min), BigInt(reward.max)),
    };
  }

  return {
    /** Manual rebate: today's rebate so far at my VIP level's rates. */
    async view(merchant: MerchantRow, memberId: bigint, lang: string | undefined): Promise<RebateView> {
      const p = await promotionOf(merchant);
      const member = await repo.findMemberVipLevel(memberId);
      const t = await today(db, merchant, p, memberId);
      const text = await servedText(db, merchant.id, textsIn(p.texts, lang, merchant.default_language));
      return {
        promotionId: p.id.toString(),
        title: text.title,
        terms: text.terms,
        day: t.day,
        vipLevel: member.vip_level,
        lines: t.lines
          .map(lineOf)
          .sort((a, b) => PRODUCT_GROUPS.indexOf(a.product) - PRODUCT_GROUPS.indexOf(b.product)),
        claimable: formatAmount(t.claimable),
        takenToday: formatAmount(t.takenToday),
        min: formatAmount(BigInt(t.reward.min)),
        max: formatAmount(BigInt(t.reward.max)),
        rates: PRODUCT_GROUPS.filter((g) => (t.reward.rates[g]?.length ?? 0) > 0).map((g) => ({
          product: g,
          rate: formatRate(rebateRateAt(t.reward.rates[g], member.vip_level)),
        })),
        turnoverMultiplier: (p.wagering_multiplier_tenths / 10).toFixed(1),
      };
    },

    /**
     * Takes today's rebate so far (MANPLAYREB3): one claim (period '<day>/<n>') with its lines, paid in
     * its transaction. The member's claims of the promotion are serialised by an advisory lock, so two
     * at once never rebate the same turnover; the second finds nothing left.
     */
    async claim(merchant: MerchantRow, memberId: bigint): Promise<RewardItem> {
      const p = await promotionOf(merchant);
      const now = clock.now();
      await assertEligible(db, p.id, memberId, now);
      const terms = claimTermsOf(p);
      const row = await inTransaction(db, 'rebate.service.claim', async (trx) => {
        const tx = rebateRepository(trx);
        await tx.lockMemberRebate(p.id, memberId);
        const t = await today(trx, merchant, p, memberId);
        if (t.claimable <= 0n)
          throw new DomainError('rebate_nothing_to_claim', 409, 'There is no rebate to take yet');
        const claim = await tx.insertManualClaim({
          merchantId: merchant.id,
          promotionId: p.id,
          memberId,
          periodKey: `${t.day}/${t.manualClaims + 1}`,
          amount: t.claimable,
          terms,
          at: now,
        });
        await tx.insertRebateLines(
          t.lines.map((l) => ({
            claimId: claim.id,
            product: l.product,
            merchantId: merchant.id,
            promotionId: p.id,
            memberId,
            day: t.day,
            turnover: l.turnover,
            rateBp: l.rate_bp,
            amount: l.amount,
          })),
        );
        await payClaim(trx, claim, now, false);
        return claim;
      });
      return rewardOf(row, merchant, undefined, now);
    },

    /** My rebate (PLYRBT): every rebate paid to me for the days in [startDate, endDate], newest first. */
    async report(memberId: bigint, range: { startDate: string; endDate: string }): Promise<RebateReport> {
      checkDayRange(range.startDate, range.endDate, MAX_REBATE_REPORT_DAYS);
      const lines = await repo.listPaidLines(memberId, range);
      const items = new Map<string, RebateReport['items'][number] & { sum: bigint; paid: bigint }>();
      for (const l of lines) {
        const id = l.id.toString();
        const item = items.get(id) ?? {
          id,
          day: l.period_key.slice(0, 10),
          kind: l.period_key.includes('/') ? ('manual' as const) : ('daily' as const),
          turnover: '0.00',
          amount: formatAmount(BigInt(l.claim_amount)),
          createdAt: l.created_at.toISOString(),
          lines: [],
          sum: 0n,
          paid: BigInt(l.claim_amount),
        };
        item.sum += BigInt(l.turnover);
        item.turnover = formatAmount(item.sum);
        item.lines.push(lineOf(l));
        items.set(id, item);
      }
      const list = [...items.values()];
      return {
        items: list.map(({ sum: _sum, paid: _paid, ...i }) => i),
        turnover: formatAmount(list.reduce((s, i) => s + i.sum, 0n)),
        amount: formatAmount(list.reduce((s, i) => s + i.paid, 0n)),
      };
    },
  };
}
