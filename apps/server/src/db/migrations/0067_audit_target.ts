import { sql, type Kysely } from 'kysely';

/**
 * Issue 20 (the member's profile): one target's audit trail ("member:42"), newest first, read from an
 * index rather than by scanning the merchant's whole log.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index if not exists audit_log_target on audit_log (merchant_id, target, id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists audit_log_target`.execute(db);
}
