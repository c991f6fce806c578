import { sql } from 'kysely';
import type { Database } from '../../db/database';

/** A catalogue game with everything the launcher decides on, as one merchant sees it. */
export interface LaunchableRow {
  id: bigint;
  game_id: string;
  vendor_code: string;
  game_type: string;
  support_play: boolean;
  game_enabled: boolean;
  game_hidden: boolean;
  vendor_enabled: boolean;
  vendor_hidden: boolean;
  wallet_vendor_code: string | null;
  name: string;
  /** Minimum stake in minor units (the driver may hand a bigint column over as text). */
  min_bet: bigint | string;
}

/** The launcher's SQL: one game by node id, whatever its state, so that each refusal can be told apart. */
export function gameLaunchRepository(db: Database) {
  return {
    async game(merchantId: number, nodeId: bigint, lang: string, fallback: string) {
      const res =
        await sql<LaunchableRow>`select g.id, g.game_id, g.vendor_code, g.game_type, g.support_play, g.min_bet,
          g.enabled as game_enabled, coalesce(mg.hidden, false) as game_hidden,
          v.enabled as vendor_enabled, coalesce(mv.hidden, false) as vendor_hidden, v.wallet_vendor_code,
          coalesce(n.name, fb.name, g.node_name) as name
        from game g
        join vendor v on v.code = g.vendor_code
        left join merchant_vendor mv on mv.merchant_id = ${merchantId} and mv.vendor_code = g.vendor_code
        left join merchant_game mg on mg.merchant_id = ${merchantId} and mg.game_id = g.id
        left join game_i18n n on n.game_id = g.id and n.lang = ${lang}
        left join game_i18n fb on fb.game_id = g.id and fb.lang = ${fallback}
        where g.id = ${nodeId}`.execute(db);
      const row = res.rows[0];
      return row ? { ...row, id: BigInt(row.id) } : undefined;
    },
  };
}
