import { sql, type Kysely } from 'kysely';

/**
 * Double-entry ledger. Accounts hold a balance in minor units; transfers move money between two or
 * more accounts with entries that sum to zero. Entries are never updated or deleted: a correction is a
 * new transfer. Two books: 'real' money and 'play' money (free-trial accounts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ledger_account')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id'))
    .addColumn('book', 'text', (c) => c.notNull().check(sql`book in ('real', 'play')`))
    .addColumn('kind', 'text', (c) =>
      c
        .notNull()
        .check(
          sql`kind in ('member_wallet', 'house', 'promotion', 'payment_clearing', 'vendor_clearing', 'pending_withdrawal', 'agent_commission', 'adjustment')`,
        ),
    )
    .addColumn('owner_member_id', 'bigint', (c) => c.references('member.id'))
    // Provider or vendor code for clearing accounts, shard number for the house; '' when none.
    .addColumn('ref', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('balance', 'bigint', (c) => c.notNull().defaultTo(0))
    // Member wallets and pending withdrawals can never go below zero; the house and clearing accounts can.
    .addColumn('allow_negative', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('ledger_account_non_negative', sql`allow_negative or balance >= 0`)
    .execute();
  await sql`create unique index ledger_account_identity on ledger_account (merchant_id, book, kind, coalesce(owner_member_id, 0), ref, currency)`.execute(
    db,
  );
  await db.schema
    .createIndex('ledger_account_owner')
    .on('ledger_account')
    .column('owner_member_id')
    .execute();

  await db.schema
    .createTable('ledger_transfer')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id'))
    .addColumn('book', 'text', (c) => c.notNull())
    // What the movement is: deposit, withdrawal_hold, withdrawal_release, withdrawal_paid, bet, win,
    // rollback, bonus, adjustment, transfer_upline, trial_grant…
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('idempotency_scope', 'text')
    .addColumn('idempotency_key', 'text')
    // The business object it belongs to (deposit order, withdrawal, round…), for records and reports.
    .addColumn('reference', 'text')
    .addColumn('memo', 'text')
    // Who caused it: 'member:<id>', 'operator:<id>', 'provider:<code>', 'vendor:<code>', 'system'.
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index ledger_transfer_idempotency on ledger_transfer (merchant_id, idempotency_scope, idempotency_key) where idempotency_key is not null`.execute(
    db,
  );
  await db.schema
    .createIndex('ledger_transfer_reference')
    .on('ledger_transfer')
    .columns(['merchant_id', 'reference'])
    .execute();

  await db.schema
    .createTable('ledger_entry')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('transfer_id', 'bigint', (c) => c.notNull().references('ledger_transfer.id'))
    .addColumn('account_id', 'bigint', (c) => c.notNull().references('ledger_account.id'))
    .addColumn('amount', 'bigint', (c) => c.notNull())
    // The account's balance right after this entry (statements need no recomputation).
    .addColumn('balance_after', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('ledger_entry_account')
    .on('ledger_entry')
    .columns(['account_id', 'id'])
    .execute();
  await db.schema.createIndex('ledger_entry_transfer').on('ledger_entry').column('transfer_id').execute();

  // Every money-moving call carries a key: a repeat returns the first answer; the same key with another
  // request is refused.
  await db.schema
    .createTable('idempotency_record')
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id'))
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('status_code', 'integer', (c) => c.notNull())
    .addColumn('response', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('idempotency_record_pk', ['merchant_id', 'scope', 'key'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['idempotency_record', 'ledger_entry', 'ledger_transfer', 'ledger_account']) {
    await db.schema.dropTable(t).execute();
  }
}
