import { sql, type RawBuilder } from 'kysely';
import type { Database } from '../../db/database';
import { containsPattern } from './search';

/** How many recent games a member keeps. */
export const RECENT_KEEP = 100;

/** What a game list may be narrowed to; `categories` is never empty (the caller answers [] itself). */
export interface GameFilter {
  categories: string[];
  vendor?: string | undefined;
  hotOnly?: boolean | undefined;
  isNew?: boolean | undefined;
  classify?: string | undefined;
  /** Games whose minimum bet is at most this (minor units): playable at that stake. */
  maxMinBet?: bigint | undefined;
  minLines?: number | undefined;
  /** Normalised search words, each of which must occur in one of the game's names. */
  words?: string[] | undefined;
}

/** Which list: the catalogue in display order, or a member's favourites / recents, newest first. */
export type ListKind = { kind: 'catalogue' } | { kind: 'favourite' | 'recent'; memberId: bigint };

export interface GameRow {
  id: bigint;
  vendor_code: string;
  game_id: string;
  game_type: string;
  node_name: string;
  room_id: string | null;
  show_icon: boolean;
  icon_url: string | null;
  support_play: boolean;
  classify: string | null;
  is_new: boolean;
  hot: boolean;
  min_bet: bigint;
  lines: number | null;
  name: string | null;
  fallback_name: string | null;
}

export interface LangPair {
  lang: string;
  fallback: string;
}

// The games a merchant shows: the game and its vendor enabled, neither hidden by the merchant.
function visibleFrom(merchantId: number, list: ListKind): RawBuilder<unknown> {
  const member =
    list.kind === 'favourite'
      ? sql`join favourite k on k.game_id = g.id and k.merchant_id = ${merchantId} and k.member_id = ${list.memberId}`
      : list.kind === 'recent'
        ? sql`join recent k on k.game_id = g.id and k.merchant_id = ${merchantId} and k.member_id = ${list.memberId}`
        : sql``;
  return sql`from game g
    join vendor v on v.code = g.vendor_code
    ${member}
    left join merchant_vendor mv on mv.merchant_id = ${merchantId} and mv.vendor_code = g.vendor_code
    left join merchant_game mg on mg.merchant_id = ${merchantId} and mg.game_id = g.id`;
}

function conditions(f: GameFilter): RawBuilder<unknown> {
  const c: RawBuilder<unknown>[] = [
    sql`g.enabled`,
    sql`v.enabled`,
    sql`coalesce(mv.hidden, false) = false`,
    sql`coalesce(mg.hidden, false) = false`,
    sql`g.game_type in (${sql.join(f.categories)})`,
  ];
  if (f.vendor !== undefined) c.push(sql`g.vendor_code = ${f.vendor}`);
  if (f.hotOnly) c.push(sql`coalesce(mg.hot, g.hot)`);
  if (f.isNew !== undefined) c.push(sql`g.is_new = ${f.isNew}`);
  if (f.classify !== undefined) c.push(sql`g.classify = ${f.classify}`);
  if (f.maxMinBet !== undefined) c.push(sql`g.min_bet <= ${f.maxMinBet}`);
  if (f.minLines !== undefined) c.push(sql`g.lines >= ${f.minLines}`);
  for (const w of f.words ?? []) c.push(sql`g.search_text like ${containsPattern(w)}`);
  return sql.join(c, sql` and `);
}

// Order columns picked in the page and re-applied outside it.
function orderOf(list: ListKind) {
  return list.kind === 'catalogue'
    ? { keys: sql`coalesce(mg.sort, g.sort) as o1, g.id as o2`, order: sql`o1 asc, o2 asc` }
    : list.kind === 'favourite'
      ? { keys: sql`k.created_at as o1, g.id as o2`, order: sql`o1 desc, o2 desc` }
      : { keys: sql`k.played_at as o1, g.id as o2`, order: sql`o1 desc, o2 desc` };
}

/** Catalogue SQL. Every game query is bounded to one merchant's visible games. */
export function gamesRepository(db: Database) {
  return {
    /** The merchant's enabled game categories in its order (content's game_category). */
    async enabledCategories(merchantId: number): Promise<string[]> {
      const rows = await db
        .selectFrom('game_category')
        .select('code')
        .where('merchant_id', '=', merchantId)
        .where('enabled', '=', true)
        .orderBy('sort')
        .orderBy('id')
        .execute();
      return rows.map((r) => r.code);
    },

    /** One page of games and the count of all that match. */
    async page(
      merchantId: number,
      f: GameFilter,
      list: ListKind,
      lang: LangPair,
      limit: number,
      offset: number,
    ): Promise<{ rows: GameRow[]; total: number }> {
      const from = visibleFrom(merchantId, list);
      const where = conditions(f);
      const { keys, order } = orderOf(list);
      // One scan gives the page and the count (a window over the filtered rows, taken before the limit).
      const rows = await sql<GameRow & { total: string | number | bigint }>`with page as (
          select g.id, coalesce(mg.hot, g.hot) as hot, count(*) over () as total, ${keys} ${from}
          where ${where} order by ${order} limit ${limit} offset ${offset})
        select g.id, g.vendor_code, g.game_id, g.game_type, g.node_name, g.room_id, g.show_icon,
          g.icon_url, g.support_play, g.classify, g.is_new, page.hot, g.min_bet, g.lines,
          n.name, fb.name as fallback_name, page.total
        from page join game g on g.id = page.id
        left join game_i18n n on n.game_id = g.id and n.lang = ${lang.lang}
        left join game_i18n fb on fb.game_id = g.id and fb.lang = ${lang.fallback}
        order by ${order}`.execute(db);
      const first = rows.rows[0];
      if (first) return { rows: rows.rows.map(normaliseRow), total: Number(first.total) };
      if (offset === 0) return { rows: [], total: 0 };
      // Past the last page: the window saw no row, so count on its own.
      const count = await sql<{
        n: string | number | bigint;
      }>`select count(*) as n ${from} where ${where}`.execute(db);
      return { rows: [], total: Number(count.rows[0]?.n ?? 0) };
    },

    /** A game the merchant shows, by node id (and vendor when given). */
    async visibleGame(merchantId: number, nodeId: bigint, categories: string[], vendor?: string) {
      if (categories.length === 0) return undefined;
      const f: GameFilter = { categories, vendor };
      const res = await sql<{ id: bigint }>`select g.id ${visibleFrom(merchantId, { kind: 'catalogue' })}
        where ${conditions(f)} and g.id = ${nodeId}`.execute(db);
      return res.rows[0];
    },

    /** Vendors a merchant shows with the categories the vendor config lists them under. */
    async vendorListings(merchantId: number) {
      return db
        .selectFrom('vendor_category as vc')
        .innerJoin('vendor as v', 'v.code', 'vc.vendor_code')
        .leftJoin('merchant_vendor as mv', (j) =>
          j.onRef('mv.vendor_code', '=', 'v.code').on('mv.merchant_id', '=', merchantId),
        )
        .select([
          'vc.category as listed_under',
          'v.code',
          'v.name',
          'v.category',
          'v.account_type_name',
          'v.small_icon',
          'v.large_icon',
        ])
        .select(sql<number>`coalesce(mv.sort, vc.sort)`.as('sort'))
        .where('v.enabled', '=', true)
        .where(sql<boolean>`coalesce(mv.hidden, false) = false`)
        .orderBy(sql`coalesce(mv.sort, vc.sort)`)
        .orderBy('v.code')
        .execute();
    },

    /** Vendors with at least one hot game the merchant shows (the HOT entry of the vendor config). */
    async hotVendors(merchantId: number, categories: string[]): Promise<string[]> {
      if (categories.length === 0) return [];
      const res = await sql<{ code: string }>`select distinct g.vendor_code as code
        ${visibleFrom(merchantId, { kind: 'catalogue' })}
        where ${conditions({ categories, hotOnly: true })}`.execute(db);
      return res.rows.map((r) => r.code);
    },

    async classifications(category: string) {
      return db
        .selectFrom('game_classification')
        .select(['code', 'vendor_code', 'names'])
        .where('category', '=', category)
        .orderBy('sort')
        .execute();
    },

    async favouriteIds(merchantId: number, memberId: bigint): Promise<bigint[]> {
      const rows = await db
        .selectFrom('favourite')
        .select('game_id')
        .where('merchant_id', '=', merchantId)
        .where('member_id', '=', memberId)
        .orderBy('created_at', 'desc')
        .orderBy('game_id', 'desc')
        .execute();
      return rows.map((r) => BigInt(r.game_id));
    },

    /** Adds a favourite; an id already present is left as it is (spec §4). */
    async addFavourite(merchantId: number, memberId: bigint, gameId: bigint, at: Date) {
      await db
        .insertInto('favourite')
        .values({ merchant_id: merchantId, member_id: memberId, game_id: gameId, created_at: at })
        .onConflict((oc) => oc.columns(['member_id', 'game_id']).doNothing())
        .execute();
    },

    async removeFavourite(merchantId: number, memberId: bigint, gameId: bigint) {
      await db
        .deleteFrom('favourite')
        .where('merchant_id', '=', merchantId)
        .where('member_id', '=', memberId)
        .where('game_id', '=', gameId)
        .execute();
    },

    /** Records a play: a game already in the list moves to the top. */
    async touchRecent(merchantId: number, memberId: bigint, gameId: bigint, at: Date) {
      await db
        .insertInto('recent')
        .values({ merchant_id: merchantId, member_id: memberId, game_id: gameId, played_at: at })
        .onConflict((oc) => oc.columns(['member_id', 'game_id']).doUpdateSet({ played_at: at }))
        .execute();
      // Only the newest plays are ever shown; older ones are dropped so the table stays bounded.
      await sql`delete from recent where merchant_id = ${merchantId} and member_id = ${memberId}
        and game_id in (select game_id from recent where merchant_id = ${merchantId} and member_id = ${memberId}
          order by played_at desc, game_id desc offset ${RECENT_KEEP})`.execute(db);
    },

    /** What the artwork is painted from. */
    async artOf(nodeId: bigint) {
      return db
        .selectFrom('game as g')
        .innerJoin('vendor as v', 'v.code', 'g.vendor_code')
        .leftJoin('game_i18n as n', (j) => j.onRef('n.game_id', '=', 'g.id').on('n.lang', '=', 'EN'))
        .select([
          'g.id',
          'g.game_id',
          'g.game_type',
          'g.node_name',
          'n.name',
          'v.name as vendor_name',
          'v.colours',
        ])
        .where('g.id', '=', nodeId)
        .executeTakeFirst();
    },

    async vendorArtOf(code: string) {
      return db
        .selectFrom('vendor')
        .select(['code', 'name', 'category', 'colours'])
        .where('code', '=', code)
        .executeTakeFirst();
    },
  };
}

export type GamesRepository = ReturnType<typeof gamesRepository>;

// PGlite and pg agree on int8 → bigint, but a count or a boolean can come back in another shape.
function normaliseRow({ total: _total, ...r }: GameRow & { total: unknown }): GameRow {
  return { ...r, id: BigInt(r.id), min_bet: BigInt(r.min_bet), hot: Boolean(r.hot) };
}
