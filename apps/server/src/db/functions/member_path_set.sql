create or replace function member_path_set()
  returns trigger
  language plpgsql
as $$
declare
  v_path text;
  v_merchant integer;
begin
  if tg_op = 'UPDATE' and new.upline_id is not distinct from old.upline_id then
    -- The path follows the upline alone: only the rewrite of a moved subtree (one trigger level
    -- down) may set it; any other change of it is undone.
    if pg_trigger_depth() < 2 then new.path := old.path; end if;
    return new;
  end if;
  if new.upline_id is not null then
    select path, merchant_id into v_path, v_merchant from member where id = new.upline_id;
    if v_path is null then raise exception 'member_upline_unknown' using errcode = 'P0001'; end if;
    if v_merchant <> new.merchant_id then
      raise exception 'member_upline_other_merchant' using errcode = 'P0001';
    end if;
    if tg_op = 'UPDATE' and v_path like old.path || '%' then
      raise exception 'member_upline_cycle' using errcode = 'P0001';
    end if;
  end if;
  new.path := coalesce(v_path, '/') || new.id::text || '/';
  return new;
end
$$
