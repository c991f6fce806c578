create or replace function promotion_claim_reward(
  p_merchant integer, p_member bigint, p_claim bigint, p_at timestamp with time zone, p_shards integer)
  returns setof promotion_claim
  language plpgsql
as $$
declare
  v_transfer bigint := nextval('ledger_transfer_id_seq');
begin
  -- One update of the claim (a second would re-check its foreign keys: row locks on shared rows).
  update promotion_claim set status = 'claimed', transfer_id = v_transfer, updated_at = p_at
    where id = p_claim and merchant_id = p_merchant and member_id = p_member and status = 'issued'
      and (expires_at is null or expires_at > p_at);
  if not found then raise exception 'reward_not_claimable' using errcode = 'P0001'; end if;
  perform promotion_pay(p_claim, v_transfer, p_at, p_shards, false);
  return query select * from promotion_claim where id = p_claim;
end
$$
