import { sql, type Kysely } from 'kysely';

const merchantRef = 'merchant.id';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Per-merchant cashier limits.
  await db.schema
    .createTable('merchant_cashier')
    .addColumn('merchant_id', 'integer', (c) => c.primaryKey().references(merchantRef).onDelete('cascade'))
    .addColumn('min_withdraw', 'bigint', (c) => c.notNull())
    .addColumn('max_withdraw', 'bigint', (c) => c.notNull())
    .addColumn('max_cards', 'integer', (c) => c.notNull().defaultTo(3))
    .execute();

  await db.schema
    .createTable('deposit_method')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references(merchantRef).onDelete('cascade'))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('bank_transfer', 'gateway')`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('provider', 'text')
    .addColumn('min_amount', 'bigint', (c) => c.notNull())
    .addColumn('max_amount', 'bigint', (c) => c.notNull())
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('deposit_method_code', ['merchant_id', 'code'])
    .execute();

  await db.schema
    .createTable('merchant_bank_account')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references(merchantRef).onDelete('cascade'))
    .addColumn('bank_name', 'text', (c) => c.notNull())
    .addColumn('account_name', 'text', (c) => c.notNull())
    .addColumn('account_number', 'text', (c) => c.notNull())
    .addColumn('branch', 'text')
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .execute();

  await db.schema
    .createTable('deposit_promotion')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references(merchantRef).onDelete('cascade'))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('percent_bp', 'integer', (c) => c.notNull().check(sql`percent_bp between 0 and 10000`))
    .addColumn('max_bonus', 'bigint', (c) => c.notNull())
    .addColumn('min_deposit', 'bigint', (c) => c.notNull())
    .addColumn('wagering_multiplier_tenths', 'integer', (c) => c.notNull())
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addUniqueConstraint('deposit_promotion_code', ['merchant_id', 'code'])
    .execute();

  await db.schema
    .createTable('deposit_order')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references(merchantRef))
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('member.id'))
    .addColumn('method_code', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('bonus_amount', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('promotion_code', 'text')
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending', 'paid', 'rejected', 'expired', 'cancelled')`),
    )
    .addColumn('reference', 'text')
    .addColumn('payer_name', 'text')
    .addColumn('bank_account_id', 'bigint', (c) => c.references('merchant_bank_account.id'))
    .addColumn('provider', 'text')
    .addColumn('provider_ref', 'text')
    .addColumn('transfer_id', 'bigint', (c) => c.references('ledger_transfer.id'))
    .addColumn('decided_by', 'text')
    .addColumn('reason', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('deposit_order_member')
    .on('deposit_order')
    .columns(['merchant_id', 'member_id', 'id'])
    .execute();
  await db.schema
    .createIndex('deposit_order_status')
    .on('deposit_order')
    .columns(['merchant_id', 'status', 'id'])
    .execute();
  await sql`create unique index deposit_order_provider_ref on deposit_order (provider, provider_ref) where provider_ref is not null`.execute(
    db,
  );

  // Callbacks a payment provider sent, by its event id: a duplicate is recognised and answered alike.
  await db.schema
    .createTable('payment_event')
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references(merchantRef))
    .addColumn('order_id', 'bigint', (c) => c.references('deposit_order.id'))
    .addColumn('payload', 'jsonb', (c) => c.notNull())
    .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('payment_event_pk', ['provider', 'event_id'])
    .execute();

  // Turnover a member owes before withdrawing (deposit bonuses); bets add to `done` (games issue).
  await db.schema
    .createTable('wagering_requirement')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references(merchantRef))
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('member.id'))
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('source_ref', 'text', (c) => c.notNull())
    .addColumn('required', 'bigint', (c) => c.notNull().check(sql`required >= 0`))
    .addColumn('done', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('completed_at', 'timestamptz')
    .addUniqueConstraint('wagering_requirement_source', ['merchant_id', 'source', 'source_ref'])
    .execute();
  await db.schema
    .createIndex('wagering_requirement_member')
    .on('wagering_requirement')
    .columns(['member_id', 'completed_at'])
    .execute();

  await db.schema
    .createTable('withdraw_bank')
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references(merchantRef).onDelete('cascade'))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('withdraw_bank_pk', ['merchant_id', 'code'])
    .execute();

  await db.schema
    .createTable('member_bank_card')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references(merchantRef))
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('member.id'))
    .addColumn('bank_code', 'text', (c) => c.notNull())
    // The full number encrypted (AES-256-GCM with a data key from app_secret); only the last 4 in clear.
    .addColumn('card_number_enc', 'text', (c) => c.notNull())
    .addColumn('card_last4', 'text', (c) => c.notNull())
    // HMAC of the number, so the same card cannot be bound twice without decrypting every card.
    .addColumn('card_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('removed_at', 'timestamptz')
    .execute();
  await sql`create unique index member_bank_card_unique on member_bank_card (merchant_id, card_hash) where removed_at is null`.execute(
    db,
  );
  await db.schema
    .createIndex('member_bank_card_member')
    .on('member_bank_card')
    .columns(['member_id'])
    .execute();

  await db.schema
    .createTable('withdrawal')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references(merchantRef))
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('member.id'))
    .addColumn('card_id', 'bigint', (c) => c.notNull().references('member_bank_card.id'))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending', 'paid', 'rejected')`),
    )
    .addColumn('reason', 'text')
    .addColumn('hold_transfer_id', 'bigint', (c) => c.references('ledger_transfer.id'))
    .addColumn('final_transfer_id', 'bigint', (c) => c.references('ledger_transfer.id'))
    .addColumn('decided_by', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('withdrawal_member')
    .on('withdrawal')
    .columns(['merchant_id', 'member_id', 'id'])
    .execute();
  await db.schema
    .createIndex('withdrawal_status')
    .on('withdrawal')
    .columns(['merchant_id', 'status', 'id'])
    .execute();

  // Who did what to money or accounts, and why (operators, providers, the system).
  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references(merchantRef))
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('details', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('audit_log_merchant').on('audit_log').columns(['merchant_id', 'id']).execute();

  // Server-side secrets shared by every process (e.g. the data key that encrypts card numbers).
  await db.schema
    .createTable('app_secret')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    'app_secret',
    'audit_log',
    'withdrawal',
    'member_bank_card',
    'withdraw_bank',
    'wagering_requirement',
    'payment_event',
    'deposit_order',
    'deposit_promotion',
    'merchant_bank_account',
    'deposit_method',
    'merchant_cashier',
  ]) {
    await db.schema.dropTable(t).execute();
  }
}
