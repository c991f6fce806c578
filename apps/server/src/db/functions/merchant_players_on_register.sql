create or replace function merchant_players_on_register()
  returns trigger
  language plpgsql
as $$
begin
  insert into merchant_players (merchant_id, day, shard, registrations)
  select n.merchant_id, (n.created_at at time zone merchant_time_zone(mc.settings))::date,
    (n.id % 16)::smallint, count(*)
  from merchant_member_new n join merchant mc on mc.id = n.merchant_id
  where n.type < 90
  group by 1, 2, 3
  order by 1, 2, 3
  on conflict (merchant_id, day, shard) do update set
    registrations = merchant_players.registrations + excluded.registrations;
  return null;
end
$$
