import { sql, type Kysely } from 'kysely';

/**
 * The ledger is append-only and members are permanent, enforced by the database (issue 4, bench:wallet).
 *
 * - Triggers refuse UPDATE, DELETE and TRUNCATE on ledger_transfer and ledger_entry (DESIGN.md: entries
 *   are never updated or deleted; corrections are new transfers), and DELETE and TRUNCATE on member
 *   (an account is closed by its status, never removed). They fire only on those statements: inserts, the
 *   ledger's only writes, pay nothing.
 * - With those rows permanent, four foreign keys on the per-bet rows only re-proved, on every bet, what the
 *   writer had just established: ledger_entry.transfer_id and vendor_transaction.transfer_id (the transfer
 *   is inserted by the same transaction, its id taken from RETURNING) and game_round.member_id and
 *   vendor_transaction.member_id (the member comes from the validated game session, whose own key to the
 *   member stays). Each check was a row lock plus a query (a quarter of the database's time per bet);
 *   they are dropped. ledger-check reports any entry without its transfer. The keys that guard money
 *   targets stay: ledger_entry.account_id and every key into ledger_account.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace function refuse_change() returns trigger language plpgsql as $$
    begin
      raise exception '% on % is not allowed (%)', tg_op, tg_table_name, tg_argv[0]
        using errcode = 'P0001';
    end $$`.execute(db);
  for (const table of ['ledger_transfer', 'ledger_entry']) {
    await sql`
      create trigger ${sql.raw(`${table}_append_only`)} before update or delete or truncate on ${sql.table(table)}
      for each statement execute function refuse_change('the ledger is append-only')`.execute(db);
  }
  await sql`
    create trigger member_permanent before delete or truncate on member
    for each statement execute function refuse_change('members are closed by status, never deleted')`.execute(
    db,
  );
  await sql`alter table ledger_entry drop constraint if exists ledger_entry_transfer_id_fkey`.execute(db);
  await sql`alter table vendor_transaction drop constraint if exists vendor_transaction_transfer_id_fkey`.execute(
    db,
  );
  await sql`alter table vendor_transaction drop constraint if exists vendor_transaction_member_id_fkey`.execute(
    db,
  );
  await sql`alter table game_round drop constraint if exists game_round_member_id_fkey`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table ledger_entry add constraint ledger_entry_transfer_id_fkey
    foreign key (transfer_id) references ledger_transfer (id)`.execute(db);
  await sql`alter table vendor_transaction add constraint vendor_transaction_transfer_id_fkey
    foreign key (transfer_id) references ledger_transfer (id)`.execute(db);
  await sql`alter table vendor_transaction add constraint vendor_transaction_member_id_fkey
    foreign key (member_id) references member (id)`.execute(db);
  await sql`alter table game_round add constraint game_round_member_id_fkey
    foreign key (member_id) references member (id)`.execute(db);
  await sql`drop trigger if exists member_permanent on member`.execute(db);
  await sql`drop trigger if exists ledger_entry_append_only on ledger_entry`.execute(db);
  await sql`drop trigger if exists ledger_transfer_append_only on ledger_transfer`.execute(db);
  await sql`drop function if exists refuse_change()`.execute(db);
}
