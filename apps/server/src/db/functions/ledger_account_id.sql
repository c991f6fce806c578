create or replace function ledger_account_id(
  p_merchant integer, p_book text, p_kind text, p_owner bigint, p_ref text, p_currency text,
  p_allow_negative boolean)
  returns bigint
  language plpgsql
as $$
declare
  v_id bigint;
begin
  select id into v_id from ledger_account
    where merchant_id = p_merchant and book = p_book and kind = p_kind
      and coalesce(owner_member_id, 0) = coalesce(p_owner, 0) and ref = p_ref and currency = p_currency;
  if found then return v_id; end if;
  insert into ledger_account (merchant_id, book, kind, owner_member_id, ref, currency, allow_negative)
    values (p_merchant, p_book, p_kind, p_owner, p_ref, p_currency, p_allow_negative)
    on conflict (merchant_id, book, kind, coalesce(owner_member_id, 0), ref, currency) do nothing;
  select id into strict v_id from ledger_account
    where merchant_id = p_merchant and book = p_book and kind = p_kind
      and coalesce(owner_member_id, 0) = coalesce(p_owner, 0) and ref = p_ref and currency = p_currency;
  return v_id;
end
$$
