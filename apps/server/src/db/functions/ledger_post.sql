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
-- leg), and each leg's balance after it (and, asked with p_describe, each account's kind and owner) in
-- the order of p_accounts.
create or replace function ledger_post(
  p_merchant integer, p_book text, p_kind text, p_accounts bigint[], p_amounts bigint[],
  p_created_by text, p_at timestamp with time zone, p_scope text default null, p_key text default null,
  p_reference text default null, p_memo text default null, p_transfer bigint default null,
  p_deferred bigint default null, p_figure_member bigint default null, p_figure_kind text default null,
  p_vendor integer default null, p_game text default null, p_product text default null,
  p_describe boolean default false,
  out transfer_id bigint, out balances bigint[], out kinds text[], out owners bigint[])
  returns record
  language plpgsql
as $$
declare
  v_n integer := coalesce(array_length(p_accounts, 1), 0);
  v_sum bigint := 0;
  v_order integer[];
  v_i integer;
  v_j integer;
  v_k integer;
  v_moved integer := 0;
  v_balance bigint;
  v_kind text;
  v_owner bigint;
  v_transfer bigint;
  v_kinds text[];
  v_owners bigint[];
  v_a1 bigint;
  v_a2 bigint;
  v_m1 bigint;
  v_m2 bigint;
  v_b1 bigint;
  v_b2 bigint;
  v_kind1 text;
  v_kind2 text;
  v_owner1 bigint;
  v_owner2 bigint;
  v_au bigint;
  v_mu bigint;
  v_md bigint;
  v_bu bigint;
begin
  -- The checks and the lock order in PL/pgSQL itself, without a query: this runs on every bet.
  if v_n < 2 or v_n <> coalesce(array_length(p_amounts, 1), 0) then
    raise exception 'ledger_post: a transfer needs two legs or more, each with its amount';
  end if;
  if v_n = 2 then
    -- Two legs (nearly every transfer, every bet): the same steps on plain variables, no array built.
    v_a1 := p_accounts[1];
    v_a2 := p_accounts[2];
    v_m1 := p_amounts[1];
    v_m2 := p_amounts[2];
    if v_a1 is null or v_a2 is null or v_m1 is null or v_m1 = 0 then
      raise exception 'ledger_post: a leg of zero, or without an account';
    end if;
    if v_m1 + v_m2 <> 0 then raise exception 'ledger_post: unbalanced transfer'; end if;
    if v_a1 = v_a2 then raise exception 'ledger_post: the same account twice in one transfer'; end if;
    if p_deferred is not null and p_deferred <> v_a1 and p_deferred <> v_a2 then
      raise exception 'ledger_post: the deferred account is not a leg';
    end if;
    if p_deferred is not null then
      -- One leg updated, the other appended (every bet, win, refund, bonus): one statement, in which
      -- nothing is written unless the update was made.
      if p_deferred = v_a1 then
        v_au := v_a2;
        v_mu := v_m2;
        v_md := v_m1;
      else
        v_au := v_a1;
        v_mu := v_m1;
        v_md := v_m2;
      end if;
      with w as (
        update ledger_account set balance = balance + v_mu
        where id = v_au and merchant_id = p_merchant and book = p_book
          and (allow_negative or balance + v_mu >= 0)
        returning balance, kind, owner_member_id
      ), t as (
        insert into ledger_transfer (id, merchant_id, book, kind, idempotency_scope, idempotency_key,
          reference, memo, created_by, created_at)
        overriding system value
        select coalesce(p_transfer, nextval('ledger_transfer_id_seq')), p_merchant, p_book, p_kind, p_scope,
          p_key, p_reference, p_memo, p_created_by, p_at
        from w
        returning id
      ), e as (
        insert into ledger_entry (transfer_id, account_id, amount, balance_after, created_at)
        select t.id, v_a1, v_m1, case when v_a1 = v_au then w.balance end, p_at from t, w
        union all
        select t.id, v_a2, v_m2, case when v_a2 = v_au then w.balance end, p_at from t, w
      ), h as (
        insert into house_pending (account_id, amount, member_id, kind, vendor_id, game, product, at)
        select p_deferred, v_md, p_figure_member, p_figure_kind, p_vendor, p_game, p_product, p_at from t
      )
      select t.id, w.balance, w.kind, w.owner_member_id into v_transfer, v_bu, v_kind1, v_owner1 from t, w;
      if v_transfer is null then return; end if; -- refused: nothing moved, nothing written
      transfer_id := v_transfer;
      if v_au = v_a1 then balances := array[v_bu, null]; else balances := array[null, v_bu]; end if;
      if p_describe then
        kinds := case when v_au = v_a1 then array[v_kind1, null] else array[null, v_kind1] end;
        owners := case when v_au = v_a1 then array[v_owner1, null] else array[null, v_owner1] end;
      end if;
      return;
    end if;
    for v_k in 1 .. 2 loop
      -- The lower account id first.
      if (v_k = 1) = (v_a1 < v_a2) then
        continue when p_deferred = v_a1;
        update ledger_account set balance = balance + v_m1
          where id = v_a1 and merchant_id = p_merchant and book = p_book
            and (allow_negative or balance + v_m1 >= 0)
          returning balance, kind, owner_member_id into v_b1, v_kind1, v_owner1;
        if not found then
          -- Refused: the other leg, if it moved, moves back; nothing is written.
          if v_b2 is not null then update ledger_account set balance = balance - v_m2 where id = v_a2; end if;
          return;
        end if;
      else
        continue when p_deferred = v_a2;
        update ledger_account set balance = balance + v_m2
          where id = v_a2 and merchant_id = p_merchant and book = p_book
            and (allow_negative or balance + v_m2 >= 0)
          returning balance, kind, owner_member_id into v_b2, v_kind2, v_owner2;
        if not found then
          if v_b1 is not null then update ledger_account set balance = balance - v_m1 where id = v_a1; end if;
          return;
        end if;
      end if;
    end loop;
    if p_transfer is null then
      insert into ledger_transfer (merchant_id, book, kind, idempotency_scope, idempotency_key, reference,
        memo, created_by, created_at)
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
    values (v_transfer, v_a1, v_m1, v_b1, p_at), (v_transfer, v_a2, v_m2, v_b2, p_at);
    if p_deferred is not null then
      insert into house_pending (account_id, amount, member_id, kind, vendor_id, game, product, at)
      values (p_deferred, case when p_deferred = v_a1 then v_m1 else v_m2 end, p_figure_member, p_figure_kind,
        p_vendor, p_game, p_product, p_at);
    end if;
    transfer_id := v_transfer;
    balances := array[v_b1, v_b2];
    if p_describe then
      kinds := array[v_kind1, v_kind2];
      owners := array[v_owner1, v_owner2];
    end if;
    return;
  end if;
  -- Three legs or more: the checks, and the legs sorted by account id (the lock order).
  v_order := array_fill(0, array[v_n]);
  for v_i in 1 .. v_n loop
    if p_amounts[v_i] is null or p_amounts[v_i] = 0 or p_accounts[v_i] is null then
      raise exception 'ledger_post: a leg of zero, or without an account';
    end if;
    v_sum := v_sum + p_amounts[v_i];
    v_j := v_i - 1;
    while v_j >= 1 and p_accounts[v_order[v_j]] >= p_accounts[v_i] loop
      if p_accounts[v_order[v_j]] = p_accounts[v_i] then
        raise exception 'ledger_post: the same account twice in one transfer';
      end if;
      v_order[v_j + 1] := v_order[v_j];
      v_j := v_j - 1;
    end loop;
    v_order[v_j + 1] := v_i;
  end loop;
  if v_sum <> 0 then raise exception 'ledger_post: unbalanced transfer'; end if;
  if p_deferred is not null and array_position(p_accounts, p_deferred) is null then
    raise exception 'ledger_post: the deferred account is not a leg';
  end if;
  balances := array_fill(null::bigint, array[v_n]);
  if p_describe then
    v_kinds := array_fill(null::text, array[v_n]);
    v_owners := array_fill(null::bigint, array[v_n]);
  end if;
  for v_k in 1 .. v_n loop
    v_i := v_order[v_k];
    continue when p_accounts[v_i] = p_deferred;
    update ledger_account set balance = balance + p_amounts[v_i]
      where id = p_accounts[v_i] and merchant_id = p_merchant and book = p_book
        and (allow_negative or balance + p_amounts[v_i] >= 0)
      returning balance, kind, owner_member_id into v_balance, v_kind, v_owner;
    if not found then
      -- Refused: what already moved moves back (rows this transaction holds), and nothing is written.
      for v_j in 1 .. v_moved loop
        v_i := v_order[v_j];
        continue when p_accounts[v_i] = p_deferred;
        update ledger_account set balance = balance - p_amounts[v_i] where id = p_accounts[v_i];
      end loop;
      transfer_id := null;
      balances := null;
      return;
    end if;
    balances[v_i] := v_balance;
    if p_describe then
      v_kinds[v_i] := v_kind;
      v_owners[v_i] := v_owner;
    end if;
    v_moved := v_k;
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
  select v_transfer, a, m, b, p_at from unnest(p_accounts, p_amounts, balances) as l(a, m, b);
  if p_deferred is not null then
    insert into house_pending (account_id, amount, member_id, kind, vendor_id, game, product, at)
    values (p_deferred, p_amounts[array_position(p_accounts, p_deferred)], p_figure_member, p_figure_kind,
      p_vendor, p_game, p_product, p_at);
  end if;
  transfer_id := v_transfer;
  kinds := v_kinds;
  owners := v_owners;
end
$$
