import { sql, type Kysely } from 'kysely';

const merchantRef = 'merchant.id';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('member')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references(merchantRef).onDelete('cascade'))
    // Lower-cased: usernames are unique per merchant regardless of case.
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('type', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('active')
        .check(sql`status in ('active', 'disabled', 'self_excluded')`),
    )
    .addColumn('nickname', 'text')
    .addColumn('email', 'text')
    .addColumn('country_dialing_code', 'text')
    .addColumn('mobile_num', 'text')
    .addColumn('payee_name', 'text')
    .addColumn('payment_password_hash', 'text')
    .addColumn('id_number', 'text')
    .addColumn('qq_num', 'text')
    .addColumn('facebook', 'text')
    .addColumn('wechat', 'text')
    .addColumn('line', 'text')
    .addColumn('whatsapp', 'text')
    .addColumn('zalo', 'text')
    .addColumn('recommender_id', 'text')
    // An agent's own invitation code; new members who use it are linked to the agent (upline_id).
    .addColumn('affiliate_code', 'text')
    .addColumn('upline_id', 'bigint', (c) => c.references('member.id'))
    .addColumn('register_method', 'text')
    .addColumn('register_url', 'text')
    .addColumn('register_domain', 'text')
    .addColumn('register_ip', 'text')
    .addColumn('first_time_login', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('to_upline', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('vip_level', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_login_at', 'timestamptz')
    .addColumn('password_changed_at', 'timestamptz')
    .addUniqueConstraint('member_merchant_username', ['merchant_id', 'username'])
    .execute();
  await sql`create unique index member_merchant_mobile on member (merchant_id, country_dialing_code, mobile_num) where mobile_num is not null`.execute(
    db,
  );
  await sql`create unique index member_merchant_affiliate on member (merchant_id, affiliate_code) where affiliate_code is not null`.execute(
    db,
  );
  await db.schema.createIndex('member_upline').on('member').column('upline_id').execute();

  await db.schema
    .createTable('member_session')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references(merchantRef).onDelete('cascade'))
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('member.id').onDelete('cascade'))
    // SHA-256 of the token (hex); the token itself is never stored.
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    // session: a login; device: the long-lived credential that replaces a remembered password.
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('session', 'device')`))
    .addColumn('device', 'text')
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_seen_at', 'timestamptz')
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('revoke_reason', 'text')
    .execute();
  await db.schema
    .createIndex('member_session_member')
    .on('member_session')
    .columns(['member_id', 'kind'])
    .execute();

  await db.schema
    .createTable('captcha')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references(merchantRef).onDelete('cascade'))
    // One live captcha per device: a new one replaces the old.
    .addColumn('device', 'text', (c) => c.notNull())
    .addColumn('answer_hash', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('captcha_device').on('captcha').columns(['merchant_id', 'device']).execute();

  await db.schema
    .createTable('verification_code')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references(merchantRef).onDelete('cascade'))
    .addColumn('channel', 'text', (c) => c.notNull().check(sql`channel in ('sms', 'email')`))
    // E.164-like '+63 9171234567' for SMS, the address for email.
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('verification_code_lookup')
    .on('verification_code')
    .columns(['merchant_id', 'recipient', 'purpose'])
    .execute();

  // What the development delivery adapters "sent" (SMS and e-mail), shown on a development-only page.
  await db.schema
    .createTable('outbox_message')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references(merchantRef).onDelete('cascade'))
    .addColumn('channel', 'text', (c) => c.notNull().check(sql`channel in ('sms', 'email')`))
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('subject', 'text')
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('outbox_message_recipient')
    .on('outbox_message')
    .columns(['merchant_id', 'recipient'])
    .execute();

  await db.schema
    .createTable('password_reset')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references(merchantRef).onDelete('cascade'))
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('member.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // The login envelope's RSA key pairs, shared by every API process; rotated by adding a new one.
  await db.schema
    .createTable('login_key')
    .addColumn('kid', 'text', (c) => c.primaryKey())
    .addColumn('public_key', 'text', (c) => c.notNull())
    .addColumn('private_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('retired_at', 'timestamptz')
    .execute();

  // Envelope nonces seen recently: a second use within the freshness window is a replay.
  await db.schema
    .createTable('envelope_nonce')
    .addColumn('nonce', 'text', (c) => c.primaryKey())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('oauth_provider')
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references(merchantRef).onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull().check(sql`provider in ('facebook', 'google')`))
    .addColumn('issuer', 'text', (c) => c.notNull())
    .addColumn('authorization_endpoint', 'text', (c) => c.notNull())
    .addColumn('token_endpoint', 'text', (c) => c.notNull())
    .addColumn('userinfo_endpoint', 'text', (c) => c.notNull())
    .addColumn('jwks_uri', 'text')
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('client_secret', 'text', (c) => c.notNull())
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addPrimaryKeyConstraint('oauth_provider_pk', ['merchant_id', 'provider'])
    .execute();
  await db.schema
    .createTable('oauth_state')
    .addColumn('state', 'text', (c) => c.primaryKey())
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references(merchantRef).onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('code_verifier', 'text', (c) => c.notNull())
    .addColumn('nonce', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();
  await db.schema
    .createTable('member_identity')
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references(merchantRef).onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('member.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('member_identity_pk', ['merchant_id', 'provider', 'subject'])
    .execute();

  // The member's inbox (mail centre); this issue reads its unread count.
  await db.schema
    .createTable('member_message')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references(merchantRef).onDelete('cascade'))
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('member.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('read_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('member_message_member')
    .on('member_message')
    .columns(['member_id', 'read_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    'member_message',
    'member_identity',
    'oauth_state',
    'oauth_provider',
    'envelope_nonce',
    'login_key',
    'password_reset',
    'outbox_message',
    'verification_code',
    'captcha',
    'member_session',
    'member',
  ]) {
    await db.schema.dropTable(t).execute();
  }
}
