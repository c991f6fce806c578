import { sql } from 'kysely';
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
} from './promotions.service';
import { inTransaction } from '../../db/transaction';

const unknownApplication = () => notFound('application_unknown');
const refuse = (code: string, message: string) => new DomainError(code, 409, message);

/**
 * Application promotions (issue 18 item 2): the member applies with a comment and up to 3 images (checked
 * by their bytes before they reach here); the claim waits as 'applying' (unique per promotion, member and
 * period, like every claim) until an operator approves it — issued into the reward centre, claimed there
 * like any reward — or rejects it with a reason the member reads (and is mailed). Each review is audited;
 * an application whose member is linked to another member of the same promotion (registration address,
 * device, payee name or bank card: db/functions/member_links.sql) is shown to the reviewer as such (one
 * bonus per person: flagged, not silently paid).
 */
export function applicationService(db: Database, clock: Clock, files: FileStore) {
  async function opsItems(merchant: MerchantRow, ids: bigint[]): Promise<OpsApplication[]> {
    if (ids.length === 0) return [];
    const rows = await db
      .selectFrom('promotion_claim as c')
      .innerJoin('promotion_application as a', 'a.claim_id', 'c.id')
      .innerJoin('member as m', 'm.id', 'c.member_id')
      .select([
        'c.id',
        'c.promotion_id',
        'c.status',
        'c.amount',
        'c.reason',
        'c.terms',
        'c.created_at',
        'a.comment',
        'a.reviewed_at',
        'm.username',
      ])
      .select((eb) => [
        eb
          .selectFrom('promotion_application_image as i')
          .select(sql<number>`count(*)::int`.as('n'))
          .whereRef('i.claim_id', '=', 'c.id')
          .as('images'),
        // Other members of this promotion linked to the applicant (address, device, payee, card).
        sql<string[]>`array(
          select o.username || ':' || string_agg(l.via, ',' order by l.via)
          from member_links(c.member_id) l
          join promotion_claim oc on oc.member_id = l.member_id and oc.promotion_id = c.promotion_id
          join member o on o.id = l.member_id
          group by o.username order by o.username limit 10)`.as('shared'),
      ])
      .where('c.merchant_id', '=', merchant.id)
      .where('c.id', 'in', ids)
      .orderBy('c.id')
      .execute();
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
      const p = await db
        .selectFrom('promotion')
        .selectAll()
        .where('merchant_id', '=', merchant.id)
        .where('id', '=', promotionId)
        .where('kind', '=', 'apply')
        .where('enabled', '=', true)
        .executeTakeFirst();
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
          const c = await trx
            .insertInto('promotion_claim')
            .values({
              merchant_id: merchant.id,
              promotion_id: p.id,
              member_id: memberId,
              period_key: key,
              status: 'applying',
              amount,
              terms: JSON.stringify(claimTermsOf(p)),
              created_at: now,
              updated_at: now,
            })
            .onConflict((oc) => oc.columns(['promotion_id', 'member_id', 'period_key']).doNothing())
            .returningAll()
            .executeTakeFirst();
          if (!c) throw refuse('application_already_sent', 'You have already applied to this promotion');
          await trx
            .insertInto('promotion_application')
            .values({ claim_id: c.id, comment: o.comment })
            .execute();
          if (o.images.length > 0)
            await trx
              .insertInto('promotion_application_image')
              .values(
                o.images.map((img, i) => ({
                  claim_id: c.id,
                  n: i + 1,
                  file_key: stored[i]!,
                  content_type: img.type,
                  bytes: img.bytes.length,
                  width: img.width,
                  height: img.height,
                })),
              )
              .execute();
          return c;
        }),
      );
      return rewardOf(claim, merchant, undefined, now);
    },

    /** One image: to the member who applied, or to staff of its merchant (memberId null). */
    async image(merchantId: number, memberId: bigint | null, claimId: bigint, n: number) {
      const img = await db
        .selectFrom('promotion_application_image as i')
        .innerJoin('promotion_claim as c', 'c.id', 'i.claim_id')
        .select(['i.file_key', 'i.content_type'])
        .where('c.id', '=', claimId)
        .where('c.merchant_id', '=', merchantId)
        .$if(memberId !== null, (q) => q.where('c.member_id', '=', memberId!))
        .where('i.n', '=', n)
        .executeTakeFirst();
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
      const base = db
        .selectFrom('promotion_claim as c')
        .innerJoin('promotion_application as a', 'a.claim_id', 'c.id')
        .where('c.merchant_id', '=', merchant.id)
        .where('c.status', '=', q.status);
      const [rows, total] = await Promise.all([
        base
          .select('c.id')
          .orderBy('c.id', q.status === 'applying' ? 'asc' : 'desc')
          .limit(q.pageSize)
          .offset((q.page - 1) * q.pageSize)
          .execute(),
        base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      const items = await opsItems(
        merchant,
        rows.map((r) => r.id),
      );
      if (q.status !== 'applying') items.reverse();
      return { list: items, total: Number(total.n) };
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
        const before = await trx
          .selectFrom('promotion_claim as c')
          .innerJoin('promotion_application as a', 'a.claim_id', 'c.id')
          .innerJoin('promotion as p', 'p.id', 'c.promotion_id')
          .select(['c.id', 'c.member_id', 'c.status', 'c.amount', 'c.terms', 'p.claim_hours'])
          .where('c.id', '=', claimId)
          .where('c.merchant_id', '=', merchant.id)
          // The claim and its application only: the promotion's row stays free for other claims.
          .modifyEnd(sql`for update of c, a`)
          .executeTakeFirst();
        if (!before) throw unknownApplication();
        if (before.status !== 'applying')
          throw refuse('application_reviewed', 'This application has already been reviewed');
        const granted = r.approve ? (amount ?? BigInt(before.amount)) : BigInt(before.amount);
        if (r.approve && granted <= 0n)
          throw new DomainError('validation_failed', 400, 'Give the amount to grant', { field: 'amount' });
        await trx
          .updateTable('promotion_claim')
          .set({
            status: r.approve ? 'issued' : 'rejected',
            amount: granted,
            // Approved, it waits in the reward centre for the promotion's claim window.
            expires_at: r.approve ? claimWindowEnd(before, now) : null,
            reason: r.approve ? null : r.reason,
            updated_at: now,
          })
          .where('id', '=', claimId)
          .execute();
        await trx
          .updateTable('promotion_application')
          .set({ reviewed_by: staffId, reviewed_at: now })
          .where('claim_id', '=', claimId)
          .execute();
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
