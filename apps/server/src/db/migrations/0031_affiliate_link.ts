import { sql, type Kysely } from 'kysely';

/**
 * Invitation (affiliate) links (issue 16 item 6): an agent makes a link with the type and rebate rates a
 * registration through it gets, and an expiry; a registration through one joins the agent's team at
 * those rates. A link whose highest rate is above the merchant's free threshold spent one of the agent's
 * quotas at that rate when it was made (`quota_rate`); deleting it before anyone registered gives the
 * quota back. A deleted link stays as a row (its registrations are history); its code no longer works.
 * `member.affiliate_link_id` says through which link a member registered.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table affiliate_link (
      id bigserial primary key,
      merchant_id integer not null references merchant (id),
      agent_id bigint not null references member (id),
      code text not null,
      kind text not null check (kind in ('player', 'agent')),
      rates jsonb not null,
      quota_rate integer,
      expires_at timestamptz,
      registrations integer not null default 0 check (registrations >= 0),
      created_at timestamptz not null,
      deleted_at timestamptz
    )`.execute(db);
  await sql`create unique index affiliate_link_code on affiliate_link (merchant_id, code)`.execute(db);
  await sql`create index affiliate_link_agent on affiliate_link (agent_id, id desc) where deleted_at is null`.execute(
    db,
  );
  await sql`alter table member add column affiliate_link_id bigint references affiliate_link (id)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table member drop column affiliate_link_id`.execute(db);
  await sql`drop table affiliate_link`.execute(db);
}
