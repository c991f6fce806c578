import { sql, type Kysely } from 'kysely';

/**
 * Team betting (issue 16 item 4, /m/teamBetting): a team's bets of a date range, newest first. A member's
 * own records walk (merchant_id, member_id, id); a team's walk the merchant's rounds and lottery bets by
 * time, kept to the team by the path.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index game_round_started on game_round (merchant_id, started_at)`.execute(db);
  await sql`create index lottery_bet_created on lottery_bet (merchant_id, created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index lottery_bet_created`.execute(db);
  await sql`drop index game_round_started`.execute(db);
}
