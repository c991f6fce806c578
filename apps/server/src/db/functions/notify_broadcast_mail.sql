create or replace function notify_broadcast_mail()
  returns trigger
  language plpgsql
as $$
begin
  perform pg_notify('member_events', json_build_object('t', 'mail', 'merchant', new.merchant_id)::text);
  return null;
end
$$
