import { sql } from 'kysely';
import type { Database } from '../../db/database';

/**
 * The team reports' SQL. A team is the agent's subtree without the agent: `m.path` strictly after the
 * agent's path and before it with its last '/' turned into '0' (one range of the member (merchant_id,
 * path) index; tree.ts). Money comes from member_day only; counters from member and member_session rows
 * of the range, kept to the team by the same path test. Days are the merchant's reporting days
 * (merchant_time_zone, as member_day counts them).
 */
const inTeam = sql`m.path > a.path and m.path < left(a.path, -1) || '0'`;
const depth = sql<number>`((length(m.path) - length(replace(m.path, '/', '')))
  - (length(a.path) - length(replace(a.path, '/', ''))))::int`;

/** The agent row every query starts from: `a` (path, merchant) and `r` (the range's instants). */
const agentAndRange = (merchantId: number, agentId: bigint, from: string, to: string) => sql`
  a as (select m.id, m.path, m.merchant_id, merchant_time_zone(mc.settings) as tz
        from member m join merchant mc on mc.id = m.merchant_id
        where m.id = ${agentId} and m.merchant_id = ${merchantId}),
  r as (select (${from}::date)::timestamp at time zone a.tz as t0,
               (${to}::date + 1)::timestamp at time zone a.tz as t1 from a)`;

export interface MoneySums {
  bets: string;
  refunds: string;
  wins: string;
  bonuses: string;
  rebates: string;
  commissions: string;
  deposits: string;
  withdrawals: string;
}
const moneyColumns = sql`
  coalesce(sum(d.bets), 0)::text as bets, coalesce(sum(d.refunds), 0)::text as refunds,
  coalesce(sum(d.wins), 0)::text as wins, coalesce(sum(d.bonuses), 0)::text as bonuses,
  coalesce(sum(d.rebates), 0)::text as rebates, coalesce(sum(d.commissions), 0)::text as commissions,
  coalesce(sum(d.deposits), 0)::text as deposits, coalesce(sum(d.withdrawals), 0)::text as withdrawals`;

export interface Range {
  merchantId: number;
  agentId: bigint;
  from: string;
  to: string;
}

export const teamRepository = {
  /** Spec §3 team KPI footer over [from, to]: logged in, betting, registered; online right now. */
  async kpi(db: Database, q: Range & { now: Date; onlineSince: Date }) {
    const r = await sql<{ logged_in: number; betting: number; registered: number; online: number }>`
      with ${agentAndRange(q.merchantId, q.agentId, q.from, q.to)}
      select
        (select count(distinct s.member_id)::int from a, r, member_session s join member m on m.id = s.member_id
          where s.merchant_id = a.merchant_id and s.kind = 'session'
            and s.created_at >= r.t0 and s.created_at < r.t1 and ${inTeam}) as logged_in,
        (select count(distinct d.member_id)::int from a, member_day d join member m on m.id = d.member_id
          where d.merchant_id = a.merchant_id and d.day between ${q.from}::date and ${q.to}::date
            and d.bet_count > 0 and ${inTeam}) as betting,
        (select count(*)::int from a, r, member m
          where m.merchant_id = a.merchant_id and m.created_at >= r.t0 and m.created_at < r.t1
            and ${inTeam}) as registered,
        (select count(distinct s.member_id)::int from a, member_session s join member m on m.id = s.member_id
          where s.merchant_id = a.merchant_id and s.last_seen_at >= ${q.onlineSince}
            and s.revoked_at is null and s.expires_at > ${q.now} and ${inTeam}) as online`.execute(db);
    return r.rows[0];
  },

  /** Team size, direct downlines and the range's registrations. */
  async counts(db: Database, q: Range) {
    const r = await sql<{ team: number; direct: number; registered: number }>`
      with ${agentAndRange(q.merchantId, q.agentId, q.from, q.to)}
      select
        (select count(*)::int from a, member m where m.merchant_id = a.merchant_id and ${inTeam}) as team,
        (select count(*)::int from a, member m where m.merchant_id = a.merchant_id and m.upline_id = a.id)
          as direct,
        (select count(*)::int from a, r, member m
          where m.merchant_id = a.merchant_id and m.created_at >= r.t0 and m.created_at < r.t1
            and ${inTeam}) as registered`.execute(db);
    return r.rows[0];
  },

  /** The team's money and counts per day of the range (days without activity are absent). */
  async days(db: Database, q: Range) {
    const r = await sql<
      MoneySums & {
        day: string;
        bettors: number;
        first_deposits: number;
        deposit_count: number;
        withdrawal_count: number;
      }
    >`
      with ${agentAndRange(q.merchantId, q.agentId, q.from, q.to)}
      select d.day::text as day, ${moneyColumns},
        count(distinct d.member_id) filter (where d.bet_count > 0)::int as bettors,
        coalesce(sum(d.first_deposits), 0)::int as first_deposits,
        coalesce(sum(d.deposit_count), 0)::int as deposit_count,
        coalesce(sum(d.withdrawal_count), 0)::int as withdrawal_count
      from a, member_day d join member m on m.id = d.member_id
      where d.merchant_id = a.merchant_id and d.day between ${q.from}::date and ${q.to}::date and ${inTeam}
      group by d.day order by d.day`.execute(db);
    return r.rows;
  },

  /** Members of the team who bet at least once in the range. */
  async bettors(db: Database, q: Range): Promise<number> {
    const r = await sql<{ n: number }>`
      with ${agentAndRange(q.merchantId, q.agentId, q.from, q.to)}
      select count(distinct d.member_id)::int as n
      from a, member_day d join member m on m.id = d.member_id
      where d.merchant_id = a.merchant_id and d.day between ${q.from}::date and ${q.to}::date
        and d.bet_count > 0 and ${inTeam}`.execute(db);
    return r.rows[0]?.n ?? 0;
  },

  /** Registrations per day of the range. */
  async registrationsByDay(db: Database, q: Range) {
    const r = await sql<{ day: string; n: number }>`
      with ${agentAndRange(q.merchantId, q.agentId, q.from, q.to)}
      select ((m.created_at at time zone a.tz)::date)::text as day, count(*)::int as n
      from a, r, member m
      where m.merchant_id = a.merchant_id and m.created_at >= r.t0 and m.created_at < r.t1 and ${inTeam}
      group by 1`.execute(db);
    return r.rows;
  },

  /** A member of the agent's team (or the agent itself) with its level below the agent; undefined if not. */
  async member(db: Database, merchantId: number, agentId: bigint, memberId: bigint) {
    const r = await sql<{ id: bigint; username: string; level: number }>`
      select m.id, m.username, ${depth} as level
      from member a join member m on m.merchant_id = a.merchant_id
        and m.path >= a.path and m.path < left(a.path, -1) || '0'
      where a.merchant_id = ${merchantId} and a.id = ${agentId} and m.id = ${memberId}`.execute(db);
    return r.rows[0];
  },

  /**
   * One page of team members: the direct downlines of `parentId`, or (with `search`) every team member
   * whose username starts with it. The balance is read for the agent's own direct downlines only.
   */
  async members(
    db: Database,
    q: {
      merchantId: number;
      agentId: bigint;
      currency: string;
      parentId: bigint;
      search?: string | undefined;
      sort: 'registered' | 'lastLogin' | 'username';
      limit: number;
      offset: number;
    },
  ) {
    const where = q.search
      ? sql`${inTeam} and m.username like ${`${q.search.replace(/[\\%_]/g, '\\$&')}%`}`
      : sql`m.upline_id = ${q.parentId}`;
    const order =
      q.sort === 'username'
        ? sql`m.username asc`
        : q.sort === 'lastLogin'
          ? sql`m.last_login_at desc nulls last, m.id desc`
          : sql`m.created_at desc, m.id desc`;
    const rows = await sql<{
      id: bigint;
      username: string;
      nickname: string | null;
      type: number;
      status: string;
      level: number;
      direct: number;
      created_at: Date;
      last_login_at: Date | null;
      balance: string | null;
      total: number;
    }>`
      with a as (select id, path, merchant_id from member where id = ${q.agentId} and merchant_id = ${q.merchantId})
      select m.id, m.username, m.nickname, m.type, m.status, ${depth} as level, m.created_at, m.last_login_at,
        (select count(*)::int from member c where c.upline_id = m.id) as direct,
        case when m.upline_id = a.id then coalesce((
          select w.balance::text from ledger_account w
          where w.merchant_id = a.merchant_id and w.owner_member_id = m.id and w.kind = 'member_wallet'
            and w.book = 'real' and w.currency = ${q.currency}), '0') end as balance,
        count(*) over ()::int as total
      from a, member m
      where m.merchant_id = a.merchant_id and ${inTeam} and ${where}
      order by ${order}
      limit ${q.limit} offset ${q.offset}`.execute(db);
    return rows.rows;
  },

  /** Team total over the range, and one page of members with their own figures (members with activity). */
  async pnl(
    db: Database,
    q: Range & {
      search?: string | undefined;
      sort: 'profit' | 'turnover' | 'username';
      limit: number;
      offset: number;
    },
  ) {
    const search = q.search ? sql`and m.username like ${`${q.search.replace(/[\\%_]/g, '\\$&')}%`}` : sql``;
    const total = await sql<MoneySums>`
      with ${agentAndRange(q.merchantId, q.agentId, q.from, q.to)}
      select ${moneyColumns}
      from a, member_day d join member m on m.id = d.member_id
      where d.merchant_id = a.merchant_id and d.day between ${q.from}::date and ${q.to}::date and ${inTeam}`.execute(
      db,
    );
    const profit = sql`sum(d.wins + d.bonuses + d.rebates + d.commissions - d.bets + d.refunds)`;
    const order =
      q.sort === 'username'
        ? sql`m.username asc`
        : q.sort === 'profit'
          ? sql`${profit} desc, m.id`
          : sql`sum(d.bets - d.refunds) desc, m.id`;
    const rows = await sql<MoneySums & { id: bigint; username: string; level: number; count: number }>`
      with ${agentAndRange(q.merchantId, q.agentId, q.from, q.to)}
      select m.id, m.username, ${depth} as level, ${moneyColumns}, count(*) over ()::int as count
      from a, member_day d join member m on m.id = d.member_id
      where d.merchant_id = a.merchant_id and d.day between ${q.from}::date and ${q.to}::date and ${inTeam}
        ${search}
      group by m.id, m.username, m.path, a.path
      order by ${order}
      limit ${q.limit} offset ${q.offset}`.execute(db);
    return { total: total.rows[0], rows: rows.rows };
  },
};
