import { sql } from 'kysely';
import type { Database } from '../../db/database';
import { LOTTERY_VENDOR } from '../games/seed/vendors';
import { DEFAULT_CASHIER, PH_WITHDRAW_BANKS } from './brand-defaults';

/**
 * A new brand's working settings, written at its launch in the launch's transaction: the cashier (limits,
 * deposit methods, withdrawal banks), the games' visibility and the lottery it sells — copied from a
 * template brand, or the platform's defaults. These rows belong to the cashier, games and lottery modules;
 * only a launch writes them here, each brand's console changes them afterwards.
 */
export function brandSetupRepository(db: Database) {
  return {
    /** The template's cashier, deposit methods and withdrawal banks (never its bank accounts). */
    async copyCashier(from: number, to: number): Promise<void> {
      await sql`insert into merchant_cashier (merchant_id, min_withdraw, max_withdraw, max_cards)
        select ${to}::int, min_withdraw, max_withdraw, max_cards from merchant_cashier
        where merchant_id = ${from}::int`.execute(db);
      await sql`insert into deposit_method (merchant_id, code, kind, name, provider, min_amount, max_amount, enabled, sort)
        select ${to}::int, code, kind, name, provider, min_amount, max_amount, enabled, sort from deposit_method
        where merchant_id = ${from}::int`.execute(db);
      await sql`insert into withdraw_bank (merchant_id, code, name, enabled, sort)
        select ${to}::int, code, name, enabled, sort from withdraw_bank where merchant_id = ${from}::int`.execute(
        db,
      );
    },
    async defaultCashier(to: number): Promise<void> {
      const c = DEFAULT_CASHIER;
      await db
        .insertInto('merchant_cashier')
        .values({
          merchant_id: to,
          min_withdraw: c.minWithdraw,
          max_withdraw: c.maxWithdraw,
          max_cards: c.maxCards,
        })
        .execute();
      await db
        .insertInto('deposit_method')
        .values(
          c.methods.map((d, sort) => ({
            merchant_id: to,
            code: d.code,
            kind: d.kind,
            name: d.name,
            provider: d.provider,
            min_amount: d.min,
            max_amount: d.max,
            sort,
          })),
        )
        .execute();
      await db
        .insertInto('withdraw_bank')
        .values(PH_WITHDRAW_BANKS.map((b, sort) => ({ merchant_id: to, code: b.code, name: b.name, sort })))
        .execute();
    },
    /** The home's game categories of the template, in its order. */
    async gameCategories(from: number): Promise<string[]> {
      const rows = await db
        .selectFrom('game_category')
        .select('code')
        .where('merchant_id', '=', from)
        .where('enabled', '=', true)
        .orderBy('sort')
        .execute();
      return rows.map((r) => r.code);
    },
    /** The smallest deposit the brand's methods take (minor units), for its help texts. */
    async smallestDeposit(merchantId: number): Promise<bigint> {
      const row = await db
        .selectFrom('deposit_method')
        .select((eb) => eb.fn.min('min_amount').as('min'))
        .where('merchant_id', '=', merchantId)
        .where('enabled', '=', true)
        .executeTakeFirst();
      return row?.min === null || row?.min === undefined ? 0n : BigInt(row.min);
    },
    /** The template's choices in the shared catalogue: hidden, sorted and hot games, hidden vendors. */
    async copyGameChoices(from: number, to: number): Promise<void> {
      await sql`insert into merchant_game (merchant_id, game_id, hidden, sort, hot)
        select ${to}::int, game_id, hidden, sort, hot from merchant_game where merchant_id = ${from}::int`.execute(
        db,
      );
      await sql`insert into merchant_vendor (merchant_id, vendor_code, hidden, sort)
        select ${to}::int, vendor_code, hidden, sort from merchant_vendor where merchant_id = ${from}::int`.execute(
        db,
      );
    },
    /**
     * The vendors the brand's players see: each vendor of the catalogue (the lottery's aside: its games
     * are the lottery's choice) shown when listed, hidden when not. Overrides what a template copied.
     */
    async showVendors(to: number, shown: readonly string[]): Promise<void> {
      const vendors = await db
        .selectFrom('vendor')
        .select('code')
        .where('code', '<>', LOTTERY_VENDOR)
        .execute();
      if (vendors.length === 0) return;
      await db
        .insertInto('merchant_vendor')
        .values(
          vendors.map((v) => ({ merchant_id: to, vendor_code: v.code, hidden: !shown.includes(v.code) })),
        )
        .onConflict((oc) =>
          oc
            .columns(['merchant_id', 'vendor_code'])
            .doUpdateSet((eb) => ({ hidden: eb.ref('excluded.hidden') })),
        )
        .execute();
    },
    /** The catalogue's games (the lottery's aside) by `VENDOR:gameId`, for the keys that exist. */
    async gamesByKey(keys: readonly string[]): Promise<Map<string, bigint>> {
      const found = new Map<string, bigint>();
      if (keys.length === 0) return found;
      const { rows } = await sql<{ key: string; id: string }>`
        select vendor_code || ':' || game_id as key, id::text as id from game
        where vendor_code <> ${LOTTERY_VENDOR} and vendor_code || ':' || game_id in (${sql.join([...keys])})`.execute(
        db,
      );
      for (const r of rows) found.set(r.key, BigInt(r.id));
      return found;
    },
    /** Hides these games of the catalogue on the brand (its other choices for them kept). */
    async hideGames(to: number, ids: readonly bigint[]): Promise<void> {
      if (ids.length === 0) return;
      await db
        .insertInto('merchant_game')
        .values(ids.map((id) => ({ merchant_id: to, game_id: id, hidden: true, sort: null })))
        .onConflict((oc) => oc.columns(['merchant_id', 'game_id']).doUpdateSet({ hidden: true }))
        .execute();
    },
    /** Switches the brand's deposit methods on when listed, off when not. */
    async enableDepositMethods(to: number, codes: readonly string[]): Promise<void> {
      const on = codes.length > 0 ? sql<boolean>`code in (${sql.join([...codes])})` : sql<boolean>`false`;
      await db.updateTable('deposit_method').set({ enabled: on }).where('merchant_id', '=', to).execute();
    },
    /** The brand's deposit methods' codes. */
    async depositCodes(to: number): Promise<string[]> {
      const rows = await db
        .selectFrom('deposit_method')
        .select('code')
        .where('merchant_id', '=', to)
        .execute();
      return rows.map((r) => r.code);
    },
    /** The template's lottery rows (names, tags, odds and limits) of the games the brand sells, by code. */
    async lotteryRows(from: number) {
      return db
        .selectFrom('lottery_merchant_game')
        .select(['game_code', 'group_code', 'names', 'icon_url', 'tags', 'config'])
        .where('merchant_id', '=', from)
        .orderBy('sort')
        .execute();
    },
    async lotteryGroupNames(from: number) {
      return db
        .selectFrom('lottery_group')
        .select(['code', 'names'])
        .where('merchant_id', '=', from)
        .execute();
    },
    /** What the template sells. */
    async soldLottery(from: number): Promise<string[]> {
      const rows = await db
        .selectFrom('lottery_merchant_game')
        .select('game_code')
        .where('merchant_id', '=', from)
        .orderBy('sort')
        .execute();
      return rows.map((r) => r.game_code);
    },
    /** The brand's lottery: its groups and games in lobby order. */
    async insertLottery(
      to: number,
      groups: { code: string; names: Record<string, string> }[],
      games: {
        code: string;
        group: string;
        names: Record<string, string>;
        iconUrl: string;
        tags: string[];
        config: Record<string, unknown>;
      }[],
    ): Promise<void> {
      if (games.length === 0) return;
      await db
        .insertInto('lottery_group')
        .values(
          groups.map((g, sort) => ({ merchant_id: to, code: g.code, sort, names: JSON.stringify(g.names) })),
        )
        .execute();
      await db
        .insertInto('lottery_merchant_game')
        .values(
          games.map((g, sort) => ({
            merchant_id: to,
            game_code: g.code,
            group_code: g.group,
            names: JSON.stringify(g.names),
            icon_url: g.iconUrl,
            tags: JSON.stringify(g.tags),
            sort,
            config: JSON.stringify(g.config),
          })),
        )
        .execute();
    },
    /** The catalogue's lottery tiles: shown for the games the brand sells, hidden for the others. */
    async showLotteryTiles(to: number, sold: string[]): Promise<void> {
      const tiles = await db
        .selectFrom('game')
        .select(['id', 'game_id'])
        .where('vendor_code', '=', LOTTERY_VENDOR)
        .execute();
      if (tiles.length === 0) return;
      await db
        .insertInto('merchant_game')
        .values(
          tiles.map((g) => ({
            merchant_id: to,
            game_id: g.id,
            hidden: !sold.includes(g.game_id),
            sort: null,
          })),
        )
        .onConflict((oc) =>
          oc.columns(['merchant_id', 'game_id']).doUpdateSet((eb) => ({ hidden: eb.ref('excluded.hidden') })),
        )
        .execute();
    },
  };
}
