create or replace function promotion_eligible(
  p_promotion bigint, p_member bigint, p_at timestamp with time zone)
  returns boolean
  language plpgsql stable
as $$
declare
  e jsonb;
  v_code text;
  v_merchant integer;
  m record;
  v_deposits bigint;
begin
  select eligibility, code, merchant_id into e, v_code, v_merchant from promotion where id = p_promotion;
  if not found then return false; end if;
  select created_at, vip_level, path into m from member where id = p_member and merchant_id = v_merchant;
  if not found then return false; end if;
  if e ? 'newPlayersDays'
    and m.created_at < p_at - make_interval(days => (e->>'newPlayersDays')::integer) then
    return false;
  end if;
  if e ? 'vipLevels' and not exists (
    select 1 from jsonb_array_elements_text(e->'vipLevels') l where l::integer = m.vip_level) then
    return false;
  end if;
  if e ? 'depositsMin' or e ? 'depositsMax' then
    select count(*) into v_deposits from deposit_order where member_id = p_member and status = 'paid';
    if v_deposits < coalesce((e->>'depositsMin')::bigint, 0)
      or v_deposits > coalesce((e->>'depositsMax')::bigint, v_deposits) then
      return false;
    end if;
  end if;
  if e ? 'agents' and not exists (
    select 1 from member a
    where a.merchant_id = v_merchant and a.username in (select jsonb_array_elements_text(e->'agents'))
      and m.path like a.path || '%' and m.path <> a.path) then
    return false;
  end if;
  -- Mutual exclusions, both ways: an open bonus of a promotion this one excludes, or of one that
  -- excludes this one.
  if exists (
    select 1 from promotion x
    join promotion_claim c on c.promotion_id = x.id and c.member_id = p_member
    join wagering_requirement w on w.merchant_id = v_merchant and w.source = 'promotion'
      and w.source_ref = c.id::text and w.completed_at is null and w.forfeited_at is null
    where x.merchant_id = v_merchant and x.id <> p_promotion
      and (x.code in (select jsonb_array_elements_text(coalesce(e->'excludes', '[]')))
        or coalesce(x.eligibility->'excludes', '[]') ? v_code)) then
    return false;
  end if;
  return true;
end
$$
