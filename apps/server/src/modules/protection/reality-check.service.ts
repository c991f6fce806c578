import { formatAmount } from '@panalo/contract/money';
import type { RealityCheck } from '@panalo/contract/protection';
import type { Database } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { notFound } from '../../lib/domain-error';
import { accountIdFor, memberWalletKey } from '../wallet/ledger';
import { protectionRepository } from './protection.repository';

/** Reality checks: the member's interval, and this session's time and net result of play. */
export function realityCheckService(db: Database, clock: Clock) {
  const repo = protectionRepository(db);
  return {
    async read(o: {
      merchantId: number;
      memberId: bigint;
      sessionId: bigint;
      currency: string;
    }): Promise<RealityCheck> {
      const [member, session] = await Promise.all([
        repo.realityCheckMinutes(o.merchantId, o.memberId),
        repo.sessionStart(o.sessionId),
      ]);
      if (!member || !session) throw notFound();
      const wallet = await accountIdFor(db, memberWalletKey(o.merchantId, o.memberId, o.currency));
      const net = await repo.netPlaySince(wallet, session.created_at);
      const m = member.reality_check_minutes;
      return {
        intervalMinutes: m === 15 || m === 30 || m === 60 ? m : null,
        sessionStartedAt: session.created_at.toISOString(),
        now: clock.now().toISOString(),
        netResult: formatAmount(BigInt(net ?? '0')),
      };
    },

    async set(merchantId: number, memberId: bigint, minutes: 15 | 30 | 60 | null): Promise<void> {
      await repo.setRealityCheckMinutes(merchantId, memberId, minutes);
    },
  };
}
