import { dayIn } from '@panalo/contract/age';
import { formatAmount, parseAmount } from '@panalo/contract/money';
import type { OpsApplication, ReviewRequest, RewardItem } from '@panalo/contract/promotions';
import { periodKey } from '@panalo/contract/promotion-rules';
import type { Database } from '../../db/database';
import { audit } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import { DomainError, notFound } from '../../lib/domain-error';
import type { FileStore } from '../../lib/file-store';
import { withStoredImages, type FormImage } from '../../lib/image-form';
import type { MerchantRow } from '../merchants/merchants.repository';
import {
  assertEligible,
  claimTermsOf,
  claimWindowEnd,
  drawAmount,
  rewardOf,
  systemMail,
  textsIn,
} from './promotion-claims';
import { inTransaction } from '../../db/transaction';
import { applicationRepository } from './application.repository';
import { promotionsRepository } from './promotions.repository';

const unknownApplication = () => notFound('application_unknown');
const refuse = (code: string, message: string) => new DomainError(code, 409, message);

/**
 * Application promotions (issue 18 item 2): the member applies with a comment and up to 3 images (checked
 * by their bytes before they reach here); the claim waits as 'applying' (unique per promotion, member and
 * period, like every claim) until an operator approves it — issued into the reward centre, claimed there
 * like any reward — or rejects it with a reason the member reads (and is mailed). Each review is audited;
 * an application whose member is linked to another member of the same promotion (registration address,
 * device, payee name or bank card: db/functions/member_links.sql) is shown to the reviewer as such (one
 * bonus per person: flagged, not silently paid). The SQL is application.repository.ts'.
 */
export function applicationService(db: Database, clock: Clock, files: FileStore) {
  const repo = applicationRepository(db);

  async function opsItems(merchant: MerchantRow, ids: bigint[]): Promise<OpsApplication[]> {
    if (ids.length === 0) return [];
    const rows = await repo.listApplicationsByClaim(merchant.id, ids);
    return rows.map((r) => ({
      id: r.id.toString(),
      promotionId: r.promotion_id.toString(),
      promotion: textsIn(r.terms.title, undefined, merchant.default_language).title,
      username: r.username,
      comment: r.comment,
      images: Number(r.images ?? 0),
      status: r.status === 'applying' || r.status === 'rejected' ? r.status : r.status,
      amount: formatAmount(BigInt(r.amount)),
      reason: r.reason,
      createdAt: r.created_at.toISOString(),
      reviewedAt: r.reviewed_at?.toISOString() ?? null,
      linked: (r.shared ?? []).map((x) => {
        const [username = '', via = ''] = x.split(':');
        return { username, via: via.split(',') as OpsApplication['linked'][number]['via'] };
      }),
    }));
  }

  return {
    /** Applies to an application promotion: once per period; the images are stored before the rows. */
    async apply(
      merchant: MerchantRow,
      memberId: bigint,
      promotionId: bigint,
      o: { comment: string; images: FormImage[] },
    ): Promise<RewardItem> {
      const now = clock.now();
      const p = await repo.findEnabledApplyPromotion(merchant.id, promotionId);
      if (!p) throw notFound('promotion_unknown');
      if (p.starts_at > now) throw refuse('promotion_not_started', 'This promotion has not started yet');
      if ((p.ends_at !== null && p.ends_at <= now) || (p.budget !== null && p.granted >= p.budget))
        throw refuse('promotion_closed', 'This promotion has ended');
      await assertEligible(db, p.id, memberId, now);
      // A random reward is drawn now and kept on the application (what an approval issues).
      const amount = drawAmount(p.reward) ?? 0n;
      const key = periodKey(p.period, dayIn(now, merchant.settings.timeZone ?? 'UTC'));
      const claim = await withStoredImages(files, 'promotion', o.images, (stored) =>
        inTransaction(db, 'application.service.apply', async (trx) => {
          const claims = promotionsRepository(trx);
          const c = await claims.insertClaimOnce({
            merchantId: merchant.id,
            promotionId: p.id,
            memberId,
            periodKey: key,
            status: 'applying',
            amount,
            terms: claimTermsOf(p),
            at: now,
          });
          if (!c) throw refuse('application_already_sent', 'You have already applied to this promotion');
          await claims.insertApplication(c.id, o.comment);
          if (o.images.length > 0)
            await applicationRepository(trx).insertApplicationImages(
              o.images.map((img, i) => ({
                claimId: c.id,
                n: i + 1,
                fileKey: stored[i]!,
                contentType: img.type,
                bytes: img.bytes.length,
                width: img.width,
                height: img.height,
              })),
            );
          return c;
        }),
      );
      return rewardOf(claim, merchant, undefined, now);
    },

    /** One image: to the member who applied, or to staff of its merchant (memberId null). */
    async image(merchantId: number, memberId: bigint | null, claimId: bigint, n: number) {
      const img = await repo.findApplicationImage(merchantId, memberId, claimId, n);
      if (!img) throw unknownApplication();
      const bytes = await files.get(img.file_key);
      if (!bytes) throw unknownApplication();
      return { bytes, type: img.content_type };
    },

    /** Operator: the applications in a status, the waiting ones oldest first, the others newest first. */
    async opsList(
      merchant: MerchantRow,
      q: { status: 'applying' | 'rejected' | 'issued' | 'claimed'; page: number; pageSize: number },
    ) {
      const { ids, total } = await repo.pageApplicationIds({
        merchantId: merchant.id,
        status: q.status,
        order: q.status === 'applying' ? 'asc' : 'desc',
        page: q.page,
        pageSize: q.pageSize,
      });
      const items = await opsItems(merchant, ids);
      if (q.status !== 'applying') items.reverse();
      return { list: items, total };
    },

    /**
     * Operator: approves (issued, waiting in the reward centre; the member is mailed) or rejects (with the
     * reason, mailed) an application still waiting; audited with the state before and after. A second
     * review of the same application is refused (application_reviewed), whoever asks.
     */
    async review(merchant: MerchantRow, staffId: bigint, claimId: bigint, r: ReviewRequest) {
      const now = clock.now();
      let amount: bigint | null = null;
      if (r.approve && r.amount !== undefined) {
        amount = parseAmount(r.amount);
        if (amount === null || amount <= 0n)
          throw new DomainError('validation_failed', 400, 'Invalid amount', { field: 'amount' });
      }
      await inTransaction(db, 'application.service.review', async (trx) => {
        const tx = applicationRepository(trx);
        // The claim and its application only: the promotion's row stays free for other claims.
        const before = await tx.lockApplication(merchant.id, claimId);
        if (!before) throw unknownApplication();
        if (before.status !== 'applying')
          throw refuse('application_reviewed', 'This application has already been reviewed');
        const granted = r.approve ? (amount ?? BigInt(before.amount)) : BigInt(before.amount);
        if (r.approve && granted <= 0n)
          throw new DomainError('validation_failed', 400, 'Give the amount to grant', { field: 'amount' });
        await tx.setClaimReviewed(claimId, {
          status: r.approve ? 'issued' : 'rejected',
          amount: granted,
          // Approved, it waits in the reward centre for the promotion's claim window.
          expiresAt: r.approve ? claimWindowEnd(before, now) : null,
          reason: r.approve ? null : r.reason,
          at: now,
        });
        await tx.setApplicationReviewed(claimId, staffId, now);
        const title = textsIn(before.terms.title, undefined, merchant.default_language).title;
        await systemMail(trx, {
          merchantId: merchant.id,
          template: r.approve ? 'reward_issued' : 'application_rejected',
          params: r.approve
            ? { amount: formatAmount(granted), promotion: title }
            : { promotion: title, reason: r.reason },
          members: [BigInt(before.member_id)],
          at: now,
        });
        await audit(trx, {
          merchantId: merchant.id,
          actor: `operator:${staffId}`,
          action: r.approve ? 'promotion.application.approve' : 'promotion.application.reject',
          target: `promotion_claim:${claimId}`,
          details: {
            before: { status: before.status, amount: formatAmount(BigInt(before.amount)) },
            after: { status: r.approve ? 'issued' : 'rejected', amount: formatAmount(granted) },
            reason: r.approve ? null : r.reason,
          },
          at: now,
        });
      });
      return (await opsItems(merchant, [claimId]))[0]!;
    },
  };
}
