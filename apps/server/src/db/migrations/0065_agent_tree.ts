import { sql, type Kysely } from 'kysely';

/**
 * The operator's agents' tree (issue 20, Agents): a node's direct downline is read page by page in
 * username order — `(upline_id, username)` serves it from the index (it replaces `member_upline`,
 * whose column it leads with) — and the top of the tree, the agents without an upline, from a partial
 * index, so that a site's million players without an upline are never scanned to find its few top agents.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index if not exists member_upline_name on member (upline_id, username)`.execute(db);
  await sql`drop index if exists member_upline`.execute(db);
  await sql`
    create index if not exists member_top_agent on member (merchant_id, username)
    where upline_id is null and type in (1, 2, 41, 42)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists member_top_agent`.execute(db);
  await sql`create index if not exists member_upline on member (upline_id)`.execute(db);
  await sql`drop index if exists member_upline_name`.execute(db);
}
