-- A lottery order, whole, in one call (lottery.bets.ts): its periods held shared (a draw or a site's
-- cancel of one waits for the orders in flight), checked open and sold here, the stake posted through
-- ledger_post (the house shard's leg appended), the order and its bets written. Once per (member, key): the
-- key's record is claimed first; a refusal for want of balance is stored as the key's answer and the call
-- returns no order. Other refusals abort the call (SQLSTATE P0001, the message is the reason).
create or replace function lottery_place_order(
  p_merchant integer, p_member bigint, p_book text, p_game text, p_key text, p_hash text,
  p_wallet bigint, p_house bigint, p_at timestamp with time zone, p_lock_ns integer, p_numeros text[],
  p_bet_types text[], p_selections text[], p_amounts bigint[], p_units integer[], p_fast boolean,
  out order_id bigint, out wallet_balance bigint, out bet_ids bigint[])
  returns record
  language plpgsql
as $$
declare
  v_sold boolean;
  v_checks boolean;
  v_ids bigint[];
  v_open integer;
  v_total bigint;
  v_transfer bigint;
  v_post record;
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
  -- Every period of the order is held shared, in id order: a draw, or a site's cancel, takes one alone
  -- and so waits for the orders in flight, and the orders after it see what it did.
  perform pg_advisory_xact_lock_shared(p_lock_ns, (p.id % 2147483647)::integer)
    from lottery_period p where p.game_code = p_game and p.numero = any(p_numeros) order by p.id;
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
  if exists (select 1 from lottery_period_cancel where merchant_id = p_merchant and period_id = any(v_ids)) then
    raise exception 'lottery_period_cancelled' using errcode = 'P0001';
  end if;
  select sum(a * u) * array_length(v_ids, 1) into v_total
    from unnest(p_amounts, p_units) as i(a, u);
  v_post := ledger_post(p_merchant, p_book, 'lottery_bet', array[p_wallet, p_house],
    array[-v_total, v_total], 'member:' || p_member::text, p_at,
    p_scope => 'lottery_bet', p_key => p_member::text || ':' || p_key,
    p_reference => 'lottery:' || p_game || ':' || p_numeros[1], p_deferred => p_house,
    p_figure_member => case when p_book = 'real' then p_member end, p_figure_kind => 'bet',
    p_product => 'lottery');
  if v_post.transfer_id is null then
    update idempotency_record set status_code = 409,
      response = '{"success":false,"code":"insufficient_balance","message":"Insufficient balance"}'::jsonb
      where merchant_id = p_merchant and scope = 'lottery.bet:' || p_member::text and key = p_key;
    return;
  end if;
  v_transfer := v_post.transfer_id;
  wallet_balance := v_post.balances[1];
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
end
$$
