import { sql, type Kysely } from 'kysely';

/**
 * Issue 20: maker-checker and the staff's request log.
 * - `staff_approval`: a balance adjustment or a withdrawal payment above the merchant's threshold waits
 *   here for a second staff member. The database refuses the maker as its checker (a check), and one
 *   maker's retry is the same request (unique key); a withdrawal has at most one approval waiting.
 * - `merchant.adjust_review_above`, `withdrawal_review_above` (minor units; null: never).
 * - `staff_action`: every operator call that changes something — who, when, which call, its answer, the
 *   IP address and browser — beside the audit log's before → after and reason.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table merchant
    add column adjust_review_above bigint check (adjust_review_above is null or adjust_review_above >= 0),
    add column withdrawal_review_above bigint check (withdrawal_review_above is null or withdrawal_review_above >= 0)`.execute(
    db,
  );
  await sql`create table staff_approval (
    id bigserial primary key,
    merchant_id integer not null references merchant (id),
    kind text not null check (kind in ('adjustment', 'withdrawal')),
    target text not null,
    amount bigint not null,
    request jsonb not null,
    maker_id bigint not null references member (id),
    maker_key text not null,
    checker_id bigint references member (id),
    status text not null default 'pending' check (status in ('pending', 'approved', 'rejected')),
    decision_reason text,
    result jsonb,
    created_at timestamptz not null,
    decided_at timestamptz,
    check (checker_id is null or checker_id <> maker_id),
    check ((status = 'pending') = (checker_id is null)),
    unique (merchant_id, maker_id, maker_key)
  )`.execute(db);
  await sql`create index staff_approval_status on staff_approval (merchant_id, status, id)`.execute(db);
  await sql`create unique index staff_approval_one_waiting on staff_approval (merchant_id, target)
    where status = 'pending' and kind = 'withdrawal'`.execute(db);
  await sql`create table staff_action (
    id bigserial primary key,
    merchant_id integer not null references merchant (id),
    staff_id bigint not null references member (id),
    method text not null,
    route text not null,
    path text not null,
    status integer not null,
    ip text,
    user_agent text,
    request_id text,
    created_at timestamptz not null
  )`.execute(db);
  await sql`create index staff_action_merchant on staff_action (merchant_id, id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists staff_action`.execute(db);
  await sql`drop table if exists staff_approval`.execute(db);
  await sql`alter table merchant drop column if exists adjust_review_above,
    drop column if exists withdrawal_review_above`.execute(db);
}
