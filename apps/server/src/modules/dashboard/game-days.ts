import { sql, type RawBuilder } from 'kysely';
import { formatAmount } from '@panalo/contract/money';
import type { Database } from '../../db/database';

/** One wallet game's sums over a range of days, with its catalogue vendor and name. */
export interface GameSums {
  game: string;
  name: string;
  vendor: string;
  vendorName: string;
  bets: bigint;
  refunds: bigint;
  wins: bigint;
  betCount: number;
}

/**
 * game_day (migration 0062) summed per game over [from, to]: one row per game played, whatever the
 * range's length. The game's vendor is its catalogue vendor (the simulator runs several on one wallet
 * vendor: the game code decides, as product_of does), its name the catalogue's in `names.lang`, else in
 * `names.fallback` (the merchant's default), else its node name; a game no longer in the catalogue keeps
 * its code and its wallet vendor's.
 */
export async function gameDays(
  db: Database,
  merchantId: number,
  from: RawBuilder<unknown>,
  to: RawBuilder<unknown>,
  names: { lang: string; fallback: string },
): Promise<GameSums[]> {
  const r = await sql<{
    game: string;
    name: string;
    vendor: string;
    vendor_name: string;
    bets: string;
    refunds: string;
    wins: string;
    bet_count: string;
  }>`
    with g as (
      select vendor_id, game, sum(bets) as bets, sum(refunds) as refunds, sum(wins) as wins,
        sum(bet_count) as bet_count
      from game_day where merchant_id = ${merchantId} and day between ${from} and ${to}
      group by vendor_id, game
    )
    select g.game, coalesce(c.name, g.game) as name, coalesce(c.vendor, gv.code, '') as vendor,
      coalesce(c.vendor_name, gv.name, '') as vendor_name, g.bets::text as bets, g.refunds::text as refunds,
      g.wins::text as wins, g.bet_count::text as bet_count
    from g
    left join game_vendor gv on gv.id = g.vendor_id
    left join lateral (
      select v.code as vendor, v.name as vendor_name,
        coalesce(n.name, fb.name, nullif(gm.node_name, ''), gm.game_id) as name
      from game gm join vendor v on v.code = gm.vendor_code
      left join game_i18n n on n.game_id = gm.id and n.lang = ${names.lang}
      left join game_i18n fb on fb.game_id = gm.id and fb.lang = ${names.fallback}
      where gm.game_id = g.game
      order by (v.wallet_vendor_code is not distinct from gv.code) desc
      limit 1
    ) c on true`.execute(db);
  return r.rows.map((x) => ({
    game: x.game,
    name: x.name,
    vendor: x.vendor,
    vendorName: x.vendor_name,
    bets: BigInt(x.bets),
    refunds: BigInt(x.refunds),
    wins: BigInt(x.wins),
    betCount: Number(x.bet_count),
  }));
}

/** Games summed per catalogue vendor. */
export function byVendor(games: readonly GameSums[]): GameSums[] {
  const out = new Map<string, GameSums>();
  for (const g of games) {
    const v = out.get(g.vendor);
    if (v) {
      v.bets += g.bets;
      v.refunds += g.refunds;
      v.wins += g.wins;
      v.betCount += g.betCount;
    } else out.set(g.vendor, { ...g, game: '', name: g.vendorName });
  }
  return [...out.values()];
}

const turnoverOf = (g: GameSums) => g.bets - g.refunds;
/** Highest turnover first; ties by code, so that the order is the same on every read. */
export const byTurnover = (a: GameSums, b: GameSums) => {
  const d = turnoverOf(b) - turnoverOf(a);
  return d > 0n ? 1 : d < 0n ? -1 : (a.vendor + a.game).localeCompare(b.vendor + b.game);
};

/** The dashboard's top 10 games and vendors by turnover. */
export function topOf(games: readonly GameSums[]) {
  const money = (g: GameSums) => ({
    turnover: formatAmount(turnoverOf(g)),
    ggr: formatAmount(turnoverOf(g) - g.wins),
  });
  return {
    games: [...games]
      .sort(byTurnover)
      .slice(0, 10)
      .map((g) => ({
        game: g.game,
        name: g.name,
        vendor: g.vendor,
        vendorName: g.vendorName,
        bets: g.betCount,
        ...money(g),
      })),
    vendors: byVendor(games)
      .sort(byTurnover)
      .slice(0, 10)
      .map((v) => ({ vendor: v.vendor, name: v.vendorName, ...money(v) })),
  };
}
