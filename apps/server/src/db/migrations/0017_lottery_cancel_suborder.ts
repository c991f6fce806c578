import { sql, type Kysely } from 'kysely';

/**
 * A member may cancel one period of an order before its lock (spec §7: cancel suborder): its bets take the
 * status 'cancelled', kept apart from 'refunded' (a cancelled period), whose refund credits every
 * 'refunded' bet of the period and must not pay these a second time.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table lottery_bet drop constraint if exists lottery_bet_status_check`.execute(db);
  await sql`alter table lottery_bet add constraint lottery_bet_status_check
    check (status in ('accepted', 'won', 'lost', 'refunded', 'cancelled'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table lottery_bet drop constraint if exists lottery_bet_status_check`.execute(db);
  await sql`alter table lottery_bet add constraint lottery_bet_status_check
    check (status in ('accepted', 'won', 'lost', 'refunded'))`.execute(db);
}
