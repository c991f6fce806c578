import { sql } from 'kysely';
import type { ExclusionKind } from '@panalo/contract/protection';
import type { Database } from '../../db/database';
import type { ProtectionLimitTable } from '../../db/schema';
import { PLAY_KINDS } from './play-usage';

type Kind = ProtectionLimitTable['kind'];
type Span = ProtectionLimitTable['span'];
/** The deposit orders that count against a deposit limit. */
const COUNTED = ['pending', 'paid'] as const;

/**
 * Player protection's SQL: the member row's lock and its exclusion and reality-check columns, the
 * limits, and what the limits, the reality check and the 30-day history count (deposits, sessions, the
 * wallet's play). Lookups are bounded to one merchant where the row carries it.
 */
export function protectionRepository(db: Database) {
  return {
    /**
     * Locks the member's row `FOR NO KEY UPDATE`: limit changes and the checks of one member run one
     * after another (wallet README, lock order step 2).
     */
    async lockMemberRow(memberId: bigint): Promise<void> {
      await db.selectFrom('member').select('id').where('id', '=', memberId).forNoKeyUpdate().execute();
    },

    /** The member's status and exclusion in force, the row locked `FOR NO KEY UPDATE`. */
    lockMemberExclusion(merchantId: number, memberId: bigint) {
      return db
        .selectFrom('member')
        .select(['status', 'excluded_until', 'exclusion_kind'])
        .where('merchant_id', '=', merchantId)
        .where('id', '=', memberId)
        .forNoKeyUpdate()
        .executeTakeFirst();
    },

    /** Records a time-out or self-exclusion taken. */
    async insertExclusion(o: {
      merchantId: number;
      memberId: bigint;
      kind: ExclusionKind;
      period: string;
      startsAt: Date;
      endsAt: Date | null;
      createdBy: string;
      reason: string | null;
    }): Promise<void> {
      await db
        .insertInto('member_exclusion')
        .values({
          merchant_id: o.merchantId,
          member_id: o.memberId,
          kind: o.kind,
          period: o.period,
          starts_at: o.startsAt,
          ends_at: o.endsAt,
          created_by: o.createdBy,
          reason: o.reason,
        })
        .execute();
    },

    /** Writes the member's status and the exclusion in force. */
    async setMemberExclusion(
      memberId: bigint,
      o: { status: 'disabled' | 'self_excluded'; until: Date | null; kind: ExclusionKind },
    ): Promise<void> {
      await db
        .updateTable('member')
        .set({ status: o.status, excluded_until: o.until, exclusion_kind: o.kind })
        .where('id', '=', memberId)
        .execute();
    },

    /** Lifts an exclusion past its end (the member active again); the row, or undefined if none was lifted. */
    liftEndedExclusion(memberId: bigint, now: Date) {
      return db
        .updateTable('member')
        .set({ status: 'active', excluded_until: null, exclusion_kind: null })
        .where('id', '=', memberId)
        .where('status', '=', 'self_excluded')
        .where('excluded_until', '<=', now)
        .returningAll()
        .executeTakeFirst();
    },

    /** Every limit row of the member (money limits and the session limit, in force or waiting). */
    limits(merchantId: number, memberId: bigint) {
      return db
        .selectFrom('protection_limit')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .where('member_id', '=', memberId)
        .execute();
    },

    async deleteLimit(memberId: bigint, kind: Kind, span: Span): Promise<void> {
      await db
        .deleteFrom('protection_limit')
        .where('member_id', '=', memberId)
        .where('kind', '=', kind)
        .where('span', '=', span)
        .execute();
    },

    /** Writes a limit's state (inserted, or updated in place). */
    async upsertLimit(
      merchantId: number,
      memberId: bigint,
      kind: Kind,
      span: Span,
      values: {
        amount: bigint | null;
        pending_amount: bigint | null;
        pending_from: Date | null;
        updated_at: Date;
      },
    ): Promise<void> {
      await db
        .insertInto('protection_limit')
        .values({ merchant_id: merchantId, member_id: memberId, kind, span, ...values })
        .onConflict((oc) => oc.columns(['member_id', 'kind', 'span']).doUpdateSet(values))
        .execute();
    },

    /** The member's deposit limits in force (with an amount). */
    depositLimits(merchantId: number, memberId: bigint) {
      return db
        .selectFrom('protection_limit')
        .select(['span', 'amount'])
        .where('merchant_id', '=', merchantId)
        .where('member_id', '=', memberId)
        .where('kind', '=', 'deposit')
        .where('amount', 'is not', null)
        .execute();
    },

    /** The member's wager, loss and session limits in force (with an amount). */
    playLimits(memberId: bigint) {
      return db
        .selectFrom('protection_limit')
        .select(['kind', 'span', 'amount'])
        .where('member_id', '=', memberId)
        .where('kind', 'in', ['wager', 'loss', 'session'])
        .where('amount', 'is not', null)
        .execute();
    },

    /** Deposits that count against a limit: pending or paid, since `since`, oldest first. */
    async countedDeposits(merchantId: number, memberId: bigint, since: Date) {
      const rows = await db
        .selectFrom('deposit_order')
        .select(['amount', 'created_at'])
        .where('merchant_id', '=', merchantId)
        .where('member_id', '=', memberId)
        .where('status', 'in', COUNTED)
        .where('created_at', '>', since)
        .orderBy('created_at')
        .execute();
      return rows.map((r) => ({ at: r.created_at, amount: r.amount }));
    },

    /** One live signed-in session of the member (not revoked, not expired), if any. */
    liveSession(memberId: bigint, now: Date) {
      return db
        .selectFrom('member_session')
        .select('id')
        .where('member_id', '=', memberId)
        .where('kind', '=', 'session')
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
    },

    realityCheckMinutes(merchantId: number, memberId: bigint) {
      return db
        .selectFrom('member')
        .select('reality_check_minutes')
        .where('merchant_id', '=', merchantId)
        .where('id', '=', memberId)
        .executeTakeFirst();
    },

    async setRealityCheckMinutes(
      merchantId: number,
      memberId: bigint,
      minutes: number | null,
    ): Promise<void> {
      await db
        .updateTable('member')
        .set({ reality_check_minutes: minutes })
        .where('merchant_id', '=', merchantId)
        .where('id', '=', memberId)
        .execute();
    },

    /** When a session started. */
    sessionStart(sessionId: bigint) {
      return db
        .selectFrom('member_session')
        .select('created_at')
        .where('id', '=', sessionId)
        .executeTakeFirst();
    },

    /** The wallet's net result of play since `since` (stakes, refunds and wins), in minor units; null if none. */
    async netPlaySince(wallet: bigint, since: Date): Promise<string | null> {
      const net = await sql<{ net: string | null }>`
        select sum(e.amount)::text as net from ledger_entry e
        join ledger_transfer t on t.id = e.transfer_id
        where e.account_id = ${wallet} and e.created_at >= ${since}
          and t.kind in (${sql.join(PLAY_KINDS)})`.execute(db);
      return net.rows[0]?.net ?? null;
    },

    /**
     * The 30-day history's three sums, per day in the time zone `tz` ('YYYY-MM-DD'), each since `since`:
     * deposits paid, the wallet's net result of play, and minutes signed in. Days without activity are
     * absent.
     */
    async dailyActivity(o: {
      merchantId: number;
      memberId: bigint;
      wallet: bigint;
      since: Date;
      tz: string;
    }) {
      const { since, tz, wallet } = o;
      const day = (col: string) =>
        sql<string>`to_char((${sql.ref(col)} at time zone ${tz})::date, 'YYYY-MM-DD')`;
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
      return { deposits: deposits.rows, play: play.rows, time: time.rows };
    },
  };
}
export type ProtectionRepository = ReturnType<typeof protectionRepository>;
