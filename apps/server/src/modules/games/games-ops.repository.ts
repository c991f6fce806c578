import { sql, type RawBuilder } from 'kysely';
import type { GameShownFilter } from '@panalo/contract/catalogue-rules';
import type { Database } from '../../db/database';
import { containsPattern } from './search';

/** A game as the console lists it: the platform's settings and this site's, side by side. */
export interface OpsGameRow {
  id: bigint;
  vendor: string;
  vendor_name: string;
  game_id: string;
  name: string | null;
  fallback_name: string | null;
  node_name: string;
  type: string;
  icon_url: string | null;
  hidden: boolean;
  vendor_hidden: boolean;
  hot: boolean;
  site_hot: boolean | null;
  catalogue_hot: boolean;
  sort: number;
  site_sort: number | null;
  catalogue_sort: number;
  total: string | number | bigint;
}

/** A vendor as the console lists it, with its game count and this site's settings. */
export interface OpsVendorRow {
  code: string;
  name: string;
  category: string;
  games: string | number | bigint;
  hidden: boolean;
  sort: number;
  site_sort: number | null;
  catalogue_sort: number;
}

/** What the console's game list may be narrowed to; `words` are normalised search words. */
export interface OpsGameFilter {
  vendor?: string | undefined;
  words: string[];
  show: GameShownFilter;
}

/** The console's catalogue SQL: the games and vendors a merchant can show, and its settings of them. */
export function gamesOpsRepository(db: Database) {
  /** The games this merchant can show, with its settings; one statement for the page and its count. */
  function gamesSelect(
    merchantId: number,
    lang: string,
    where: RawBuilder<unknown>,
    limit: number,
    offset: number,
  ) {
    return sql<OpsGameRow>`select g.id, g.vendor_code as vendor, v.name as vendor_name, g.game_id,
        n.name, fb.name as fallback_name, g.node_name, g.game_type as type, g.icon_url,
        coalesce(mg.hidden, false) as hidden, coalesce(mv.hidden, false) as vendor_hidden,
        coalesce(mg.hot, g.hot) as hot, mg.hot as site_hot, g.hot as catalogue_hot,
        coalesce(mg.sort, g.sort) as sort, mg.sort as site_sort, g.sort as catalogue_sort, count(*) over () as total
      from game g
      join vendor v on v.code = g.vendor_code
      left join merchant_vendor mv on mv.merchant_id = ${merchantId} and mv.vendor_code = g.vendor_code
      left join merchant_game mg on mg.merchant_id = ${merchantId} and mg.game_id = g.id
      left join game_i18n n on n.game_id = g.id and n.lang = ${lang}
      left join game_i18n fb on fb.game_id = g.id and fb.lang = 'EN'
      where g.enabled and v.enabled and ${where}
      order by coalesce(mg.sort, g.sort), g.id
      limit ${limit} offset ${offset}`;
  }

  return {
    /**
     * A page of the games (names in `lang`, else English); each row carries the count of all that match
     * (`total`).
     */
    async gamesPage(merchantId: number, lang: string, f: OpsGameFilter, limit: number, offset: number) {
      const c: RawBuilder<unknown>[] = [sql`true`];
      if (f.vendor) c.push(sql`g.vendor_code = ${f.vendor}`);
      for (const w of f.words) c.push(sql`g.search_text like ${containsPattern(w)}`);
      if (f.show === 'hidden') c.push(sql`(coalesce(mg.hidden, false) or coalesce(mv.hidden, false))`);
      if (f.show === 'shown') c.push(sql`not coalesce(mg.hidden, false) and not coalesce(mv.hidden, false)`);
      if (f.show === 'hot') c.push(sql`coalesce(mg.hot, g.hot)`);
      const r = await gamesSelect(merchantId, lang, sql.join(c, sql` and `), limit, offset).execute(db);
      return r.rows;
    },

    /** One game the merchant can show (names in `lang`, else English); undefined when it cannot. */
    async game(merchantId: number, lang: string, id: bigint): Promise<OpsGameRow | undefined> {
      const r = await gamesSelect(merchantId, lang, sql`g.id = ${id}`, 1, 0).execute(db);
      return r.rows[0];
    },

    /** The enabled vendors (or the one of `code`), in this site's order. */
    async vendors(merchantId: number, code?: string): Promise<OpsVendorRow[]> {
      const r = await sql<OpsVendorRow>`select v.code, v.name, v.category,
        (select count(*) from game g where g.vendor_code = v.code and g.enabled) as games,
        coalesce(mv.hidden, false) as hidden,
        coalesce(mv.sort, (select min(vc.sort) from vendor_category vc where vc.vendor_code = v.code), v.sort) as sort,
        mv.sort as site_sort,
        coalesce((select min(vc.sort) from vendor_category vc where vc.vendor_code = v.code), v.sort) as catalogue_sort
      from vendor v
      left join merchant_vendor mv on mv.merchant_id = ${merchantId} and mv.vendor_code = v.code
      where v.enabled ${code === undefined ? sql`` : sql`and v.code = ${code}`}
      order by 6, v.code`.execute(db);
      return r.rows;
    },

    /** This site's settings of a game (inserted, or replacing the ones it had). */
    async upsertMerchantGame(
      merchantId: number,
      gameId: bigint,
      s: { hidden: boolean; hot: boolean | null; sort: number | null },
    ): Promise<void> {
      await db
        .insertInto('merchant_game')
        .values({
          merchant_id: merchantId,
          game_id: gameId,
          hidden: s.hidden,
          hot: s.hot,
          sort: s.sort,
        })
        .onConflict((oc) =>
          oc.columns(['merchant_id', 'game_id']).doUpdateSet({ hidden: s.hidden, hot: s.hot, sort: s.sort }),
        )
        .execute();
    },

    /** This site's settings of a vendor (inserted, or replacing the ones it had). */
    async upsertMerchantVendor(
      merchantId: number,
      code: string,
      s: { hidden: boolean; sort: number | null },
    ): Promise<void> {
      await db
        .insertInto('merchant_vendor')
        .values({ merchant_id: merchantId, vendor_code: code, hidden: s.hidden, sort: s.sort })
        .onConflict((oc) =>
          oc.columns(['merchant_id', 'vendor_code']).doUpdateSet({ hidden: s.hidden, sort: s.sort }),
        )
        .execute();
    },
  };
}
export type GamesOpsRepository = ReturnType<typeof gamesOpsRepository>;
