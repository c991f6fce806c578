-- A seamless-wallet bet, whole, in one autocommitted call (game-wallet.repository.ts betStatement): the
-- wallet's row is locked only inside the database, never across a round trip to the API. A refusal aborts
-- the call, so nothing is written (SQLSTATE P0001, the message is the reason): 'bet_checks' (the member
-- owes turnover or has a wager, loss or session limit: the caller takes the transactional path that
-- checks them), 'round_closed', 'insufficient_funds'; a tx id already taken fails on the vendor
-- transaction's id (a repeat, or a rollback's tombstone), which the caller answers as a repeat.
--
-- A repeat is found without a lookup on the way of every bet: its transfer's idempotency key (or its
-- vendor transaction's id) is taken, so the call fails on that unique key and nothing it did stays. Only
-- before a refusal (the round closed since, the wallet spent since) is it looked up, so that a repeat is
-- answered as the first and never refused (game_wallet_repeat).
--
-- Locks in the one order: the round (a repeat of the same bet waits here for the first), then the wallet
-- (ledger_post); the house shard's leg is appended, not locked.
create or replace function game_wallet_bet(
  p_merchant integer, p_vendor integer, p_vendor_code text, p_tx text, p_round text, p_game text,
  p_member bigint, p_book text, p_amount bigint, p_hash text, p_wallet bigint, p_house bigint,
  p_at timestamp with time zone, out transfer_id bigint, out wallet_balance bigint)
  returns record
  language plpgsql
as $$
declare
  v_post record;
begin
  if p_book = 'real' and (
      exists (select 1 from wagering_requirement
        where merchant_id = p_merchant and member_id = p_member and completed_at is null)
      or exists (select 1 from protection_limit
        where member_id = p_member and kind in ('loss', 'wager', 'session') and amount is not null)) then
    raise exception 'bet_checks' using errcode = 'P0001';
  end if;
  insert into game_round (merchant_id, vendor_id, round_id, member_id, book, game_code, bet_total,
    win_total, refund_total, status, started_at, updated_at)
  values (p_merchant, p_vendor, p_round, p_member, p_book, p_game, p_amount, 0, 0, 'open', p_at, p_at)
  on conflict (vendor_id, round_id) do update set
    bet_total = game_round.bet_total + excluded.bet_total,
    game_code = coalesce(game_round.game_code, excluded.game_code),
    updated_at = excluded.updated_at
  where game_round.member_id = excluded.member_id and game_round.status = 'open';
  if not found then
    perform game_wallet_repeat(p_vendor, p_tx);
    raise exception 'round_closed' using errcode = 'P0001';
  end if;
  v_post := ledger_post(p_merchant, p_book, 'bet', array[p_wallet, p_house],
    array[-p_amount, p_amount], 'vendor:' || p_vendor_code, p_at,
    p_scope => 'vendor:' || p_vendor_code, p_key => p_tx,
    p_reference => 'round:' || p_vendor_code || ':' || p_round,
    p_deferred => p_house, p_figure_member => case when p_book = 'real' then p_member end,
    p_figure_kind => 'bet', p_vendor => p_vendor, p_game => p_game);
  if v_post.transfer_id is null then
    perform game_wallet_repeat(p_vendor, p_tx);
    raise exception 'insufficient_funds' using errcode = 'P0001';
  end if;
  insert into vendor_transaction (merchant_id, vendor_id, vendor_tx_id, kind, round_id, game_code,
    member_id, book, amount, status, request_hash, transfer_id, answer, created_at)
  values (p_merchant, p_vendor, p_tx, 'bet', p_round, p_game, p_member, p_book, p_amount, 'applied',
    p_hash, v_post.transfer_id,
    jsonb_build_object('balance', v_post.balances[1]::text, 'transactionId', v_post.transfer_id::text), p_at);
  transfer_id := v_post.transfer_id;
  wallet_balance := v_post.balances[1];
end
$$
