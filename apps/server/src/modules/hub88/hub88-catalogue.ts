import { sql } from 'kysely';
import type { Database } from '../../db/database';
import { searchTextOf } from '../games/search';
import { HUB88_VENDOR } from './hub88-setup';
import { inTransaction } from '../../db/transaction';

/** Hub88's categories (its game/list) in our catalogue's game types; any other is a casino game (RNG). */
const TYPE_OF: Record<string, string> = {
  fishing: 'FISH',
  'fish games': 'FISH',
  'live dealer': 'LIVE',
  'live games': 'LIVE',
  'live baccarat': 'LIVE',
  'live blackjack': 'LIVE',
  'live roulette': 'LIVE',
  'live dice': 'LIVE',
  'live keno': 'LIVE',
  'live lottery': 'LIVE',
  sportsbook: 'SPORTS',
  'virtual sports': 'SPORTS',
  'fixed odds': 'SPORTS',
  esports: 'ESPORTS',
  cockfighting: 'COCKFIGHT',
};
export const gameTypeOfHub88 = (category: string | null | undefined): string =>
  TYPE_OF[(category ?? '').trim().toLowerCase()] ?? 'RNG';
/** Where a game type is listed (e-sports and cockfight sit under SPORTS, spec §4). */
const LISTED_UNDER: Record<string, string> = { ESPORTS: 'SPORTS', COCKFIGHT: 'SPORTS' };

/** What the catalogue takes of a game of Hub88's list. */
export interface Hub88ListedGame {
  game_code: string;
  name: string;
  category?: string | null | undefined;
  enabled: boolean;
  url_thumb?: string | null | undefined;
}

export interface CatalogueSync {
  /** Games listed and enabled (now in the catalogue). */
  enabled: number;
  /** Games of ours no longer offered (listed disabled, or not listed): hidden from the catalogue. */
  disabled: number;
}

/**
 * Mirrors Hub88's game list into the catalogue under the vendor HUB88 (vassalage HUB88, gameId =
 * game_code): enabled games are added or updated (name, category, icon), the others are switched off.
 * Running it again with the same list changes nothing; it is one transaction.
 */
export async function syncHub88Catalogue(
  db: Database,
  games: readonly Hub88ListedGame[],
): Promise<CatalogueSync> {
  const on = games.filter((g) => g.enabled);
  return inTransaction(db, 'hub88-catalogue.syncHub88Catalogue', async (trx) => {
    await trx
      .insertInto('vendor')
      .values({
        code: HUB88_VENDOR,
        name: 'Hub88',
        category: 'RNG',
        account_type_name: 'RNG',
        wallet_vendor_code: HUB88_VENDOR,
        sort: 100,
      })
      .onConflict((oc) => oc.column('code').doUpdateSet({ wallet_vendor_code: HUB88_VENDOR }))
      .execute();
    const types = [...new Set(on.map((g) => gameTypeOfHub88(g.category)))];
    if (types.length > 0) {
      await trx
        .insertInto('vendor_category')
        .values(
          [...new Set(types.map((t) => LISTED_UNDER[t] ?? t))].map((category) => ({
            category,
            vendor_code: HUB88_VENDOR,
            sort: 100,
          })),
        )
        .onConflict((oc) => oc.columns(['category', 'vendor_code']).doNothing())
        .execute();
    }
    for (const [sort, g] of on.entries()) {
      const row = await trx
        .insertInto('game')
        .values({
          vendor_code: HUB88_VENDOR,
          game_id: g.game_code,
          game_type: gameTypeOfHub88(g.category),
          node_name: g.name,
          icon_url: g.url_thumb ?? null,
          // Trial accounts play Hub88 games with play money, as every vendor's (the wallet's play book).
          support_play: true,
          sort,
          enabled: true,
          search_text: searchTextOf([g.name]),
        })
        .onConflict((oc) =>
          oc.columns(['vendor_code', 'game_id']).doUpdateSet((eb) => ({
            game_type: eb.ref('excluded.game_type'),
            node_name: eb.ref('excluded.node_name'),
            icon_url: eb.ref('excluded.icon_url'),
            search_text: eb.ref('excluded.search_text'),
            enabled: true,
          })),
        )
        .returning('id')
        .executeTakeFirstOrThrow();
      // Hub88 names a game once (no translations): the name serves every language.
      await trx
        .insertInto('game_i18n')
        .values(['EN', 'TY'].map((lang) => ({ game_id: row.id, lang, name: g.name })))
        .onConflict((oc) =>
          oc.columns(['game_id', 'lang']).doUpdateSet((eb) => ({ name: eb.ref('excluded.name') })),
        )
        .execute();
    }
    const offered = on.map((g) => g.game_code);
    const off = await trx
      .updateTable('game')
      .set({ enabled: false })
      .where('vendor_code', '=', HUB88_VENDOR)
      .where('enabled', '=', true)
      .$if(offered.length > 0, (q) => q.where(sql<boolean>`not (game_id = any(${offered}::text[]))`))
      .executeTakeFirst();
    return { enabled: on.length, disabled: Number(off.numUpdatedRows) };
  });
}
