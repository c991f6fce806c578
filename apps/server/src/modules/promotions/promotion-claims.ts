import { randomInt } from 'node:crypto';
import { formatAmount } from '@panalo/contract/money';
import type { RewardItem } from '@panalo/contract/promotions';
import type { Database } from '../../db/database';
import type { ClaimTerms, PromotionReward, PromotionTexts } from '../../db/schema';
import { DomainError } from '../../lib/domain-error';
import type { MerchantRow } from '../merchants/merchants.repository';
import { promotionsRepository, type ClaimRow, type PromotionRow } from './promotions.repository';
import { own } from '../../lib/own';

/** A promotion's texts in the asked language, else the merchant's default, else any. */
export function textsIn(texts: PromotionTexts, lang: string | undefined, fallback: string) {
  return own(texts, lang) ?? own(texts, fallback) ?? Object.values(texts)[0] ?? { title: '', terms: '' };
}

const refuse = (code: string, status: number, message: string) => new DomainError(code, status, message);

/** The ledger accounts a promotion's money comes from, one per member shard. */
export const PROMOTION_SHARDS = 64;

const PAY_REFUSALS: Record<string, () => DomainError> = {
  promotion_budget_used: () => refuse('promotion_budget_used', 409, 'This promotion has given all it can'),
  reward_not_claimable: () => refuse('reward_not_claimable', 409, 'This reward cannot be claimed'),
};

/** A pay call's refusals (raised in the database) as the API's errors. */
export async function paid<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (err) {
    const e = err as { code?: string; message?: string };
    const refusal = e.code === 'P0001' && e.message ? PAY_REFUSALS[e.message] : undefined;
    throw refusal ? refusal() : err;
  }
}

/**
 * Pays a claim inside the caller's transaction (db/functions/promotion_pay.sql: the turnover requirement,
 * the mail when the member did not ask for the credit, the transfer reserved on the claim, the budget
 * last); refuses with promotion_budget_used when the budget cannot carry it, and then nothing of it is
 * written.
 */
export async function payClaim(
  trx: Database,
  claim: { id: bigint; transfer_id: bigint | null },
  at: Date,
  mail: boolean,
) {
  await paid(
    promotionsRepository(trx).callPromotionPay({
      claimId: claim.id,
      transferId: claim.transfer_id,
      at,
      shards: PROMOTION_SHARDS,
      mail,
    }),
  );
}

/** Whether a claim of this amount waits for an operator's review (the promotion's auto-approve ceiling). */
export const needsReview = (p: { review_above: bigint | null }, amount: bigint) =>
  p.review_above !== null && amount > BigInt(p.review_above);

/** When a reward of the promotion issued at `at` lapses if not claimed (its claim window), or null. */
export const claimWindowEnd = (p: { claim_hours: number | null }, at: Date): Date | null =>
  p.claim_hours === null ? null : new Date(at.getTime() + p.claim_hours * 3_600_000);

/**
 * Issues rewards of a promotion into members' reward centres (status issued), each at most once per
 * (promotion, member, period): a claim already there is left as it is. Each lapses at `expiresAt` or,
 * when null, at the end of the promotion's claim window. Each member issued one is told by a system mail
 * (one mail per amount, every such member its recipient). Returns the members issued one.
 */
export async function issueClaims(
  trx: Database,
  o: {
    merchant: MerchantRow;
    promotion: PromotionRow;
    claims: { memberId: bigint; periodKey: string; amount: bigint; title?: PromotionTexts }[];
    expiresAt: Date | null;
    at: Date;
  },
): Promise<bigint[]> {
  if (o.claims.length === 0) return [];
  const inserted = await promotionsRepository(trx).insertIssuedClaims(
    o.claims.map((c) => ({
      merchantId: o.merchant.id,
      promotionId: o.promotion.id,
      memberId: c.memberId,
      periodKey: c.periodKey,
      amount: c.amount,
      terms: {
        ...claimTermsOf(o.promotion),
        ...(c.title ? { title: Object.fromEntries(Object.entries(c.title)) } : {}),
      },
      expiresAt: o.expiresAt ?? claimWindowEnd(o.promotion, o.at),
      at: o.at,
    })),
  );
  const byMail = new Map<string, { amount: bigint; title: string; members: bigint[] }>();
  for (const r of inserted) {
    const title = textsIn(r.terms.title, undefined, o.merchant.default_language).title;
    const k = `${r.amount}\u0000${title}`;
    // (BigInt: the seed's template database reads int8 with PGlite's own parser.)
    const group = byMail.get(k) ?? { amount: BigInt(r.amount), title, members: [] };
    group.members.push(BigInt(r.member_id));
    byMail.set(k, group);
  }
  for (const g of byMail.values())
    await systemMail(trx, {
      merchantId: o.merchant.id,
      template: 'reward_issued',
      params: { amount: formatAmount(g.amount), promotion: g.title },
      members: g.members,
      at: o.at,
    });
  return inserted.map((r) => BigInt(r.member_id));
}

/** A system mail of a promotion event to members (the site renders it in each reader's language). */
export async function systemMail(
  trx: Database,
  o: {
    merchantId: number;
    template: 'reward_issued' | 'application_rejected';
    params: Record<string, string>;
    members: bigint[];
    at: Date;
  },
) {
  const repo = promotionsRepository(trx);
  const mailId = await repo.insertSystemMail({
    merchantId: o.merchantId,
    template: o.template,
    params: o.params,
    recipients: o.members.length,
    at: o.at,
  });
  await repo.insertMailRecipients(mailId, o.members);
}

/**
 * One bonus per person (issue 18 item 6): whether an account linked to the member
 * (db/functions/member_links.sql: registration address, device, payee name, bank card) holds a claim of
 * this promotion in this period that was not turned down, lost or given up. Call it in the transaction
 * that writes the claim: it first waits for any linked account's claim of the same promotion and period
 * being written at this moment (db/functions/lock_member_identities.sql; held until commit), then reads,
 * in a statement of its own so that it sees what that claim committed.
 */
export async function linkedClaimExists(
  trx: Database,
  memberId: bigint,
  promotionId: bigint,
  periodKey: string,
): Promise<boolean> {
  const repo = promotionsRepository(trx);
  // Stryker disable next-line StringLiteral: a wider lock key only makes more claims wait for each other
  await repo.lockMemberIdentities(memberId, `${promotionId}/${periodKey}`);
  return repo.linkedClaimExists(memberId, promotionId, periodKey);
}

/**
 * What one claim of a fixed or random reward pays (minor units); a random one is drawn now, uniformly
 * between its bounds from the CSPRNG, and kept on the claim. Null for the other kinds of reward.
 */
export function drawAmount(reward: PromotionReward): bigint | null {
  if (reward.type === 'fixed') return BigInt(reward.amount);
  if (reward.type === 'random') return BigInt(randomInt(Number(reward.min), Number(reward.max) + 1));
  return null;
}

/**
 * Of these promotions, the ones the member may not take part in now (db/functions/promotion_eligible.sql:
 * the promotion's eligibility and the mutual exclusions of open bonuses).
 */
export async function ineligibleOf(
  db: Database,
  promotionIds: readonly bigint[],
  memberId: bigint,
  at: Date,
): Promise<Set<bigint>> {
  if (promotionIds.length === 0) return new Set();
  return new Set(await promotionsRepository(db).listIneligiblePromotionIds(promotionIds, memberId, at));
}

/** Refuses (403 promotion_not_eligible) a member the promotion is not open to. */
export async function assertEligible(db: Database, promotionId: bigint, memberId: bigint, at: Date) {
  if ((await ineligibleOf(db, [promotionId], memberId, at)).size > 0)
    throw new DomainError('promotion_not_eligible', 403, 'This promotion is not open to you');
}

/**
 * Whether any rule limits who takes part in a promotion: its own eligibility, or another promotion of the
 * merchant excluding it. The bulk runs (the daily rebate, a race's ranking) ask each member only then.
 */
export async function eligibilityApplies(
  db: Database,
  p: { id: bigint; merchant_id: number; code: string },
): Promise<boolean> {
  return (await promotionsRepository(db).countEligibilityRules(p)) > 0;
}

/**
 * Holds a claim just written as 'applying' for an operator's review: it joins the application queue
 * (with no comment), where the reviewer sees the linked members; approved, it waits in the reward centre.
 */
export async function holdForReview(trx: Database, claimId: bigint): Promise<void> {
  await promotionsRepository(trx).insertApplication(claimId, '');
}

/**
 * The terms a claim is granted under: the promotion's titles, turnover multiplier and, when it has them,
 * the turnover's product weights and hours (0058), copied.
 */
export const claimTermsOf = (
  p: Pick<PromotionRow, 'texts' | 'wagering_multiplier_tenths'> &
    Partial<Pick<PromotionRow, 'wagering_weights' | 'wagering_hours'>>,
): ClaimTerms => ({
  title: Object.fromEntries(Object.entries(p.texts).map(([l, t]) => [l, { title: t.title, terms: '' }])),
  wageringTenths: p.wagering_multiplier_tenths,
  ...(p.wagering_weights ? { turnoverWeights: p.wagering_weights } : {}),
  ...(p.wagering_hours ? { turnoverHours: p.wagering_hours } : {}),
});

/** A claim as my reward centre shows it; an issued one past its claim window reads as expired. */
export function rewardOf(
  r: ClaimRow,
  merchant: MerchantRow,
  lang: string | undefined,
  now: Date,
): RewardItem {
  const lapsed = r.status === 'issued' && r.expires_at !== null && r.expires_at <= now;
  const amount = BigInt(r.amount); // (the seed's template database reads int8 with PGlite's own parser)
  return {
    id: r.id.toString(),
    promotionId: r.promotion_id.toString(),
    title: textsIn(r.terms.title, lang, merchant.default_language).title,
    status: lapsed ? 'expired' : r.status,
    amount: formatAmount(amount),
    turnover: formatAmount((amount * BigInt(r.terms.wageringTenths)) / 10n),
    reason: r.reason,
    createdAt: r.created_at.toISOString(),
    expiresAt: r.expires_at?.toISOString() ?? null,
  };
}
