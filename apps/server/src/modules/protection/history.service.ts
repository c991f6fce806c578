import { formatAmount } from '@panalo/contract/money';
import { dayIn } from '@panalo/contract/age';
import type { PlayDay } from '@panalo/contract/protection';
import type { Database } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { accountIdFor, memberWalletKey } from '../wallet/ledger';
import { protectionRepository } from './protection.repository';

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
  const activity = await protectionRepository(db).dailyActivity({
    merchantId: o.merchantId,
    memberId: o.memberId,
    wallet,
    since,
    tz,
  });
  const by = (rows: { day: string }[]) => new Map(rows.map((r) => [r.day, r]));
  const dep = by(activity.deposits);
  const net = by(activity.play);
  const min = by(activity.time);
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
