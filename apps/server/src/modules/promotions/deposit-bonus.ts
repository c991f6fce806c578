import { sql } from 'kysely';
import { dayIn } from '@panalo/contract/age';
import { formatAmount } from '@panalo/contract/money';
import { depositBonus, depositClaimKey, periodKey } from '@panalo/contract/promotion-rules';
import type { Database } from '../../db/database';
import type { PromotionReward } from '../../db/schema';
import { DomainError } from '../../lib/domain-error';
import type { MerchantRow } from '../merchants/merchants.repository';
import { wagering } from '../wallet/wagering';
import {
  claimTermsOf,
  holdForReview,
  ineligibleOf,
  linkedClaimExists,
  needsReview,
  payClaim,
  textsIn,
} from './promotion-claims';

type DepositReward = Extract<PromotionReward, { type: 'deposit' }>;
const termsOf = (r: DepositReward) => ({
  percentBp: r.percentBp,
  max: BigInt(r.max),
  minDeposit: BigInt(r.minDeposit),
  tiers: r.tiers?.map((t) => ({ from: BigInt(t.from), amount: BigInt(t.amount) })) ?? null,
});

const refuse = (code: string, message: string, value?: Record<string, unknown>) =>
  new DomainError(code, 400, message, value);

/** The merchant's deposit promotions running now (enabled, started, not ended, budget left). */
function running(db: Database, merchantId: number, now: Date) {
  return db
    .selectFrom('promotion')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('kind', '=', 'deposit')
    .where('enabled', '=', true)
    .where('starts_at', '<=', now)
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]))
    .where((eb) => eb.or([eb('budget', 'is', null), eb('granted', '<', eb.ref('budget'))]))
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

/** Whether the member has had a deposit paid (other than `except`). */
async function hasPaidDeposit(db: Database, memberId: bigint, except?: bigint) {
  let q = db
    .selectFrom('deposit_order')
    .select('id')
    .where('member_id', '=', memberId)
    .where('status', '=', 'paid');
  if (except !== undefined) q = q.where('id', '<>', except);
  return (await q.limit(1).executeTakeFirst()) !== undefined;
}

/**
 * The deposit promotions open to this member now (issue 18 item 2): running, a first-deposit bonus only
 * before the member's first deposit, one limited to a period only when this period's is not taken, and
 * only those whose eligibility the member meets (checked when the member accepts one with an order: the
 * order keeps it, as it keeps the terms).
 */
async function openTo(db: Database, merchant: MerchantRow, memberId: bigint, now: Date) {
  const all = await running(db, merchant.id, now);
  if (all.length === 0) return [];
  const day = dayIn(now, merchant.settings.timeZone ?? 'UTC');
  const [paidBefore, taken, closedToMe] = await Promise.all([
    all.some((p) => p.reward.type === 'deposit' && p.reward.firstDeposit)
      ? hasPaidDeposit(db, memberId)
      : false,
    db
      .selectFrom('promotion_claim')
      .select(['promotion_id', 'period_key'])
      .where('member_id', '=', memberId)
      .where(
        'promotion_id',
        'in',
        all.map((p) => p.id),
      )
      .where('status', 'not in', ['expired', 'forfeited', 'rejected'])
      .execute(),
    ineligibleOf(
      db,
      all.map((p) => p.id),
      memberId,
      now,
    ),
  ]);
  return all.flatMap((p) => {
    const reward = p.reward;
    if (reward.type !== 'deposit' || closedToMe.has(p.id)) return [];
    if (reward.firstDeposit && paidBefore) return [];
    if (p.period !== 'every') {
      const key = periodKey(p.period, day);
      if (taken.some((c) => c.promotion_id === p.id && c.period_key === key)) return [];
    }
    return [{ p, reward, terms: termsOf(reward) }];
  });
}

/** The deposit promotions open to this member now, as the deposit form lists them (names in `lang`). */
export async function depositPromotionsFor(
  db: Database,
  merchant: MerchantRow,
  memberId: bigint,
  now: Date,
  lang: string | undefined,
) {
  return (await openTo(db, merchant, memberId, now)).map(({ p, reward, terms }) => ({
    code: p.code,
    name: textsIn(p.texts, lang, merchant.default_language).title,
    percentBp: reward.percentBp,
    maxBonus: formatAmount(terms.max),
    minDeposit: formatAmount(terms.minDeposit),
    wageringMultiplierTenths: p.wagering_multiplier_tenths,
    firstDeposit: reward.firstDeposit,
    tiers: terms.tiers?.map((t) => ({ from: formatAmount(t.from), amount: formatAmount(t.amount) })) ?? null,
  }));
}

/**
 * The member accepts a deposit promotion with a deposit order: it must be open to them now and the
 * amount at least its minimum. Answers what the order keeps: the promotion, its bonus for this amount
 * and the turnover multiplier the member accepted.
 */
export async function acceptDepositPromotion(
  db: Database,
  merchant: MerchantRow,
  memberId: bigint,
  code: string,
  amount: bigint,
  now: Date,
): Promise<{ promotionId: bigint; bonus: bigint; wageringTenths: number }> {
  const offer = (await openTo(db, merchant, memberId, now)).find((o) => o.p.code === code);
  if (!offer) throw refuse('promotion_invalid', 'This promotion is not available');
  if (amount < offer.terms.minDeposit) {
    throw refuse('promotion_min_deposit', 'The amount is below the minimum deposit of this promotion', {
      minDeposit: formatAmount(offer.terms.minDeposit),
    });
  }
  return {
    promotionId: offer.p.id,
    bonus: depositBonus(amount, offer.terms),
    wageringTenths: offer.p.wagering_multiplier_tenths,
  };
}

/**
 * Pays the bonus of a deposit the caller has just credited, inside the caller's transaction: one claim of
 * the engine (claimed at once), unique per (promotion, member, period) — per order for 'every' — with the
 * terms the member accepted; the budget caps it (the promotion's row locked, so what is left is exact).
 * A first-deposit bonus is paid only when no other deposit of the member was paid before. The deposit
 * itself then carries its own turnover requirement (deposit × multiplier), the bonus its claim's. A bonus
 * once per period that an account linked to the member already has is not paid: its claim waits for an
 * operator's review (issue 18 item 6: flagged, not silently paid). Answers the bonus paid with the deposit
 * (0 when none: the order is told so).
 */
export async function payDepositBonus(
  trx: Database,
  merchant: Pick<MerchantRow, 'id' | 'settings'>,
  order: {
    id: bigint;
    member_id: bigint;
    amount: bigint;
    bonus_amount: bigint;
    promotion_id: bigint;
    wagering_tenths: number | null;
  },
  at: Date,
): Promise<bigint> {
  const p = await trx
    .selectFrom('promotion')
    .selectAll()
    .where('id', '=', order.promotion_id)
    .forNoKeyUpdate()
    .executeTakeFirstOrThrow();
  let amount = order.bonus_amount;
  if (p.budget !== null && p.budget - p.granted < amount) amount = p.budget - p.granted;
  if (
    p.reward.type !== 'deposit' ||
    (p.reward.firstDeposit && (await hasPaidDeposit(trx, order.member_id, order.id)))
  )
    amount = 0n;
  const wageringTenths = order.wagering_tenths ?? p.wagering_multiplier_tenths;
  const periodKey = depositClaimKey(p.period, dayIn(at, merchant.settings.timeZone ?? 'UTC'), order.id);
  // One bonus per person: a bonus limited to a period that an account linked to this member (address,
  // device, payee name, bank card: member_links) already has is held for an operator's review instead;
  // so is one above the promotion's auto-approve ceiling.
  const held =
    amount > 0n &&
    (needsReview(p, amount) ||
      (p.period !== 'every' && (await linkedClaimExists(trx, order.member_id, p.id, periodKey))));
  const claim =
    amount <= 0n
      ? undefined
      : await trx
          .insertInto('promotion_claim')
          .values({
            merchant_id: merchant.id,
            promotion_id: p.id,
            member_id: order.member_id,
            period_key: periodKey,
            status: held ? 'applying' : 'claimed',
            amount,
            terms: JSON.stringify({ ...claimTermsOf(p), wageringTenths }),
            transfer_id: held ? null : sql<bigint>`nextval('ledger_transfer_id_seq')`,
            created_at: at,
            updated_at: at,
          })
          .onConflict((oc) => oc.columns(['promotion_id', 'member_id', 'period_key']).doNothing())
          .returning(['id', 'transfer_id'])
          .executeTakeFirst();
  if (claim && held) {
    // In the operator's application queue, its linked members shown; approved, it waits in the reward
    // centre like any reward. The deposit goes through without it.
    await holdForReview(trx, claim.id);
  }
  if (!claim || held) {
    if (order.bonus_amount !== 0n)
      await trx.updateTable('deposit_order').set({ bonus_amount: 0n }).where('id', '=', order.id).execute();
    return 0n;
  }
  await payClaim(trx, claim, at, true);
  await wagering.require(trx, {
    merchantId: merchant.id,
    memberId: order.member_id,
    source: 'deposit',
    sourceRef: String(order.id),
    required: (order.amount * BigInt(wageringTenths)) / 10n,
    at,
  });
  if (amount !== order.bonus_amount)
    await trx.updateTable('deposit_order').set({ bonus_amount: amount }).where('id', '=', order.id).execute();
  return amount;
}
