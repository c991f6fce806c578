import { sql, type Kysely } from 'kysely';

/**
 * An auto-approve ceiling (issue 18 item 1, the apply-and-review mode for any kind): a claim of a
 * check-in, a mission or a deposit bonus worth more than `review_above` (minor units) waits in the
 * operator's application queue instead of being paid; approved, it is issued to the reward centre.
 * 0 sends every claim to review; null (the default) pays on the spot.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table promotion add column review_above bigint
    check (review_above is null or review_above >= 0)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table promotion drop column if exists review_above`.execute(db);
}
