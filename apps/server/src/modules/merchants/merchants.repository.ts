import type { Selectable } from 'kysely';
import type { Database } from '../../db/database';
import type { MerchantTable } from '../../db/schema';
import type {
  MerchantSettings,
  MobileTemplate,
  RegionRestriction,
  RegistrationRules,
  Theme,
  Whitelabel,
} from '@panalo/contract/merchant';
import type { BrandStatus } from '@panalo/contract/provider-rules';

export type MerchantRow = Selectable<MerchantTable>;

/** What a new site is made of (the demo seed's merchants and the brands the provider launches). */
export interface NewSite {
  code: string;
  name: string;
  currency: string;
  defaultLanguage: string;
  languages: string[];
  theme: Theme;
  whitelabel: Whitelabel;
  rules: RegistrationRules;
  imageCDNs: string[];
  mobileTemplate: MobileTemplate;
  regionRestriction: RegionRestriction;
  domains: string[];
  mainDomain: string;
  trialMerchantCode: string | null;
  settings: MerchantSettings;
  customerService: { type: 'CS' | 'TELEGRAM' | 'FACEBOOK'; title: string; url: string }[];
  downloads: { resourceType: 'IOS' | 'Android' | 'MOBILECONFIG' | 'AppDownloadIcon'; url: string }[];
  status: BrandStatus;
  at: Date;
}

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

    /**
     * A new site: its row, its domains and its links. What the spec does not name (the maker-checker
     * thresholds among them) takes the columns' defaults. A domain another site has: undefined (nothing
     * written is kept: the caller's transaction rolls back).
     */
    async create(m: NewSite): Promise<number | undefined> {
      const { id } = await db
        .insertInto('merchant')
        .values({
          code: m.code,
          name: m.name,
          currency: m.currency,
          default_language: m.defaultLanguage,
          languages: JSON.stringify(m.languages),
          theme: JSON.stringify(m.theme),
          whitelabel: JSON.stringify(m.whitelabel),
          registration_rules: JSON.stringify(m.rules),
          image_cdns: JSON.stringify(m.imageCDNs),
          mobile_template: JSON.stringify(m.mobileTemplate),
          maintenance: JSON.stringify({ enabled: false }),
          region_restriction: JSON.stringify(m.regionRestriction),
          domain_route: JSON.stringify([`https://${m.mainDomain}`]),
          main_domain: m.mainDomain,
          trial_merchant_code: m.trialMerchantCode,
          settings: JSON.stringify(m.settings),
          status: m.status,
          status_changed_at: m.status === 'live' ? null : m.at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const domains = await db
        .insertInto('merchant_domain')
        .values(m.domains.map((domain) => ({ domain, merchant_id: id })))
        .onConflict((oc) => oc.column('domain').doNothing())
        .returning('domain')
        .execute();
      if (domains.length !== m.domains.length) return undefined;
      if (m.customerService.length > 0) {
        await db
          .insertInto('customer_service_link')
          .values(
            m.customerService.map((c, sort) => ({
              merchant_id: id,
              type: c.type,
              title: c.title,
              url: c.url,
              sort,
            })),
          )
          .execute();
      }
      if (m.downloads.length > 0) {
        await db
          .insertInto('download_link')
          .values(m.downloads.map((d) => ({ merchant_id: id, resource_type: d.resourceType, url: d.url })))
          .execute();
      }
      return id;
    },
    async insertPreview(o: {
      tokenHash: string;
      merchantId: number;
      staffId: bigint;
      expiresAt: Date;
      at: Date;
    }) {
      await db
        .insertInto('brand_preview')
        .values({
          token_hash: o.tokenHash,
          merchant_id: o.merchantId,
          provider_staff_id: o.staffId,
          expires_at: o.expiresAt,
          created_at: o.at,
        })
        .execute();
    },
    /** Whether a preview token of this merchant is live. */
    async livePreview(merchantId: number, tokenHash: string, now: Date): Promise<boolean> {
      const row = await db
        .selectFrom('brand_preview')
        .select('merchant_id')
        .where('token_hash', '=', tokenHash)
        .where('merchant_id', '=', merchantId)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return row !== undefined;
    },
    /** Which of these domains some site has already. */
    async takenDomains(domains: string[]): Promise<string[]> {
      if (domains.length === 0) return [];
      const rows = await db
        .selectFrom('merchant_domain')
        .select('domain')
        .where('domain', 'in', domains)
        .execute();
      return rows.map((r) => r.domain);
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
