import { sql, type Insertable } from 'kysely';
import type { OpsAnnouncementText } from '@panalo/contract/content-ops';
import type { ContentType } from '@panalo/contract/content';
import type { Database } from '../../db/database';
import type { AnnouncementTable } from '../../db/schema';

/** The console's announcement and site-switch SQL; every query is bounded to one merchant. */
export function contentOpsRepository(db: Database) {
  /** Announcements with all their texts (one JSON list per row). */
  const selectAnnouncements = (merchantId: number) =>
    db
      .selectFrom('announcement as a')
      .select([
        'a.id',
        'a.type',
        'a.group_name',
        'a.platform',
        'a.sort',
        'a.link_url',
        'a.image_url',
        'a.starts_at',
        'a.ends_at',
        sql<OpsAnnouncementText[] | string | null>`(
          select json_agg(json_build_object('lang', i.lang, 'title', i.title, 'content', i.content))
          from announcement_i18n i where i.announcement_id = a.id and i.merchant_id = a.merchant_id)`.as(
          'texts',
        ),
      ])
      .where('a.merchant_id', '=', merchantId);

  return {
    /** The merchant's languages as stored and its default language. */
    languages(merchantId: number) {
      return db
        .selectFrom('merchant')
        .select(['languages', 'default_language'])
        .where('id', '=', merchantId)
        .executeTakeFirstOrThrow();
    },

    /** A page of announcements with their texts, by type, order and id. */
    announcementPage(merchantId: number, type: ContentType | undefined, limit: number, offset: number) {
      let query = selectAnnouncements(merchantId);
      if (type) query = query.where('a.type', '=', type);
      return query.orderBy('a.type').orderBy('a.sort').orderBy('a.id').limit(limit).offset(offset).execute();
    },

    countAnnouncements(merchantId: number, type: ContentType | undefined) {
      return db
        .selectFrom('announcement')
        .select((e) => e.fn.countAll<string>().as('n'))
        .where('merchant_id', '=', merchantId)
        .$if(type !== undefined, (w) => w.where('type', '=', type!))
        .executeTakeFirstOrThrow();
    },

    /** One announcement with its texts. */
    announcement(merchantId: number, id: number) {
      return selectAnnouncements(merchantId).where('a.id', '=', id).executeTakeFirst();
    },

    async insertAnnouncement(values: Insertable<AnnouncementTable>): Promise<number> {
      const row = await db
        .insertInto('announcement')
        .values(values)
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** Locks an announcement of the merchant (`FOR UPDATE`); undefined when there is none. */
    lockAnnouncement(merchantId: number, id: number) {
      return db
        .selectFrom('announcement')
        .select('id')
        .where('id', '=', id)
        .where('merchant_id', '=', merchantId)
        .forUpdate()
        .executeTakeFirst();
    },

    async updateAnnouncement(
      merchantId: number,
      id: number,
      a: { sort: number; linkUrl: string | null; startsAt: Date | null; endsAt: Date | null },
    ): Promise<void> {
      await db
        .updateTable('announcement')
        .set({
          sort: a.sort,
          link_url: a.linkUrl,
          starts_at: a.startsAt,
          ends_at: a.endsAt,
        })
        .where('id', '=', id)
        .where('merchant_id', '=', merchantId)
        .execute();
    },

    /** Replaces every text of an announcement (a language left out is removed). */
    async replaceAnnouncementTexts(merchantId: number, id: number, texts: OpsAnnouncementText[]) {
      await db
        .deleteFrom('announcement_i18n')
        .where('announcement_id', '=', id)
        .where('merchant_id', '=', merchantId)
        .execute();
      await db
        .insertInto('announcement_i18n')
        .values(texts.map((t) => ({ announcement_id: id, merchant_id: merchantId, ...t })))
        .execute();
    },

    /** Locks an announcement (`FOR UPDATE`) and reads its picture; undefined when there is none. */
    lockAnnouncementImage(merchantId: number, id: number) {
      return db
        .selectFrom('announcement')
        .select('image_url')
        .where('id', '=', id)
        .where('merchant_id', '=', merchantId)
        .forUpdate()
        .executeTakeFirst();
    },

    async setAnnouncementImage(merchantId: number, id: number, url: string): Promise<void> {
      await db
        .updateTable('announcement')
        .set({ image_url: url })
        .where('id', '=', id)
        .where('merchant_id', '=', merchantId)
        .execute();
    },

    /** The site's flags, default language and theme, as stored. */
    site(merchantId: number) {
      return db
        .selectFrom('merchant')
        .select(['whitelabel', 'default_language', 'theme'])
        .where('id', '=', merchantId)
        .executeTakeFirstOrThrow();
    },

    /** Locks the merchant row (`FOR NO KEY UPDATE`) and reads its white-label flags. */
    lockWhitelabel(merchantId: number) {
      return db
        .selectFrom('merchant')
        .select('whitelabel')
        .where('id', '=', merchantId)
        .forNoKeyUpdate()
        .executeTakeFirstOrThrow();
    },

    /** `whitelabel`: the flags as JSON text. */
    async setWhitelabel(merchantId: number, whitelabel: string): Promise<void> {
      await db.updateTable('merchant').set({ whitelabel }).where('id', '=', merchantId).execute();
    },
  };
}
export type ContentOpsRepository = ReturnType<typeof contentOpsRepository>;
