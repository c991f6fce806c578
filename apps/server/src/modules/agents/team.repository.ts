import { sql } from 'kysely';
import type { Database } from '../../db/database';

/**
 * The team reports' SQL. A team is the agent's subtree without the agent: `m.path` strictly after the
 * agent's path and before it with its last '/' turned into '0' (one range of the member (merchant_id,
 * path) index; tree.ts). A team's money and daily counters come from team_day (migration 0030: the
 * subtree's sums per agent and day, kept by the database as money moves), so that reading them does
 * not grow with the team; a member's own money from member_day. What a daily sum cannot give (members
 * who logged in or bet on any day of a longer range) is counted from member, member_session and
 * member_day rows, kept to the team by the path test. Days are the merchant's reporting days
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
export interface Range {
  merchantId: number;
  agentId: bigint;
  from: string;
  to: string;
}

/** Usernames starting with `search` (LIKE's own characters taken literally). */
const startsWith = (search: string) => sql`m.username like ${`${search.replace(/[\\%_]/g, '\\$&')}%`}`;

const moneyNames = [
  'bets',
  'refunds',
  'wins',
  'bonuses',
  'rebates',
  'commissions',
  'deposits',
  'withdrawals',
];
/** Each money column summed from `alias` as a bigint `<prefix><name>` (0 when no row). */
const sumsOf = (alias: string, prefix: string) =>
  sql.raw(moneyNames.map((f) => `coalesce(sum(${alias}.${f}), 0) as ${prefix}${f}`).join(', '));
/** A row of `alias` moved money or counted a bet. */
const activeRow = (alias: string) =>
  sql.raw(`bool_or(${[...moneyNames, 'bet_count'].map((f) => `${alias}.${f} <> 0`).join(' or ')})`);

export const teamRepository = {
  /**
   * Spec §3 team KPI footer for one day (the agent home asks for today): logged in, betting and
   * registered from the agent's team_day row; online right now from the sessions seen lately.
   */
  async kpiDay(
    db: Database,
    q: { merchantId: number; agentId: bigint; day: string; onlineSince: Date; now: Date },
  ) {
    const r = await sql<{ logged_in: number; betting: number; registered: number; online: number }>`
      with a as (select id, path, merchant_id from member where id = ${q.agentId} and merchant_id = ${q.merchantId})
      select
        coalesce((select t.logins from a, team_day t where t.agent_id = a.id and t.day = ${q.day}::date), 0)
          as logged_in,
        coalesce((select t.bettors from a, team_day t where t.agent_id = a.id and t.day = ${q.day}::date), 0)
          as betting,
        coalesce((select t.registrations from a, team_day t where t.agent_id = a.id and t.day = ${q.day}::date), 0)
          as registered,
        (select count(distinct s.member_id)::int from a, member_session s join member m on m.id = s.member_id
          where s.merchant_id = a.merchant_id and s.last_seen_at >= ${q.onlineSince}
            and s.revoked_at is null and s.expires_at > ${q.now} and ${inTeam}) as online
      from a`.execute(db);
    return r.rows[0];
  },

  /** Spec §3 team KPI footer over [from, to] (several days: distinct members over the range). */
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
        (select coalesce(sum(t.registrations), 0)::int from a, team_day t
          where t.agent_id = a.id and t.day between ${q.from}::date and ${q.to}::date) as registered`.execute(
      db,
    );
    return r.rows[0];
  },

  /** The team's money and counts per day of the range, from team_day (days without a row are absent). */
  async days(db: Database, q: Range) {
    const r = await sql<
      MoneySums & {
        day: string;
        bettors: number;
        registrations: number;
        first_deposits: number;
        deposit_count: number;
        withdrawal_count: number;
      }
    >`
      select t.day::text as day, ${sql.raw(moneyNames.map((f) => `t.${f}::text as ${f}`).join(', '))},
        t.bettors, t.registrations, t.first_deposits, t.deposit_count, t.withdrawal_count
      from member a join team_day t on t.agent_id = a.id
      where a.id = ${q.agentId} and a.merchant_id = ${q.merchantId}
        and t.day between ${q.from}::date and ${q.to}::date
      order by t.day`.execute(db);
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
      /** A search over the parent's direct downlines only, rather than the whole team. */
      searchDirect?: boolean | undefined;
      sort: 'registered' | 'lastLogin' | 'username';
      limit: number;
      offset: number;
    },
  ) {
    const where = !q.search
      ? sql`m.upline_id = ${q.parentId}`
      : q.searchDirect
        ? sql`m.upline_id = ${q.parentId} and ${startsWith(q.search)}`
        : sql`${inTeam} and ${startsWith(q.search)}`;
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

  /**
   * The parent's team total over the range (team_day), and one page of lines: the parent's direct
   * downlines (or, with `search`, the agent's team members whose username starts with it), each with its
   * own money (member_day) and its team's (team_day); lines without activity in the range are left out.
   */
  async pnl(
    db: Database,
    q: Range & {
      parentId: bigint;
      search?: string | undefined;
      sort: 'profit' | 'turnover' | 'username';
      limit: number;
      offset: number;
    },
  ) {
    const total = await sql<MoneySums>`
      select ${sql.raw(moneyNames.map((f) => `coalesce(sum(t.${f}), 0)::text as ${f}`).join(', '))}
      from team_day t
      where t.agent_id = ${q.parentId} and t.merchant_id = ${q.merchantId}
        and t.day between ${q.from}::date and ${q.to}::date`.execute(db);
    const lines = q.search ? sql`${inTeam} and ${startsWith(q.search)}` : sql`m.upline_id = ${q.parentId}`;
    const line = (f: string) => sql.raw(`(coalesce(o.o_${f}, 0) + coalesce(w.w_${f}, 0))`);
    const order =
      q.sort === 'username'
        ? sql`k.username asc`
        : q.sort === 'profit'
          ? sql`${line('wins')} + ${line('bonuses')} + ${line('rebates')} + ${line('commissions')}
              - ${line('bets')} + ${line('refunds')} desc, k.id`
          : sql`${line('bets')} - ${line('refunds')} desc, k.id`;
    const rows = await sql<
      Record<string, string> & { id: bigint; username: string; level: number; direct: number; count: number }
    >`
      with a as (select id, path, merchant_id from member where id = ${q.agentId} and merchant_id = ${q.merchantId}),
      k as (select m.id, m.username, m.path, ${depth} as level from a, member m
            where m.merchant_id = a.merchant_id and ${inTeam} and ${lines}),
      o as (select d.member_id as id, ${sumsOf('d', 'o_')} from k join member_day d on d.member_id = k.id
            where d.day between ${q.from}::date and ${q.to}::date
            group by d.member_id having ${activeRow('d')}),
      w as (select t.agent_id as id, ${sumsOf('t', 'w_')} from k join team_day t on t.agent_id = k.id
            where t.day between ${q.from}::date and ${q.to}::date
            group by t.agent_id having ${activeRow('t')})
      select k.id, k.username, k.level, (select count(*)::int from member c where c.upline_id = k.id) as direct,
        ${sql.raw(moneyNames.map((f) => `coalesce(o.o_${f}, 0)::text as o_${f}, coalesce(w.w_${f}, 0)::text as w_${f}`).join(', '))},
        count(*) over ()::int as count
      from k left join o on o.id = k.id left join w on w.id = k.id
      where o.id is not null or w.id is not null
      order by ${order}
      limit ${q.limit} offset ${q.offset}`.execute(db);
    const part = (r: Record<string, string>, prefix: string) =>
      Object.fromEntries(moneyNames.map((f) => [f, r[`${prefix}${f}`] ?? '0'])) as unknown as MoneySums;
    return {
      total: total.rows[0],
      rows: rows.rows.map((r) => ({
        id: r.id,
        username: r.username,
        level: r.level,
        direct: r.direct,
        count: r.count,
        own: part(r, 'o_'),
        team: part(r, 'w_'),
      })),
    };
  },

  /**
   * One page of the team's bets over the range (game rounds and lottery bets of the real book), newest
   * first, and the totals of all of them; `username` keeps one team member. Names of the games shown are
   * looked up after the page is cut.
   */
  async bets(
    db: Database,
    q: Range & {
      username?: string | undefined;
      product: 'all' | 'games' | 'lottery';
      lang: string;
      limit: number;
      offset: number;
    },
  ) {
    const one = q.username ? sql`and m.username = ${q.username.toLowerCase()}` : sql``;
    const games = q.product !== 'lottery';
    const lottery = q.product !== 'games';
    const bets = sql`
      with ${agentAndRange(q.merchantId, q.agentId, q.from, q.to)},
      t as (select m.id, m.username, ${depth} as level from a, member m
            where m.merchant_id = a.merchant_id and ${inTeam} ${one}),
      x as (
        select 'game' as kind, gr.id, t.username, t.level, gr.game_code as game, gr.bet_total as stake,
          gr.win_total + gr.refund_total as returned,
          case when gr.status = 'open' then 'open'
               when gr.win_total = 0 and gr.refund_total >= gr.bet_total then 'refunded' else 'settled' end as status,
          gr.started_at as at
        from a, r, game_round gr join t on t.id = gr.member_id
        where ${games} and gr.merchant_id = a.merchant_id and gr.book = 'real'
          and gr.started_at >= r.t0 and gr.started_at < r.t1
        union all
        select 'lottery', b.id, t.username, t.level, b.game_code || ' ' || b.numero, b.stake, b.payout,
          case b.status when 'accepted' then 'open' when 'won' then 'settled' when 'lost' then 'settled'
               else 'refunded' end,
          b.created_at
        from a, r, lottery_bet b join t on t.id = b.member_id
        where ${lottery} and b.merchant_id = a.merchant_id and b.book = 'real'
          and b.created_at >= r.t0 and b.created_at < r.t1
      )`;
    const page = await sql<{
      kind: 'game' | 'lottery';
      id: bigint;
      username: string;
      level: number;
      game: string;
      name: string | null;
      stake: string;
      returned: string;
      status: 'open' | 'settled' | 'refunded';
      at: Date;
    }>`
      ${bets}
      select p.*, coalesce(n.name, p.game) as name from (
        select kind, id, username, level, game, stake::text, returned::text, status, at from x
        order by at desc, id desc limit ${q.limit} offset ${q.offset}
      ) p
      left join lateral (select g.id from game g where p.kind = 'game' and g.game_id = p.game
                         order by g.id limit 1) g on true
      left join game_i18n n on n.game_id = g.id and n.lang = ${q.lang}
      order by p.at desc, p.id desc`.execute(db);
    const totals = await sql<{ n: number; stake: string; returned: string }>`
      ${bets}
      select count(*)::int as n, coalesce(sum(stake), 0)::text as stake, coalesce(sum(returned), 0)::text as returned
      from x`.execute(db);
    return { rows: page.rows, totals: totals.rows[0]! };
  },
};
