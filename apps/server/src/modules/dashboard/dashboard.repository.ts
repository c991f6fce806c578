import { sql } from 'kysely';
import { MEMBER_TYPE } from '@panalo/contract/member-types';
import type { Database } from '../../db/database';
import { gameDays } from './game-days';

/** A day's sums of merchant_day, as text (minor units and counts). */
export type DaySums = {
  bets: string;
  refunds: string;
  wins: string;
  bonuses: string;
  rebates: string;
  commissions: string;
  deposits: string;
  withdrawals: string;
  first_deposits: string;
};

/**
 * The dashboard's SQL: the merchant's daily aggregates over the 30 local days to `today`
 * ('YYYY-MM-DD'), the queues and who is online. Read-only.
 */
export function dashboardRepository(db: Database) {
  return {
    /** The merchant's local today ('YYYY-MM-DD') at `now`, and its time zone. */
    async merchantToday(merchantId: number, now: Date) {
      const { rows: zone } = await sql<{ today: string; tz: string }>`
        select to_char((${now}::timestamptz at time zone merchant_time_zone(settings))::date, 'YYYY-MM-DD') as today,
          merchant_time_zone(settings) as tz
        from merchant where id = ${merchantId}`.execute(db);
      return zone[0]!;
    },

    /** merchant_day summed per day over the 30 days to `today` (days without a row left out). */
    async days30(merchantId: number, today: string) {
      const r = await sql<DaySums & { day: string }>`
          select to_char(day, 'YYYY-MM-DD') as day,
            sum(bets)::text as bets, sum(refunds)::text as refunds, sum(wins)::text as wins,
            sum(bonuses)::text as bonuses, sum(rebates)::text as rebates, sum(commissions)::text as commissions,
            sum(deposits)::text as deposits,
            sum(withdrawals)::text as withdrawals, sum(first_deposits)::text as first_deposits
          from merchant_day
          where merchant_id = ${merchantId} and day between ${today}::date - 29 and ${today}::date
          group by day`.execute(db);
      return r.rows;
    },

    /**
     * merchant_players per day over the 30 days to `today`: who bet, whose latest bet it was (summed over
     * a window ending today: the players active in it, each once), and registrations.
     */
    async players30(merchantId: number, today: string) {
      const r = await sql<{ day: string; bettors: string; last_bets: string; registrations: string }>`
          select to_char(day, 'YYYY-MM-DD') as day, sum(bettors)::text as bettors,
            sum(last_bets)::text as last_bets, sum(registrations)::text as registrations
          from merchant_players
          where merchant_id = ${merchantId} and day between ${today}::date - 29 and ${today}::date
          group by day`.execute(db);
      return r.rows;
    },

    /** Turnover and GGR per product over the 30 days to `today`, products with play, by turnover. */
    async products30(merchantId: number, today: string) {
      const r = await sql<{ product: string; turnover: string; ggr: string }>`
          select product, sum(bets - refunds)::text as turnover, sum(bets - refunds - wins)::text as ggr
          from merchant_day
          where merchant_id = ${merchantId} and day between ${today}::date - 29 and ${today}::date and product <> ''
          group by product having sum(bets) <> 0 or sum(wins) <> 0 order by sum(bets - refunds) desc`.execute(
        db,
      );
      return r.rows;
    },

    /** game_day summed per game over the 30 days to `today` (`game-days.ts`). */
    games30(merchantId: number, today: string, names: { lang: string; fallback: string }) {
      return gameDays(db, merchantId, sql`${today}::date - 29`, sql`${today}::date`, names);
    },

    /** What waits for staff: bank deposits, withdrawals, approvals, applications and open feedback. */
    async queues(merchantId: number) {
      const r = await sql<{
        deposits: string;
        withdrawals: string;
        approvals: string;
        applications: string;
        feedback: string;
      }>`
          select
            (select count(*) from deposit_order where merchant_id = ${merchantId} and status = 'pending' and kind = 'bank_transfer')::text as deposits,
            (select count(*) from withdrawal where merchant_id = ${merchantId} and status = 'pending')::text as withdrawals,
            (select count(*) from staff_approval where merchant_id = ${merchantId} and status = 'pending')::text as approvals,
            (select count(*) from promotion_claim c join promotion p on p.id = c.promotion_id
              where p.merchant_id = ${merchantId} and c.status = 'applying')::text as applications,
            (select count(*) from feedback where merchant_id = ${merchantId} and status = 'open')::text as feedback`.execute(
        db,
      );
      return r.rows[0]!;
    },

    /** Distinct players and agents with a live session at `now` seen since `seenSince` (staff not counted). */
    async online(merchantId: number, now: Date, seenSince: Date): Promise<number> {
      const r = await sql<{ n: string }>`
          select count(distinct s.member_id)::text as n from member_session s
          join member m on m.id = s.member_id and m.type < ${MEMBER_TYPE.OPERATOR}
          where s.merchant_id = ${merchantId} and s.kind = 'session' and s.revoked_at is null
            and s.expires_at > ${now} and s.last_seen_at > ${seenSince}`.execute(db);
      return Number(r.rows[0]?.n ?? 0);
    },
  };
}
export type DashboardRepository = ReturnType<typeof dashboardRepository>;
