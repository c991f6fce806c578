import { sql } from 'kysely';
import type { OpsLotteryPeriod } from '@panalo/contract/lottery-ops';
import type { Database } from '../../db/database';
import { periodLock } from './lottery.periods';

/** A period as the console lists it, with this site's real-money bets on it and this site's cancel. */
export interface OpsPeriodRow {
  numero: string;
  state: OpsLotteryPeriod['state'];
  open_at: Date;
  lock_at: Date;
  draw_at: Date;
  result: string | null;
  seed: string;
  seed_hash: string;
  bets: string | number | bigint;
  stakes: string | number | bigint | null;
  payouts: string | number | bigint | null;
  cancelled_at: Date | null;
  cancel_reason: string | null;
  cancel_bets: number | null;
  cancel_refunded: string | number | bigint | null;
  cancelled_by: string | null;
}

/** The console's lottery SQL: a merchant's games and their override, the periods, a site's cancel. */
export function lotteryOpsRepository(db: Database) {
  return {
    /** The merchant's row of one game (its override of the game's defaults). */
    merchantGame(merchantId: number, code: string) {
      return db
        .selectFrom('lottery_merchant_game')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .where('game_code', '=', code)
        .executeTakeFirst();
    },

    /** Every game row of the merchant, in the site's order. */
    merchantGames(merchantId: number) {
      return db
        .selectFrom('lottery_merchant_game')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .orderBy('sort')
        .orderBy('id')
        .execute();
    },

    /** `config`: the stored override as JSON text. */
    async setMerchantGame(id: number, enabled: boolean, config: string): Promise<void> {
      await db.updateTable('lottery_merchant_game').set({ enabled, config }).where('id', '=', id).execute();
    },

    /** A page of a game's periods opened by `now`, newest draw first, with this site's bets and cancel. */
    async periodsPage(
      merchantId: number,
      code: string,
      now: Date,
      limit: number,
      offset: number,
    ): Promise<OpsPeriodRow[]> {
      const r =
        await sql<OpsPeriodRow>`select p.numero, p.state, p.open_at, p.lock_at, p.draw_at, p.result, p.seed, p.seed_hash,
            b.bets, b.stakes, b.payouts, c.cancelled_at, c.reason as cancel_reason, c.bets as cancel_bets,
            c.refunded as cancel_refunded, s.username as cancelled_by
          from lottery_period p
          left join lottery_period_cancel c on c.period_id = p.id and c.merchant_id = ${merchantId}
          left join member s on s.id = c.staff_id
          cross join lateral (
            select count(*) as bets,
              sum(stake) as stakes,
              sum(case when status in ('won', 'refunded') then payout else 0 end) as payouts
            from lottery_bet
            where period_id = p.id and merchant_id = ${merchantId} and book = 'real' and status <> 'cancelled'
          ) b
          where p.game_code = ${code} and p.open_at <= ${now}
          order by p.draw_at desc
          limit ${limit} offset ${offset}`.execute(db);
      return r.rows;
    },

    /** How many periods of a game have opened by `now`. */
    countPeriods(code: string, now: Date) {
      return db
        .selectFrom('lottery_period')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('game_code', '=', code)
        .where('open_at', '<=', now)
        .executeTakeFirstOrThrow();
    },

    /** The period of a game by its number; undefined when there is none. */
    period(code: string, numero: string) {
      return db
        .selectFrom('lottery_period')
        .select('id')
        .where('game_code', '=', code)
        .where('numero', '=', numero)
        .executeTakeFirst();
    },

    /** Takes the period's advisory lock alone, as the draw does (orders in flight hold it shared). */
    async lockPeriodAlone(periodId: bigint): Promise<void> {
      await periodLock(periodId, false).execute(db);
    },

    periodState(periodId: bigint) {
      return db
        .selectFrom('lottery_period')
        .select('state')
        .where('id', '=', periodId)
        .executeTakeFirstOrThrow();
    },

    /**
     * Claims this site's cancel of a period (one row per site and period: its primary key), with no bets
     * and nothing refunded yet; undefined when the site cancelled it already.
     */
    insertSiteCancel(c: { merchantId: number; periodId: bigint; staffId: bigint; reason: string; at: Date }) {
      return db
        .insertInto('lottery_period_cancel')
        .values({
          merchant_id: c.merchantId,
          period_id: c.periodId,
          staff_id: c.staffId,
          reason: c.reason,
          bets: 0,
          refunded: 0n,
          cancelled_at: c.at,
        })
        .onConflict((oc) => oc.columns(['merchant_id', 'period_id']).doNothing())
        .returning('period_id')
        .executeTakeFirst();
    },

    /** This site's accepted bets of the period become 'cancelled', their stake as payout. */
    cancelSiteBets(merchantId: number, periodId: bigint, at: Date) {
      return db
        .updateTable('lottery_bet')
        .set((eb) => ({ status: 'cancelled', payout: eb.ref('stake'), settled_at: at }))
        .where('period_id', '=', periodId)
        .where('merchant_id', '=', merchantId)
        .where('status', '=', 'accepted')
        .returning(['id', 'stake', 'book'])
        .execute();
    },

    /** What this site's cancel of the period did: how many bets, how much refunded. */
    async setSiteCancelTotals(merchantId: number, periodId: bigint, bets: number, refunded: bigint) {
      await db
        .updateTable('lottery_period_cancel')
        .set({ bets, refunded })
        .where('merchant_id', '=', merchantId)
        .where('period_id', '=', periodId)
        .execute();
    },
  };
}
export type LotteryOpsRepository = ReturnType<typeof lotteryOpsRepository>;
