create or replace function notify_member_mail()
  returns trigger
  language plpgsql
as $$
begin
  if exists (select 1 from member_stream where member_id = new.member_id) then
    perform pg_notify('member_events', json_build_object('t', 'mail', 'm', new.member_id::text)::text);
  end if;
  return null;
end
$$
