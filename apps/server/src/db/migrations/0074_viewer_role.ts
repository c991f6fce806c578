import { sql, type Kysely } from 'kysely';

/**
 * A read-only staff role (issue 51): the provider's audited "view as" of a brand's console signs in with
 * it, and a brand's owner may give it to an auditor.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table staff_account drop constraint if exists staff_account_role_check`.execute(db);
  await sql`alter table staff_account add constraint staff_account_role_check
    check (role in ('owner', 'finance', 'risk', 'support', 'marketing', 'content', 'viewer'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table staff_account drop constraint if exists staff_account_role_check`.execute(db);
  await sql`alter table staff_account add constraint staff_account_role_check
    check (role in ('owner', 'finance', 'risk', 'support', 'marketing', 'content'))`.execute(db);
}
