import { sql } from 'kysely';
import type { Database } from '../../db/database';

export interface TreeMemberRow {
  id: bigint;
  username: string;
  type: number;
  status: string;
  created_at: Date;
  direct: number;
  team: number;
  turnover: string;
  rates: { product: string; rate_bp: number }[] | null;
  quotas: { rate_bp: number; remaining: number }[] | null;
}

export interface RebateRunRow {
  day: string;
  lines: number;
  turnover: string;
  amount: string;
  computed_at: Date;
  paid_at: Date | null;
  paid: string | null;
  beneficiaries: number;
  count: string;
}

/**
 * The agency's member, merchant and tree SQL (rates and quotas: rebate.repository.ts). A team is the
 * agent's subtree without the agent: one range of the member (merchant_id, path) index (tree.ts). Pass
 * the transaction inside one: the locks (`lockMember`, `merchantSettings(…, true)`) hold until it ends.
 */
export function agencyRepository(db: Database) {
  return {
    /** A member of the merchant by username, its row locked (FOR NO KEY UPDATE). */
    lockMember(merchantId: number, username: string) {
      return db
        .selectFrom('member')
        .select(['id', 'username', 'upline_id', 'type'])
        .where('merchant_id', '=', merchantId)
        .where('username', '=', username)
        .forNoKeyUpdate()
        .executeTakeFirst();
    },

    /** A member of the merchant by username, with its upline. */
    memberByUsername(merchantId: number, username: string) {
      return db
        .selectFrom('member')
        .select(['id', 'username', 'upline_id'])
        .where('merchant_id', '=', merchantId)
        .where('username', '=', username)
        .executeTakeFirst();
    },

    /** Whether a username is taken in the merchant (its member's id). */
    memberIdByUsername(merchantId: number, username: string) {
      return db
        .selectFrom('member')
        .select('id')
        .where('merchant_id', '=', merchantId)
        .where('username', '=', username)
        .executeTakeFirst();
    },

    /** A direct downline of the agent. */
    directDownline(merchantId: number, agentId: bigint, memberId: bigint) {
      return db
        .selectFrom('member')
        .select(['id', 'username'])
        .where('merchant_id', '=', merchantId)
        .where('id', '=', memberId)
        .where('upline_id', '=', agentId)
        .executeTakeFirst();
    },

    /** An active direct downline of the agent, with its type. */
    activeDirectDownline(merchantId: number, agentId: bigint, memberId: bigint) {
      return db
        .selectFrom('member')
        .select(['id', 'type'])
        .where('merchant_id', '=', merchantId)
        .where('id', '=', memberId)
        .where('upline_id', '=', agentId)
        .where('status', '=', 'active')
        .executeTakeFirst();
    },

    /** Which of `ids` are active members of the agent's team. */
    async activeTeamMembers(merchantId: number, agentId: bigint, ids: bigint[]): Promise<{ id: bigint }[]> {
      const found = await sql<{ id: bigint }>`
        select m.id from member a join member m on m.merchant_id = a.merchant_id
          and m.path > a.path and m.path < left(a.path, -1) || '0'
        where a.merchant_id = ${merchantId}::int and a.id = ${agentId}::bigint
          and m.id = any(${ids.map(String)}::bigint[]) and m.status = 'active'`.execute(db);
      return found.rows;
    },

    /** Moves a member under another upline (null: a top agent); the database refuses a cycle. */
    async setUpline(memberId: bigint, uplineId: bigint | null): Promise<void> {
      await db.updateTable('member').set({ upline_id: uplineId }).where('id', '=', memberId).execute();
    },

    /** The merchant's settings; `lock` takes its row (FOR NO KEY UPDATE). */
    async merchantSettings(merchantId: number, lock = false) {
      const base = db.selectFrom('merchant').select('settings').where('id', '=', merchantId);
      return (await (lock ? base.forNoKeyUpdate() : base).executeTakeFirstOrThrow()).settings;
    },

    async setMerchantSettings(merchantId: number, settings: Record<string, unknown>): Promise<void> {
      await db
        .updateTable('merchant')
        .set({ settings: JSON.stringify(settings) })
        .where('id', '=', merchantId)
        .execute();
    },

    /** A member (not staff) of the merchant by username, with its path: a node of the tree. */
    treeNode(merchantId: number, username: string) {
      return db
        .selectFrom('member')
        .select(['id', 'path'])
        .where('merchant_id', '=', merchantId)
        .where('username', '=', username)
        .where('type', '<', 90)
        .executeTakeFirst();
    },

    /**
     * A page of the tree in username order: a node's direct downline (agents only if asked), or the top
     * agents (agent types without an upline) when no node is given; with how many there are in all.
     */
    async treePage(
      merchantId: number,
      q: { nodeId: bigint | null; agentsOnly: boolean; limit: number; offset: number },
    ): Promise<{ total: number; ids: bigint[] }> {
      // Literal agent types: the partial index member_top_agent (migration 0065) matches this predicate.
      const agentTypes = sql`m.type in (1, 2, 41, 42)`;
      const where =
        q.nodeId !== null
          ? sql`m.upline_id = ${q.nodeId} ${q.agentsOnly ? sql`and ${agentTypes}` : sql``}`
          : sql`m.merchant_id = ${merchantId}::int and m.upline_id is null and ${agentTypes}`;
      const total = Number(
        (await sql<{ n: number }>`select count(*)::int as n from member m where ${where}`.execute(db))
          .rows[0]!.n,
      );
      const page = await sql<{ id: bigint }>`
        select m.id from member m where ${where}
        order by m.username limit ${q.limit} offset ${q.offset}`.execute(db);
      return { total, ids: page.rows.map((r) => BigInt(r.id)) };
    },

    /** Members of the merchant by id (a node's uplines, from its path), top first. */
    ancestors(merchantId: number, ids: string[]) {
      return db
        .selectFrom('member')
        .select(['id', 'username', 'path'])
        .where('merchant_id', '=', merchantId)
        .where(sql<boolean>`id = any(${ids}::bigint[])`)
        .orderBy('path')
        .execute();
    },

    /**
     * The tree's figures of the given members in one statement: direct downline (upline index), team (the
     * path range), the team's last 30 days of turnover from team_day (the merchant's days), rates and quotas.
     */
    async treeMembers(merchantId: number, ids: bigint[], now: Date): Promise<TreeMemberRow[]> {
      const r = await sql<TreeMemberRow>`
    with today as (
      select (${now}::timestamptz at time zone merchant_time_zone(settings))::date as d
      from merchant where id = ${merchantId}::int)
    select a.id, a.username, a.type, a.status, a.created_at,
      (select count(*)::int from member c where c.upline_id = a.id) as direct,
      (select count(*)::int from member m
        where m.merchant_id = a.merchant_id and m.path > a.path and m.path < left(a.path, -1) || '0') as team,
      (select coalesce(sum(t.bets - t.refunds), 0)::text from team_day t, today
        where t.agent_id = a.id and t.day > today.d - 30 and t.day <= today.d) as turnover,
      (select json_agg(json_build_object('product', r.product, 'rate_bp', r.rate_bp))
        from member_rebate r where r.member_id = a.id) as rates,
      (select json_agg(json_build_object('rate_bp', q.rate_bp, 'remaining', q.remaining) order by q.rate_bp)
        from agent_quota q where q.member_id = a.id) as quotas
    from member a
    where a.merchant_id = ${merchantId}::int and a.id = any(${ids.map(String)}::bigint[])`.execute(db);
      return r.rows;
    },

    /** The merchant's rebate runs, newest day first, with what each paid (`count`: how many in all). */
    async rebateRuns(merchantId: number, limit: number, offset: number): Promise<RebateRunRow[]> {
      const r = await sql<RebateRunRow>`
        select r.day::text as day, r.lines, r.turnover::text as turnover, r.amount::text as amount,
          r.computed_at, r.paid_at, s.paid::text as paid, coalesce(s.n, 0)::int as beneficiaries,
          count(*) over ()::text as count
        from rebate_run r
        left join lateral (select sum(paid) as paid, count(distinct beneficiary_id) as n from rebate_settlement s
                           where s.merchant_id = r.merchant_id and s.day = r.day) s on true
        where r.merchant_id = ${merchantId}::int
        order by r.day desc limit ${limit}::int offset ${offset}::int`.execute(db);
      return r.rows;
    },
  };
}
