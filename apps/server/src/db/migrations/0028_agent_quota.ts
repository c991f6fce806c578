import { sql, type Kysely } from 'kysely';

/**
 * Opening quotas (issue 16 item 2): giving a new downline a rate above the merchant's free threshold
 * spends one of the agent's quotas at that rate. Spent by a conditional decrement (remaining >= 1), so
 * that concurrent openings on the last quota never overspend; the check keeps it from going below zero.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table agent_quota (
      merchant_id integer not null,
      member_id bigint not null references member(id),
      rate_bp integer not null check (rate_bp between 0 and 9999),
      remaining integer not null check (remaining >= 0),
      primary key (member_id, rate_bp)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table agent_quota`.execute(db);
}
