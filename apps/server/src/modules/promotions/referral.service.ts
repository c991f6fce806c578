import { randomInt } from 'node:crypto';
import { MEMBER_TYPE } from '@panalo/contract/member';
import { formatAmount } from '@panalo/contract/money';
import type { ReferralView } from '@panalo/contract/promotions';
import type { Database } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { DomainError } from '../../lib/domain-error';
import type { MerchantRow } from '../merchants/merchants.repository';
import { ineligibleOf, issueClaims, textsIn } from './promotion-claims';
import { inTransaction } from '../../db/transaction';
import { servedText } from './promotion-figures';
import type { PromotionRow } from './promotions.repository';
import { referralRepository } from './referral.repository';

/** Referral codes: no 0/O or 1/I, so a code read aloud or typed from a screenshot is not mistaken. */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 8;

export const newReferralCode = () =>
  Array.from({ length: CODE_LENGTH }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');

/** A friend's username as the inviter sees it: the first two and the last character. */
export const maskFriend = (username: string) =>
  username.length <= 3 ? `${username.slice(0, 1)}**` : `${username.slice(0, 2)}***${username.slice(-1)}`;

const referralOff = () => new DomainError('referral_off', 403, 'Invite friends is not available');

/**
 * Invite friends (issue 18, PROMO-003): my referral code and link, and the referral promotion's reward,
 * paid once per friend (the claim's unique key: period 'friend-<id>') whose deposits reach the
 * promotion's minimum. Anti-abuse: free-trial accounts neither invite nor count, and a friend linked to
 * the inviter — same registration address, device, payee name or bank card (db/functions/member_links.sql) — is not
 * paid (one person, two accounts). The SQL is referral.repository.ts'.
 */
export function referralService(db: Database, clock: Clock) {
  const repo = referralRepository(db);

  /** My referral code, made on first use (a collision with another member's code tries again). */
  async function codeOf(merchantId: number, memberId: bigint): Promise<string> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const row = await repo.findReferralCode(merchantId, memberId);
      if (row.referral_code) return row.referral_code;
      try {
        await repo.setReferralCodeIfNone(memberId, newReferralCode());
      } catch (err) {
        if ((err as { code?: string }).code !== '23505') throw err;
      }
    }
    throw new Error('no free referral code after 5 attempts');
  }

  const referralPromotion = (merchant: MerchantRow) => repo.findReferralPromotion(merchant.id);

  /**
   * Issues an inviter the rewards of every friend who qualified and was not paid yet (each friend once:
   * the claim's key); returns how many were issued now.
   */
  async function issueEarned(
    merchant: MerchantRow,
    promotion: PromotionRow,
    inviterId: bigint,
    friends: { id: bigint; deposits: string; linked: boolean }[],
  ): Promise<number> {
    if (promotion.reward.type !== 'referral') return 0;
    const reward = BigInt(promotion.reward.amount);
    const minDeposit = BigInt(promotion.reward.minDeposit);
    const now = clock.now();
    const started = promotion.starts_at <= now && (promotion.ends_at === null || promotion.ends_at > now);
    const due = started ? friends.filter((f) => BigInt(f.deposits) >= minDeposit && !f.linked) : [];
    if (due.length === 0 || reward <= 0n) return 0;
    // An inviter the promotion is not open to (eligibility, exclusions) earns nothing from it, for now.
    if ((await ineligibleOf(db, [promotion.id], inviterId, now)).size > 0) return 0;
    const issued = await inTransaction(db, 'referral.service.issueEarned', (trx) =>
      issueClaims(trx, {
        merchant,
        promotion,
        claims: due.map((f) => ({ memberId: inviterId, periodKey: `friend-${f.id}`, amount: reward })),
        expiresAt: null,
        at: now,
      }),
    );
    return issued.length;
  }

  return {
    /** The daily job: an inviter's rewards issued without the inviter opening invite friends. */
    async issueFor(merchant: MerchantRow, inviterId: bigint): Promise<number> {
      if (merchant.settings.promotions?.REFERRAL?.enabled !== true) return 0;
      const promotion = await referralPromotion(merchant);
      if (!promotion) return 0;
      const inviter = await repo.findMemberType(inviterId);
      if (!inviter || inviter.type === MEMBER_TYPE.TRIAL) return 0;
      return issueEarned(merchant, promotion, inviterId, await repo.listFriends(inviterId));
    },

    async view(merchant: MerchantRow, memberId: bigint, lang: string | undefined): Promise<ReferralView> {
      if (merchant.settings.promotions?.REFERRAL?.enabled !== true) throw referralOff();
      const promotion = await referralPromotion(merchant);
      if (!promotion || promotion.reward.type !== 'referral') throw referralOff();
      const me = await repo.getMemberType(memberId);
      if (me.type === MEMBER_TYPE.TRIAL) throw referralOff();
      const reward = BigInt(promotion.reward.amount);
      const minDeposit = BigInt(promotion.reward.minDeposit);
      const code = await codeOf(merchant.id, memberId);
      const friends = await repo.listFriends(memberId);
      const qualifies = (f: (typeof friends)[number]) => BigInt(f.deposits) >= minDeposit && !f.linked;
      // Whoever qualified since the rewards were last issued is paid now (each friend once: the claim's key).
      await issueEarned(merchant, promotion, memberId, friends);
      const earned = await repo.sumRewarded(promotion.id, memberId);
      const text = await servedText(
        db,
        merchant.id,
        textsIn(promotion.texts, lang, merchant.default_language),
      );
      return {
        code,
        path: `/m/register?ref=${code}`,
        title: text.title,
        terms: text.terms,
        reward: formatAmount(reward),
        minDeposit: formatAmount(minDeposit),
        rewarded: formatAmount(BigInt(earned.sum)),
        friends: friends.slice(0, 50).map((f) => ({
          name: maskFriend(f.username),
          registeredAt: f.created_at.toISOString(),
          qualified: qualifies(f),
        })),
        friendCount: friends.length,
      };
    },
  };
}
