import { sql } from 'kysely';
import type { Database } from '../../db/database';
import type { LedgerBook } from '../../db/schema';

export interface GameRecordFilter {
  merchantId: number;
  memberId: bigint;
  book: LedgerBook;
  gameType?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  timeZone: string;
  lang: string;
  fallback: string;
}

export interface GameRecordRow {
  id: bigint;
  round_id: string;
  game_code: string | null;
  node_id: bigint | null;
  vendor_code: string | null;
  game_type: string | null;
  game_name: string | null;
  bet_total: bigint;
  win_total: bigint;
  refund_total: bigint;
  status: 'open' | 'closed';
  started_at: Date;
  ended_at: Date | null;
}

/**
 * The member's rounds (game_round) with the catalogue game each was played on: the round's vendor
 * integration (game_vendor, e.g. PSIM) runs catalogue vendors (vendor.wallet_vendor_code), and the
 * round's game code is the catalogue's gameId. Every query is bounded by merchant, member and book,
 * and walks the (merchant_id, member_id, id) index newest first.
 */
export function gameRecordsRepository(db: Database) {
  const base = (f: GameRecordFilter) => sql`
    from game_round r
    join game_vendor gv on gv.id = r.vendor_id and gv.merchant_id = r.merchant_id
    left join lateral (
      select g.id, g.vendor_code, g.game_type from game g join vendor v on v.code = g.vendor_code
      where v.wallet_vendor_code = gv.code and g.game_id = r.game_code
      order by g.id limit 1
    ) g on true
    where r.merchant_id = ${f.merchantId} and r.member_id = ${f.memberId} and r.book = ${f.book}
      ${f.gameType ? sql`and g.game_type = ${f.gameType}` : sql``}
      ${f.from ? sql`and r.started_at >= ((${f.from}::date)::timestamp at time zone ${f.timeZone})` : sql``}
      ${f.to ? sql`and r.started_at < ((${f.to}::date + 1)::timestamp at time zone ${f.timeZone})` : sql``}`;

  return {
    async page(f: GameRecordFilter, limit: number, offset: number): Promise<GameRecordRow[]> {
      // The names are looked up after the page is cut: two lookups per row shown, not per row matched.
      const r = await sql<GameRecordRow>`
        select p.*, coalesce(n.name, fb.name) as game_name from (
          select r.id, r.round_id, r.game_code, g.id as node_id, g.vendor_code, g.game_type, r.bet_total,
                 r.win_total, r.refund_total, r.status, r.started_at, r.ended_at
          ${base(f)}
          order by r.id desc limit ${limit} offset ${offset}
        ) p
        left join game_i18n n on n.game_id = p.node_id and n.lang = ${f.lang}
        left join game_i18n fb on fb.game_id = p.node_id and fb.lang = ${f.fallback}
        order by p.id desc`.execute(db);
      return r.rows;
    },

    async summary(f: GameRecordFilter): Promise<{ n: bigint; bet: bigint; win: bigint; refund: bigint }> {
      const r = await sql<{ n: bigint; bet: bigint; win: bigint; refund: bigint }>`
        select count(*)::bigint as n, coalesce(sum(r.bet_total), 0)::bigint as bet,
               coalesce(sum(r.win_total), 0)::bigint as win, coalesce(sum(r.refund_total), 0)::bigint as refund
        ${base(f)}`.execute(db);
      return r.rows[0]!;
    },
  };
}
