import { sql } from 'kysely';
import type { Database } from '../../db/database';

/** One brand's figures of one reporting day and product group ('' for money outside play), as kept. */
export interface DayRow {
  merchant_id: number;
  day: string;
  product: string;
  bets: bigint;
  refunds: bigint;
  wins: bigint;
  bonuses: bigint;
  rebates: bigint;
  commissions: bigint;
  deposits: bigint;
  withdrawals: bigint;
}

const big = (v: string | null | undefined) => BigInt(v ?? '0');

/**
 * The provider's reads of every brand's daily aggregates (merchant_day, merchant_players: the same the
 * brands' consoles read) and the brands' commercial terms. A merchant's rows leave it only summed here.
 */
export function billingRepository(db: Database) {
  return {
    async daySums(from: string, to: string, merchantId: number | null): Promise<DayRow[]> {
      const { rows } = await sql<
        Record<string, string | null> & { merchant_id: number; day: string; product: string }
      >`
        select merchant_id, to_char(day, 'YYYY-MM-DD') as day, product,
          sum(bets)::text as bets, sum(refunds)::text as refunds, sum(wins)::text as wins,
          sum(bonuses)::text as bonuses, sum(rebates)::text as rebates, sum(commissions)::text as commissions,
          sum(deposits)::text as deposits, sum(withdrawals)::text as withdrawals
        from merchant_day
        where day between ${from}::date and ${to}::date
          and (${merchantId}::int is null or merchant_id = ${merchantId}::int)
        group by merchant_id, day, product
        order by merchant_id, day, product`.execute(db);
      return rows.map((r) => ({
        merchant_id: r.merchant_id,
        day: r.day,
        product: r.product,
        bets: big(r.bets),
        refunds: big(r.refunds),
        wins: big(r.wins),
        bonuses: big(r.bonuses),
        rebates: big(r.rebates),
        commissions: big(r.commissions),
        deposits: big(r.deposits),
        withdrawals: big(r.withdrawals),
      }));
    },
    async players(from: string, to: string, merchantId: number | null) {
      const { rows } = await sql<{
        merchant_id: number;
        day: string;
        bettors: string;
        registrations: string;
      }>`
        select merchant_id, to_char(day, 'YYYY-MM-DD') as day, sum(bettors)::text as bettors,
          sum(registrations)::text as registrations
        from merchant_players
        where day between ${from}::date and ${to}::date
          and (${merchantId}::int is null or merchant_id = ${merchantId}::int)
        group by merchant_id, day`.execute(db);
      return rows.map((r) => ({ ...r, bettors: Number(r.bettors), registrations: Number(r.registrations) }));
    },
    /** The brands (id, code, name, currency) the provider reports on, oldest first. */
    brands(merchantId: number | null) {
      let q = db.selectFrom('merchant').select(['id', 'code', 'name', 'currency']).orderBy('id');
      if (merchantId !== null) q = q.where('id', '=', merchantId);
      return q.execute();
    },
    /** The brand's local today ('YYYY-MM-DD') at `now`. */
    async today(merchantId: number, now: Date): Promise<string> {
      const row = await db
        .selectFrom('merchant')
        .select(
          sql<string>`to_char((${now}::timestamptz at time zone merchant_time_zone(settings))::date, 'YYYY-MM-DD')`.as(
            'today',
          ),
        )
        .where('id', '=', merchantId)
        .executeTakeFirstOrThrow();
      return row.today;
    },
    /** Every version of the brands' terms (of one brand when asked), by brand and start day. */
    terms(merchantId: number | null) {
      let q = db
        .selectFrom('brand_terms as t')
        .leftJoin('provider_staff as p', 'p.id', 't.provider_staff_id')
        .select([
          't.merchant_id',
          sql<string>`to_char(t.starts_on, 'YYYY-MM-DD')`.as('starts_on'),
          't.shares',
          't.minimum_fee',
          't.note',
          'p.username',
          't.created_at',
        ])
        .orderBy('t.merchant_id')
        .orderBy('t.starts_on');
      if (merchantId !== null) q = q.where('t.merchant_id', '=', merchantId);
      return q.execute();
    },
    /** A new version; undefined when one starts that day already (the key decides). */
    insertTerms(o: {
      merchantId: number;
      startsOn: string;
      shares: Record<string, number>;
      minimumFee: bigint;
      note: string | null;
      staffId: bigint;
      at: Date;
    }) {
      return db
        .insertInto('brand_terms')
        .values({
          merchant_id: o.merchantId,
          starts_on: o.startsOn,
          shares: JSON.stringify(o.shares),
          minimum_fee: o.minimumFee,
          note: o.note,
          provider_staff_id: o.staffId,
          created_at: o.at,
        })
        .onConflict((oc) => oc.columns(['merchant_id', 'starts_on']).doNothing())
        .returning('merchant_id')
        .executeTakeFirst();
    },
  };
}
export type TermsRow = Awaited<ReturnType<ReturnType<typeof billingRepository>['terms']>>[number];
