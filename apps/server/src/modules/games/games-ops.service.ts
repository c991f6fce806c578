import { sql, type RawBuilder } from 'kysely';
import type { GameShownFilter } from '@panalo/contract/catalogue-rules';
import type { OpsGame, OpsGameUpdate, OpsVendor, OpsVendorUpdate } from '@panalo/contract/games-ops';
import type { Database } from '../../db/database';
import { audit } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import { notFound } from '../../lib/domain-error';
import type { MerchantRow } from '../merchants/merchants.repository';
import { containsPattern, searchWords } from './search';
import { inTransaction } from '../../db/transaction';

interface GameRow {
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

const gameOf = (r: GameRow): OpsGame => ({
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
  /** The games this merchant can show, with its settings; one statement for the page and its count. */
  function gamesSelect(merchant: MerchantRow, where: RawBuilder<unknown>, limit: number, offset: number) {
    return sql<GameRow>`select g.id, g.vendor_code as vendor, v.name as vendor_name, g.game_id,
        n.name, fb.name as fallback_name, g.node_name, g.game_type as type, g.icon_url,
        coalesce(mg.hidden, false) as hidden, coalesce(mv.hidden, false) as vendor_hidden,
        coalesce(mg.hot, g.hot) as hot, mg.hot as site_hot, g.hot as catalogue_hot,
        coalesce(mg.sort, g.sort) as sort, mg.sort as site_sort, g.sort as catalogue_sort, count(*) over () as total
      from game g
      join vendor v on v.code = g.vendor_code
      left join merchant_vendor mv on mv.merchant_id = ${merchant.id} and mv.vendor_code = g.vendor_code
      left join merchant_game mg on mg.merchant_id = ${merchant.id} and mg.game_id = g.id
      left join game_i18n n on n.game_id = g.id and n.lang = ${merchant.default_language}
      left join game_i18n fb on fb.game_id = g.id and fb.lang = 'EN'
      where g.enabled and v.enabled and ${where}
      order by coalesce(mg.sort, g.sort), g.id
      limit ${limit} offset ${offset}`;
  }

  async function oneGame(merchant: MerchantRow, id: bigint): Promise<OpsGame> {
    const r = await gamesSelect(merchant, sql`g.id = ${id}`, 1, 0).execute(db);
    const row = r.rows[0];
    if (!row) throw notFound('game_unknown');
    return gameOf(row);
  }

  async function vendors(merchant: MerchantRow, code?: string): Promise<OpsVendor[]> {
    const r = await sql<{
      code: string;
      name: string;
      category: string;
      games: string | number | bigint;
      hidden: boolean;
      sort: number;
      site_sort: number | null;
      catalogue_sort: number;
    }>`select v.code, v.name, v.category,
        (select count(*) from game g where g.vendor_code = v.code and g.enabled) as games,
        coalesce(mv.hidden, false) as hidden,
        coalesce(mv.sort, (select min(vc.sort) from vendor_category vc where vc.vendor_code = v.code), v.sort) as sort,
        mv.sort as site_sort,
        coalesce((select min(vc.sort) from vendor_category vc where vc.vendor_code = v.code), v.sort) as catalogue_sort
      from vendor v
      left join merchant_vendor mv on mv.merchant_id = ${merchant.id} and mv.vendor_code = v.code
      where v.enabled ${code === undefined ? sql`` : sql`and v.code = ${code}`}
      order by 6, v.code`.execute(db);
    return r.rows.map((v) => ({
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
      const c: RawBuilder<unknown>[] = [sql`true`];
      if (q.vendor) c.push(sql`g.vendor_code = ${q.vendor}`);
      for (const w of searchWords(q.q) ?? []) c.push(sql`g.search_text like ${containsPattern(w)}`);
      if (q.show === 'hidden') c.push(sql`(coalesce(mg.hidden, false) or coalesce(mv.hidden, false))`);
      if (q.show === 'shown') c.push(sql`not coalesce(mg.hidden, false) and not coalesce(mv.hidden, false)`);
      if (q.show === 'hot') c.push(sql`coalesce(mg.hot, g.hot)`);
      const r = await gamesSelect(
        merchant,
        sql.join(c, sql` and `),
        q.pageSize,
        (q.page - 1) * q.pageSize,
      ).execute(db);
      let total = Number(r.rows[0]?.total ?? 0);
      if (r.rows.length === 0 && q.page > 1) {
        // Past the last page: count on its own.
        const all = await gamesSelect(merchant, sql.join(c, sql` and `), 1, 0).execute(db);
        total = Number(all.rows[0]?.total ?? 0);
      }
      return {
        list: r.rows.map(gameOf),
        total,
        totalPages: Math.ceil(total / q.pageSize),
      };
    },

    async setGame(merchant: MerchantRow, staffId: bigint, id: bigint, body: OpsGameUpdate) {
      const before = await oneGame(merchant, id);
      const now = clock.now();
      await inTransaction(db, 'games-ops.service.setGame', async (trx) => {
        await trx
          .insertInto('merchant_game')
          .values({
            merchant_id: merchant.id,
            game_id: id,
            hidden: body.hidden,
            hot: body.hot,
            sort: body.sort,
          })
          .onConflict((oc) =>
            oc
              .columns(['merchant_id', 'game_id'])
              .doUpdateSet({ hidden: body.hidden, hot: body.hot, sort: body.sort }),
          )
          .execute();
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
        await trx
          .insertInto('merchant_vendor')
          .values({ merchant_id: merchant.id, vendor_code: code, hidden: body.hidden, sort: body.sort })
          .onConflict((oc) =>
            oc.columns(['merchant_id', 'vendor_code']).doUpdateSet({ hidden: body.hidden, sort: body.sort }),
          )
          .execute();
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
