import { sql } from 'kysely';
import type { Database } from '../../db/database';

export interface LedgerViolations {
  /** Transfers whose entries do not sum to zero. */
  unbalancedTransfers: string[];
  /** Accounts whose stored balance (plus house amounts not rolled up yet) differs from the sum of their entries. */
  driftedAccounts: string[];
  /** Member wallets (or pending withdrawals) below zero. */
  negativeWallets: string[];
  /** Entries whose balance_after does not follow from the previous entry of the account. */
  brokenRunningBalances: string[];
  /** Idempotency keys that map to more than one transfer. */
  duplicateKeys: string[];
  /** Entries whose transfer does not exist (no foreign key holds this on the bet path: migration 0016). */
  orphanEntries: string[];
}

/**
 * The ledger's invariants (DESIGN.md): every transfer sums to 0; every balance (for a house shard: plus
 * its amounts in house_pending, see house-rollup.ts) equals the sum of its entries; no member wallet below
 * 0; every idempotency key maps to exactly one transfer; every entry's transfer exists; and each entry's
 * balance_after follows from the one before it (house shards excepted: their bet legs carry no
 * balance_after).
 */
export async function checkLedger(db: Database, merchantId?: number): Promise<LedgerViolations> {
  const m = merchantId ?? null;
  const unbalanced = await sql<{ id: string }>`
    select t.id::text as id from ledger_transfer t join ledger_entry e on e.transfer_id = t.id
    where (${m}::int is null or t.merchant_id = ${m}) group by t.id having sum(e.amount) <> 0`.execute(db);
  const drifted = await sql<{ id: string }>`
    select a.id::text as id from ledger_account a
    left join (select account_id, sum(amount) as s from ledger_entry group by account_id) e on e.account_id = a.id
    left join (select account_id, sum(amount) as p from house_pending group by account_id) p on p.account_id = a.id
    where (${m}::int is null or a.merchant_id = ${m}) and a.balance + coalesce(p.p, 0) <> coalesce(e.s, 0)`.execute(
    db,
  );
  const negative = await sql<{ id: string }>`
    select id::text as id from ledger_account
    where (${m}::int is null or merchant_id = ${m}) and not allow_negative and balance < 0`.execute(db);
  const running = await sql<{ id: string }>`
    select id::text as id from (
      select e.id, e.balance_after,
             sum(e.amount) over (partition by e.account_id order by e.id rows unbounded preceding) as running
      from ledger_entry e join ledger_account a on a.id = e.account_id
      where (${m}::int is null or a.merchant_id = ${m}) and a.kind <> 'house'
    ) x where x.balance_after <> x.running`.execute(db);
  const dupes = await sql<{ k: string }>`
    select merchant_id || ':' || idempotency_scope || ':' || idempotency_key as k from ledger_transfer
    where idempotency_key is not null and (${m}::int is null or merchant_id = ${m})
    group by merchant_id, idempotency_scope, idempotency_key having count(*) > 1`.execute(db);
  const orphans = await sql<{ id: string }>`
    select e.id::text as id from ledger_entry e join ledger_account a on a.id = e.account_id
    where (${m}::int is null or a.merchant_id = ${m})
      and not exists (select 1 from ledger_transfer t where t.id = e.transfer_id)`.execute(db);
  return {
    unbalancedTransfers: unbalanced.rows.map((r) => r.id),
    driftedAccounts: drifted.rows.map((r) => r.id),
    negativeWallets: negative.rows.map((r) => r.id),
    brokenRunningBalances: running.rows.map((r) => r.id),
    duplicateKeys: dupes.rows.map((r) => r.k),
    orphanEntries: orphans.rows.map((r) => r.id),
  };
}

export const ledgerIsClean = (v: LedgerViolations) =>
  Object.values(v as unknown as Record<string, string[]>).every((list) => list.length === 0);
