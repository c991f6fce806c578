import { formatAmount } from '@panalo/contract/money';
import type { RealityCheck } from '@panalo/contract/protection';
import { sql } from 'kysely';
import type { Database } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { notFound } from '../../lib/domain-error';
import { accountIdFor, memberWalletKey } from '../wallet/ledger';
import { PLAY_KINDS } from './play-usage';

/** Reality checks: the member's interval, and this session's time and net result of play. */
export function realityCheckService(db: Database, clock: Clock) {
  return {
    async read(o: {
      merchantId: number;
      memberId: bigint;
      sessionId: bigint;
      currency: string;
    }): Promise<RealityCheck> {
      const [member, session] = await Promise.all([
        db
          .selectFrom('member')
          .select('reality_check_minutes')
          .where('merchant_id', '=', o.merchantId)
          .where('id', '=', o.memberId)
          .executeTakeFirst(),
        db.selectFrom('member_session').select('created_at').where('id', '=', o.sessionId).executeTakeFirst(),
      ]);
      if (!member || !session) throw notFound();
      const wallet = await accountIdFor(db, memberWalletKey(o.merchantId, o.memberId, o.currency));
      const net = await sql<{ net: string | null }>`
        select sum(e.amount)::text as net from ledger_entry e
        join ledger_transfer t on t.id = e.transfer_id
        where e.account_id = ${wallet} and e.created_at >= ${session.created_at}
          and t.kind in (${sql.join(PLAY_KINDS)})`.execute(db);
      const m = member.reality_check_minutes;
      return {
        intervalMinutes: m === 15 || m === 30 || m === 60 ? m : null,
        sessionStartedAt: session.created_at.toISOString(),
        now: clock.now().toISOString(),
        netResult: formatAmount(BigInt(net.rows[0]?.net ?? '0')),
      };
    },

    async set(merchantId: number, memberId: bigint, minutes: 15 | 30 | 60 | null): Promise<void> {
      await db
        .updateTable('member')
        .set({ reality_check_minutes: minutes })
        .where('merchant_id', '=', merchantId)
        .where('id', '=', memberId)
        .execute();
    },
  };
}
