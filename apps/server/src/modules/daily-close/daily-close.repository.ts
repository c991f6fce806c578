import { sql } from 'kysely';
import type { Database } from '../../db/database';
import { playersMoneyKinds } from '../wallet/ledger';

/**
 * The kept figures (member_day → merchant_day, what the reports read) and the ledger's transfer kinds
 * each one counts, on which account and with which sign: the definitions of wallet/ledger-check.ts'
 * figures check, for one day.
 */
export const FIGURE_LEGS = {
  deposits: { kinds: ['deposit'], account: 'member_wallet', sign: 1n },
  withdrawals: { kinds: ['withdrawal_paid'], account: 'pending_withdrawal', sign: -1n },
  bets: { kinds: ['bet', 'lottery_bet'], account: 'member_wallet', sign: -1n },
  wins: { kinds: ['win', 'lottery_win'], account: 'member_wallet', sign: 1n },
  refunds: { kinds: ['rollback', 'lottery_refund'], account: 'member_wallet', sign: 1n },
  bonuses: {
    kinds: ['deposit_bonus', 'promotion_bonus', 'bonus_forfeit'],
    account: 'member_wallet',
    sign: 1n,
  },
  rebates: { kinds: ['rebate'], account: 'member_wallet', sign: 1n },
  // Agents' commissions, salaries and dividends are not compared: the reports count contract pay on the
  // last day of its period, the ledger on the day it is paid (often the next).
} as const;
export type Figure = keyof typeof FIGURE_LEGS;
export const FIGURES = Object.keys(FIGURE_LEGS) as Figure[];

const big = (v: string | null | undefined) => BigInt(v ?? '0');

/** The daily close's reads of one merchant's ledger and kept figures, and its rows. */
export function dailyCloseRepository(db: Database) {
  return {
    merchant(merchantId: number) {
      return db
        .selectFrom('merchant')
        .select(['id', 'currency'])
        .where('id', '=', merchantId)
        .executeTakeFirst();
    },
    async merchantIds(): Promise<number[]> {
      const rows = await db.selectFrom('merchant').select('id').orderBy('id').execute();
      return rows.map((r) => r.id);
    },
    /** The merchant's reporting day's bounds in its time zone, and its currencies with a ledger. */
    async bounds(merchantId: number, day: string) {
      const { rows } = await sql<{ starts_at: Date; ends_at: Date }>`
        select (${day}::date::timestamp at time zone z.tz) as starts_at,
          ((${day}::date + 1)::timestamp at time zone z.tz) as ends_at
        from (select merchant_time_zone(settings) as tz from merchant where id = ${merchantId}::int) z`.execute(
        db,
      );
      return rows[0] ? { startsAt: new Date(rows[0].starts_at), endsAt: new Date(rows[0].ends_at) } : null;
    },
    /** The merchant's local today (YYYY-MM-DD) at `now`. */
    async today(merchantId: number, now: Date): Promise<string | null> {
      const { rows } = await sql<{ day: string }>`
        select to_char((${now}::timestamptz at time zone merchant_time_zone(settings))::date, 'YYYY-MM-DD') as day
        from merchant where id = ${merchantId}::int`.execute(db);
      return rows[0]?.day ?? null;
    },
    /** The first local day with a real-money ledger entry of the merchant, if any. */
    async firstDay(merchantId: number): Promise<string | null> {
      const { rows } = await sql<{ day: string | null }>`
        select to_char((min(t.created_at) at time zone merchant_time_zone(m.settings))::date, 'YYYY-MM-DD') as day
        from ledger_transfer t join merchant m on m.id = t.merchant_id
        where t.merchant_id = ${merchantId}::int and t.book = 'real'
        group by m.settings`.execute(db);
      return rows[0]?.day ?? null;
    },
    /** The last closed day of the merchant (any currency), if any. */
    async lastClosed(merchantId: number): Promise<string | null> {
      const { rows } = await sql<{ day: string | null }>`
        select to_char(max(day), 'YYYY-MM-DD') as day from daily_close where merchant_id = ${merchantId}::int`.execute(
        db,
      );
      return rows[0]?.day ?? null;
    },
    /** Whether house amounts of the merchant from before `end` still wait for the roll-up (figures lag). */
    async housePendingBefore(merchantId: number, end: Date): Promise<boolean> {
      const { rows } = await sql<{ n: boolean }>`
        select exists (select 1 from house_pending p join ledger_account a on a.id = p.account_id
          where a.merchant_id = ${merchantId}::int and p.at < ${end}::timestamptz) as n`.execute(db);
      return rows[0]?.n === true;
    },
    /**
     * Per liability kind and currency: the sums of the entries before the day, in it and before its end,
     * and the same balances read from each account's running balance (its last entry's balance_after),
     * with the accounts where the two disagree.
     */
    async balances(merchantId: number, startsAt: Date, endsAt: Date) {
      const { rows } = await sql<{
        kind: string;
        currency: string;
        accounts: string;
        opening: string;
        movements: string;
        closing: string;
        opening_run: string;
        closing_run: string;
        drift: string;
        drifted: string[] | null;
      }>`
        with a as (
          select a.id, a.kind, a.currency,
            coalesce((select sum(e.amount) from ledger_entry e
              where e.account_id = a.id and e.created_at < ${startsAt}::timestamptz), 0) as opening,
            coalesce((select sum(e.amount) from ledger_entry e
              where e.account_id = a.id and e.created_at >= ${startsAt}::timestamptz
                and e.created_at < ${endsAt}::timestamptz), 0) as movements,
            coalesce((select e.balance_after from ledger_entry e
              where e.account_id = a.id and e.created_at < ${startsAt}::timestamptz
              order by e.id desc limit 1), 0) as opening_run,
            coalesce((select e.balance_after from ledger_entry e
              where e.account_id = a.id and e.created_at < ${endsAt}::timestamptz
              order by e.id desc limit 1), 0) as closing_run
          from ledger_account a
          where a.merchant_id = ${merchantId}::int and a.book = 'real' and a.kind in (${playersMoneyKinds})
        )
        select kind, currency, count(*)::text as accounts, sum(opening)::text as opening,
          sum(movements)::text as movements, sum(opening + movements)::text as closing,
          sum(opening_run)::text as opening_run, sum(closing_run)::text as closing_run,
          sum(abs(opening - opening_run) + abs(opening + movements - closing_run))::text as drift,
          (array_agg(id::text order by id) filter (where opening <> opening_run
            or opening + movements <> closing_run))[1:50] as drifted
        from a group by kind, currency order by kind, currency`.execute(db);
      return rows.map((r) => ({
        kind: r.kind,
        currency: r.currency,
        accounts: Number(r.accounts),
        opening: big(r.opening),
        movements: big(r.movements),
        closing: big(r.closing),
        openingRun: big(r.opening_run),
        closingRun: big(r.closing_run),
        /** The accounts' disagreements summed by size (drifts in opposite directions do not cancel). */
        drift: big(r.drift),
        drifted: r.drifted ?? [],
      }));
    },
    /** The day's movements of the liability accounts, by transfer kind and account kind. */
    async movements(merchantId: number, startsAt: Date, endsAt: Date) {
      const { rows } = await sql<{
        transfer_kind: string;
        account_kind: string;
        currency: string;
        amount: string;
        entries: string;
      }>`
        select t.kind as transfer_kind, a.kind as account_kind, a.currency, sum(e.amount)::text as amount,
          count(*)::text as entries
        from ledger_account a
        join ledger_entry e on e.account_id = a.id
        join ledger_transfer t on t.id = e.transfer_id
        where a.merchant_id = ${merchantId}::int and a.book = 'real' and a.kind in (${playersMoneyKinds})
          and e.created_at >= ${startsAt}::timestamptz and e.created_at < ${endsAt}::timestamptz
        group by t.kind, a.kind, a.currency order by a.currency, t.kind, a.kind`.execute(db);
      return rows.map((r) => ({
        transferKind: r.transfer_kind,
        accountKind: r.account_kind,
        currency: r.currency,
        amount: big(r.amount),
        entries: Number(r.entries),
      }));
    },
    /** The kept figures of the day (merchant_day), by product group ('' for money outside play). */
    async keptFigures(merchantId: number, day: string) {
      const { rows } = await sql<Record<Figure, string> & { product: string }>`
        select product, sum(deposits)::text as deposits, sum(withdrawals)::text as withdrawals,
          sum(bets)::text as bets, sum(wins)::text as wins, sum(refunds)::text as refunds,
          sum(bonuses)::text as bonuses, sum(rebates)::text as rebates
        from merchant_day where merchant_id = ${merchantId}::int and day = ${day}::date
        group by product order by product`.execute(db);
      return rows.map((r) => ({
        product: r.product,
        ...(Object.fromEntries(FIGURES.map((f) => [f, big(r[f])])) as Record<Figure, bigint>),
      }));
    },
    /**
     * The day's bets and wins by the game integration the money settles with: the seamless wallet's
     * rounds carry it in their transfer's reference (`round:VENDOR:id`), the lottery's are LOTT.
     */
    async byVendor(merchantId: number, startsAt: Date, endsAt: Date) {
      const { rows } = await sql<{
        vendor: string;
        bets: string | null;
        refunds: string | null;
        wins: string | null;
      }>`
        select case when t.kind like 'lottery%' then 'LOTT'
            when t.reference like 'round:%' then split_part(t.reference, ':', 2) else '' end as vendor,
          sum(-e.amount) filter (where t.kind in ('bet', 'lottery_bet'))::text as bets,
          sum(e.amount) filter (where t.kind in ('rollback', 'lottery_refund'))::text as refunds,
          sum(e.amount) filter (where t.kind in ('win', 'lottery_win'))::text as wins
        from ledger_account a
        join ledger_entry e on e.account_id = a.id
        join ledger_transfer t on t.id = e.transfer_id
        where a.merchant_id = ${merchantId}::int and a.book = 'real' and a.kind = 'member_wallet'
          and t.kind in ('bet', 'win', 'rollback', 'lottery_bet', 'lottery_win', 'lottery_refund')
          and e.created_at >= ${startsAt}::timestamptz and e.created_at < ${endsAt}::timestamptz
        group by 1 order by 1`.execute(db);
      // Valid bets: the refunded ones taken out, as the reports' by product.
      return rows.map((r) => ({ vendor: r.vendor, bets: big(r.bets) - big(r.refunds), wins: big(r.wins) }));
    },
    /** Writes the day's close unless it is there already; true when this call wrote it. */
    async insert(row: {
      merchantId: number;
      day: string;
      currency: string;
      startsAt: Date;
      endsAt: Date;
      status: 'balanced' | 'broken';
      difference: bigint;
      sheet: object;
      runBy: string;
      at: Date;
    }): Promise<boolean> {
      const r = await db
        .insertInto('daily_close')
        .values({
          merchant_id: row.merchantId,
          day: row.day,
          currency: row.currency,
          starts_at: row.startsAt,
          ends_at: row.endsAt,
          status: row.status,
          difference: row.difference,
          sheet: JSON.stringify(row.sheet),
          run_by: row.runBy,
          created_at: row.at,
        })
        .onConflict((oc) => oc.columns(['merchant_id', 'day', 'currency']).doNothing())
        .executeTakeFirst();
      return Number(r.numInsertedOrUpdatedRows ?? 0n) > 0;
    },
    list(merchantId: number, from: string, to: string) {
      return db
        .selectFrom('daily_close')
        .selectAll()
        .select(sql<string>`to_char(day, 'YYYY-MM-DD')`.as('day_text'))
        .where('merchant_id', '=', merchantId)
        .where('day', '>=', sql<string>`${from}::date`)
        .where('day', '<=', sql<string>`${to}::date`)
        .orderBy('day', 'desc')
        .orderBy('currency')
        .execute();
    },
    /** Signs the day's close(s) unless signed already; how many rows were signed. */
    async sign(merchantId: number, day: string, by: string, at: Date): Promise<number> {
      const r = await db
        .updateTable('daily_close')
        .set({ signed_by: by, signed_at: at })
        .where('merchant_id', '=', merchantId)
        .where('day', '=', sql<string>`${day}::date`)
        .where('signed_by', 'is', null)
        .executeTakeFirst();
      return Number(r.numUpdatedRows);
    },
    /** Whether `actor` posted a manual correction (an adjustment) of the merchant in the window. */
    /** The day's reconciliation: runs not done, and breaks still open (recon_run, recon_break). */
    async reconState(merchantId: number, day: string): Promise<{ pending: number; open: number }> {
      const { rows } = await sql<{ pending: string; open: string }>`
        select (select count(*) from recon_run where merchant_id = ${merchantId}::int and day = ${day}::date
            and status <> 'done')::text as pending,
          (select count(*) from recon_break where merchant_id = ${merchantId}::int and day = ${day}::date
            and status = 'open')::text as open`.execute(db);
      return { pending: Number(rows[0]?.pending ?? 0), open: Number(rows[0]?.open ?? 0) };
    },
    async correctedBy(merchantId: number, actor: string, startsAt: Date, endsAt: Date): Promise<boolean> {
      const row = await db
        .selectFrom('ledger_transfer')
        .select('id')
        .where('merchant_id', '=', merchantId)
        .where('kind', '=', 'adjustment')
        .where('created_by', '=', actor)
        .where('created_at', '>=', startsAt)
        .where('created_at', '<', endsAt)
        .executeTakeFirst();
      return row !== undefined;
    },
    find(merchantId: number, day: string) {
      return db
        .selectFrom('daily_close')
        .selectAll()
        .select(sql<string>`to_char(day, 'YYYY-MM-DD')`.as('day_text'))
        .where('merchant_id', '=', merchantId)
        .where('day', '=', sql<string>`${day}::date`)
        .orderBy('currency')
        .execute();
    },
  };
}
export type DailyCloseRepository = ReturnType<typeof dailyCloseRepository>;
