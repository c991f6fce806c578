-- After delete on member_day: takes the rows from merchant_day, updates member_last_bet and merchant_players.
create or replace function merchant_day_on_delete()
  returns trigger
  language plpgsql set jit = off
as $$
begin
  insert into merchant_day (merchant_id, day, product, shard, bets, refunds, wins, bonuses, rebates,
    commissions, deposits, withdrawals, bet_count, deposit_count, withdrawal_count, first_deposits)
  select d.merchant_id, d.day, d.product, (d.member_id % 16)::smallint,
    sum(d.bets), sum(d.refunds), sum(d.wins), sum(d.bonuses), sum(d.rebates), sum(d.commissions),
    sum(d.deposits), sum(d.withdrawals), sum(d.bet_count), sum(d.deposit_count), sum(d.withdrawal_count),
    sum(d.first_deposits)
  from (
    select merchant_id, member_id, day, product, -bets as bets, -refunds as refunds, -wins as wins,
      -bonuses as bonuses, -rebates as rebates, -commissions as commissions, -deposits as deposits,
      -withdrawals as withdrawals, -bet_count as bet_count, -deposit_count as deposit_count,
      -withdrawal_count as withdrawal_count, -first_deposits as first_deposits
    from merchant_day_old) d
  group by 1, 2, 3, 4
  order by 1, 2, 3, 4
  on conflict (merchant_id, day, product, shard) do update set
    bets = merchant_day.bets + excluded.bets, refunds = merchant_day.refunds + excluded.refunds,
    wins = merchant_day.wins + excluded.wins, bonuses = merchant_day.bonuses + excluded.bonuses,
    rebates = merchant_day.rebates + excluded.rebates,
    commissions = merchant_day.commissions + excluded.commissions,
    deposits = merchant_day.deposits + excluded.deposits,
    withdrawals = merchant_day.withdrawals + excluded.withdrawals,
    bet_count = merchant_day.bet_count + excluded.bet_count,
    deposit_count = merchant_day.deposit_count + excluded.deposit_count,
    withdrawal_count = merchant_day.withdrawal_count + excluded.withdrawal_count,
    first_deposits = merchant_day.first_deposits + excluded.first_deposits;

  if not exists (
    select 1
    from (
      select merchant_id, member_id, day, product, -bets as bets, -refunds as refunds, -wins as wins,
        -bonuses as bonuses, -rebates as rebates, -commissions as commissions, -deposits as deposits,
        -withdrawals as withdrawals, -bet_count as bet_count, -deposit_count as deposit_count,
        -withdrawal_count as withdrawal_count, -first_deposits as first_deposits
      from merchant_day_old) d
    where d.bet_count <> 0) then
    return null;
  end if;
  -- The members whose bets changed: their rows locked in id order, so that what follows reads every
  -- earlier writer's committed rows (each statement here takes a new snapshot).
  insert into member_last_bet (member_id, merchant_id)
  select distinct d.member_id, d.merchant_id
  from (
    select merchant_id, member_id, day, product, -bets as bets, -refunds as refunds, -wins as wins,
      -bonuses as bonuses, -rebates as rebates, -commissions as commissions, -deposits as deposits,
      -withdrawals as withdrawals, -bet_count as bet_count, -deposit_count as deposit_count,
      -withdrawal_count as withdrawal_count, -first_deposits as first_deposits
    from merchant_day_old) d
  where d.bet_count <> 0
  order by 1
  on conflict (member_id) do nothing;
  perform 1 from member_last_bet l
  where l.member_id in (
    select d.member_id
    from (
      select merchant_id, member_id, day, product, -bets as bets, -refunds as refunds, -wins as wins,
        -bonuses as bonuses, -rebates as rebates, -commissions as commissions, -deposits as deposits,
        -withdrawals as withdrawals, -bet_count as bet_count, -deposit_count as deposit_count,
        -withdrawal_count as withdrawal_count, -first_deposits as first_deposits
      from merchant_day_old) d
    where d.bet_count <> 0)
  order by l.member_id for update;

  with g as (
    select d.merchant_id, d.member_id, d.day, sum(d.bet_count) as bet_count
    from (
      select merchant_id, member_id, day, product, -bets as bets, -refunds as refunds, -wins as wins,
        -bonuses as bonuses, -rebates as rebates, -commissions as commissions, -deposits as deposits,
        -withdrawals as withdrawals, -bet_count as bet_count, -deposit_count as deposit_count,
        -withdrawal_count as withdrawal_count, -first_deposits as first_deposits
      from merchant_day_old) d
    group by 1, 2, 3 having sum(d.bet_count) <> 0
  ),
  -- Bettors: the member's day over every product, after the change and before it.
  b as (
    select g.merchant_id, g.member_id, g.day,
      ((a.n > 0)::int - (a.n - g.bet_count > 0)::int) as bettors
    from g cross join lateral (
      select coalesce(sum(x.bet_count), 0) as n from member_day x
      where x.member_id = g.member_id and x.day = g.day) a
  ),
  -- Latest days with a bet: as member_day says now, against what member_last_bet held.
  c as (
    select l.member_id, l.merchant_id, l.day as old_day, n.day as new_day
    from member_last_bet l cross join lateral (
      select max(x.day) as day from member_day x where x.member_id = l.member_id and x.bet_count > 0) n
    where l.member_id in (select member_id from g) and l.day is distinct from n.day
  ),
  u as (
    update member_last_bet l set day = c.new_day from c where l.member_id = c.member_id returning 1
  ),
  h as (
    select merchant_id, day, member_id, bettors, 0 as last_bets from b where bettors <> 0
    union all select merchant_id, new_day, member_id, 0, 1 from c where new_day is not null
    union all select merchant_id, old_day, member_id, 0, -1 from c where old_day is not null
  )
  insert into merchant_players (merchant_id, day, shard, bettors, last_bets)
  select merchant_id, day, (member_id % 16)::smallint, sum(bettors), sum(last_bets)
  from h group by 1, 2, 3
  order by 1, 2, 3
  on conflict (merchant_id, day, shard) do update set
    bettors = merchant_players.bettors + excluded.bettors,
    last_bets = merchant_players.last_bets + excluded.last_bets;
  return null;
end
$$
