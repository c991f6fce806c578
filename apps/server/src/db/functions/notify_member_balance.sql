create or replace function notify_member_balance()
  returns trigger
  language plpgsql
as $$
begin
  if exists (select 1 from member_stream where member_id = new.owner_member_id) then
    perform pg_notify('member_events', json_build_object('t', 'balance', 'm', new.owner_member_id::text,
      'book', new.book, 'currency', new.currency,
      'balance', (new.balance::numeric / 100)::numeric(20, 2)::text)::text);
  end if;
  return null;
end
$$
