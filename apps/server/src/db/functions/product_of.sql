create or replace function product_of(p_vendor integer, p_game text)
  returns text
  language sql stable
as $$
select coalesce((
  select case v.category
           when 'LIVE' then 'live' when 'SPORTS' then 'sports' when 'FISH' then 'fishing'
           when 'PVP' then 'cards' when 'COCKFIGHT' then 'cockfight' when 'ESPORTS' then 'esports'
           when 'LOTT' then 'lottery' else 'slots' end
  from game g join vendor v on v.code = g.vendor_code
  left join game_vendor gv on gv.id = p_vendor
  where g.game_id = p_game
  order by (v.wallet_vendor_code is not distinct from gv.code) desc
  limit 1), 'slots')
$$
