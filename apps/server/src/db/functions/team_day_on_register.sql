create or replace function team_day_on_register()
  returns trigger
  language plpgsql
as $$
begin
  insert into team_day (merchant_id, agent_id, day, registrations)
  select n.merchant_id, a.agent_id, (n.created_at at time zone merchant_time_zone(mc.settings))::date,
    count(*)
  from team_member_new n join merchant mc on mc.id = n.merchant_id
  cross join lateral unnest(path_ancestors(n.path)) as a(agent_id)
  group by 1, 2, 3
  order by 2, 3
  on conflict (agent_id, day) do update set registrations = team_day.registrations + excluded.registrations;
  return null;
end
$$
