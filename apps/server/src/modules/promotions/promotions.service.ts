import { dayIn } from '@panalo/contract/age';
import { formatAmount, parseAmount } from '@panalo/contract/money';
import type { PromotionItem, RewardItem } from '@panalo/contract/promotions';
import { periodKey, previousDay, streakReward, type ClaimStatus } from '@panalo/contract/promotion-rules';
import type { Database } from '../../db/database';
import type { PromotionReward } from '../../db/schema';
import { audit } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import { DomainError, notFound } from '../../lib/domain-error';
import { sanitizeContentHtml } from '../../lib/sanitize';
import { fillFigures, loadFigures } from './promotion-figures';
import type { MerchantRow } from '../merchants/merchants.repository';
import { inTransaction } from '../../db/transaction';
import { headlineOf, promotionArtUrl, renderPromotionArt } from './promotion-art';
import {
  assertEligible,
  claimTermsOf,
  drawAmount,
  holdForReview,
  ineligibleOf,
  issueClaims,
  linkedClaimExists,
  needsReview,
  paid,
  payClaim,
  PROMOTION_SHARDS,
  rewardOf,
  textsIn,
} from './promotion-claims';
import { promotionsRepository, type PromotionRow } from './promotions.repository';

// (members' 360 reads a promotion's texts from here)
export { textsIn };

const closed = (p: PromotionRow, now: Date) =>
  (p.ends_at !== null && p.ends_at <= now) || (p.budget !== null && p.granted >= p.budget);

const streakAmounts = (p: PromotionRow): bigint[] =>
  p.reward.type === 'streak' ? p.reward.amounts.map((a) => BigInt(a)) : [];

const refuse = (code: string, status: number, message: string) => new DomainError(code, status, message);

/**
 * The promotion engine (issue 18), first kinds: daily check-in (signed once a day, paid by streak) and
 * operator-granted rewards (issued into the reward centre, claimed by the member). Every credit is one
 * transaction: the claim row (unique per promotion, member and period), the budget (granted + amount ≤
 * budget, or nothing), the ledger transfer (idempotent per claim), the turnover requirement and the mail.
 * The shared claim helpers are promotion-claims.ts'; the SQL is promotions.repository.ts'.
 */
export function promotionsService(db: Database, clock: Clock) {
  const today = (merchant: MerchantRow) => dayIn(clock.now(), merchant.settings.timeZone ?? 'UTC');
  const repo = promotionsRepository(db);

  return {
    /** A promotion's banner (issue 49 item 6): the SVG painted for it in the merchant's theme. */
    async art(merchant: MerchantRow, id: bigint): Promise<string> {
      const p = (await repo.listEnabledPromotions(merchant.id)).find((x) => x.id === id);
      if (!p) throw notFound('promotion_unknown');
      return renderPromotionArt({
        kind: p.kind,
        headline: headlineOf(p, merchant.currency),
        primary: merchant.theme.primary,
        accent: merchant.theme.accent,
        key: `${p.code}:${p.id.toString()}`,
      });
    },

    /** The merchant's live promotions (not the ones long ended), with my status in each. */
    async list(
      merchant: MerchantRow,
      memberId: bigint | null,
      lang: string | undefined,
    ): Promise<PromotionItem[]> {
      const now = clock.now();
      // The VIP club's level-up bonus is on the benefits screen, not a card of the events tab.
      const promotions = (await repo.listEnabledPromotions(merchant.id)).filter(
        (p) =>
          p.kind !== 'vip' && (p.ends_at === null || p.ends_at.getTime() > now.getTime() - 7 * 86_400_000),
      );
      const day = today(merchant);
      const mine =
        memberId === null || promotions.length === 0
          ? []
          : await repo.listMemberClaimsIn(
              memberId,
              promotions.map((p) => p.id),
              ['once', day, previousDay(day), periodKey('weekly', day), periodKey('monthly', day)],
            );
      // Not open to me (eligibility, exclusions): not shown, unless I already take part this period.
      const closedToMe =
        memberId === null
          ? new Set<bigint>()
          : await ineligibleOf(
              db,
              promotions.map((p) => p.id),
              memberId,
              now,
            );
      const shown = promotions.filter(
        (p) =>
          !closedToMe.has(p.id) ||
          mine.some((c) => c.promotion_id === p.id && c.period_key === periodKey(p.period, day)),
      );
      const texts = new Map(shown.map((p) => [p.id, textsIn(p.texts, lang, merchant.default_language)]));
      const known = await loadFigures(
        db,
        merchant.id,
        [...texts.values()].flatMap((t) => [t.title, t.terms]),
      );
      return shown.map((p) => {
        const key = periodKey(p.period, day);
        const claim = mine.find((c) => c.promotion_id === p.id && c.period_key === key);
        let status: ClaimStatus | null = null;
        if (p.starts_at > now) status = 'coming';
        else if (claim && claim.status !== 'expired' && claim.status !== 'forfeited') status = claim.status;
        else if (closed(p, now)) status = 'close';
        const text = texts.get(p.id)!;
        const yesterday = mine.find((c) => c.promotion_id === p.id && c.period_key === previousDay(day));
        return {
          id: p.id.toString(),
          kind: p.kind,
          category: p.category,
          title: fillFigures(text.title, known),
          terms: sanitizeContentHtml(fillFigures(text.terms, known)),
          startsAt: p.starts_at.toISOString(),
          endsAt: p.ends_at?.toISOString() ?? null,
          status,
          turnoverMultiplier: (p.wagering_multiplier_tenths / 10).toFixed(1),
          bannerUrl: promotionArtUrl(p.id, {
            kind: p.kind,
            reward: p.reward,
            primary: merchant.theme.primary,
            accent: merchant.theme.accent,
          }),
          rules: rulesOf(p, promotions, lang, merchant.default_language),
          checkIn:
            p.kind === 'checkin'
              ? {
                  amounts: streakAmounts(p).map(formatAmount),
                  streak: claim?.streak ?? yesterday?.streak ?? 0,
                  // (today's check-in is done whether it was paid or is held for review)
                  today: claim !== undefined,
                }
              : null,
        };
      });
    },

    /** The promotions open to me now (API-032): not yet taken part in this period, or a reward to claim. */
    async available(merchant: MerchantRow, memberId: bigint, lang: string | undefined) {
      return (await this.list(merchant, memberId, lang)).filter(
        (p) => p.status === null || p.status === 'issued',
      );
    },

    /** Today's check-in (PROMO-001): once per member and day; paid by the streak of consecutive days. */
    async checkIn(merchant: MerchantRow, memberId: bigint, promotionId: bigint): Promise<RewardItem> {
      const now = clock.now();
      const p = (await repo.listEnabledPromotions(merchant.id)).find(
        (x) => x.id === promotionId && x.kind === 'checkin',
      );
      if (!p) throw notFound('promotion_unknown');
      if (p.starts_at > now) throw refuse('promotion_not_started', 409, 'This promotion has not started yet');
      if (closed(p, now)) throw refuse('promotion_closed', 409, 'This promotion has ended');
      await assertEligible(db, p.id, memberId, now);
      const day = today(merchant);
      const terms = claimTermsOf(p);
      // Stryker disable next-line StringLiteral: the transaction's name only labels its retries in the log
      const row = await inTransaction(db, 'promotions.service.checkIn', async (trx) => {
        const tx = promotionsRepository(trx);
        // (a check-in held for review still counts for the streak)
        const yesterday = await tx.claimStreakOf(p.id, memberId, previousDay(day));
        const streak = (yesterday?.streak ?? 0) + 1;
        const amount = streakReward(streakAmounts(p), streak);
        // An account linked to mine checked in today: mine is signed but its reward waits for review.
        const held =
          amount > 0n && (needsReview(p, amount) || (await linkedClaimExists(trx, memberId, p.id, day)));
        const claim = await tx.insertClaimOnce({
          merchantId: merchant.id,
          promotionId: p.id,
          memberId,
          periodKey: day,
          status: held ? 'applying' : 'signed',
          amount,
          terms,
          streak,
          // The transfer's id is reserved with the claim, so the claim row is written once.
          reserveTransfer: amount > 0n && !held,
          at: now,
        });
        if (!claim) throw refuse('promotion_already_taken', 409, 'Already done for today');
        if (held) await holdForReview(trx, claim.id);
        else await payClaim(trx, claim, now, false);
        return claim;
      });
      return rewardOf(row, merchant, undefined, now);
    },

    /** My reward centre: issued rewards to claim, then the latest others. */
    async rewards(merchant: MerchantRow, memberId: bigint, lang: string | undefined) {
      const now = clock.now();
      const rows = await repo.listLatestClaims(merchant.id, memberId);
      const items = rows.map((r) => rewardOf(r, merchant, lang, now));
      return {
        issued: items.filter((r) => r.status === 'issued'),
        history: items.filter((r) => r.status !== 'issued').slice(0, 30),
      };
    },

    /** Claims an issued reward: exactly once, however many times it is asked for at once. */
    async claim(merchant: MerchantRow, memberId: bigint, claimId: bigint): Promise<RewardItem> {
      const now = clock.now();
      // One autocommitted call (promotion_claim_reward): the claim's locks live only inside the database.
      const row = await paid(
        repo.callPromotionClaimReward({
          merchantId: merchant.id,
          memberId,
          claimId,
          at: now,
          shards: PROMOTION_SHARDS,
        }),
      );
      // Stryker disable next-line ConditionalExpression,StringLiteral: the function answers the claim or raises; a guard for the type
      if (!row) throw new Error('promotion_claim_reward returned nothing');
      return rewardOf(row, merchant, undefined, now);
    },

    async opsList(merchantId: number, fallback: string) {
      const rows = await repo.listPromotionsWithPaid(merchantId);
      return rows.map((p) => ({
        id: p.id.toString(),
        code: p.code,
        kind: p.kind,
        title: textsIn(p.texts, undefined, fallback).title,
        enabled: p.enabled,
        budget: p.budget === null ? null : formatAmount(p.budget),
        // A budget keeps its running total; an unlimited promotion's is what its claims paid.
        granted: formatAmount(p.budget !== null ? p.granted : BigInt(p.paid ?? '0')),
        startsAt: p.starts_at.toISOString(),
        endsAt: p.ends_at?.toISOString() ?? null,
      }));
    },

    /**
     * An operator grants a reward of a promotion to members (audited): one issued claim per member and
     * period, waiting in the reward centre; a member who already has this period's is named, not paid twice.
     */
    async grant(
      merchant: MerchantRow,
      staffId: bigint,
      promotionId: bigint,
      o: { usernames: string[]; amount?: string | undefined; claimDays?: number | undefined },
    ) {
      const now = clock.now();
      // The amount given, else the promotion's reward (a random one drawn for each member).
      const amount = o.amount === undefined ? undefined : parseAmount(o.amount);
      if (amount === null || (amount !== undefined && amount <= 0n))
        throw new DomainError('validation_failed', 400, 'Invalid amount', { field: 'amount' });
      const p = await repo.findPromotion(merchant.id, promotionId);
      if (!p || p.kind !== 'manual') throw notFound('promotion_unknown');
      const names = [...new Set(o.usernames.map((u) => u.trim().toLowerCase()))];
      const members = await repo.listMembersByUsername(merchant.id, names);
      // Free-trial accounts never receive real-money promotions.
      const eligible = members.filter((m) => m.type !== 4);
      const unknown = names.filter((n) => !eligible.some((m) => m.username === n));
      const key = periodKey(p.period, today(merchant));
      return inTransaction(db, 'promotions.service.grant', async (trx) => {
        const inserted = await issueClaims(trx, {
          merchant,
          promotion: p,
          claims: eligible.map((m) => ({
            memberId: m.id,
            periodKey: key,
            amount: amount ?? drawAmount(p.reward) ?? 0n,
          })),
          expiresAt: o.claimDays ? new Date(now.getTime() + o.claimDays * 86_400_000) : null,
          at: now,
        });
        const done = new Set(inserted);
        await audit(trx, {
          merchantId: merchant.id,
          actor: `operator:${staffId}`,
          action: 'promotion.grant',
          target: `promotion:${p.id}`,
          details: { amount: o.amount ?? rewardText(p.reward), period: key, members: inserted.length },
          at: now,
        });
        return {
          granted: inserted.length,
          already: eligible.filter((m) => !done.has(m.id)).map((m) => m.username),
          unknown,
        };
      });
    },
  };
}

/** A promotion's rules as the member reads them with its terms (excluded promotions by their titles). */
function rulesOf(
  p: PromotionRow,
  all: readonly PromotionRow[],
  lang: string | undefined,
  fallback: string,
): PromotionItem['rules'] {
  const e = p.eligibility;
  // Exclusions hold both ways: the ones it names and the ones naming it.
  const excluded = all.filter(
    (x) =>
      x.id !== p.id &&
      ((e.excludes ?? []).includes(x.code) || (x.eligibility.excludes ?? []).includes(p.code)),
  );
  return {
    newPlayersDays: e.newPlayersDays ?? null,
    vipLevels: e.vipLevels ?? null,
    depositsMin: e.depositsMin ?? null,
    depositsMax: e.depositsMax ?? null,
    team: (e.agents ?? []).length > 0,
    excludes: excluded.map((x) => textsIn(x.texts, lang, fallback).title),
    claimHours: p.claim_hours,
    turnoverHours: p.wagering_hours,
    turnoverWeights: p.wagering_weights,
  };
}

const rewardText = (r: PromotionReward) =>
  r.type === 'fixed'
    ? formatAmount(BigInt(r.amount))
    : r.type === 'random'
      ? `${formatAmount(BigInt(r.min))}–${formatAmount(BigInt(r.max))}`
      : r.type;
