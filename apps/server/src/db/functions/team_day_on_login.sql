create or replace function team_day_on_login()
  returns trigger
  language plpgsql
as $$
declare
  v_tz text;
  v_day date;
begin
  select merchant_time_zone(settings) into v_tz from merchant where id = new.merchant_id;
  v_day := (new.last_login_at at time zone v_tz)::date;
  if old.last_login_at is not null and (old.last_login_at at time zone v_tz)::date >= v_day then
    return null;
  end if;
  insert into team_day (merchant_id, agent_id, day, logins)
  select new.merchant_id, a.agent_id, v_day, 1
  from unnest(path_ancestors(new.path)) as a(agent_id)
  order by a.agent_id
  on conflict (agent_id, day) do update set logins = team_day.logins + 1;
  return null;
end
$$
