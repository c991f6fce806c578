import { sql } from 'kysely';
import type { Database } from '../../db/database';
import { gameDays } from './game-days';

/**
 * The profit-and-loss report's SQL (a reporting query module): the merchant's daily aggregates summed
 * over a range of its reporting days ('YYYY-MM-DD', both included). Read-only.
 */
export function reportsRepository(db: Database) {
  return {
    /** The merchant's default language, time zone and local today ('YYYY-MM-DD') at `now`. */
    zone(merchantId: number, now: Date) {
      return db
        .selectFrom('merchant')
        .select([
          'default_language',
          sql<string>`merchant_time_zone(settings)`.as('tz'),
          sql<string>`to_char((${now}::timestamptz at time zone merchant_time_zone(settings))::date, 'YYYY-MM-DD')`.as(
            'today',
          ),
        ])
        .where('id', '=', merchantId)
        .executeTakeFirstOrThrow();
    },

    /** merchant_day summed per day ('YYYY-MM-DD') or per product over [from, to], as text; `key` the line. */
    async merchantDaySums(merchantId: number, by: 'day' | 'product', from: string, to: string) {
      const key = by === 'day' ? sql`to_char(day, 'YYYY-MM-DD')` : sql`product`;
      const figures = await sql<Record<string, string>>`
          select ${key} as key, sum(bets)::text as bets, sum(bet_count)::text as bet_count,
            sum(refunds)::text as refunds, sum(wins)::text as wins, sum(bonuses)::text as bonuses,
            sum(rebates)::text as rebates, sum(commissions)::text as commissions,
            sum(deposits)::text as deposits, sum(deposit_count)::text as deposit_count,
            sum(first_deposits)::text as first_deposits, sum(withdrawals)::text as withdrawals,
            sum(withdrawal_count)::text as withdrawal_count
          from merchant_day
          where merchant_id = ${merchantId} and day between ${from}::date and ${to}::date
          group by 1`.execute(db);
      return figures.rows;
    },

    /** merchant_players summed per day ('YYYY-MM-DD', the `key`) over [from, to]: bettors, registrations. */
    async playersByDay(merchantId: number, from: string, to: string) {
      const players = await sql<{ key: string; bettors: string; registrations: string }>`
                select to_char(day, 'YYYY-MM-DD') as key, sum(bettors)::text as bettors,
                  sum(registrations)::text as registrations
                from merchant_players
                where merchant_id = ${merchantId} and day between ${from}::date and ${to}::date
                group by 1`.execute(db);
      return players.rows;
    },

    /** game_day summed per game over [from, to] (`game-days.ts`). */
    games(merchantId: number, from: string, to: string, names: { lang: string; fallback: string }) {
      return gameDays(db, merchantId, sql`${from}::date`, sql`${to}::date`, names);
    },
  };
}
export type ReportsRepository = ReturnType<typeof reportsRepository>;
