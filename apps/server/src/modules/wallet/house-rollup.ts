import { sql } from 'kysely';
import type { Database } from '../../db/database';
import { inTransaction } from '../../db/transaction';

/** Any fixed 64-bit number naming the roll-up's advisory lock. */
const ROLLUP_LOCK = 0x5041_4e41_4c4f_0001n;

/**
 * Moves the amounts appended by bets, wins and refunds (house_pending, migrations 0012 and 0026) and by
 * promotion credits (0043: the promotion's shard, kind 'bonus', or 'rebate' for a rebate promotion's
 * claim) into those accounts' balances, and the members' side of the same rows into their daily figures
 * (member_day), in one statement: what is deleted is exactly what is added, so balance + pending = sum of
 * entries holds before, during and after, and no bet is counted twice or missed. Rows of bets still in
 * flight are not visible yet and wait for the next run. One roll-up at a time across every process (an
 * advisory lock; a second caller returns at once). Returns the number of pending rows moved.
 *
 * The rows are grouped before the product and the day are worked out, so the look-ups run once per
 * (member, game, quarter hour: every zone's
 * midnight falls on one) and not once per bet.
 */
export async function rollUpHouse(db: Database): Promise<number> {
  return inTransaction(db, 'house-rollup.rollUpHouse', async (trx) => {
    const lock = await sql<{
      ok: boolean;
    }>`select pg_try_advisory_xact_lock(${ROLLUP_LOCK}::bigint) as ok`.execute(trx);
    if (!lock.rows[0]?.ok) return 0;
    const r = await sql<{ moved: string | number | bigint }>`
      with d as (delete from house_pending returning account_id, amount, member_id, kind, vendor_id, game,
                   product, at),
           s as (select account_id, sum(amount)::bigint as amount, count(*) as n from d group by account_id),
           u as (update ledger_account a set balance = a.balance + s.amount from s where a.id = s.account_id
                 returning s.n),
           g as (select member_id, vendor_id, game, product, date_bin('15 minutes', at, timestamptz '2000-01-01') as hour,
                        coalesce(sum(amount) filter (where kind = 'bet'), 0)::bigint as bets,
                        count(*) filter (where kind = 'bet')::int as bet_count,
                        coalesce(-sum(amount) filter (where kind = 'win'), 0)::bigint as wins,
                        coalesce(-sum(amount) filter (where kind = 'refund'), 0)::bigint as refunds,
                        coalesce(-sum(amount) filter (where kind = 'bonus'), 0)::bigint as bonuses,
                        coalesce(-sum(amount) filter (where kind = 'rebate'), 0)::bigint as rebates
                 from d where member_id is not null
                 group by member_id, vendor_id, game, product, date_bin('15 minutes', at, timestamptz '2000-01-01')),
           z as (select id, merchant_time_zone(settings) as tz from merchant
                 where id in (select m.merchant_id from member m where m.id in (select member_id from g))),
           k as (select m.merchant_id, g.member_id,
                        ((g.hour at time zone z.tz)::date) as day,
                        coalesce(g.product, product_of(g.vendor_id, g.game)) as product,
                        sum(g.bets)::bigint as bets, sum(g.bet_count)::int as bet_count,
                        sum(g.wins)::bigint as wins, sum(g.refunds)::bigint as refunds,
                        sum(g.bonuses)::bigint as bonuses, sum(g.rebates)::bigint as rebates
                 from g join member m on m.id = g.member_id join z on z.id = m.merchant_id
                 group by 1, 2, 3, 4),
           w as (insert into member_day (merchant_id, member_id, day, product, bets, bet_count, wins, refunds,
                   bonuses, rebates)
                 select merchant_id, member_id, day, product, bets, bet_count, wins, refunds, bonuses, rebates
                 from k
                 on conflict (member_id, day, product) do update set
                   bets = member_day.bets + excluded.bets,
                   bet_count = member_day.bet_count + excluded.bet_count,
                   wins = member_day.wins + excluded.wins,
                   refunds = member_day.refunds + excluded.refunds,
                   bonuses = member_day.bonuses + excluded.bonuses,
                   rebates = member_day.rebates + excluded.rebates
                 returning 1),
           -- The hourly salary's figures (migration 0035): stakes and refunds per local hour.
           hr as (insert into member_hour (merchant_id, member_id, hour, product, bets, refunds)
                  select m.merchant_id, g.member_id, date_trunc('hour', g.hour at time zone z.tz),
                         coalesce(g.product, product_of(g.vendor_id, g.game)),
                         sum(g.bets)::bigint, sum(g.refunds)::bigint
                  from g join member m on m.id = g.member_id join z on z.id = m.merchant_id
                  where g.bets <> 0 or g.refunds <> 0
                  group by 1, 2, 3, 4
                  on conflict (member_id, hour, product) do update set
                    bets = member_hour.bets + excluded.bets,
                    refunds = member_hour.refunds + excluded.refunds
                  returning 1),
           -- Each wallet game's day (migration 0062): the report by vendor and game, the top games.
           gd as (insert into game_day (merchant_id, day, vendor_id, game, bets, bet_count, wins, refunds)
                  select m.merchant_id, (g.hour at time zone z.tz)::date, g.vendor_id, g.game,
                         sum(g.bets)::bigint, sum(g.bet_count)::int, sum(g.wins)::bigint, sum(g.refunds)::bigint
                  from g join member m on m.id = g.member_id join z on z.id = m.merchant_id
                  where g.vendor_id is not null and g.game is not null
                  group by 1, 2, 3, 4
                  order by 1, 2, 3, 4
                  on conflict (merchant_id, day, vendor_id, game) do update set
                    bets = game_day.bets + excluded.bets,
                    bet_count = game_day.bet_count + excluded.bet_count,
                    wins = game_day.wins + excluded.wins,
                    refunds = game_day.refunds + excluded.refunds
                  returning 1)
      select coalesce((select sum(n) from u), 0) as moved, (select count(*) from w) as days,
        (select count(*) from hr) as hours, (select count(*) from gd) as games`.execute(trx);
    return Number(r.rows[0]?.moved ?? 0);
  });
}

/** Rolls the house up every `everyMs` until stopped (each API process runs one; they take turns). */
export function startHouseRollup(
  db: Database,
  everyMs = 2_000,
  onError: (err: unknown) => void = () => {},
): { stop: () => Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = rollUpHouse(db).catch(onError);
  }, everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
