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

    /** The site's registration rules, as stored. */
    registrationRules(merchantId: number) {
      return db
        .selectFrom('merchant')
        .select('registration_rules')
        .where('id', '=', merchantId)
        .executeTakeFirstOrThrow();
    },
    /** Locks the merchant row (`FOR NO KEY UPDATE`) and reads its registration rules. */
    lockRegistrationRules(merchantId: number) {
      return db
        .selectFrom('merchant')
        .select('registration_rules')
        .where('id', '=', merchantId)
        .forNoKeyUpdate()
        .executeTakeFirstOrThrow();
    },
    /** `rules`: the registration rules as JSON text. */
    async setRegistrationRules(merchantId: number, rules: string): Promise<void> {
      await db
        .updateTable('merchant')
        .set({ registration_rules: rules })
        .where('id', '=', merchantId)
        .execute();
    },

    mainDomain(merchantId: number) {
      return db
        .selectFrom('merchant')
        .select('main_domain')
        .where('id', '=', merchantId)
        .executeTakeFirstOrThrow();
    },
    /** Locks the merchant row (`FOR NO KEY UPDATE`) and reads its main domain. */
    lockMainDomain(merchantId: number) {
      return db
        .selectFrom('merchant')
        .select('main_domain')
        .where('id', '=', merchantId)
        .forNoKeyUpdate()
        .executeTakeFirstOrThrow();
    },
    /** The site's domains, by name. */
    domains(merchantId: number) {
      return db
        .selectFrom('merchant_domain')
        .select('domain')
        .where('merchant_id', '=', merchantId)
        .orderBy('domain')
        .execute();
    },
    /** Gives the domain to the site unless a site has it (its key): undefined when one has. */
    insertDomain(merchantId: number, domain: string) {
      return db
        .insertInto('merchant_domain')
        .values({ domain, merchant_id: merchantId })
        .onConflict((oc) => oc.column('domain').doNothing())
        .returning('merchant_id')
        .executeTakeFirst();
    },
    /** The site a domain belongs to (it must belong to one). */
    domainOwner(domain: string) {
      return db
        .selectFrom('merchant_domain')
        .select('merchant_id')
        .where('domain', '=', domain)
        .executeTakeFirstOrThrow();
    },
    /** Removes the site's domain; answers how many rows went (0 when it was not the site's). */
    async deleteDomain(merchantId: number, domain: string): Promise<number> {
      const removed = await db
        .deleteFrom('merchant_domain')
        .where('domain', '=', domain)
        .where('merchant_id', '=', merchantId)
        .executeTakeFirst();
      return Number(removed.numDeletedRows);
    },

    /** Locks the merchant row (`FOR NO KEY UPDATE`) and reads its theme. */
    lockTheme(merchantId: number) {
      return db
        .selectFrom('merchant')
        .select('theme')
        .where('id', '=', merchantId)
        .forNoKeyUpdate()
        .executeTakeFirstOrThrow();
    },
    /** `theme`: the theme as JSON text. */
    async setTheme(merchantId: number, theme: string): Promise<void> {
      await db.updateTable('merchant').set({ theme }).where('id', '=', merchantId).execute();
    },
  };
}
export type MerchantsRepository = ReturnType<typeof merchantsRepository>;
