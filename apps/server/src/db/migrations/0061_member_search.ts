import { sql, type Kysely } from 'kysely';

/**
 * The console's member search (issue 20): a username prefix (text_pattern_ops, so that `like 'ab%'` uses
 * it whatever the collation), a mobile number whatever its country code, nicknames, and the addresses
 * members signed in from.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index if not exists member_username_prefix on member (merchant_id, username text_pattern_ops)`.execute(
    db,
  );
  await sql`create index if not exists member_session_ip on member_session (merchant_id, ip) where ip is not null`.execute(
    db,
  );
  await sql`create index if not exists member_mobile on member (merchant_id, mobile_num) where mobile_num is not null`.execute(
    db,
  );
  await sql`create index if not exists member_nickname on member (merchant_id, lower(nickname)) where nickname is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists member_nickname`.execute(db);
  await sql`drop index if exists member_mobile`.execute(db);
  await sql`drop index if exists member_session_ip`.execute(db);
  await sql`drop index if exists member_username_prefix`.execute(db);
}
