import type { Database } from '../../db/database';
import { LOTTERIES } from '../games/seed/words';
import { LOTTERY_VENDOR } from '../games/seed/vendors';
import { inTransaction } from '../../db/transaction';

/** The lobby's groups (menu tabs after HOT and FAV), by code. */
export const LOTTERY_GROUPS: Record<string, { EN: string; TY: string }> = {
  WINGO: { EN: 'Win Go', TY: 'Win Go' },
  '5D': { EN: '5D', TY: '5D' },
  K3: { EN: 'K3', TY: 'K3' },
  VN: { EN: 'Vietnam', TY: 'Vietnam' },
  JACKPOT: { EN: 'Jackpot', TY: 'Jackpot' },
};

export const LOTTERY_GROUP_OF: Record<string, string> = {
  WINGO1: 'WINGO',
  WINGO3: 'WINGO',
  WINGO5: 'WINGO',
  '5D': '5D',
  K3: 'K3',
  VNLOTTO: 'VN',
  JACKPOT645: 'JACKPOT',
};

/** What each demo merchant sells (in lobby order) and tags HOT; Luzon sells fewer. */
const DEMO: Record<string, { games: string[]; hot: string[] }> = {
  panalo: {
    games: ['WINGO1', 'WINGO3', 'WINGO5', '5D', 'K3', 'VNLOTTO', 'JACKPOT645'],
    hot: ['WINGO1', '5D', 'JACKPOT645'],
  },
  luzon: { games: ['WINGO1', 'WINGO3', 'K3', 'VNLOTTO'], hot: ['WINGO1'] },
};

/**
 * Seeds the demo merchants' lottery (once per merchant): the games they sell with names, group, tags and
 * icon, and hides the catalogue's lottery tiles of games a merchant does not sell, so every tile launches.
 */
export async function seedLottery(db: Database): Promise<void> {
  const names = new Map(LOTTERIES.map(([code, en, ty]) => [code, { EN: en, TY: ty }]));
  await inTransaction(db, 'lottery.seed.seedLottery', async (trx) => {
    const merchants = await trx.selectFrom('merchant').select(['id', 'code']).execute();
    for (const m of merchants) {
      const plan = DEMO[m.code];
      if (!plan) continue;
      const present = await trx
        .selectFrom('lottery_merchant_game')
        .select('id')
        .where('merchant_id', '=', m.id)
        .executeTakeFirst();
      if (present) continue;
      const groups = [...new Set(plan.games.map((g) => LOTTERY_GROUP_OF[g]!))];
      await trx
        .insertInto('lottery_group')
        .values(
          groups.map((code, sort) => ({
            merchant_id: m.id,
            code,
            sort,
            names: JSON.stringify(LOTTERY_GROUPS[code]),
          })),
        )
        .execute();
      await trx
        .insertInto('lottery_merchant_game')
        .values(
          plan.games.map((code, sort) => ({
            merchant_id: m.id,
            game_code: code,
            group_code: LOTTERY_GROUP_OF[code]!,
            names: JSON.stringify(names.get(code) ?? { EN: code, TY: code }),
            icon_url: `/api/lottery/icon/${code}.svg`,
            tags: JSON.stringify(plan.hot.includes(code) ? ['HOT'] : []),
            sort,
            config: JSON.stringify({}),
          })),
        )
        .execute();
      const notSold = LOTTERIES.map(([code]) => code).filter((c) => !plan.games.includes(c));
      if (notSold.length === 0) continue;
      const tiles = await trx
        .selectFrom('game')
        .select('id')
        .where('vendor_code', '=', LOTTERY_VENDOR)
        .where('game_id', 'in', notSold)
        .execute();
      if (tiles.length > 0)
        await trx
          .insertInto('merchant_game')
          .values(tiles.map((g) => ({ merchant_id: m.id, game_id: g.id, hidden: true, sort: null })))
          .onConflict((oc) => oc.columns(['merchant_id', 'game_id']).doUpdateSet({ hidden: true }))
          .execute();
    }
  });
}
