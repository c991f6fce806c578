create or replace function member_links(p_member bigint)
  returns table (member_id bigint, via text)
  language sql stable
as $$
with me as (select id, merchant_id, register_ip, lower(payee_name) as payee from member where id = p_member)
select m.id, 'address' from me
  join member m on m.merchant_id = me.merchant_id and m.register_ip = me.register_ip and m.id <> me.id
  where me.register_ip is not null
union
select s2.member_id, 'device' from me
  join member_session s1 on s1.member_id = me.id and s1.device is not null
  join member_session s2 on s2.merchant_id = me.merchant_id and s2.device = s1.device
    and s2.member_id <> me.id
union
select m.id, 'payee' from me
  join member m on m.merchant_id = me.merchant_id and lower(m.payee_name) = me.payee and m.id <> me.id
  where me.payee is not null
union
select c2.member_id, 'card' from me
  join member_bank_card c1 on c1.member_id = me.id
  join member_bank_card c2 on c2.merchant_id = me.merchant_id and c2.card_hash = c1.card_hash
    and c2.member_id <> me.id
$$
