import { sql } from 'kysely';
import type { BrandStatus } from '@panalo/contract/provider-rules';
import type { Database } from '../../db/database';
import { playersMoneyKinds } from '../wallet/ledger';

/** The brands as the provider sees them: every merchant, its domains, its players, its status history. */
export function brandsRepository(db: Database) {
  return {
    /** Every brand with its players (players and agents: no trial accounts, no staff), oldest first. */
    list() {
      return db
        .selectFrom('merchant as m')
        .selectAll('m')
        .select((eb) =>
          eb
            .selectFrom('member as p')
            .select(eb.fn.countAll<string>().as('n'))
            .whereRef('p.merchant_id', '=', 'm.id')
            .where('p.type', '<', 90)
            .where('p.type', '<>', 4)
            .as('players'),
        )
        .orderBy('m.id')
        .execute();
    },
    find(code: string) {
      return db
        .selectFrom('merchant as m')
        .selectAll('m')
        .select((eb) =>
          eb
            .selectFrom('member as p')
            .select(eb.fn.countAll<string>().as('n'))
            .whereRef('p.merchant_id', '=', 'm.id')
            .where('p.type', '<', 90)
            .where('p.type', '<>', 4)
            .as('players'),
        )
        .where('m.code', '=', code)
        .executeTakeFirst();
    },
    /** Locks the brand's row (`FOR NO KEY UPDATE`) and reads its status. */
    lockStatus(merchantId: number) {
      return db
        .selectFrom('merchant')
        .select('status')
        .where('id', '=', merchantId)
        .forNoKeyUpdate()
        .executeTakeFirstOrThrow();
    },
    async setStatus(merchantId: number, status: BrandStatus, at: Date): Promise<void> {
      await db
        .updateTable('merchant')
        .set({ status, status_changed_at: at })
        .where('id', '=', merchantId)
        .execute();
    },
    async insertStatusChange(o: {
      merchantId: number;
      from: BrandStatus | null;
      to: BrandStatus;
      reason: string;
      staffId: bigint;
      at: Date;
    }): Promise<void> {
      await db
        .insertInto('brand_status_change')
        .values({
          merchant_id: o.merchantId,
          from_status: o.from,
          to_status: o.to,
          reason: o.reason,
          provider_staff_id: o.staffId,
          created_at: o.at,
        })
        .execute();
    },
    history(merchantId: number) {
      return db
        .selectFrom('brand_status_change as c')
        .leftJoin('provider_staff as p', 'p.id', 'c.provider_staff_id')
        .select(['c.from_status', 'c.to_status', 'c.reason', 'p.username', 'c.created_at'])
        .where('c.merchant_id', '=', merchantId)
        .orderBy('c.id', 'desc')
        .execute();
    },
    /** Domains by brand id. */
    async domains(merchantIds: number[]): Promise<Map<number, string[]>> {
      const map = new Map<number, string[]>();
      if (merchantIds.length === 0) return map;
      const rows = await db
        .selectFrom('merchant_domain')
        .select(['merchant_id', 'domain'])
        .where('merchant_id', 'in', merchantIds)
        .orderBy('domain')
        .execute();
      for (const r of rows) map.set(r.merchant_id, [...(map.get(r.merchant_id) ?? []), r.domain]);
      return map;
    },
    /** What the brand's lottery sells, in lobby order. */
    async lotteryGames(merchantId: number): Promise<string[]> {
      const rows = await db
        .selectFrom('lottery_merchant_game')
        .select('game_code')
        .where('merchant_id', '=', merchantId)
        .orderBy('sort')
        .execute();
      return rows.map((r) => r.game_code);
    },
    /** The catalogue's vendors the brand's players see (enabled, not hidden by the brand), the lottery's aside. */
    async shownVendors(merchantId: number, lotteryVendor: string): Promise<string[]> {
      const rows = await db
        .selectFrom('vendor as v')
        .leftJoin('merchant_vendor as mv', (j) =>
          j.onRef('mv.vendor_code', '=', 'v.code').on('mv.merchant_id', '=', merchantId),
        )
        .select('v.code')
        .where('v.enabled', '=', true)
        .where('v.code', '<>', lotteryVendor)
        .where(sql<boolean>`coalesce(mv.hidden, false) = false`)
        .orderBy('v.sort')
        .orderBy('v.code')
        .execute();
      return rows.map((r) => r.code);
    },
    /** How many of the catalogue's games (the lottery's aside) the brand hides one by one. */
    async hiddenGames(merchantId: number, lotteryVendor: string): Promise<number> {
      const row = await db
        .selectFrom('merchant_game as mg')
        .innerJoin('game as g', 'g.id', 'mg.game_id')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('mg.merchant_id', '=', merchantId)
        .where('mg.hidden', '=', true)
        .where('g.vendor_code', '<>', lotteryVendor)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    depositMethods(merchantId: number) {
      return db
        .selectFrom('deposit_method')
        .select(['code', 'name', 'enabled'])
        .where('merchant_id', '=', merchantId)
        .orderBy('sort')
        .orderBy('code')
        .execute();
    },
    paymentAccount(merchantId: number, provider: string) {
      return db
        .selectFrom('payment_account')
        .select('livemode')
        .where('merchant_id', '=', merchantId)
        .where('provider', '=', provider)
        .executeTakeFirst();
    },
    /** Locks the brand's row and reads its settings and maintenance. */
    lockSettings(merchantId: number) {
      return db
        .selectFrom('merchant')
        .select(['settings', 'maintenance'])
        .where('id', '=', merchantId)
        .forNoKeyUpdate()
        .executeTakeFirstOrThrow();
    },
    /** `value`: the column's JSON text. */
    async setJson(merchantId: number, column: 'settings' | 'maintenance', value: string): Promise<void> {
      await db
        .updateTable('merchant')
        .set({ [column]: value })
        .where('id', '=', merchantId)
        .execute();
    },
    /** Players and agents ever registered (no trial accounts, no staff). */
    async registered(merchantId: number): Promise<number> {
      const row = await db
        .selectFrom('member')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('merchant_id', '=', merchantId)
        .where('type', '<', 90)
        .where('type', '<>', 4)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    async insertClosingReport(merchantId: number, report: object, at: Date): Promise<void> {
      await db
        .insertInto('brand_closing_report')
        .values({ merchant_id: merchantId, report: JSON.stringify(report), created_at: at })
        .execute();
    },
    async closingReport(merchantId: number) {
      const row = await db
        .selectFrom('brand_closing_report')
        .select('report')
        .where('merchant_id', '=', merchantId)
        .executeTakeFirst();
      return row?.report;
    },
    /** Deposit orders still waiting for their payment. */
    async pendingDeposits(merchantId: number): Promise<number> {
      const row = await db
        .selectFrom('deposit_order')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('merchant_id', '=', merchantId)
        .where('status', '=', 'pending')
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    /**
     * The players' money the brand still holds (minor units): every real-money wallet, pending withdrawal
     * and hold of its members.
     */
    async playersMoney(merchantId: number): Promise<bigint> {
      const { rows } = await sql<{ total: string | null }>`
        select sum(balance)::text as total from ledger_account
        where merchant_id = ${merchantId}::int and book = 'real'
          and kind in (${playersMoneyKinds})`.execute(db);
      return BigInt(rows[0]?.total ?? '0');
    },
  };
}
export type BrandRow = NonNullable<Awaited<ReturnType<ReturnType<typeof brandsRepository>['find']>>>;
