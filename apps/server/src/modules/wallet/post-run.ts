import { sql, type RawBuilder } from 'kysely';
import type { Database } from '../../db/database';

/**
 * A run's transfers, posted set-based in one statement: the wallet module's one call for runs (lottery
 * settlement, rebates, promotion rebates, contract pay), writing the same rows ledger_post writes for one
 * transfer (db/functions/ledger_post.sql).
 *
 * `rows` selects one row per transfer, each crediting one account from another:
 *   transfer_id  bigint  the transfer's id, drawn from the sequence by the caller (its claim row, written
 *                        before, refers to it) — nextval(pg_get_serial_sequence('ledger_transfer', 'id'))
 *   merchant_id  int, book text
 *   credit_id    bigint  the account credited: its balance updated, its entry with balance_after
 *   debit_id     bigint  the account it comes from. `debit: 'appended'` (the default): a house or
 *                        promotion shard, appended to house_pending (no row locked) and rolled up later
 *                        like a bet's house leg. `debit: 'updated'`: its balance is updated here, once
 *                        by the run's total from it (each entry's balance_after follows the transfers'
 *                        order), never below zero unless the account allows it
 *   amount       bigint  > 0
 *   key, reference, memo text  the transfer's idempotency key (under `scope`), reference and memo
 *   figure_member bigint, figure_kind text, product text  whose figure the appended leg is, for the
 *                        member's day (house-rollup.ts); null member: no figure
 * No account may be credited twice in one call (each wallet is credited once, with its total), nor be
 * both credited and debited.
 *
 * The accounts updated are locked first, in id order — the one lock order — so runs and single
 * transfers on the same wallets cannot deadlock (`locked`: a sorted FOR UPDATE the credit waits for, as a
 * one-time filter evaluated before its first row). `before` are CTEs the rows may read (a claim inserted in
 * the same statement); `also` are CTEs that run on the posted rows as `s` (the member's day, a turnover
 * requirement, mails). Returns how many transfers were written and their total.
 */
export async function postRun(
  trx: Database,
  o: {
    kind: string;
    scope: string;
    createdBy: string;
    at: Date;
    rows: RawBuilder<unknown>;
    debit?: 'appended' | 'updated';
    before?: RawBuilder<unknown>[];
    also?: RawBuilder<unknown>[];
    /** CTEs (of `before` or `also`) whose rows are counted in the answer's `reported`. */
    report?: string[];
  },
): Promise<{ transfers: number; amount: bigint; reported: Record<string, number> }> {
  const before = o.before?.length ? sql`${sql.join(o.before)}, ` : sql``;
  const also = o.also?.length ? sql`, ${sql.join(o.also)}` : sql``;
  const updated = o.debit === 'updated';
  const locks = updated
    ? sql`select credit_id from s union select debit_id from s`
    : sql`select credit_id from s`;
  // Debits by account (one update each, by its total), and each transfer's balance after it: the final
  // balance plus what later transfers of the run took from the account.
  const debits = updated
    ? sql`, d as (
      update ledger_account a set balance = a.balance - x.total
      from (select debit_id, sum(amount)::bigint as total from s group by debit_id) x
      where a.id = x.debit_id and (a.allow_negative or a.balance - x.total >= 0)
        and (select count(*) from locked) >= 0
      returning a.id, a.balance
    )`
    : sql``;
  const debitEntries = updated
    ? sql`select s.transfer_id, s.debit_id, -s.amount,
          d.balance + sum(s.amount) over (partition by s.debit_id order by s.transfer_id desc) - s.amount, 0
        from s join d on d.id = s.debit_id`
    : sql`select transfer_id, debit_id, -amount, null::bigint, 0 from w`;
  const pending = updated
    ? sql``
    : sql`, h as (
      insert into house_pending (account_id, amount, member_id, kind, product, at)
      select debit_id, -amount, figure_member, figure_kind, product, ${o.at}::timestamptz from s
      returning 1
    )`;
  const r = await sql<{ transfers: number; amount: string; repeated: number }>`
    with ${before}s as materialized (${o.rows}),
    locked as materialized (
      select a.id from ledger_account a where a.id in (${locks}) order by a.id for update
    ), t as (
      insert into ledger_transfer (id, merchant_id, book, kind, idempotency_scope, idempotency_key, reference,
        memo, created_by, created_at)
      overriding system value
      select transfer_id, merchant_id, book, ${o.kind}, ${o.scope}, key, reference, memo, ${o.createdBy},
        ${o.at}::timestamptz
      from s
      returning 1
    ), w as (
      update ledger_account a set balance = a.balance + s.amount
      from s where a.id = s.credit_id and a.merchant_id = s.merchant_id and a.book = s.book
        and (select count(*) from locked) >= 0
      returning s.transfer_id, s.credit_id, s.debit_id, s.amount, a.balance
    )${debits}, e as (
      insert into ledger_entry (transfer_id, account_id, amount, balance_after, created_at)
      select y.transfer_id, y.account_id, y.amount, y.balance_after, ${o.at}::timestamptz from (
        ${debitEntries}
        union all
        select transfer_id, credit_id, amount, balance, 1 from w
      ) y (transfer_id, account_id, amount, balance_after, leg)
      -- In the transfers' order: an account's entries then follow its running balance.
      order by y.transfer_id, y.leg
      returning 1
    )${pending}${also}
    select (select count(*) from t)::int as transfers, (select coalesce(sum(amount), 0) from s)::text as amount,
      (select count(*) - count(distinct credit_id) from s)::int
        + (select count(*) from (select credit_id from s intersect select debit_id from s) z)::int as repeated,
      (select count(*) from w)::int as credited,
      ${updated ? sql`(select count(*) from d)::int = (select count(distinct debit_id) from s)::int` : sql`true`}
        as debited,
      (select count(*) from e)::int as entries${sql.join(
        (o.report ?? []).map(
          (name) => sql`, (select count(*) from ${sql.ref(name)})::int as ${sql.ref(`n_${name}`)}`,
        ),
        sql``,
      )}
`.execute(trx);
  const row = r.rows[0] as
    { transfers: number; amount: string; repeated: number; credited: number; debited: boolean } | undefined;
  // Stryker disable next-line ConditionalExpression,StringLiteral: a select without from answers exactly one row
  if (!row) throw new Error('postRun: no answer');
  if (row.repeated > 0)
    throw new Error('postRun: an account credited twice, or credited and debited, in one run');
  if (row.credited !== row.transfers)
    throw new Error('postRun: a credited account is missing or of another book');
  if (!row.debited) throw new Error('postRun: a debit would take an account below zero');
  const counts = row as unknown as Record<string, number>;
  return {
    transfers: row.transfers,
    amount: BigInt(row.amount),
    reported: Object.fromEntries((o.report ?? []).map((name) => [name, counts[`n_${name}`] ?? 0])),
  };
}
