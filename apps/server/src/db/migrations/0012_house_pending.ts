import { sql, type Kysely } from 'kysely';

/**
 * A leaner bet (issue 4, bench:wallet). Three changes to the seamless wallet's hot path:
 *
 * 1. The house leg of a bet no longer updates the house shard's balance row. Its entry is written with
 *    balance_after null and the amount is appended to `house_pending`; `rollUpHouse` moves pending
 *    amounts into the house balances later, in one statement that deletes what it adds. The ledger's
 *    invariant becomes: balance + pending = sum of entries (ledger-check.ts). Bets on different wallets
 *    then share no row at all. Member wallets keep their conditional update and balance_after.
 * 2. Foreign keys from the per-bet rows (game_round, vendor_transaction, ledger_transfer) to the
 *    merchant and the vendor are dropped: every check took a KEY SHARE lock on the same merchant row and
 *    the same vendor row for every concurrent bet (multixacts), and merchants and vendors are never
 *    deleted (no code path does). The ids come from rows the request has just read. The keys to the
 *    member, the transfer and the ledger accounts stay.
 * 3. Two indexes no query uses are dropped: ledger_transfer (merchant_id, reference) and
 *    vendor_transaction (vendor_id, round_id).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table ledger_entry alter column balance_after drop not null`.execute(db);
  // No index and no foreign key: rows live seconds and are read only by the roll-up's delete.
  await sql`create table house_pending (account_id bigint not null, amount bigint not null)`.execute(db);

  await sql`alter table game_round drop constraint if exists game_round_merchant_id_fkey`.execute(db);
  await sql`alter table game_round drop constraint if exists game_round_vendor_id_fkey`.execute(db);
  await sql`alter table vendor_transaction drop constraint if exists vendor_transaction_merchant_id_fkey`.execute(
    db,
  );
  await sql`alter table vendor_transaction drop constraint if exists vendor_transaction_vendor_id_fkey`.execute(
    db,
  );
  await sql`alter table ledger_transfer drop constraint if exists ledger_transfer_merchant_id_fkey`.execute(
    db,
  );
  await sql`drop index if exists ledger_transfer_reference`.execute(db);
  await sql`drop index if exists vendor_transaction_round`.execute(db);

  // As in 0007, but the house leg is appended (house_pending) instead of updating the shard's row.
  await sql`
    create or replace function game_wallet_bet(
      p_merchant integer, p_vendor integer, p_vendor_code text, p_tx text, p_round text, p_game text,
      p_member bigint, p_book text, p_amount bigint, p_hash text, p_wallet bigint, p_house bigint,
      p_at timestamptz, out transfer_id bigint, out wallet_balance bigint)
    language plpgsql volatile as $$
    begin
      if p_book = 'real' and exists (select 1 from wagering_requirement
          where merchant_id = p_merchant and member_id = p_member and completed_at is null) then
        raise exception 'wagering' using errcode = 'P0001';
      end if;
      -- Everything that does not need the balance comes before the wallet is locked, so its lock is
      -- held for as little as possible. A repeated tx id fails right here (the transfer's unique key).
      insert into ledger_transfer (merchant_id, book, kind, idempotency_scope, idempotency_key, reference,
        created_by, created_at)
      values (p_merchant, p_book, 'bet', 'vendor:' || p_vendor_code, p_tx,
        'round:' || p_vendor_code || ':' || p_round, 'vendor:' || p_vendor_code, p_at)
      returning id into transfer_id;
      -- Lock order everywhere in the game wallet: round, then the wallet.
      insert into game_round (merchant_id, vendor_id, round_id, member_id, book, game_code, bet_total,
        win_total, refund_total, status, started_at, updated_at)
      values (p_merchant, p_vendor, p_round, p_member, p_book, p_game, p_amount, 0, 0, 'open', p_at, p_at)
      on conflict (vendor_id, round_id) do update set
        bet_total = game_round.bet_total + excluded.bet_total,
        game_code = coalesce(game_round.game_code, excluded.game_code),
        updated_at = excluded.updated_at
      where game_round.member_id = excluded.member_id and game_round.status = 'open';
      if not found then raise exception 'round_closed' using errcode = 'P0001'; end if;
      update ledger_account set balance = balance - p_amount
        where id = p_wallet and book = p_book and balance >= p_amount returning balance into wallet_balance;
      if not found then raise exception 'insufficient_funds' using errcode = 'P0001'; end if;
      insert into house_pending (account_id, amount) values (p_house, p_amount);
      insert into ledger_entry (transfer_id, account_id, amount, balance_after, created_at)
      values (transfer_id, p_wallet, -p_amount, wallet_balance, p_at),
             (transfer_id, p_house, p_amount, null, p_at);
      -- A bet id tombstoned by an early rollback fails here with unique_violation; all above is undone.
      insert into vendor_transaction (merchant_id, vendor_id, vendor_tx_id, kind, round_id, game_code,
        member_id, book, amount, status, request_hash, transfer_id, answer, created_at)
      values (p_merchant, p_vendor, p_tx, 'bet', p_round, p_game, p_member, p_book, p_amount, 'applied',
        p_hash, transfer_id,
        jsonb_build_object('balance', wallet_balance::text, 'transactionId', transfer_id::text), p_at);
    end $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // Pending house amounts go into the balances first, so the restored function finds them right.
  await sql`
    with d as (delete from house_pending returning account_id, amount),
         s as (select account_id, sum(amount) as amount from d group by account_id)
    update ledger_account a set balance = a.balance + s.amount from s where a.id = s.account_id`.execute(db);
  await sql`drop table house_pending`.execute(db);
  await sql`create index ledger_transfer_reference on ledger_transfer (merchant_id, reference)`.execute(db);
  await sql`create index vendor_transaction_round on vendor_transaction (vendor_id, round_id)`.execute(db);
}
