import { sql } from 'kysely';
import type { BrandStatus } from '@panalo/contract/provider-rules';
import type { Database } from '../../db/database';

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
    /**
     * The players' money the brand still holds (minor units): every real-money wallet, pending withdrawal
     * and hold of its members.
     */
    async playersMoney(merchantId: number): Promise<bigint> {
      const { rows } = await sql<{ total: string | null }>`
        select sum(balance)::text as total from ledger_account
        where merchant_id = ${merchantId}::int and book = 'real'
          and kind in ('member_wallet', 'pending_withdrawal', 'held')`.execute(db);
      return BigInt(rows[0]?.total ?? '0');
    },
  };
}
export type BrandRow = NonNullable<Awaited<ReturnType<ReturnType<typeof brandsRepository>['find']>>>;
