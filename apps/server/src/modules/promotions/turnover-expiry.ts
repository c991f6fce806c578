import type { Database } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { forfeitPromotions } from '../protection/forfeit';
import { inTransaction } from '../../db/transaction';

const BATCH = 1_000;

/**
 * Forfeits the bonuses whose turnover ran out of time (migration 0058: a promotion's turnover hours,
 * copied onto each requirement as expires_at): each such requirement is closed as forfeited and its bonus,
 * with the bonus's share of what play won since, goes back to the promotion — as when a member gives a
 * bonus up (forfeitPromotions), the member keeping their own money and what it won. One transaction per
 * member; the requirements are locked there, so two processes never take a bonus twice (its transfer is
 * keyed by the requirement besides). Returns the members whose bonuses lapsed now.
 */
export async function forfeitExpiredTurnover(db: Database, clock: Clock): Promise<number> {
  const now = clock.now();
  const due = await db
    .selectFrom('wagering_requirement')
    .select(['merchant_id', 'member_id'])
    .where('completed_at', 'is', null)
    .where('expires_at', '<=', now)
    .groupBy(['merchant_id', 'member_id'])
    .limit(BATCH)
    .execute();
  for (const d of due)
    await inTransaction(db, 'turnover-expiry.forfeitExpiredTurnover', (trx) =>
      forfeitPromotions(trx, {
        merchantId: d.merchant_id,
        memberId: d.member_id,
        by: 'system:turnover-expiry',
        at: now,
        winnings: true,
        only: (r) => r.expires_at !== null && r.expires_at <= now,
      }),
    );
  return due.length;
}
