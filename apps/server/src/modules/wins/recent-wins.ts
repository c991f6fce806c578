import { sql } from 'kysely';
import { formatAmount } from '@panalo/contract/money';
import { RECENT_WINS_DAYS, RECENT_WINS_LIMIT, type RecentWin } from '@panalo/contract/games';
import type { Database } from '../../db/database';
import { maskName } from '../../lib/mask-name';
import { own } from '../../lib/own';

/** How long one merchant's feed is served from memory: home is the busiest page, the feed is not live. */
export const RECENT_WINS_TTL_MS = 30_000;

interface WinRow {
  username: string;
  product: 'game' | 'lottery';
  code: string;
  name: string | null;
  win: bigint;
  at: Date;
}

/**
 * Home's recent-wins feed: the merchant's newest real-money wins — game rounds (every vendor, our own
 * games included) and lottery bets that paid more than their stake — over the last RECENT_WINS_DAYS,
 * newest first, names masked. Each side walks its own index newest first and stops at the limit
 * (game_round's `(merchant_id, started_at)` of migration 0070; lottery_win_board's, each period's biggest
 * wins as the settlement wrote them), and the answer is kept RECENT_WINS_TTL_MS per merchant and language.
 */
export function recentWinsService(db: Database, now: () => Date) {
  const cache = new Map<string, { until: number; wins: RecentWin[] }>();

  async function load(merchantId: number, lang: string, fallback: string): Promise<RecentWin[]> {
    const since = new Date(now().getTime() - RECENT_WINS_DAYS * 86_400_000);
    const n = RECENT_WINS_LIMIT;
    const rows = await sql<WinRow>`
      select * from (
        (select m.username, 'game' as product, coalesce(r.game_code, '') as code,
                coalesce(tn.name, fb.name) as name, r.win_total as win, r.updated_at as at
         from (
           select r.member_id, r.vendor_id, r.game_code, r.win_total, r.updated_at from game_round r
           where r.merchant_id = ${merchantId} and r.book = 'real' and r.started_at > ${since}
             and r.win_total > r.bet_total
           order by r.started_at desc limit ${n}
         ) r
         join member m on m.id = r.member_id
         join game_vendor gv on gv.id = r.vendor_id and gv.merchant_id = ${merchantId}
         left join lateral (
           select g.id from game g join vendor v on v.code = g.vendor_code
           where v.wallet_vendor_code = gv.code and g.game_id = r.game_code
           order by g.id limit 1
         ) g on true
         left join game_i18n tn on tn.game_id = g.id and tn.lang = ${lang}
         left join game_i18n fb on fb.game_id = g.id and fb.lang = ${fallback})
        union all
        (select m.username, 'lottery' as product, b.game_code as code, null as name, b.payout as win,
                b.settled_at as at
         from lottery_win_board b join member m on m.id = b.member_id
         where b.merchant_id = ${merchantId} and b.settled_at > ${since} and b.payout > b.stake
         order by b.settled_at desc limit ${n})
      ) w
      order by w.at desc limit ${n}`.execute(db);

    const lotteryCodes = [...new Set(rows.rows.filter((r) => r.product === 'lottery').map((r) => r.code))];
    const lotteryNames = new Map<string, Record<string, string>>();
    if (lotteryCodes.length > 0)
      for (const g of await db
        .selectFrom('lottery_merchant_game')
        .select(['game_code', 'names'])
        .where('merchant_id', '=', merchantId)
        .where('game_code', 'in', lotteryCodes)
        .execute())
        lotteryNames.set(g.game_code, g.names);

    return rows.rows.map((r) => ({
      userName: maskName(r.username),
      game:
        r.product === 'lottery'
          ? (own(lotteryNames.get(r.code), lang) ?? own(lotteryNames.get(r.code), fallback) ?? r.code)
          : (r.name ?? r.code),
      product: r.product,
      winAmount: formatAmount(BigInt(r.win)),
      at: new Date(r.at).toISOString(),
    }));
  }

  return {
    /** The feed in `language` (the merchant's default language names what has no name in it). */
    async list(
      merchantId: number,
      language: string | undefined,
      defaultLanguage: string,
    ): Promise<RecentWin[]> {
      const lang = language ?? defaultLanguage;
      const key = `${merchantId}/${lang}`;
      const t = now().getTime();
      const hit = cache.get(key);
      if (hit && hit.until > t) return hit.wins;
      const wins = await load(merchantId, lang, defaultLanguage);
      // Bounded: a stream of made-up language codes must not grow the map without end.
      if (cache.size >= 1000) cache.clear();
      cache.set(key, { until: t + RECENT_WINS_TTL_MS, wins });
      return wins;
    },
  };
}
