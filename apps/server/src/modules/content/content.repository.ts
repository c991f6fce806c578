import { sql } from 'kysely';
import type { Database } from '../../db/database';

export interface LangPreference {
  lang: string;
  fallback: string;
}

// Rank of a translation: the asked language first, then the merchant's default, then any other.
const langRank = (column: string, pref: LangPreference) =>
  sql<number>`case when ${sql.ref(column)} = ${pref.lang} then 0 when ${sql.ref(column)} = ${pref.fallback} then 1 else 2 end`;

/** Content SQL; every query is bounded to one merchant and picks one translation per item. */
export function contentRepository(db: Database) {
  return {
    async announcements(
      merchantId: number,
      filter: { types: string[]; groupName: string; platform: string; now: Date },
      pref: LangPreference,
    ) {
      const rows = await db
        .selectFrom('announcement as a')
        .innerJoin('announcement_i18n as i', 'i.announcement_id', 'a.id')
        .distinctOn('a.id')
        .select([
          'a.id',
          'a.type',
          'a.execution',
          'a.promotion_type',
          'a.image_url',
          'a.link_url',
          'a.sort',
          'a.starts_at',
          'a.created_at',
          'i.title',
          'i.content',
        ])
        .where('a.merchant_id', '=', merchantId)
        .where('i.merchant_id', '=', merchantId)
        .where('a.type', 'in', filter.types)
        .where('a.group_name', '=', filter.groupName)
        .where('a.platform', 'in', [filter.platform, 'ALL'])
        .where((eb) => eb.or([eb('a.starts_at', 'is', null), eb('a.starts_at', '<=', filter.now)]))
        .where((eb) => eb.or([eb('a.ends_at', 'is', null), eb('a.ends_at', '>', filter.now)]))
        .orderBy('a.id')
        .orderBy(langRank('i.lang', pref))
        .execute();
      return rows.sort((x, y) => x.sort - y.sort || x.id - y.id);
    },

    /** Which of `ids` the member has opened. */
    async readIds(memberId: bigint, ids: number[]): Promise<Set<number>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .selectFrom('announcement_read')
        .select('announcement_id')
        .where('member_id', '=', memberId)
        .where('announcement_id', 'in', ids)
        .execute();
      return new Set(rows.map((r) => r.announcement_id));
    },

    /** The member opened an announcement (once; a second open changes nothing). */
    async markRead(memberId: bigint, announcementId: number, at: Date): Promise<void> {
      await db
        .insertInto('announcement_read')
        .values({ member_id: memberId, announcement_id: announcementId, read_at: at })
        .onConflict((oc) => oc.columns(['member_id', 'announcement_id']).doNothing())
        .execute();
    },

    hotMatches(merchantId: number, since: Date) {
      return db
        .selectFrom('hot_match')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .where('match_time', '>=', since)
        .orderBy('sort')
        .orderBy('match_time')
        .limit(20)
        .execute();
    },

    async helpItems(merchantId: number, device: string, pref: LangPreference) {
      const rows = await db
        .selectFrom('help_item as h')
        .innerJoin('help_item_i18n as i', 'i.help_item_id', 'h.id')
        .distinctOn('h.id')
        .select(['h.id', 'h.sort', 'i.title', 'i.content'])
        .where('h.merchant_id', '=', merchantId)
        .where('i.merchant_id', '=', merchantId)
        .where('h.device', '=', device)
        .orderBy('h.id')
        .orderBy(langRank('i.lang', pref))
        .execute();
      return rows.sort((x, y) => x.sort - y.sort || x.id - y.id);
    },

    page(merchantId: number, slug: string, pref: LangPreference) {
      return db
        .selectFrom('content_page')
        .select(['slug', 'title', 'content'])
        .where('merchant_id', '=', merchantId)
        .where('slug', '=', slug)
        .orderBy(langRank('lang', pref))
        .limit(1)
        .executeTakeFirst();
    },

    gameCategories(merchantId: number) {
      return db
        .selectFrom('game_category')
        .select(['code', 'icon_url'])
        .where('merchant_id', '=', merchantId)
        .where('enabled', '=', true)
        .orderBy('sort')
        .orderBy('id')
        .execute();
    },
  };
}
export type ContentRepository = ReturnType<typeof contentRepository>;
