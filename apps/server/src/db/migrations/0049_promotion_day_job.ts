import { sql, type Kysely } from 'kysely';

/**
 * The days the daily promotion job has been through (issue 18): once a merchant's day has closed, the
 * VIP levels its active members reached are raised (their level-up bonuses issued) and the referral
 * rewards its depositing friends earned are issued, without anyone opening a screen. A day done is
 * written here; each payment is kept once by its claim's key whatever the job does.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table promotion_day_job (
      merchant_id integer not null,
      day date not null,
      raised integer not null default 0,
      referrals integer not null default 0,
      done_at timestamptz not null,
      primary key (merchant_id, day)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists promotion_day_job`.execute(db);
}
