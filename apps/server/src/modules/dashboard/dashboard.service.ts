import type { Dashboard, DashboardFigures } from '@panalo/contract/dashboard';
import { houseFigures } from '@panalo/contract/figures';
import { formatAmount } from '@panalo/contract/money';
import type { Database } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { topOf } from './game-days';
import { lotteryNow } from './lottery-now';
import { dashboardRepository, type DaySums as Sums } from './dashboard.repository';

const money = (v: string | bigint) => formatAmount(BigInt(v));

type Names = { lang: string; fallback: string };

/**
 * The dashboard's figures: today, the last 7 and the last 30 local days from the merchant's daily
 * aggregates (merchant_day, merchant_players and game_day, migration 0062: at most 30 × products × 16
 * rows read, however many members played), the queues, who is online now and the lottery periods now.
 */
export function dashboardService(db: Database, clock: Clock) {
  const repo = dashboardRepository(db);
  return {
    /** `names`: the language of game and lottery names (the console's) and its fallback (the merchant's default). */
    async read(merchantId: number, names: Names = { lang: 'EN', fallback: 'EN' }): Promise<Dashboard> {
      const now = clock.now();
      const { today, tz } = await repo.merchantToday(merchantId, now);
      const [days, players, products, games, q, online, lottery] = await Promise.all([
        repo.days30(merchantId, today),
        repo.players30(merchantId, today),
        repo.products30(merchantId, today),
        repo.games30(merchantId, today, names),
        repo.queues(merchantId),
        repo.online(merchantId, now, new Date(now.getTime() - 5 * 60_000)),
        lotteryNow(db, merchantId, names, now),
      ]);

      const byDay = new Map(days.map((d) => [d.day, d]));
      const playersByDay = new Map(players.map((p) => [p.day, p]));
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
        products: products.map((p) => ({
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
        online,
        lottery,
      };
    },
  };
}
