import { sql } from 'kysely';
import type { ContractKind, Tier } from '@panalo/contract/contract-terms';
import type { Database } from '../../db/database';
import { periodAt, type Period } from './periods';
import { contractSettings, payoutOf, type ContractSettings } from './settlement-maths';

/**
 * What the settlement runs price (settlement.ts): the figures of the contracts in force at a period's
 * end, from member_day (days) or member_hour (hours) over each member's team, in one set-based statement;
 * and the running period's estimate from the same statement and maths.
 */

export interface SettlingMerchant {
  id: number;
  currency: string;
  settings: unknown;
  tz: string;
}

export interface Due {
  contractId: bigint;
  memberId: bigint;
  uplineId: bigint | null;
  tiers: Tier[];
  cap: bigint | null;
  turnover: bigint;
  active: number;
  netLoss: bigint;
  carryIn: bigint;
}

/**
 * The figures of every contract of `kind` in force at the end of `p` and not settled yet, shallowest
 * member first. Team = the member's subtree without itself (as team_day); turnover and net loss over the
 * contract's scope; active members as the merchant defines them.
 */
export async function dueContracts(
  db: Database,
  m: SettlingMerchant,
  kind: ContractKind,
  p: Period,
  s: ContractSettings,
  memberId?: bigint,
): Promise<Due[]> {
  const start = new Date(p.start);
  const end = new Date(p.end);
  const source =
    kind === 'hourly_salary'
      ? sql`
        select h.member_id, h.product, h.bets, h.refunds, 0::bigint as wins, 0::bigint as given, h.deposits
        from member_hour h
        where h.merchant_id = ${m.id}::int
          and h.hour >= (${start}::timestamptz at time zone ${m.tz})
          and h.hour < (${end}::timestamptz at time zone ${m.tz})`
      : sql`
        select d.member_id, d.product, d.bets, d.refunds, d.wins,
          (d.bonuses + d.rebates + d.commissions) as given, d.deposits
        from member_day d
        where d.merchant_id = ${m.id}::int
          and d.day >= (${start}::timestamptz at time zone ${m.tz})::date
          and d.day < (${end}::timestamptz at time zone ${m.tz})::date`;
  const r = await sql<{
    id: bigint;
    member_id: bigint;
    upline_id: bigint | null;
    tiers: { turnover: string; active: number; rate: number }[];
    cap: bigint | null;
    turnover: string;
    active: number;
    net_loss: string;
    carry_in: string;
  }>`
    with c as materialized (
      select k.id, k.member_id, k.upline_id, k.scope, k.tiers, k.cap,
        cardinality(string_to_array(btrim(mem.path, '/'), '/')) as depth,
        coalesce((select s.carry_out from contract_settlement s
                  where s.member_id = k.member_id and s.kind = k.kind and s.period_start < ${start}::timestamptz
                  order by s.period_start desc limit 1), 0) as carry_in
      from contract k join member mem on mem.id = k.member_id
      where k.merchant_id = ${m.id}::int and k.kind = ${kind}
        and k.status in ('active', 'replaced', 'terminated')
        and k.decided_at < ${end}::timestamptz
        and (k.ends_at is null or k.ends_at >= ${end}::timestamptz)
        and not exists (select 1 from contract_settlement s
                        where s.member_id = k.member_id and s.kind = k.kind and s.period_key = ${p.key})
        ${memberId === undefined ? sql`` : sql`and k.member_id = ${memberId}::bigint`}
    ),
    f as (
      select x.member_id,
        sum(x.bets - x.refunds) as valid,
        coalesce(sum(x.bets - x.refunds) filter (where x.product = 'lottery'), 0) as valid_lottery,
        sum(x.bets - x.refunds - x.wins - x.given) as loss,
        coalesce(sum(x.bets - x.refunds - x.wins) filter (where x.product = 'lottery'), 0) as loss_lottery,
        sum(x.deposits) as deposits
      from (${source}) x
      group by x.member_id
    ),
    t as (
      select a.agent_id, f.*
      from f join member b on b.id = f.member_id
      cross join lateral unnest(path_ancestors(b.path)) as a(agent_id)
      where a.agent_id in (select member_id from c)
    )
    select c.id, c.member_id, c.upline_id, c.tiers, c.cap, c.carry_in::text as carry_in,
      coalesce(sum(case when c.scope = 'lottery' then t.valid_lottery else t.valid end), 0)::text as turnover,
      (count(t.member_id) filter (
        where (case when c.scope = 'lottery' then t.valid_lottery else t.valid end) >= ${s.activeBets}::bigint
          and t.deposits >= ${s.activeDeposit}::bigint))::int as active,
      coalesce(sum(case when c.scope = 'lottery' then t.loss_lottery else t.loss end), 0)::text as net_loss
    from c left join t on t.agent_id = c.member_id
    group by c.id, c.member_id, c.upline_id, c.tiers, c.cap, c.carry_in, c.depth
    order by c.depth, c.member_id`.execute(db);
  return r.rows.map((x) => ({
    contractId: BigInt(x.id),
    memberId: BigInt(x.member_id),
    uplineId: x.upline_id === null ? null : BigInt(x.upline_id),
    tiers: x.tiers.map((t) => ({ turnover: BigInt(t.turnover), active: t.active, rate: t.rate })),
    cap: x.cap === null ? null : BigInt(x.cap),
    turnover: BigInt(x.turnover),
    active: Number(x.active),
    netLoss: BigInt(x.net_loss),
    carryIn: BigInt(x.carry_in),
  }));
}

export interface Estimate {
  period: Period;
  contractId: bigint;
  figures: { turnover: bigint; active: number; netLoss: bigint };
  payout: ReturnType<typeof payoutOf>;
}

/**
 * The current period's running figures of a member's contract of `kind` and what it would pay if the
 * period closed now (the same statement and maths as the run); null without a contract in force.
 */
export async function estimate(
  db: Database,
  m: SettlingMerchant,
  memberId: bigint,
  kind: ContractKind,
  now: Date,
): Promise<Estimate | null> {
  const s = contractSettings(m.settings);
  const period = periodAt(kind, now.getTime(), m.tz, s.dividendCadence);
  const [d] = await dueContracts(db, m, kind, period, s, memberId);
  if (!d) return null;
  return {
    period,
    contractId: d.contractId,
    figures: { turnover: d.turnover, active: d.active, netLoss: d.netLoss },
    payout: payoutOf(kind, d, d, { carryIn: d.carryIn, carryOver: s.dividendCarryOver }),
  };
}
