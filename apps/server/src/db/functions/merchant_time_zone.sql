create or replace function merchant_time_zone(p_settings jsonb)
  returns text
  language plpgsql stable
as $$
declare
  v_zone text := p_settings->>'timeZone';
begin
  if v_zone is null or v_zone = '' then return 'UTC'; end if;
  perform now() at time zone v_zone;
  return v_zone;
exception when others then
  return 'UTC';
end
$$
