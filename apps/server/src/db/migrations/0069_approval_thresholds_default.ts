import { sql, type Kysely } from 'kysely';

/**
 * Maker-checker on from a merchant's first day (#49 item 8): until now both thresholds started null
 * (never), so one staff member alone could adjust or pay out any amount until an owner set them.
 * - Column defaults: a new merchant needs a second staff member for balance adjustments above
 *   ₱10,000.00 and withdrawal payments above ₱20,000.00. These are DEFAULT_APPROVAL_THRESHOLDS
 *   (modules/approvals/approvals.service.ts), written out because a migration is frozen; a test checks that
 *   the two agree.
 * - Existing merchants whose threshold is null get the same default.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table merchant
    alter column adjust_review_above set default 1000000,
    alter column withdrawal_review_above set default 2000000`.execute(db);
  await sql`update merchant set
    adjust_review_above = coalesce(adjust_review_above, 1000000),
    withdrawal_review_above = coalesce(withdrawal_review_above, 2000000)
    where adjust_review_above is null or withdrawal_review_above is null`.execute(db);
}

/**
 * Drops the defaults: new merchants start with maker-checker off again. The values set on existing
 * merchants stay: after the owners have had the chance to change them, a default that was filled in
 * cannot be told apart from one an owner chose, and going down should not turn a control off.
 */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table merchant
    alter column adjust_review_above drop default,
    alter column withdrawal_review_above drop default`.execute(db);
}
