import { sql, type RawBuilder } from 'kysely';
import { parseAmount } from '@panalo/contract/money';
import type { OpsQueueFilters } from '@panalo/contract/cashier';
import { DomainError } from './domain-error';

/** The cashier queues' filters as the repositories use them: amounts in minor units. */
export interface QueueFilters {
  from?: string;
  to?: string;
  minAmount?: bigint;
  maxAmount?: bigint;
  username?: string;
  method?: string;
}

const invalid = (field: string, message: string) =>
  new DomainError('validation_failed', 400, message, { issues: [{ path: field, message }] });

/** The query's filters, checked together: a range the wrong way round is a 400, not an empty page. */
export function queueFilters(q: OpsQueueFilters): QueueFilters {
  const out: QueueFilters = {};
  if (q.from) out.from = q.from;
  if (q.to) out.to = q.to;
  if (q.from && q.to && q.from > q.to) throw invalid('to', 'The last day is before the first');
  if (q.minAmount !== undefined) out.minAmount = parseAmount(q.minAmount)!;
  if (q.maxAmount !== undefined) out.maxAmount = parseAmount(q.maxAmount)!;
  if (out.minAmount !== undefined && out.maxAmount !== undefined && out.minAmount > out.maxAmount)
    throw invalid('maxAmount', 'The highest amount is below the lowest');
  if (q.username) out.username = q.username;
  if (q.method) out.method = q.method;
  return out;
}

/**
 * The filters as one condition on a queue's table (`alias`: its created_at, amount, member_id and, for
 * deposits, method_code): days are the merchant's local days, so a day starts at its midnight there.
 */
export function queueWhere(
  alias: 'd' | 'w',
  merchantId: number,
  f: QueueFilters,
  o: { method: boolean },
): RawBuilder<boolean> {
  const col = (c: string) => sql.ref(`${alias}.${c}`);
  const zone = sql`(select merchant_time_zone(settings) from merchant where id = ${merchantId}::int)`;
  const parts: RawBuilder<unknown>[] = [sql`true`];
  if (f.from) parts.push(sql`${col('created_at')} >= (${f.from}::date)::timestamp at time zone ${zone}`);
  if (f.to) parts.push(sql`${col('created_at')} < (${f.to}::date + 1)::timestamp at time zone ${zone}`);
  if (f.minAmount !== undefined) parts.push(sql`${col('amount')} >= ${f.minAmount}::bigint`);
  if (f.maxAmount !== undefined) parts.push(sql`${col('amount')} <= ${f.maxAmount}::bigint`);
  if (f.username)
    parts.push(
      sql`${col('member_id')} = (select id from member where merchant_id = ${merchantId}::int and username = ${f.username})`,
    );
  if (o.method && f.method) parts.push(sql`${col('method_code')} = ${f.method}`);
  return sql<boolean>`(${sql.join(parts, sql` and `)})`;
}
