import { sql, type Kysely } from 'kysely';

/**
 * The operator's daily aggregates (issue 20: the dashboard and a 30-day report over 10,000,000 bets in
 * ≤ 300 ms). Summing member_day at read time scans every active member's rows; these tables hold the
 * sums instead, kept by the database whoever writes member_day, like team_day (0030):
 *
 * - `merchant_day`: member_day summed per merchant, reporting day and product group. Deposits and
 *   withdrawals add to it one transfer at a time, so each (merchant, day, product) is split over
 *   SHARDS rows by member (member_id % SHARDS): concurrent transfers of different members seldom wait
 *   for one another's row, and a read sums at most SHARDS rows per day and product.
 * - `merchant_players`: per merchant, day and shard, `bettors` (members who bet that day: a member's day
 *   going from no bet to a bet over all products) and `last_bets` (members whose latest day with a bet is
 *   that day). Players active over the last N days are then the sum of last_bets over those days: exact,
 *   and read from at most N × SHARDS rows, where a distinct count over member_day reads every row.
 *   `registrations` counts new players and agents (staff excluded) by their registration day.
 * - `member_last_bet`: each member's latest day with a bet, which `last_bets` counts. A change of bets
 *   locks the members' rows here (in id order) before it counts, so two transactions writing one member's
 *   day count it once: the second waits, and then reads the first's rows.
 * - `game_day`: stakes, wins and refunds per merchant, day, wallet vendor and game, written by the house
 *   roll-up (the one writer of wallet bets) in its own statement; the report by vendor and game and the
 *   dashboard's top games read it.
 *
 * rebuildMerchantDays computes the first three from member_day and member; a test holds them equal after random
 * writes, batches and deletions.
 */
export const SHARDS = 16;

const money = ['bets', 'refunds', 'wins', 'bonuses', 'rebates', 'commissions', 'deposits', 'withdrawals'];
const counts = ['bet_count', 'deposit_count', 'withdrawal_count', 'first_deposits'];
const figures = [...money, ...counts];

/**
 * The trigger function adding member_day's change (`delta`: merchant_id, member_id, day, product and
 * every figure) to merchant_day, and, when bets were counted, to merchant_players.
 */
export function merchantDayFunction(name: string, delta: string): string {
  return `
    create or replace function ${name}() returns trigger language plpgsql
    set jit = off as $$
    begin
      insert into merchant_day (merchant_id, day, product, shard, ${figures.join(', ')})
      select d.merchant_id, d.day, d.product, (d.member_id % ${SHARDS})::smallint,
        ${figures.map((f) => `sum(d.${f})`).join(', ')}
      from (${delta}) d
      group by 1, 2, 3, 4
      order by 1, 2, 3, 4
      on conflict (merchant_id, day, product, shard) do update set
        ${figures.map((f) => `${f} = merchant_day.${f} + excluded.${f}`).join(', ')};

      if not exists (select 1 from (${delta}) d where d.bet_count <> 0) then
        return null;
      end if;
      -- The members whose bets changed: their rows locked in id order, so that what follows reads every
      -- earlier writer's committed rows (each statement here takes a new snapshot).
      insert into member_last_bet (member_id, merchant_id)
      select distinct d.member_id, d.merchant_id from (${delta}) d where d.bet_count <> 0
      order by 1
      on conflict (member_id) do nothing;
      perform 1 from member_last_bet l
      where l.member_id in (select d.member_id from (${delta}) d where d.bet_count <> 0)
      order by l.member_id for update;

      with g as (
        select d.merchant_id, d.member_id, d.day, sum(d.bet_count) as bet_count
        from (${delta}) d group by 1, 2, 3 having sum(d.bet_count) <> 0
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
      select merchant_id, day, (member_id % ${SHARDS})::smallint, sum(bettors), sum(last_bets)
      from h group by 1, 2, 3
      order by 1, 2, 3
      on conflict (merchant_id, day, shard) do update set
        bettors = merchant_players.bettors + excluded.bettors,
        last_bets = merchant_players.last_bets + excluded.last_bets;
      return null;
    end $$`;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table merchant_day (
      merchant_id integer not null,
      day date not null,
      product text not null,
      shard smallint not null,
      ${sql.raw(money.map((f) => `${f} bigint not null default 0`).join(', '))},
      ${sql.raw(counts.map((f) => `${f} integer not null default 0`).join(', '))},
      primary key (merchant_id, day, product, shard)
    )`.execute(db);
  await sql`
    create table merchant_players (
      merchant_id integer not null,
      day date not null,
      shard smallint not null,
      bettors integer not null default 0,
      last_bets integer not null default 0,
      registrations integer not null default 0,
      primary key (merchant_id, day, shard)
    )`.execute(db);
  await sql`
    create table member_last_bet (
      member_id bigint primary key,
      merchant_id integer not null,
      day date
    )`.execute(db);
  await sql`
    create table game_day (
      merchant_id integer not null,
      day date not null,
      vendor_id integer not null,
      game text not null,
      bets bigint not null default 0,
      bet_count integer not null default 0,
      wins bigint not null default 0,
      refunds bigint not null default 0,
      primary key (merchant_id, day, vendor_id, game)
    )`.execute(db);

  const all = `merchant_id, member_id, day, product, ${figures.join(', ')}`;
  await sql
    .raw(merchantDayFunction('merchant_day_on_insert', `select ${all} from merchant_day_new`))
    .execute(db);
  await sql
    .raw(
      merchantDayFunction(
        'merchant_day_on_update',
        `select n.merchant_id, n.member_id, n.day, n.product, ${figures.map((f) => `n.${f} - o.${f} as ${f}`).join(', ')}
         from merchant_day_new n join merchant_day_old o
           on o.member_id = n.member_id and o.day = n.day and o.product = n.product`,
      ),
    )
    .execute(db);
  await sql
    .raw(
      merchantDayFunction(
        'merchant_day_on_delete',
        `select merchant_id, member_id, day, product, ${figures.map((f) => `-${f} as ${f}`).join(', ')}
         from merchant_day_old`,
      ),
    )
    .execute(db);
  await sql`create trigger member_day_merchant_insert after insert on member_day
    referencing new table as merchant_day_new for each statement execute function merchant_day_on_insert()`.execute(
    db,
  );
  await sql`create trigger member_day_merchant_update after update on member_day
    referencing old table as merchant_day_old new table as merchant_day_new
    for each statement execute function merchant_day_on_update()`.execute(db);
  await sql`create trigger member_day_merchant_delete after delete on member_day
    referencing old table as merchant_day_old for each statement execute function merchant_day_on_delete()`.execute(
    db,
  );

  await sql`
    create function merchant_players_on_register() returns trigger language plpgsql as $$
    begin
      insert into merchant_players (merchant_id, day, shard, registrations)
      select n.merchant_id, (n.created_at at time zone merchant_time_zone(mc.settings))::date,
        (n.id % ${sql.lit(SHARDS)})::smallint, count(*)
      from merchant_member_new n join merchant mc on mc.id = n.merchant_id
      where n.type < 90
      group by 1, 2, 3
      order by 1, 2, 3
      on conflict (merchant_id, day, shard) do update set
        registrations = merchant_players.registrations + excluded.registrations;
      return null;
    end $$`.execute(db);
  await sql`create trigger member_merchant_register after insert on member
    referencing new table as merchant_member_new for each statement execute function merchant_players_on_register()`.execute(
    db,
  );

  await rebuildMerchantDays(db);
  // What the wallet games' ledger already holds, per game (a rollback counts on its bet's game).
  await sql`
    insert into game_day (merchant_id, day, vendor_id, game, bets, bet_count, wins, refunds)
    select x.merchant_id, (x.created_at at time zone merchant_time_zone(mc.settings))::date, x.vendor_id,
      coalesce(x.game_code, ob.game_code),
      coalesce(sum(x.amount) filter (where x.kind = 'bet'), 0), count(*) filter (where x.kind = 'bet'),
      coalesce(sum(x.amount) filter (where x.kind = 'win'), 0),
      coalesce(sum(x.amount) filter (where x.kind = 'rollback'), 0)
    from vendor_transaction x
    join merchant mc on mc.id = x.merchant_id
    left join vendor_transaction ob
      on x.original_tx_id is not null and ob.vendor_id = x.vendor_id and ob.vendor_tx_id = x.original_tx_id
    where x.book = 'real' and x.status = 'applied' and x.transfer_id is not null
      and x.kind in ('bet', 'win', 'rollback') and coalesce(x.game_code, ob.game_code) is not null
    group by 1, 2, 3, 4`.execute(db);
}

/**
 * merchant_day, merchant_players and member_last_bet as member_day gives them. `prefix` names the tables
 * written: the real ones (the migration) or scratch copies for a comparison ('check_' → check_merchant_day…).
 */
export async function rebuildMerchantDays(db: Kysely<unknown>, prefix = ''): Promise<void> {
  const t = (name: string) => sql.table(`${prefix}${name}`);
  await sql`
    insert into ${t('merchant_day')} (merchant_id, day, product, shard, ${sql.raw(figures.join(', '))})
    select merchant_id, day, product, (member_id % ${sql.lit(SHARDS)})::smallint,
      ${sql.raw(figures.map((f) => `sum(${f})`).join(', '))}
    from member_day group by 1, 2, 3, 4`.execute(db);
  await sql`
    insert into ${t('member_last_bet')} (member_id, merchant_id, day)
    select member_id, min(merchant_id), max(day)
    from member_day where bet_count > 0 group by member_id`.execute(db);
  await sql`
    insert into ${t('merchant_players')} (merchant_id, day, shard, bettors, last_bets, registrations)
    select merchant_id, day, shard, sum(bettors), sum(last_bets), sum(registrations) from (
      select merchant_id, day, (member_id % ${sql.lit(SHARDS)})::smallint as shard, 1 as bettors,
        0 as last_bets, 0 as registrations
      from member_day group by merchant_id, member_id, day having sum(bet_count) > 0
      union all
      select merchant_id, day, (member_id % ${sql.lit(SHARDS)})::smallint, 0, 1, 0
      from ${t('member_last_bet')} where day is not null
      union all
      select m.merchant_id, (m.created_at at time zone merchant_time_zone(mc.settings))::date,
        (m.id % ${sql.lit(SHARDS)})::smallint, 0, 0, 1
      from member m join merchant mc on mc.id = m.merchant_id where m.type < 90
    ) x
    group by 1, 2, 3`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger member_merchant_register on member`.execute(db);
  await sql`drop function merchant_players_on_register()`.execute(db);
  await sql`drop trigger member_day_merchant_delete on member_day`.execute(db);
  await sql`drop trigger member_day_merchant_update on member_day`.execute(db);
  await sql`drop trigger member_day_merchant_insert on member_day`.execute(db);
  await sql`drop function merchant_day_on_delete()`.execute(db);
  await sql`drop function merchant_day_on_update()`.execute(db);
  await sql`drop function merchant_day_on_insert()`.execute(db);
  await sql`drop table game_day`.execute(db);
  await sql`drop table member_last_bet`.execute(db);
  await sql`drop table merchant_players`.execute(db);
  await sql`drop table merchant_day`.execute(db);
}
