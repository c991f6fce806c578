import { sql, type Kysely } from 'kysely';

const merchantRef = 'merchant.id';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('announcement')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references(merchantRef).onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('A', 'PL', 'B', 'PU', 'PR', 'H')`))
    .addColumn('group_name', 'text', (c) => c.notNull())
    .addColumn('platform', 'text', (c) => c.notNull().check(sql`platform in ('M', 'W', 'ALL')`))
    .addColumn('execution', 'text', (c) => c.check(sql`execution in ('A', 'B', 'F')`))
    .addColumn('promotion_type', 'text')
    .addColumn('image_url', 'text')
    .addColumn('link_url', 'text')
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('starts_at', 'timestamptz')
    .addColumn('ends_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('announcement_lookup')
    .on('announcement')
    .columns(['merchant_id', 'group_name', 'type'])
    .execute();
  await db.schema
    .createTable('announcement_i18n')
    .addColumn('announcement_id', 'integer', (c) =>
      c.notNull().references('announcement.id').onDelete('cascade'),
    )
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references(merchantRef).onDelete('cascade'))
    .addColumn('lang', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('announcement_i18n_pk', ['announcement_id', 'lang'])
    .execute();

  await db.schema
    .createTable('hot_match')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references(merchantRef).onDelete('cascade'))
    .addColumn('league', 'text', (c) => c.notNull())
    .addColumn('home_team', 'text', (c) => c.notNull())
    .addColumn('away_team', 'text', (c) => c.notNull())
    .addColumn('home_team_image_url', 'text', (c) => c.notNull())
    .addColumn('away_team_image_url', 'text', (c) => c.notNull())
    .addColumn('match_time', 'timestamptz', (c) => c.notNull())
    .addColumn('vendor', 'text', (c) => c.notNull())
    .addColumn('room_id', 'text', (c) => c.notNull())
    .addColumn('node_id', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('hot_match_merchant')
    .on('hot_match')
    .columns(['merchant_id', 'match_time'])
    .execute();

  await db.schema
    .createTable('help_item')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references(merchantRef).onDelete('cascade'))
    .addColumn('device', 'text', (c) => c.notNull().defaultTo('MOBILE'))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('help_item_merchant').on('help_item').column('merchant_id').execute();
  await db.schema
    .createTable('help_item_i18n')
    .addColumn('help_item_id', 'integer', (c) => c.notNull().references('help_item.id').onDelete('cascade'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references(merchantRef).onDelete('cascade'))
    .addColumn('lang', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('help_item_i18n_pk', ['help_item_id', 'lang'])
    .execute();

  await db.schema
    .createTable('content_page')
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references(merchantRef).onDelete('cascade'))
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('lang', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('content_page_pk', ['merchant_id', 'slug', 'lang'])
    .execute();

  await db.schema
    .createTable('game_category')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references(merchantRef).onDelete('cascade'))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('icon_url', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addUniqueConstraint('game_category_merchant_code', ['merchant_id', 'code'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    'game_category',
    'content_page',
    'help_item_i18n',
    'help_item',
    'hot_match',
    'announcement_i18n',
    'announcement',
  ]) {
    await db.schema.dropTable(t).execute();
  }
}
