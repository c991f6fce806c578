import type { Database } from '../../db/database';
import { searchTextOf } from './search';
import { demoCatalogue, type GameSeed } from './seed/catalogue';
import { CLASSIFICATIONS, INHOUSE_VENDOR, VENDORS } from './seed/vendors';
import { inTransaction } from '../../db/transaction';

const CHUNK = 200;

/**
 * Seeds the demo games catalogue once (vendors, classifications, 600+ games with EN and TY names) and the
 * demo merchants' catalogue settings; running it again changes nothing.
 */
export async function seedGames(db: Database): Promise<void> {
  await inTransaction(db, 'games.seed.seedGames', async (trx) => {
    const present = await trx.selectFrom('vendor').select('code').limit(1).executeTakeFirst();
    if (!present) await seedCatalogue(trx);
    await seedMerchantSettings(trx);
  });
}

async function seedCatalogue(trx: Database): Promise<void> {
  await trx
    .insertInto('vendor')
    .values(
      VENDORS.map((v, sort) => ({
        code: v.code,
        name: v.name,
        category: v.category,
        account_type_name: v.accountTypeName,
        small_icon: null,
        large_icon: null,
        colours: v.colours,
        wallet_vendor_code: v.wallet,
        sort,
      })),
    )
    .execute();
  await trx
    .insertInto('vendor_category')
    .values(VENDORS.map((v, sort) => ({ category: v.listedUnder, vendor_code: v.code, sort })))
    .execute();
  await trx
    .insertInto('game_classification')
    .values(
      CLASSIFICATIONS.map((c, sort) => ({
        category: c.category,
        code: c.code,
        vendor_code: c.vendor,
        names: JSON.stringify({ EN: c.en, TY: c.ty }),
        sort,
      })),
    )
    .execute();

  const games = demoCatalogue();
  const sortIn = new Map<string, number>();
  for (let i = 0; i < games.length; i += CHUNK) {
    const chunk = games.slice(i, i + CHUNK);
    const ids = await trx
      .insertInto('game')
      .values(
        chunk.map((g) => {
          const sort = sortIn.get(g.gameType) ?? 0;
          sortIn.set(g.gameType, sort + 1);
          return rowOf(g, sort);
        }),
      )
      .returning('id')
      .execute();
    await trx
      .insertInto('game_i18n')
      .values(
        chunk.flatMap((g, k) => [
          { game_id: ids[k]!.id, lang: 'EN', name: g.en },
          { game_id: ids[k]!.id, lang: 'TY', name: g.ty },
        ]),
      )
      .execute();
  }
}

function rowOf(g: GameSeed, sort: number) {
  return {
    vendor_code: g.vendor,
    game_id: g.gameId,
    game_type: g.gameType,
    node_name: g.en,
    room_id: g.roomId,
    show_icon: true,
    icon_url: null,
    support_play: g.supportPlay,
    classify: g.classify,
    is_new: g.isNew,
    hot: g.hot,
    min_bet: g.minBet,
    lines: g.lines,
    sort,
    search_text: searchTextOf([g.en, g.ty]),
  };
}

/**
 * The demo merchants' own choices: panalo shows its in-house games as hot; luzon hides one slot studio
 * and a few single games and keeps its own order for the first live tables.
 */
async function seedMerchantSettings(trx: Database): Promise<void> {
  const merchants = await trx.selectFrom('merchant').select(['id', 'code']).execute();
  for (const m of merchants) {
    if (m.code === 'panalo') {
      const inhouse = await trx
        .selectFrom('game')
        .select('id')
        .where('vendor_code', '=', INHOUSE_VENDOR)
        .execute();
      if (inhouse.length > 0) {
        await trx
          .insertInto('merchant_game')
          .values(inhouse.map((g) => ({ merchant_id: m.id, game_id: g.id, hot: true })))
          .onConflict((oc) => oc.columns(['merchant_id', 'game_id']).doNothing())
          .execute();
      }
    }
    if (m.code === 'luzon') {
      await trx
        .insertInto('merchant_vendor')
        .values({ merchant_id: m.id, vendor_code: 'HMY', hidden: true })
        .onConflict((oc) => oc.columns(['merchant_id', 'vendor_code']).doNothing())
        .execute();
      const hide = await trx
        .selectFrom('game')
        .select('id')
        .where('vendor_code', '=', 'BYN')
        .orderBy('id')
        .limit(3)
        .execute();
      const live = await trx
        .selectFrom('game')
        .select('id')
        .where('vendor_code', '=', 'MNL')
        .orderBy('id')
        .limit(3)
        .execute();
      const rows = [
        ...hide.map((g) => ({ merchant_id: m.id, game_id: g.id, hidden: true, sort: null })),
        ...live.map((g, i) => ({ merchant_id: m.id, game_id: g.id, hidden: false, sort: -10 + i })),
      ];
      if (rows.length > 0) {
        await trx
          .insertInto('merchant_game')
          .values(rows)
          .onConflict((oc) => oc.columns(['merchant_id', 'game_id']).doNothing())
          .execute();
      }
    }
  }
}
