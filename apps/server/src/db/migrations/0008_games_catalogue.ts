import { sql, type Kysely } from 'kysely';

const merchantRef = 'merchant.id';

/**
 * The games catalogue. Vendors and games are the platform's, shared by every merchant; a merchant only
 * hides, re-sorts or marks hot (merchant_vendor, merchant_game). A vendor whose games run on a seamless-
 * wallet integration names it by code (`wallet_vendor_code` = game_vendor.code of each merchant), so the
 * integration's secrets stay in game_vendor alone. Favourites and recents are per member.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('vendor')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    // The vendor's own kind (SPORTS, ESPORTS, LIVE, …): vendorNames[].gameType and gameCategory.
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('account_type_name', 'text', (c) => c.notNull())
    .addColumn('small_icon', 'text')
    .addColumn('large_icon', 'text')
    // Two brand colours (#rrggbb,#rrggbb) the generated artwork is painted with.
    .addColumn('colours', 'text', (c) => c.notNull().defaultTo('#0f8a5f,#f5b700'))
    .addColumn('wallet_vendor_code', 'text')
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  // The vendor config's grouping: which vendors a category lists, in order. Esports and cockfight vendors
  // sit under SPORTS here, as the spec's upstream shape has them; the category-order rule splits them out.
  await db.schema
    .createTable('vendor_category')
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('vendor_code', 'text', (c) => c.notNull().references('vendor.code').onDelete('cascade'))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('vendor_category_pk', ['category', 'vendor_code'])
    .execute();

  // Vendor classifications (gameClassifyNew): the game-type section and the classify menu's extra items.
  await db.schema
    .createTable('game_classification')
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('vendor_code', 'text', (c) => c.references('vendor.code').onDelete('cascade'))
    .addColumn('names', 'jsonb', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('game_classification_pk', ['category', 'code'])
    .execute();

  await db.schema
    .createTable('game')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('vendor_code', 'text', (c) => c.notNull().references('vendor.code').onDelete('cascade'))
    .addColumn('game_id', 'text', (c) => c.notNull())
    .addColumn('game_type', 'text', (c) => c.notNull())
    .addColumn('node_name', 'text', (c) => c.notNull())
    .addColumn('room_id', 'text')
    .addColumn('show_icon', 'boolean', (c) => c.notNull().defaultTo(true))
    // A shipped image under /img; null → the generated artwork route.
    .addColumn('icon_url', 'text')
    .addColumn('support_play', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('classify', 'text')
    .addColumn('is_new', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('hot', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('min_bet', 'bigint', (c) => c.notNull().defaultTo(1))
    .addColumn('lines', 'integer')
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    // Every name of the game (all languages, node name), normalised by search.ts; one column so that a
    // search is one LIKE per word on the row being filtered anyway.
    .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('game_vendor_game', ['vendor_code', 'game_id'])
    .execute();
  // The list's access paths: by category, by vendor (+category), and hot; each in display order so
  // that a page is read off the index.
  await sql`create index game_type_sort on game (game_type, sort, id) where enabled`.execute(db);
  await sql`create index game_vendor_sort on game (vendor_code, game_type, sort, id) where enabled`.execute(
    db,
  );
  await sql`create index game_hot_sort on game (sort, id) where enabled and hot`.execute(db);

  await db.schema
    .createTable('game_i18n')
    .addColumn('game_id', 'bigint', (c) => c.notNull().references('game.id').onDelete('cascade'))
    .addColumn('lang', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('game_i18n_pk', ['game_id', 'lang'])
    .execute();

  await db.schema
    .createTable('merchant_vendor')
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references(merchantRef).onDelete('cascade'))
    .addColumn('vendor_code', 'text', (c) => c.notNull().references('vendor.code').onDelete('cascade'))
    .addColumn('hidden', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('sort', 'integer')
    .addPrimaryKeyConstraint('merchant_vendor_pk', ['merchant_id', 'vendor_code'])
    .execute();

  await db.schema
    .createTable('merchant_game')
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references(merchantRef).onDelete('cascade'))
    .addColumn('game_id', 'bigint', (c) => c.notNull().references('game.id').onDelete('cascade'))
    .addColumn('hidden', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('sort', 'integer')
    .addColumn('hot', 'boolean')
    .addPrimaryKeyConstraint('merchant_game_pk', ['merchant_id', 'game_id'])
    .execute();

  await db.schema
    .createTable('favourite')
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references(merchantRef).onDelete('cascade'))
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('member.id').onDelete('cascade'))
    .addColumn('game_id', 'bigint', (c) => c.notNull().references('game.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('favourite_pk', ['member_id', 'game_id'])
    .execute();
  await db.schema
    .createIndex('favourite_member_recent')
    .on('favourite')
    .columns(['merchant_id', 'member_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('recent')
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references(merchantRef).onDelete('cascade'))
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('member.id').onDelete('cascade'))
    .addColumn('game_id', 'bigint', (c) => c.notNull().references('game.id').onDelete('cascade'))
    .addColumn('played_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('recent_pk', ['member_id', 'game_id'])
    .execute();
  await db.schema
    .createIndex('recent_member_played')
    .on('recent')
    .columns(['merchant_id', 'member_id', 'played_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    'recent',
    'favourite',
    'merchant_game',
    'merchant_vendor',
    'game_i18n',
    'game',
    'game_classification',
    'vendor_category',
    'vendor',
  ]) {
    await db.schema.dropTable(t).execute();
  }
}
