import type { GameShownFilter } from '@panalo/contract/catalogue-rules';
import type { OpsGame, OpsGameUpdate, OpsVendor, OpsVendorUpdate } from '@panalo/contract/games-ops';
import type { Database } from '../../db/database';
import { audit } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import { notFound } from '../../lib/domain-error';
import type { MerchantRow } from '../merchants/merchants.repository';
import { searchWords } from './search';
import { inTransaction } from '../../db/transaction';
import { gamesOpsRepository, type OpsGameRow } from './games-ops.repository';

const gameOf = (r: OpsGameRow): OpsGame => ({
  id: r.id.toString(),
  vendor: r.vendor,
  vendorName: r.vendor_name,
  gameId: r.game_id,
  name: r.name ?? r.fallback_name ?? r.node_name,
  type: r.type,
  iconUrl: r.icon_url,
  hidden: r.hidden,
  vendorHidden: r.vendor_hidden,
  hot: r.hot,
  siteHot: r.site_hot,
  catalogueHot: r.catalogue_hot,
  sort: Number(r.sort),
  siteSort: r.site_sort === null ? null : Number(r.site_sort),
  catalogueSort: Number(r.catalogue_sort),
});

/**
 * The operator's side of the game catalogue (issue 20 screen 7): the platform's games and vendors with
 * this site's choices — hidden, its own order, hot — read and set per merchant (merchant_game,
 * merchant_vendor; the member site's lists already honour them). Games the platform switched off are
 * not listed: the site cannot show them. Every change is audited with the settings before and after.
 */
export function gamesOpsService(db: Database, clock: Clock) {
  const repo = gamesOpsRepository(db);

  async function oneGame(merchant: MerchantRow, id: bigint): Promise<OpsGame> {
    const row = await repo.game(merchant.id, merchant.default_language, id);
    if (!row) throw notFound('game_unknown');
    return gameOf(row);
  }

  async function vendors(merchant: MerchantRow, code?: string): Promise<OpsVendor[]> {
    const rows = await repo.vendors(merchant.id, code);
    return rows.map((v) => ({
      code: v.code,
      name: v.name,
      category: v.category,
      games: Number(v.games),
      hidden: v.hidden,
      sort: Number(v.sort),
      siteSort: v.site_sort === null ? null : Number(v.site_sort),
      catalogueSort: Number(v.catalogue_sort),
    }));
  }

  return {
    async games(
      merchant: MerchantRow,
      q: { vendor?: string; q?: string; show: GameShownFilter; page: number; pageSize: number },
    ) {
      const filter = { vendor: q.vendor, words: searchWords(q.q) ?? [], show: q.show };
      const lang = merchant.default_language;
      const rows = await repo.gamesPage(merchant.id, lang, filter, q.pageSize, (q.page - 1) * q.pageSize);
      let total = Number(rows[0]?.total ?? 0);
      if (rows.length === 0 && q.page > 1) {
        // Past the last page: count on its own.
        const all = await repo.gamesPage(merchant.id, lang, filter, 1, 0);
        total = Number(all[0]?.total ?? 0);
      }
      return {
        list: rows.map(gameOf),
        total,
        totalPages: Math.ceil(total / q.pageSize),
      };
    },

    async setGame(merchant: MerchantRow, staffId: bigint, id: bigint, body: OpsGameUpdate) {
      const before = await oneGame(merchant, id);
      const now = clock.now();
      await inTransaction(db, 'games-ops.service.setGame', async (trx) => {
        await gamesOpsRepository(trx).upsertMerchantGame(merchant.id, id, body);
        await audit(trx, {
          merchantId: merchant.id,
          actor: `operator:${staffId}`,
          action: 'game.settings',
          target: `game:${id}`,
          details: {
            before: { hidden: before.hidden, hot: before.siteHot, sort: before.siteSort },
            after: body,
          },
          at: now,
        });
      });
      return oneGame(merchant, id);
    },

    vendors: (merchant: MerchantRow) => vendors(merchant),

    async setVendor(merchant: MerchantRow, staffId: bigint, code: string, body: OpsVendorUpdate) {
      const [before] = await vendors(merchant, code);
      if (!before) throw notFound('vendor_unknown');
      const now = clock.now();
      await inTransaction(db, 'games-ops.service.setVendor', async (trx) => {
        await gamesOpsRepository(trx).upsertMerchantVendor(merchant.id, code, body);
        await audit(trx, {
          merchantId: merchant.id,
          actor: `operator:${staffId}`,
          action: 'vendor.settings',
          target: `vendor:${code}`,
          details: { before: { hidden: before.hidden, sort: before.siteSort }, after: body },
          at: now,
        });
      });
      const [after] = await vendors(merchant, code);
      return after!;
    },
  };
}
