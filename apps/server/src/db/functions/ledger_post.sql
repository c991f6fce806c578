-- The one posting path: every transfer the ledger takes, one at a time, is written here — by the wallet
-- module's postTransfer and by the functions that move money (game_wallet_bet, lottery_place_order,
-- promotion_pay). The set-based runs write the same rows in one statement (wallet/post-run.ts).
--
-- The legs: p_accounts[i] moves by p_amounts[i] (signed minor units, summing to zero). Each balance is one
-- conditional update (never below zero unless the account allows it), taken in account-id order: the one
-- lock order for wallets, so two transfers on the same accounts cannot deadlock. The leg of p_deferred (a
-- house or promotion shard every bet would otherwise queue on) updates no row: it is appended to
-- house_pending with whose figure it is (p_figure_*), and rolled up later (house-rollup.ts).
--
-- Refused — a leg that would go below zero, or an account of another merchant or book — it returns a null
-- transfer_id and leaves every balance as it found it (the legs already moved are moved back: their rows
-- are this transaction's); the caller answers the refusal. Otherwise the transfer (p_transfer: an id the
-- caller drew from the sequence, or a new one), every leg's entry (balance_after null on the deferred
-- leg), and each leg's balance after it, account kind and owner, in the order of p_accounts.
create or replace function ledger_post(
  p_merchant integer, p_book text, p_kind text, p_accounts bigint[], p_amounts bigint[],
  p_created_by text, p_at timestamp with time zone, p_scope text default null, p_key text default null,
  p_reference text default null, p_memo text default null, p_transfer bigint default null,
  p_deferred bigint default null, p_figure_member bigint default null, p_figure_kind text default null,
  p_vendor integer default null, p_game text default null, p_product text default null,
  out transfer_id bigint, out balances bigint[], out kinds text[], out owners bigint[])
  returns record
  language plpgsql
as $$
declare
  v_n integer := coalesce(array_length(p_accounts, 1), 0);
  v_i integer;
  v_moved integer[] := '{}';
  v_balance bigint;
  v_kind text;
  v_owner bigint;
  v_transfer bigint;
begin
  if v_n < 2 or v_n <> coalesce(array_length(p_amounts, 1), 0) then
    raise exception 'ledger_post: a transfer needs two legs or more, each with its amount';
  end if;
  if (select sum(a) from unnest(p_amounts) a) <> 0 then
    raise exception 'ledger_post: unbalanced transfer';
  end if;
  if 0 = any(p_amounts) then raise exception 'ledger_post: a leg of zero'; end if;
  if (select count(distinct a) from unnest(p_accounts) a) <> v_n then
    raise exception 'ledger_post: the same account twice in one transfer';
  end if;
  if p_deferred is not null and not p_deferred = any(p_accounts) then
    raise exception 'ledger_post: the deferred account is not a leg';
  end if;
  balances := array_fill(null::bigint, array[v_n]);
  kinds := array_fill(null::text, array[v_n]);
  owners := array_fill(null::bigint, array[v_n]);
  for v_i in select x.o::integer from unnest(p_accounts) with ordinality as x(a, o) order by x.a loop
    continue when p_accounts[v_i] = p_deferred;
    update ledger_account set balance = balance + p_amounts[v_i]
      where id = p_accounts[v_i] and merchant_id = p_merchant and book = p_book
        and (allow_negative or balance + p_amounts[v_i] >= 0)
      returning balance, kind, owner_member_id into v_balance, v_kind, v_owner;
    if not found then
      foreach v_i in array v_moved loop
        update ledger_account set balance = balance - p_amounts[v_i] where id = p_accounts[v_i];
      end loop;
      transfer_id := null;
      balances := null;
      kinds := null;
      owners := null;
      return;
    end if;
    balances[v_i] := v_balance;
    kinds[v_i] := v_kind;
    owners[v_i] := v_owner;
    v_moved := v_moved || v_i;
  end loop;
  if p_transfer is null then
    insert into ledger_transfer (merchant_id, book, kind, idempotency_scope, idempotency_key, reference, memo,
      created_by, created_at)
    values (p_merchant, p_book, p_kind, p_scope, p_key, p_reference, p_memo, p_created_by, p_at)
    returning id into v_transfer;
  else
    insert into ledger_transfer (id, merchant_id, book, kind, idempotency_scope, idempotency_key, reference,
      memo, created_by, created_at)
    overriding system value
    values (p_transfer, p_merchant, p_book, p_kind, p_scope, p_key, p_reference, p_memo, p_created_by, p_at);
    v_transfer := p_transfer;
  end if;
  insert into ledger_entry (transfer_id, account_id, amount, balance_after, created_at)
  select v_transfer, p_accounts[o], p_amounts[o], balances[o], p_at from generate_subscripts(p_accounts, 1) o;
  if p_deferred is not null then
    insert into house_pending (account_id, amount, member_id, kind, vendor_id, game, product, at)
    values (p_deferred, p_amounts[array_position(p_accounts, p_deferred)], p_figure_member, p_figure_kind,
      p_vendor, p_game, p_product, p_at);
  end if;
  transfer_id := v_transfer;
end
$$
