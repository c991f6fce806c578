import type { Selectable } from 'kysely';
import type { Database } from '../../db/database';
import type { MerchantTable } from '../../db/schema';

export type MerchantRow = Selectable<MerchantTable>;

/** SQL for merchants and their white-label rows; every query below a merchant takes its id. */
export function merchantsRepository(db: Database) {
  return {
    findByCode(code: string): Promise<MerchantRow | undefined> {
      return db.selectFrom('merchant').selectAll().where('code', '=', code).executeTakeFirst();
    },
    async findByDomain(domain: string): Promise<MerchantRow | undefined> {
      return db
        .selectFrom('merchant')
        .innerJoin('merchant_domain', 'merchant_domain.merchant_id', 'merchant.id')
        .selectAll('merchant')
        .where('merchant_domain.domain', '=', domain)
        .executeTakeFirst();
    },
    customerServiceLinks(merchantId: number) {
      return db
        .selectFrom('customer_service_link')
        .select(['type', 'title', 'url'])
        .where('merchant_id', '=', merchantId)
        .orderBy('sort')
        .orderBy('id')
        .execute();
    },
    async socialProviders(merchantId: number): Promise<string[]> {
      const rows = await db
        .selectFrom('oauth_provider')
        .select('provider')
        .where('merchant_id', '=', merchantId)
        .where('enabled', '=', true)
        .execute();
      return rows.map((r) => r.provider);
    },
    downloadLinks(merchantId: number) {
      return db
        .selectFrom('download_link')
        .select(['resource_type', 'url'])
        .where('merchant_id', '=', merchantId)
        .orderBy('id')
        .execute();
    },
  };
}
export type MerchantsRepository = ReturnType<typeof merchantsRepository>;
