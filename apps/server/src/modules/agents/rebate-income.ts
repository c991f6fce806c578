import { sql } from 'kysely';
import type { RebateIncome, RebateIncomeLine } from '@panalo/contract/agent';
import { MAX_TEAM_REPORT_DAYS } from '@panalo/contract/agent';
import { formatAmount } from '@panalo/contract/money';
import { formatRate, type ProductGroup } from '@panalo/contract/rebate';
import type { Database } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { checkDayRange } from '../../lib/day-range';
import { agencyTerms } from './rebate.service';
import { rebateLines } from './rebate-run';
import type { Agent } from './team.service';

const big = (v: unknown) => BigInt((v as string | bigint | null) ?? 0);
const money = (v: unknown) => formatAmount(big(v));

/**
 * An agent's rebate income (/m/member/teamRebate): the days the rebate run paid (rebate_settlement), the
 * lines behind them per source and product (rebate_line), and today so far — the same SQL the run will use
 * once the day has closed, over the agent's own subtree, so the estimate is what the run would pay at
 * today's rates.
 */
export function rebateIncomeService(db: Database, clock: Clock) {
  /** Today so far (the merchant's day): what the run would pay the agent at today's rates. */
  async function todaySoFar(a: Agent): Promise<{ day: string; turnover: string; amount: string }> {
    const m = await sql<{ day: string; settings: unknown; path: string }>`
      select (${clock.now()}::timestamptz at time zone merchant_time_zone(mc.settings))::date::text as day,
        mc.settings, me.path
      from merchant mc join member me on me.merchant_id = mc.id and me.id = ${a.agentId}::bigint
      where mc.id = ${a.merchantId}::int`.execute(db);
    const row = m.rows[0];
    if (!row) return { day: '', turnover: '0.00', amount: '0.00' };
    const lines = rebateLines({
      merchantId: a.merchantId,
      day: row.day,
      payPlayer: agencyTerms(row.settings).payPlayerRebate,
      agentPath: row.path,
    });
    const r = await sql<{ turnover: string | null; amount: string | null }>`
      select sum(x.turnover)::text as turnover, sum(x.amount)::text as amount
      from (${lines}) x where x.beneficiary_id = ${a.agentId}::bigint`.execute(db);
    return { day: row.day, turnover: money(r.rows[0]?.turnover), amount: money(r.rows[0]?.amount) };
  }

  return {
    async report(
      a: Agent,
      q: { from: string; to: string; page: number; pageSize: number },
    ): Promise<RebateIncome> {
      checkDayRange(q.from, q.to, MAX_TEAM_REPORT_DAYS);
      const me = { merchantId: a.merchantId, agentId: a.agentId };
      const [days, totals, lines, today] = await Promise.all([
        sql<{ day: string; amount: string; paid: string; carried: string; turnover: string }>`
          select s.day::text as day, sum(s.amount)::text as amount, sum(s.paid)::text as paid,
            sum(s.carry_out)::text as carried,
            coalesce((select sum(l.turnover) from rebate_line l
                      where l.merchant_id = s.merchant_id and l.day = s.day and l.beneficiary_id = s.beneficiary_id),
                     0)::text as turnover
          from rebate_settlement s
          where s.merchant_id = ${me.merchantId}::int and s.beneficiary_id = ${me.agentId}::bigint
            and s.day between ${q.from}::date and ${q.to}::date
          group by s.merchant_id, s.beneficiary_id, s.day
          order by s.day desc`.execute(db),
        sql<{ paid: string | null; earned: string | null }>`
          select (select sum(paid) from rebate_settlement
                  where merchant_id = ${me.merchantId}::int and beneficiary_id = ${me.agentId}::bigint
                    and day between ${q.from}::date and ${q.to}::date)::text as paid,
                 (select sum(amount) from rebate_line
                  where merchant_id = ${me.merchantId}::int and beneficiary_id = ${me.agentId}::bigint
                    and day between ${q.from}::date and ${q.to}::date)::text as earned`.execute(db),
        sql<{
          day: string;
          source: string;
          own: boolean;
          product: string;
          turnover: string;
          rate_bp: number;
          amount: string;
          count: string;
        }>`
          select l.day::text as day, m.username as source, l.kind = 'rebate' as own, l.product,
            l.turnover::text as turnover, l.rate_bp, l.amount::text as amount, count(*) over ()::text as count
          from rebate_line l join member m on m.id = l.source_id
          where l.merchant_id = ${me.merchantId}::int and l.beneficiary_id = ${me.agentId}::bigint
            and l.day between ${q.from}::date and ${q.to}::date
          order by l.day desc, l.amount desc, m.username, l.product
          limit ${q.pageSize}::int offset ${(q.page - 1) * q.pageSize}::int`.execute(db),
        todaySoFar(a),
      ]);
      const count = Number(lines.rows[0]?.count ?? 0);
      const list: RebateIncomeLine[] = lines.rows.map((l) => ({
        day: l.day,
        source: l.source,
        own: l.own,
        product: l.product as ProductGroup,
        turnover: money(l.turnover),
        rate: formatRate(l.rate_bp),
        amount: money(l.amount),
      }));
      return {
        from: q.from,
        to: q.to,
        paid: money(totals.rows[0]?.paid),
        earned: money(totals.rows[0]?.earned),
        today: today.day >= q.from && today.day <= q.to ? today : null,
        days: days.rows.map((d) => ({
          day: d.day,
          turnover: money(d.turnover),
          amount: money(d.amount),
          paid: money(d.paid),
          carried: money(d.carried),
        })),
        list,
        pageNum: q.page,
        totalPages: Math.max(1, Math.ceil(count / q.pageSize)),
        total: count,
      };
    },
  };
}
