create or replace function lock_member_identities(p_member bigint, p_scope text)
  returns void
  language plpgsql
as $$
declare
  k bigint;
begin
  for k in
    select distinct hashtextextended(p_scope || '|' || ids.v, 0) from (
      select 'address:' || register_ip::text as v from member
        where id = p_member and register_ip is not null
      union all
      select 'payee:' || lower(payee_name) from member where id = p_member and payee_name is not null
      union all
      select 'device:' || device from member_session where member_id = p_member and device is not null
      union all
      select 'card:' || card_hash from member_bank_card where member_id = p_member
    ) ids
    order by 1
  loop
    perform pg_advisory_xact_lock(k);
  end loop;
end
$$
