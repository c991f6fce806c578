import { sql, type Kysely } from 'kysely';

/**
 * Issue 22 item 1, the rest of the limits: loss and wager limits (money, over the same rolling spans as
 * deposits) and a session limit (minutes; span 'session'), in the same table and with the same
 * cooling-off rules.
 *
 * Enforcement. A bet of a member who owes turnover already left the one-statement fast path for a
 * transaction that counts it; a member with a loss, wager or session limit now takes that path too,
 * where the limits are checked with the member's row locked (protection/play-limits.ts), so that
 * parallel bets are counted one after another. The fast path pays one index probe for it. Both bet
 * functions raise 'bet_checks' (it was 'wagering') and lottery_place_order's p_check_wagering becomes
 * p_fast: "the caller has not run the checks; refuse if any is needed".
 *
 * The spans are counted from the wallet's ledger entries by time: ledger_entry gets an index on
 * (account_id, created_at).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table protection_limit drop constraint if exists protection_limit_kind_check`.execute(db);
  await sql`alter table protection_limit drop constraint if exists protection_limit_span_check`.execute(db);
  await sql`alter table protection_limit add constraint protection_limit_kind_check
    check (kind in ('deposit', 'loss', 'wager', 'session'))`.execute(db);
  await sql`alter table protection_limit add constraint protection_limit_span_check
    check (span in ('day', 'week', 'month', 'session') and (kind = 'session') = (span = 'session'))`.execute(
    db,
  );
  await sql`create index if not exists ledger_entry_account_time on ledger_entry (account_id, created_at)`.execute(
    db,
  );

  // As in 0012, with the checks' test widened to the play limits.
  await sql`
    create or replace function game_wallet_bet(
      p_merchant integer, p_vendor integer, p_vendor_code text, p_tx text, p_round text, p_game text,
      p_member bigint, p_book text, p_amount bigint, p_hash text, p_wallet bigint, p_house bigint,
      p_at timestamptz, out transfer_id bigint, out wallet_balance bigint)
    language plpgsql volatile as $$
    begin
      if p_book = 'real' and (
          exists (select 1 from wagering_requirement
            where merchant_id = p_merchant and member_id = p_member and completed_at is null)
          or exists (select 1 from protection_limit
            where member_id = p_member and kind in ('loss', 'wager', 'session') and amount is not null)) then
        raise exception 'bet_checks' using errcode = 'P0001';
      end if;
      insert into ledger_transfer (merchant_id, book, kind, idempotency_scope, idempotency_key, reference,
        created_by, created_at)
      values (p_merchant, p_book, 'bet', 'vendor:' || p_vendor_code, p_tx,
        'round:' || p_vendor_code || ':' || p_round, 'vendor:' || p_vendor_code, p_at)
      returning id into transfer_id;
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
      insert into vendor_transaction (merchant_id, vendor_id, vendor_tx_id, kind, round_id, game_code,
        member_id, book, amount, status, request_hash, transfer_id, answer, created_at)
      values (p_merchant, p_vendor, p_tx, 'bet', p_round, p_game, p_member, p_book, p_amount, 'applied',
        p_hash, transfer_id,
        jsonb_build_object('balance', wallet_balance::text, 'transactionId', transfer_id::text), p_at);
    end $$`.execute(db);

  // As in 0018, with p_check_wagering renamed p_fast and the checks' test widened to the play limits.
  await sql`drop function if exists lottery_place_order(integer, bigint, text, text, text, text, bigint,
    bigint, timestamptz, integer, text[], text[], text[], bigint[], integer[], boolean)`.execute(db);
  await sql`
    create function lottery_place_order(
      p_merchant integer, p_member bigint, p_book text, p_game text, p_key text, p_hash text,
      p_wallet bigint, p_house bigint, p_at timestamptz, p_lock_ns integer, p_numeros text[],
      p_bet_types text[], p_selections text[], p_amounts bigint[], p_units integer[],
      p_fast boolean,
      out order_id bigint, out wallet_balance bigint, out bet_ids bigint[])
    language plpgsql volatile as $$
    declare
      v_sold boolean;
      v_checks boolean;
      v_ids bigint[];
      v_open integer;
      v_total bigint;
      v_transfer bigint;
    begin
      select exists (select 1 from lottery_merchant_game
               where merchant_id = p_merchant and game_code = p_game and enabled),
             p_fast and p_book = 'real' and (
               exists (select 1 from wagering_requirement
                 where merchant_id = p_merchant and member_id = p_member and completed_at is null)
               or exists (select 1 from protection_limit
                 where member_id = p_member and kind in ('loss', 'wager', 'session') and amount is not null))
        into v_sold, v_checks;
      if not v_sold then raise exception 'lottery_game_unknown' using errcode = 'P0001'; end if;
      if v_checks then raise exception 'bet_checks' using errcode = 'P0001'; end if;
      insert into idempotency_record (merchant_id, scope, key, request_hash, status_code, response, created_at)
      values (p_merchant, 'lottery.bet:' || p_member::text, p_key, p_hash, 200, 'null'::jsonb, p_at)
      on conflict do nothing;
      if not found then raise exception 'idempotency_replay' using errcode = 'P0001'; end if;
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
  // The previous functions are migrations 0012's and 0018's; going back means running their up() again.
}
