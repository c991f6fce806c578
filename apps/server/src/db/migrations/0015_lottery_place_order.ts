import { sql, type Kysely } from 'kysely';

/**
 * A lottery order in one call (issue 6's bet rate): the period check, the debit, the house leg, the
 * entries, the order and its bets, as one statement in autocommit, so the wallet row is locked only
 * inside PostgreSQL and a bet costs one round trip. The caller validated the order against the game's
 * rules and the merchant's limits; this function decides what needs the database:
 * - the game is sold (enabled) by the merchant, else 'lottery_game_unknown';
 * - every period of the order exists, else 'lottery_period_missing' (the caller creates them, retries);
 * - by p_at (server time), the first period is open and no period is locked, else 'lottery_period_closed'.
 *   The first period's advisory lock is held shared meanwhile, so its draw (which takes it alone)
 *   cannot run between the check and the commit;
 * - the balance covers the total, else 'insufficient_balance';
 * - with p_check_wagering, a real-money member with an open wagering requirement gets 'wagering': the
 *   caller then runs this function in a transaction of its own and counts the turnover in it.
 * A repeated (member, key) fails with unique_violation at the transfer: the caller replays the order.
 * Bets are written period by period, item by item (the order of p_numeros and the item arrays); their
 * ids come back in that order.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Every bet of a period referenced its row, so each bet took FOR KEY SHARE on that one row: concurrent
  // bets on a busy period queued on it (multixacts). The function finds the period ids in lottery_period
  // itself, and periods are never deleted, so the reference holds without the constraint's row lock.
  await sql`alter table lottery_bet drop constraint if exists lottery_bet_period_id_fkey`.execute(db);
  await sql`
    create or replace function lottery_place_order(
      p_merchant integer, p_member bigint, p_book text, p_game text, p_key text, p_hash text,
      p_wallet bigint, p_house bigint, p_at timestamptz, p_lock_ns integer, p_numeros text[],
      p_bet_types text[], p_selections text[], p_amounts bigint[], p_units integer[],
      p_check_wagering boolean,
      out order_id bigint, out wallet_balance bigint, out bet_ids bigint[])
    language plpgsql volatile as $$
    declare
      v_sold boolean;
      v_owes boolean;
      v_ids bigint[];
      v_open integer;
      v_total bigint;
      v_transfer bigint;
    begin
      select exists (select 1 from lottery_merchant_game
               where merchant_id = p_merchant and game_code = p_game and enabled),
             p_check_wagering and p_book = 'real' and exists (select 1 from wagering_requirement
               where merchant_id = p_merchant and member_id = p_member and completed_at is null)
        into v_sold, v_owes;
      if not v_sold then raise exception 'lottery_game_unknown' using errcode = 'P0001'; end if;
      if v_owes then raise exception 'wagering' using errcode = 'P0001'; end if;
      -- The first period's lock first (a missing period locks nothing and is refused just below).
      perform pg_advisory_xact_lock_shared(p_lock_ns, (select (id % 2147483647)::integer from lottery_period
        where game_code = p_game and numero = p_numeros[1]));
      select array_agg(p.id order by n.ord),
             count(*) filter (where p.state in ('scheduled', 'open') and p.lock_at > p_at
               and (n.ord > 1 or p.open_at <= p_at))
        into v_ids, v_open
        from unnest(p_numeros) with ordinality as n(numero, ord)
        join lottery_period p on p.game_code = p_game and p.numero = n.numero;
      if coalesce(array_length(v_ids, 1), 0) <> array_length(p_numeros, 1) then
        raise exception 'lottery_period_missing' using errcode = 'P0001';
      end if;
      if v_open <> array_length(v_ids, 1) then
        raise exception 'lottery_period_closed' using errcode = 'P0001';
      end if;
      select sum(a * u) * array_length(v_ids, 1) into v_total
        from unnest(p_amounts, p_units) as i(a, u);
      -- A repeated key fails right here, before the wallet is locked.
      insert into ledger_transfer (merchant_id, book, kind, idempotency_scope, idempotency_key, reference,
        created_by, created_at)
      values (p_merchant, p_book, 'lottery_bet', 'lottery_bet', p_member::text || ':' || p_key,
        'lottery:' || p_game || ':' || p_numeros[1], 'member:' || p_member::text, p_at)
      returning id into v_transfer;
      insert into lottery_order (merchant_id, member_id, book, game_code, idempotency_key, request_hash,
        total_stake, transfer_id, created_at)
      values (p_merchant, p_member, p_book, p_game, p_key, p_hash, v_total, v_transfer, p_at)
      returning id into order_id;
      with bets as (
        insert into lottery_bet (order_id, merchant_id, member_id, book, period_id, game_code, numero,
          bet_type, selection, amount, units, stake, wallet_account_id, house_account_id, created_at)
        select order_id, p_merchant, p_member, p_book, v_ids[n.ord], p_game, n.numero, i.bet_type,
          i.selection, i.amount, i.units, i.amount * i.units, p_wallet, p_house, p_at
        from unnest(p_numeros) with ordinality as n(numero, ord)
        cross join unnest(p_bet_types, p_selections, p_amounts, p_units) with ordinality
          as i(bet_type, selection, amount, units, ord)
        order by n.ord, i.ord
        returning id
      )
      select array_agg(id order by id) into bet_ids from bets;
      update ledger_account set balance = balance - v_total
        where id = p_wallet and book = p_book and balance >= v_total returning balance into wallet_balance;
      if not found then raise exception 'insufficient_balance' using errcode = 'P0001'; end if;
      insert into house_pending (account_id, amount) values (p_house, v_total);
      insert into ledger_entry (transfer_id, account_id, amount, balance_after, created_at)
      values (v_transfer, p_wallet, -v_total, wallet_balance, p_at),
             (v_transfer, p_house, v_total, null, p_at);
    end $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function if exists lottery_place_order`.execute(db);
  await sql`alter table lottery_bet add constraint lottery_bet_period_id_fkey foreign key (period_id) references lottery_period(id)`.execute(
    db,
  );
}
