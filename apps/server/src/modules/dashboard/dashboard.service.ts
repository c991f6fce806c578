import { sql } from 'kysely';
import type { Dashboard, DashboardFigures } from '@panalo/contract/dashboard';
import { houseFigures } from '@panalo/contract/figures';
import { formatAmount } from '@panalo/contract/money';
import { MEMBER_TYPE } from '@panalo/contract/member-types';
import type { Database } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { gameDays, topOf } from './game-days';
import { lotteryNow } from './lottery-now';

type Sums = {
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

const money = (v: string | bigint) => formatAmount(BigInt(v));

type Names = { lang: string; fallback: string };

/**
 * The dashboard's figures: today, the last 7 and the last 30 local days from the merchant's daily
 * aggregates (merchant_day, merchant_players and game_day, migration 0062: at most 30 × products × 16
 * rows read, however many members played), the queues, who is online now and the lottery periods now.
 */
export function dashboardService(db: Database, clock: Clock) {
  return {
    /** `names`: the language of game and lottery names (the console's) and its fallback (the merchant's default). */
    async read(merchantId: number, names: Names = { lang: 'EN', fallback: 'EN' }): Promise<Dashboard> {
      const now = clock.now();
      const { rows: zone } = await sql<{ today: string; tz: string }>`
        select to_char((${now}::timestamptz at time zone merchant_time_zone(settings))::date, 'YYYY-MM-DD') as today,
          merchant_time_zone(settings) as tz
        from merchant where id = ${merchantId}`.execute(db);
      const { today, tz } = zone[0]!;
      const [days, players, products, games, queues, online, lottery] = await Promise.all([
        sql<Sums & { day: string }>`
          select to_char(day, 'YYYY-MM-DD') as day,
            sum(bets)::text as bets, sum(refunds)::text as refunds, sum(wins)::text as wins,
            sum(bonuses)::text as bonuses, sum(rebates)::text as rebates, sum(commissions)::text as commissions,
            sum(deposits)::text as deposits,
            sum(withdrawals)::text as withdrawals, sum(first_deposits)::text as first_deposits
          from merchant_day
          where merchant_id = ${merchantId} and day between ${today}::date - 29 and ${today}::date
          group by day`.execute(db),
        // Per day: who bet, whose latest bet it was (summed over a window ending today: the players active
        // in it, each once), and registrations.
        sql<{ day: string; bettors: string; last_bets: string; registrations: string }>`
          select to_char(day, 'YYYY-MM-DD') as day, sum(bettors)::text as bettors,
            sum(last_bets)::text as last_bets, sum(registrations)::text as registrations
          from merchant_players
          where merchant_id = ${merchantId} and day between ${today}::date - 29 and ${today}::date
          group by day`.execute(db),
        sql<{ product: string; turnover: string; ggr: string }>`
          select product, sum(bets - refunds)::text as turnover, sum(bets - refunds - wins)::text as ggr
          from merchant_day
          where merchant_id = ${merchantId} and day between ${today}::date - 29 and ${today}::date and product <> ''
          group by product having sum(bets) <> 0 or sum(wins) <> 0 order by sum(bets - refunds) desc`.execute(
          db,
        ),
        gameDays(db, merchantId, sql`${today}::date - 29`, sql`${today}::date`, names),
        sql<{
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
        ),
        sql<{ n: string }>`
          select count(distinct s.member_id)::text as n from member_session s
          join member m on m.id = s.member_id and m.type < ${MEMBER_TYPE.OPERATOR}
          where s.merchant_id = ${merchantId} and s.kind = 'session' and s.revoked_at is null
            and s.expires_at > ${now} and s.last_seen_at > ${new Date(now.getTime() - 5 * 60_000)}`.execute(
          db,
        ),
        lotteryNow(db, merchantId, names, now),
      ]);

      const byDay = new Map(days.rows.map((d) => [d.day, d]));
      const playersByDay = new Map(players.rows.map((p) => [p.day, p]));
      const dayList: string[] = [];
      for (let i = 29; i >= 0; i--) {
        const d = new Date(`${today}T00:00:00Z`);
        d.setUTCDate(d.getUTCDate() - i);
        dayList.push(d.toISOString().slice(0, 10));
      }
      const count = (span: string[], k: 'bettors' | 'last_bets' | 'registrations') =>
        span.reduce((s, d) => s + Number(playersByDay.get(d)?.[k] ?? 0), 0);
      const figures = (span: string[], activePlayers: number): DashboardFigures => {
        const sum = (k: keyof Sums) => span.reduce((s, d) => s + BigInt(byDay.get(d)?.[k] ?? 0), 0n);
        const f = houseFigures({
          bets: sum('bets'),
          refunds: sum('refunds'),
          wins: sum('wins'),
          bonuses: sum('bonuses'),
          rebates: sum('rebates'),
          commissions: sum('commissions'),
        });
        return {
          turnover: money(f.turnover),
          ggr: money(f.ggr),
          ngr: money(f.ngr),
          bonuses: money(sum('bonuses')),
          rebates: money(sum('rebates')),
          commissions: money(sum('commissions')),
          activePlayers,
          registrations: count(span, 'registrations'),
          firstDeposits: Number(sum('first_deposits')),
          deposits: money(sum('deposits')),
          withdrawals: money(sum('withdrawals')),
        };
      };
      const top = topOf(games);
      const q = queues.rows[0]!;
      return {
        today,
        timeZone: tz,
        periods: {
          today: figures([today], count([today], 'bettors')),
          last7: figures(dayList.slice(-7), count(dayList.slice(-7), 'last_bets')),
          last30: figures(dayList, count(dayList, 'last_bets')),
        },
        days: dayList.map((day) => {
          const d = byDay.get(day);
          const turnover = BigInt(d?.bets ?? 0) - BigInt(d?.refunds ?? 0);
          return {
            day,
            turnover: money(turnover),
            ggr: money(turnover - BigInt(d?.wins ?? 0)),
            deposits: money(d?.deposits ?? '0'),
            withdrawals: money(d?.withdrawals ?? '0'),
            activePlayers: count([day], 'bettors'),
          };
        }),
        products: products.rows.map((p) => ({
          product: p.product,
          turnover: money(p.turnover),
          ggr: money(p.ggr),
        })),
        topGames: top.games,
        topVendors: top.vendors,
        queues: {
          deposits: Number(q.deposits),
          withdrawals: Number(q.withdrawals),
          approvals: Number(q.approvals),
          applications: Number(q.applications),
          feedback: Number(q.feedback),
        },
        online: Number(online.rows[0]?.n ?? 0),
        lottery,
      };
    },
  };
}
