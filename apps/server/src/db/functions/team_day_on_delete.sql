-- After delete on member_day: takes the rows and bettors from team_day for every agent above each member.
create or replace function team_day_on_delete()
  returns trigger
  language plpgsql set jit = off set work_mem = '32MB'
as $$
begin
  with d as (
    select member_id, day, -bets as bets, -refunds as refunds, -wins as wins, -bonuses as bonuses,
      -rebates as rebates, -commissions as commissions, -deposits as deposits, -withdrawals as withdrawals,
      -bet_count as bet_count, -deposit_count as deposit_count, -withdrawal_count as withdrawal_count,
      -first_deposits as first_deposits
    from team_day_old),
  g as (
    select d.member_id, d.day, sum(d.bets) as bets, sum(d.refunds) as refunds, sum(d.wins) as wins,
      sum(d.bonuses) as bonuses, sum(d.rebates) as rebates, sum(d.commissions) as commissions,
      sum(d.deposits) as deposits, sum(d.withdrawals) as withdrawals, sum(d.bet_count) as bet_count,
      sum(d.deposit_count) as deposit_count, sum(d.withdrawal_count) as withdrawal_count,
      sum(d.first_deposits) as first_deposits
    from d group by d.member_id, d.day
  ),
  -- The member's bets of the day over every product after the change (only when it bet or undid one).
  b as materialized (
    select g.*,
      case when g.bet_count = 0 then 0
        else (select coalesce(sum(x.bet_count), 0) from member_day x
          where x.member_id = g.member_id and x.day = g.day) end as after_count
    from g
  ),
  p as (
    select m.upline_id as parent, b.day, sum(b.bets) as bets, sum(b.refunds) as refunds, sum(b.wins) as wins,
      sum(b.bonuses) as bonuses, sum(b.rebates) as rebates, sum(b.commissions) as commissions,
      sum(b.deposits) as deposits, sum(b.withdrawals) as withdrawals, sum(b.bet_count) as bet_count,
      sum(b.deposit_count) as deposit_count, sum(b.withdrawal_count) as withdrawal_count,
      sum(b.first_deposits) as first_deposits,
      sum((b.after_count > 0)::int - (b.after_count - b.bet_count > 0)::int) as bettors
    from b join member m on m.id = b.member_id
    where m.upline_id is not null
    group by m.upline_id, b.day
  )
  insert into team_day (merchant_id, agent_id, day, bets, refunds, wins, bonuses, rebates, commissions,
    deposits, withdrawals, bet_count, deposit_count, withdrawal_count, first_deposits, bettors)
  select * from (
    select u.merchant_id, a.agent_id, p.day, sum(p.bets), sum(p.refunds), sum(p.wins), sum(p.bonuses),
      sum(p.rebates), sum(p.commissions), sum(p.deposits), sum(p.withdrawals), sum(p.bet_count),
      sum(p.deposit_count), sum(p.withdrawal_count), sum(p.first_deposits), sum(p.bettors)
    from p join member u on u.id = p.parent
    cross join lateral unnest(string_to_array(btrim(u.path, '/'), '/')::bigint[]) as a(agent_id)
    group by u.merchant_id, a.agent_id, p.day
  ) x
  order by 2, 3
  on conflict (agent_id, day) do update set
    bets = team_day.bets + excluded.bets, refunds = team_day.refunds + excluded.refunds,
    wins = team_day.wins + excluded.wins, bonuses = team_day.bonuses + excluded.bonuses,
    rebates = team_day.rebates + excluded.rebates, commissions = team_day.commissions + excluded.commissions,
    deposits = team_day.deposits + excluded.deposits,
    withdrawals = team_day.withdrawals + excluded.withdrawals,
    bet_count = team_day.bet_count + excluded.bet_count,
    deposit_count = team_day.deposit_count + excluded.deposit_count,
    withdrawal_count = team_day.withdrawal_count + excluded.withdrawal_count,
    first_deposits = team_day.first_deposits + excluded.first_deposits,
    bettors = team_day.bettors + excluded.bettors;
  return null;
end
$$
