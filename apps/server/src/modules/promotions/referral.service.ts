import { randomInt } from 'node:crypto';
import { sql } from 'kysely';
import { MEMBER_TYPE } from '@panalo/contract/member';
import { formatAmount } from '@panalo/contract/money';
import type { ReferralView } from '@panalo/contract/promotions';
import type { Database } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { DomainError } from '../../lib/domain-error';
import type { MerchantRow } from '../merchants/merchants.repository';
import { ineligibleOf, issueClaims, textsIn } from './promotions.service';
import { inTransaction } from '../../db/transaction';
import { servedText } from './promotion-figures';

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
 * paid (one person, two accounts).
 */
export function referralService(db: Database, clock: Clock) {
  /** My referral code, made on first use (a collision with another member's code tries again). */
  async function codeOf(merchantId: number, memberId: bigint): Promise<string> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const row = await db
        .selectFrom('member')
        .select('referral_code')
        .where('id', '=', memberId)
        .where('merchant_id', '=', merchantId)
        .executeTakeFirstOrThrow();
      if (row.referral_code) return row.referral_code;
      try {
        await db
          .updateTable('member')
          .set({ referral_code: newReferralCode() })
          .where('id', '=', memberId)
          .where('referral_code', 'is', null)
          .execute();
      } catch (err) {
        if ((err as { code?: string }).code !== '23505') throw err;
      }
    }
    throw new Error('no free referral code after 5 attempts');
  }

  const friendsOf = (inviterId: bigint) =>
    sql<{ id: bigint; username: string; created_at: Date; deposits: string; linked: boolean }>`
      select f.id, f.username, f.created_at,
        coalesce((select sum(d.deposits) from member_day d where d.member_id = f.id), 0)::text as deposits,
        exists (select 1 from member_links(i.id) l where l.member_id = f.id) as linked
      from member f join member i on i.id = f.referrer_id
      where f.referrer_id = ${inviterId}::bigint and f.type <> ${MEMBER_TYPE.TRIAL}
      order by f.id desc`;

  const referralPromotion = (merchant: MerchantRow) =>
    db
      .selectFrom('promotion')
      .selectAll()
      .where('merchant_id', '=', merchant.id)
      .where('kind', '=', 'referral')
      .where('enabled', '=', true)
      .orderBy('id')
      .executeTakeFirst();

  /**
   * Issues an inviter the rewards of every friend who qualified and was not paid yet (each friend once:
   * the claim's key); returns how many were issued now.
   */
  async function issueEarned(
    merchant: MerchantRow,
    promotion: NonNullable<Awaited<ReturnType<typeof referralPromotion>>>,
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
      const inviter = await db
        .selectFrom('member')
        .select('type')
        .where('id', '=', inviterId)
        .executeTakeFirst();
      if (!inviter || inviter.type === MEMBER_TYPE.TRIAL) return 0;
      return issueEarned(merchant, promotion, inviterId, (await friendsOf(inviterId).execute(db)).rows);
    },

    async view(merchant: MerchantRow, memberId: bigint, lang: string | undefined): Promise<ReferralView> {
      if (merchant.settings.promotions?.REFERRAL?.enabled !== true) throw referralOff();
      const promotion = await referralPromotion(merchant);
      if (!promotion || promotion.reward.type !== 'referral') throw referralOff();
      const me = await db
        .selectFrom('member')
        .select('type')
        .where('id', '=', memberId)
        .executeTakeFirstOrThrow();
      if (me.type === MEMBER_TYPE.TRIAL) throw referralOff();
      const reward = BigInt(promotion.reward.amount);
      const minDeposit = BigInt(promotion.reward.minDeposit);
      const code = await codeOf(merchant.id, memberId);
      const friends = (await friendsOf(memberId).execute(db)).rows;
      const qualifies = (f: (typeof friends)[number]) => BigInt(f.deposits) >= minDeposit && !f.linked;
      // Whoever qualified since the rewards were last issued is paid now (each friend once: the claim's key).
      await issueEarned(merchant, promotion, memberId, friends);
      const earned = await db
        .selectFrom('promotion_claim')
        .select(sql<string>`coalesce(sum(amount), 0)::text`.as('sum'))
        .where('promotion_id', '=', promotion.id)
        .where('member_id', '=', memberId)
        .where('status', 'in', ['issued', 'claimed'])
        .executeTakeFirstOrThrow();
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
