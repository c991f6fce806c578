import { sql } from 'kysely';
import type { OpsAnnouncementText, OpsServiceLink } from '@panalo/contract/content-ops';
import type { Database } from '../../db/database';

/** The console's help-centre, page and service-link SQL; every query is bounded to one merchant. */
export function helpOpsRepository(db: Database) {
  /** Help entries with all their texts (one JSON list per row). */
  const selectHelp = (merchantId: number) =>
    db
      .selectFrom('help_item as h')
      .select([
        'h.id',
        'h.device',
        'h.sort',
        sql<OpsAnnouncementText[] | string | null>`(
          select json_agg(json_build_object('lang', i.lang, 'title', i.title, 'content', i.content))
          from help_item_i18n i where i.help_item_id = h.id and i.merchant_id = h.merchant_id)`.as('texts'),
      ])
      .where('h.merchant_id', '=', merchantId);

  return {
    /** The help entries of one device with their texts, by order and id. */
    helpItems(merchantId: number, device: string) {
      return selectHelp(merchantId)
        .where('h.device', '=', device)
        .orderBy('h.sort')
        .orderBy('h.id')
        .execute();
    },

    /** One help entry with its texts (it must exist). */
    helpItem(merchantId: number, id: number) {
      return selectHelp(merchantId).where('h.id', '=', id).executeTakeFirstOrThrow();
    },

    /** Locks a help entry of the merchant (`FOR UPDATE`); undefined when there is none. */
    lockHelpItem(merchantId: number, id: number) {
      return db
        .selectFrom('help_item')
        .select('id')
        .where('id', '=', id)
        .where('merchant_id', '=', merchantId)
        .forUpdate()
        .executeTakeFirst();
    },

    async insertHelpItem(merchantId: number, device: string, sort: number): Promise<number> {
      const row = await db
        .insertInto('help_item')
        .values({ merchant_id: merchantId, device, sort })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async updateHelpItem(merchantId: number, id: number, device: string, sort: number): Promise<void> {
      await db
        .updateTable('help_item')
        .set({ device, sort })
        .where('id', '=', id)
        .where('merchant_id', '=', merchantId)
        .execute();
    },

    /** Replaces every text of a help entry (a language left out is removed). */
    async replaceHelpTexts(merchantId: number, id: number, texts: OpsAnnouncementText[]): Promise<void> {
      await db
        .deleteFrom('help_item_i18n')
        .where('help_item_id', '=', id)
        .where('merchant_id', '=', merchantId)
        .execute();
      await db
        .insertInto('help_item_i18n')
        .values(texts.map((t) => ({ help_item_id: id, merchant_id: merchantId, ...t })))
        .execute();
    },

    /** Deletes a help entry: its texts, then the entry. */
    async deleteHelpItem(merchantId: number, id: number): Promise<void> {
      await db
        .deleteFrom('help_item_i18n')
        .where('help_item_id', '=', id)
        .where('merchant_id', '=', merchantId)
        .execute();
      await db.deleteFrom('help_item').where('id', '=', id).where('merchant_id', '=', merchantId).execute();
    },

    /** Every text of every page of the merchant. */
    pageTexts(merchantId: number) {
      return db
        .selectFrom('content_page')
        .select(['slug', 'lang', 'title', 'content'])
        .where('merchant_id', '=', merchantId)
        .execute();
    },

    /**
     * Locks the merchant's row (`FOR NO KEY UPDATE`): it orders two saves of a page, or of the service
     * links (they have no row of their own to lock).
     */
    async lockMerchantRow(merchantId: number): Promise<void> {
      await db.selectFrom('merchant').select('id').where('id', '=', merchantId).forNoKeyUpdate().execute();
    },

    /** The texts of one page. */
    textsOfPage(merchantId: number, slug: string) {
      return db
        .selectFrom('content_page')
        .select(['lang', 'title', 'content'])
        .where('merchant_id', '=', merchantId)
        .where('slug', '=', slug)
        .execute();
    },

    /** Replaces every text of a page (a language left out is removed). */
    async replacePageTexts(merchantId: number, slug: string, texts: OpsAnnouncementText[]): Promise<void> {
      await db
        .deleteFrom('content_page')
        .where('merchant_id', '=', merchantId)
        .where('slug', '=', slug)
        .execute();
      await db
        .insertInto('content_page')
        .values(texts.map((t) => ({ merchant_id: merchantId, slug, ...t })))
        .execute();
    },

    /** The customer-service links in the member site's order. */
    serviceLinks(merchantId: number) {
      return db
        .selectFrom('customer_service_link')
        .select(['type', 'title', 'url'])
        .where('merchant_id', '=', merchantId)
        .orderBy('sort')
        .orderBy('id')
        .execute();
    },

    /** Replaces the customer-service links; their order is the list's. */
    async replaceServiceLinks(merchantId: number, links: OpsServiceLink[]): Promise<void> {
      await db.deleteFrom('customer_service_link').where('merchant_id', '=', merchantId).execute();
      if (links.length > 0)
        await db
          .insertInto('customer_service_link')
          .values(
            links.map((l, i) => ({
              merchant_id: merchantId,
              type: l.type,
              title: l.title,
              url: l.url,
              sort: i,
            })),
          )
          .execute();
    },
  };
}
export type HelpOpsRepository = ReturnType<typeof helpOpsRepository>;
