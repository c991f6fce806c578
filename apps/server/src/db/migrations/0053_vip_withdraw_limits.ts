import { sql, type Kysely } from 'kysely';

/**
 * The VIP club's withdrawal limits per level (issue 18 item 5): how many withdrawals a member at the level
 * may request in a day of the merchant, and how much in total (null: no limit of the level's own; the
 * cashier's per-withdrawal minimum and maximum always hold). Requests rejected by the operator do not
 * count. Checked inside the withdrawal's transaction with the member's row locked, so requests at once
 * cannot pass the limit together (a member's withdrawals are read through withdrawal_member).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table vip_level
      add column withdraw_daily_count integer check (withdraw_daily_count > 0),
      add column withdraw_daily_amount bigint check (withdraw_daily_amount > 0)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table vip_level drop column withdraw_daily_count, drop column withdraw_daily_amount`.execute(
    db,
  );
}
