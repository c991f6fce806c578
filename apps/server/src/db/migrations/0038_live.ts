import { sql, type Kysely } from 'kysely';

/**
 * Live updates (issue 19 item 4): what a member's open page hears without polling, across API processes.
 *
 * - member_stream: the members with an open stream, per process (unlogged: lost in a crash like the
 *   streams themselves). Each process refreshes seen_at for its rows and removes rows no process
 *   refreshed for minutes (a process that died).
 * - Triggers NOTIFY channel member_events at commit, only for members with an open stream: a member's
 *   wallet balance changed (any path: deposits, withdrawals, bets, wins, transfers, contract pay…), a
 *   mail to the member, a broadcast of the merchant. Nothing is sent for the others, so the hot paths
 *   of members without a page open (bets from a vendor's servers, batch runs) pay one index probe and
 *   never the commit-order lock a NOTIFY takes.
 * - stream_ticket: a single-use ticket (60 s) that opens a member's stream (EventSource sends no
 *   Authorization header, and a session token never goes into a URL).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create unlogged table member_stream (
      member_id bigint not null,
      process text not null,
      streams integer not null,
      seen_at timestamptz not null,
      primary key (member_id, process)
    )`.execute(db);
  await sql`
    create unlogged table stream_ticket (
      ticket_hash text primary key,
      merchant_id integer not null,
      member_id bigint not null,
      expires_at timestamptz not null
    )`.execute(db);
  await sql`
    create function notify_member_balance() returns trigger language plpgsql as $$
    begin
      if exists (select 1 from member_stream where member_id = new.owner_member_id) then
        perform pg_notify('member_events', json_build_object('t', 'balance', 'm', new.owner_member_id::text,
          'book', new.book, 'currency', new.currency,
          'balance', (new.balance::numeric / 100)::numeric(20, 2)::text)::text);
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger ledger_account_live after update of balance on ledger_account
    for each row when (new.kind = 'member_wallet' and new.owner_member_id is not null
      and new.balance is distinct from old.balance)
    execute function notify_member_balance()`.execute(db);
  await sql`
    create function notify_member_mail() returns trigger language plpgsql as $$
    begin
      if exists (select 1 from member_stream where member_id = new.member_id) then
        perform pg_notify('member_events', json_build_object('t', 'mail', 'm', new.member_id::text)::text);
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger mail_recipient_live after insert on mail_recipient
    for each row execute function notify_member_mail()`.execute(db);
  await sql`
    create function notify_broadcast_mail() returns trigger language plpgsql as $$
    begin
      perform pg_notify('member_events', json_build_object('t', 'mail', 'merchant', new.merchant_id)::text);
      return null;
    end $$`.execute(db);
  await sql`
    create trigger mail_broadcast_live after insert on mail
    for each row when (new.audience <> 'members') execute function notify_broadcast_mail()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger mail_broadcast_live on mail`.execute(db);
  await sql`drop trigger mail_recipient_live on mail_recipient`.execute(db);
  await sql`drop trigger ledger_account_live on ledger_account`.execute(db);
  await sql`drop function notify_broadcast_mail`.execute(db);
  await sql`drop function notify_member_mail`.execute(db);
  await sql`drop function notify_member_balance`.execute(db);
  await sql`drop table stream_ticket`.execute(db);
  await sql`drop table member_stream`.execute(db);
}
