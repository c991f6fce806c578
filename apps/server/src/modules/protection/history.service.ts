import { formatAmount } from '@panalo/contract/money';
import { dayIn } from '@panalo/contract/age';
import type { PlayDay } from '@panalo/contract/protection';
import { sql } from 'kysely';
import type { Database } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { accountIdFor, memberWalletKey } from '../wallet/ledger';
import { PLAY_KINDS } from './play-usage';

const DAYS = 30;

/**
 * The member's last 30 days (issue 22 item 5), one entry per day in the merchant's time zone, oldest
 * first, days without activity included: deposits paid, net result of play, and minutes signed in.
 */
export async function playHistory(
  db: Database,
  clock: Clock,
  o: { merchantId: number; memberId: bigint; currency: string; timeZone: string | undefined },
): Promise<PlayDay[]> {
  const tz = o.timeZone ?? 'UTC';
  const now = clock.now();
  const since = new Date(now.getTime() - DAYS * 24 * 3_600_000);
  const wallet = await accountIdFor(db, memberWalletKey(o.merchantId, o.memberId, o.currency));
  const day = (col: string) => sql<string>`to_char((${sql.ref(col)} at time zone ${tz})::date, 'YYYY-MM-DD')`;
  const [deposits, play, time] = await Promise.all([
    sql<{ day: string; total: string }>`
      select ${day('created_at')} as day, sum(amount)::text as total from deposit_order
      where merchant_id = ${o.merchantId} and member_id = ${o.memberId} and status = 'paid'
        and created_at > ${since}
      group by 1`.execute(db),
    sql<{ day: string; total: string }>`
      select ${day('e.created_at')} as day, sum(e.amount)::text as total from ledger_entry e
      join ledger_transfer t on t.id = e.transfer_id
      where e.account_id = ${wallet} and e.created_at > ${since} and t.kind in (${sql.join(PLAY_KINDS)})
      group by 1`.execute(db),
    sql<{ day: string; minutes: string }>`
      select ${day('created_at')} as day,
        sum(extract(epoch from greatest(created_at, least(coalesce(last_seen_at, created_at),
          coalesce(revoked_at, 'infinity'::timestamptz))) - created_at) / 60)::bigint::text as minutes
      from member_session
      where merchant_id = ${o.merchantId} and member_id = ${o.memberId} and kind = 'session'
        and created_at > ${since}
      group by 1`.execute(db),
  ]);
  const by = (rows: { day: string }[]) => new Map(rows.map((r) => [r.day, r]));
  const dep = by(deposits.rows);
  const net = by(play.rows);
  const min = by(time.rows);
  const days: PlayDay[] = [];
  for (let i = DAYS - 1; i >= 0; i--) {
    const d = dayIn(new Date(now.getTime() - i * 24 * 3_600_000), tz);
    if (days.some((x) => x.day === d)) continue;
    days.push({
      day: d,
      deposits: formatAmount(BigInt((dep.get(d) as { total: string } | undefined)?.total ?? '0')),
      net: formatAmount(BigInt((net.get(d) as { total: string } | undefined)?.total ?? '0')),
      minutes: Math.max(0, Number((min.get(d) as { minutes: string } | undefined)?.minutes ?? 0)),
    });
  }
  return days;
}
