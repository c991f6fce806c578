-- Raises what a repeat of a vendor transaction raises (unique_violation on vendor_transaction_id) when
-- the tx id is taken already; game_wallet_bet asks it before answering a refusal, so that a repeat is
-- answered as the first was.
create or replace function game_wallet_repeat(p_vendor integer, p_tx text)
  returns void
  language plpgsql
as $$
begin
  if exists (select 1 from vendor_transaction where vendor_id = p_vendor and vendor_tx_id = p_tx) then
    raise exception 'duplicate' using errcode = '23505', constraint = 'vendor_transaction_id';
  end if;
end
$$
