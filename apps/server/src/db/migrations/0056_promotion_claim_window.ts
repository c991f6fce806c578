import { sql, type Kysely } from 'kysely';

/**
 * A promotion's claim window (issue 18 item 1): the hours a member has to claim a reward of it once it is
 * issued into the reward centre (a grant, an approved application, a race prize, a referral reward);
 * null: no limit. A grant may still give its own number of days. An issued claim past its window reads as
 * expired and is refused (rewardOf, promotion_claim_reward).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table promotion add column claim_hours integer
    check (claim_hours is null or claim_hours between 1 and 8760)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table promotion drop column if exists claim_hours`.execute(db);
}
