import { sql, type Kysely } from 'kysely';

/**
 * Issue 22 item 7: a lottery order keeps the idempotency promise every money route keeps.
 * - The key is claimed first, in `idempotency_record` (scope `lottery.bet:<member>`), by the same statement
 *   that moves the money: a concurrent duplicate waits on the claim and then replays.
 * - A refusal for want of balance is an answer too: the function stores it under the key (status 409) and
 *   returns no order, instead of raising (which would roll the claim back), so that the same key after a
 *   top-up gets the same refusal and never debits.
 * - The wallet is debited before the order is written, so that a refusal writes nothing else.
 * The record's foreign key to the merchant goes (merchants are never deleted): every bet would take a
 * KEY SHARE lock on its merchant's row, the queue migration 0012 removed from the per-bet tables.
 * Refusals that depend on the moment (the period closed, a period to create, turnover to count) still
 * raise: they roll the claim back and the caller retries or refuses without storing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table idempotency_record drop constraint if exists idempotency_record_merchant_id_fkey`.execute(
    db,
  );
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
      -- The key first: a repeat (or a concurrent duplicate, once the first commits) stops here.
      insert into idempotency_record (merchant_id, scope, key, request_hash, status_code, response, created_at)
      values (p_merchant, 'lottery.bet:' || p_member::text, p_key, p_hash, 200, 'null'::jsonb, p_at)
      on conflict do nothing;
      if not found then raise exception 'idempotency_replay' using errcode = 'P0001'; end if;
      -- The first period's lock (a missing period locks nothing and is refused just below).
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
      update ledger_account set balance = balance - v_total
        where id = p_wallet and book = p_book and balance >= v_total returning balance into wallet_balance;
      if not found then
        update idempotency_record set status_code = 409,
          response = '{"success":false,"code":"insufficient_balance","message":"Insufficient balance"}'::jsonb
          where merchant_id = p_merchant and scope = 'lottery.bet:' || p_member::text and key = p_key;
        return;
      end if;
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
      insert into house_pending (account_id, amount) values (p_house, v_total);
      insert into ledger_entry (transfer_id, account_id, amount, balance_after, created_at)
      values (v_transfer, p_wallet, -v_total, wallet_balance, p_at),
             (v_transfer, p_house, v_total, null, p_at);
    end $$`.execute(db);
}

export async function down(): Promise<void> {
  // The previous function is migration 0015's; going back means running its up() again.
}
