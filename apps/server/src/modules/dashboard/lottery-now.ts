import { sql } from 'kysely';
import type { Dashboard } from '@panalo/contract/dashboard';
import { formatAmount } from '@panalo/contract/money';
import type { Database } from '../../db/database';
import { findGame } from '../lottery/engine/registry';
import { periodAt, periodState } from '../lottery/engine/schedule';

/**
 * The dashboard's lottery periods now: each game the site sells, its period at this moment (by the
 * game's schedule, as the betting screen shows it), and this site's real-money bets and stakes on it.
 * One query for every game: the periods by (game, numero), the bets by period (index lottery_bet_period).
 */
export async function lotteryNow(
  db: Database,
  merchantId: number,
  names: { lang: string; fallback: string },
  now: Date,
): Promise<Dashboard['lottery']> {
  const sold = await db
    .selectFrom('lottery_merchant_game')
    .select(['game_code', 'names'])
    .where('merchant_id', '=', merchantId)
    .where('enabled', '=', true)
    .orderBy('sort')
    .orderBy('id')
    .execute();
  const games = sold.flatMap((g) => {
    const def = findGame(g.game_code);
    return def ? [{ row: g, period: periodAt(def, now) }] : [];
  });
  if (games.length === 0) return [];
  const keys = sql.join(games.map((g) => sql`(${g.row.game_code}, ${g.period.numero})`));
  const { rows } = await sql<{ game_code: string; numero: string; bets: string; stakes: string | null }>`
    select p.game_code, p.numero, count(b.id)::text as bets, sum(b.stake)::text as stakes
    from lottery_period p
    left join lottery_bet b on b.period_id = p.id and b.merchant_id = ${merchantId}
      and b.book = 'real' and b.status <> 'cancelled'
    where (p.game_code, p.numero) in (${keys})
    group by p.game_code, p.numero`.execute(db);
  const byKey = new Map(rows.map((r) => [`${r.game_code}:${r.numero}`, r]));
  return games.map(({ row, period }) => {
    const r = byKey.get(`${row.game_code}:${period.numero}`);
    return {
      code: row.game_code,
      name: row.names[names.lang] ?? row.names[names.fallback] ?? row.names.EN ?? row.game_code,
      numero: period.numero,
      state: periodState(period, now),
      drawAt: period.drawAt.toISOString(),
      bets: Number(r?.bets ?? 0),
      stakes: formatAmount(BigInt(r?.stakes ?? 0)),
    };
  });
}
