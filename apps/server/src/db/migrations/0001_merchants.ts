import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('merchant')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('default_language', 'text', (c) => c.notNull())
    .addColumn('languages', 'jsonb', (c) => c.notNull())
    .addColumn('theme', 'jsonb', (c) => c.notNull())
    .addColumn('whitelabel', 'jsonb', (c) => c.notNull())
    .addColumn('registration_rules', 'jsonb', (c) => c.notNull())
    .addColumn('image_cdns', 'jsonb', (c) => c.notNull())
    .addColumn('mobile_template', 'jsonb', (c) => c.notNull())
    .addColumn('maintenance', 'jsonb', (c) => c.notNull())
    .addColumn('region_restriction', 'jsonb', (c) => c.notNull())
    .addColumn('domain_route', 'jsonb', (c) => c.notNull())
    .addColumn('main_domain', 'text', (c) => c.notNull())
    .addColumn('trial_merchant_code', 'text')
    .addColumn('settings', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('merchant_domain')
    .addColumn('domain', 'text', (c) => c.primaryKey())
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id').onDelete('cascade'))
    .execute();

  await db.schema
    .createTable('customer_service_link')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('CS', 'TELEGRAM', 'FACEBOOK')`))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('customer_service_link_merchant')
    .on('customer_service_link')
    .column('merchant_id')
    .execute();

  await db.schema
    .createTable('download_link')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id').onDelete('cascade'))
    .addColumn('resource_type', 'text', (c) =>
      c.notNull().check(sql`resource_type in ('IOS', 'Android', 'MOBILECONFIG', 'AppDownloadIcon')`),
    )
    .addColumn('url', 'text', (c) => c.notNull())
    .addUniqueConstraint('download_link_merchant_type', ['merchant_id', 'resource_type'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['download_link', 'customer_service_link', 'merchant_domain', 'merchant']) {
    await db.schema.dropTable(t).execute();
  }
}
