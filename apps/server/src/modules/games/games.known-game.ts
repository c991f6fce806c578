import { sql } from 'kysely';
import type { Database } from '../../db/database';
import type { GameCheck } from '../game-wallet/game-wallet.support';

/**
 * The game wallet's `knownGame` check backed by the catalogue: a vendor integration (game_vendor, e.g.
 * PSIM) may bet on a game code only when the catalogue holds that game for a vendor it runs, enabled and
 * not hidden by the integration's merchant. Answers are cached briefly: the check sits on the bet path.
 */
export function catalogueGameCheck(db: Database, cacheMs = 30_000, now = () => Date.now()): GameCheck {
  const cache = new Map<string, { known: boolean; at: number }>();
  return async (vendor, gameCode) => {
    const key = `${vendor.merchant_id}:${vendor.code}:${gameCode}`;
    const hit = cache.get(key);
    if (hit && now() - hit.at < cacheMs) return hit.known;
    const res = await sql<{ one: number }>`select 1 as one from game g
      join vendor v on v.code = g.vendor_code
      left join merchant_vendor mv on mv.merchant_id = ${vendor.merchant_id} and mv.vendor_code = v.code
      left join merchant_game mg on mg.merchant_id = ${vendor.merchant_id} and mg.game_id = g.id
      where v.wallet_vendor_code = ${vendor.code} and g.game_id = ${gameCode}
        and g.enabled and v.enabled and coalesce(mv.hidden, false) = false and coalesce(mg.hidden, false) = false
      limit 1`.execute(db);
    const known = res.rows.length > 0;
    if (cache.size > 10_000) cache.clear();
    cache.set(key, { known, at: now() });
    return known;
  };
}
