import { sql } from 'kysely';
import { formatAmount } from '@panalo/contract/money';
import type { Database } from '../../db/database';
import { DomainError } from '../../lib/domain-error';

export interface LevelLimit {
  /** Withdrawals a day at my VIP level, and what they may add up to (null: no limit of the level's). */
  count: number | null;
  amount: bigint | null;
  /** Today's withdrawals so far (the merchant's day; rejected ones do not count). */
  usedCount: number;
  usedAmount: bigint;
}

/**
 * My VIP level's daily withdrawal limit (issue 18 item 5, migration 0053), with what today has used;
 * null when the club is off or my level sets none.
 */
export async function levelLimit(
  db: Database,
  merchantId: number,
  memberId: bigint,
  now: Date,
): Promise<LevelLimit | null> {
  const r = await sql<{
    count: number | null;
    amount: string | null;
    used_count: number;
    used_amount: string;
  }>`
    with me as (
      select m.id, m.merchant_id, l.withdraw_daily_count, l.withdraw_daily_amount,
        ((${now}::timestamptz at time zone merchant_time_zone(mc.settings))::date)::timestamp
          at time zone merchant_time_zone(mc.settings) as today
      from member m
      join merchant mc on mc.id = m.merchant_id
      join vip_level l on l.merchant_id = m.merchant_id and l.level = m.vip_level
      where m.id = ${memberId}::bigint and m.merchant_id = ${merchantId}::int
        and coalesce((mc.whitelabel->>'VIPBENEFIT')::boolean, false)
        and (l.withdraw_daily_count is not null or l.withdraw_daily_amount is not null)
    )
    select me.withdraw_daily_count as count, me.withdraw_daily_amount::text as amount,
      count(w.id)::int as used_count, coalesce(sum(w.amount), 0)::text as used_amount
    from me
    left join withdrawal w on w.merchant_id = me.merchant_id and w.member_id = me.id
      and w.created_at >= me.today and w.status <> 'rejected'
    group by me.withdraw_daily_count, me.withdraw_daily_amount`.execute(db);
  const row = r.rows[0];
  if (!row) return null;
  return {
    count: row.count,
    amount: row.amount === null ? null : BigInt(row.amount),
    usedCount: row.used_count,
    usedAmount: BigInt(row.used_amount),
  };
}

/**
 * Refuses a withdrawal past my level's daily limit, inside the withdrawal's transaction: the member's row
 * is locked first, so requests at once are counted one after the other.
 */
export async function checkLevelLimit(
  trx: Database,
  o: { merchantId: number; memberId: bigint; amount: bigint; now: Date },
): Promise<void> {
  await trx.selectFrom('member').select('id').where('id', '=', o.memberId).forNoKeyUpdate().execute();
  const l = await levelLimit(trx, o.merchantId, o.memberId, o.now);
  if (!l) return;
  if (l.count !== null && l.usedCount + 1 > l.count)
    // Stryker disable next-line StringLiteral: the message is for logs and API readers; clients read the code and its values (tested)
    throw new DomainError('withdraw_daily_count', 409, 'Your VIP level’s withdrawals for today are used up', {
      limit: l.count,
    });
  if (l.amount !== null && l.usedAmount + o.amount > l.amount)
    // Stryker disable next-line StringLiteral: the message is for logs and API readers; clients read the code and its values (tested)
    throw new DomainError('withdraw_daily_amount', 409, 'This is more than your VIP level allows today', {
      limit: formatAmount(l.amount),
      // Stryker disable next-line EqualityOperator: `>=` is equivalent (an equal use leaves 0 either way)
      left: formatAmount(l.amount > l.usedAmount ? l.amount - l.usedAmount : 0n),
    });
}
