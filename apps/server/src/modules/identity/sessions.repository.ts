import { sql } from 'kysely';
import { PREPARED, type Database } from '../../db/database';

/** Sessions and device credentials: looked up by the SHA-256 of their token, always within a merchant. */
export function sessionsRepository(db: Database) {
  return {
    async insert(row: {
      merchantId: number;
      memberId: bigint;
      tokenHash: string;
      kind: 'session' | 'device';
      device: string | null;
      ip: string | null;
      userAgent: string | null;
      expiresAt: Date;
      now: Date;
      idleMinutes?: number | null;
    }): Promise<void> {
      await db
        .insertInto('member_session')
        .values({
          merchant_id: row.merchantId,
          member_id: row.memberId,
          token_hash: row.tokenHash,
          kind: row.kind,
          device: row.device,
          ip: row.ip,
          user_agent: row.userAgent,
          expires_at: row.expiresAt,
          created_at: row.now,
          last_seen_at: row.now,
          idle_minutes: row.idleMinutes ?? null,
        })
        .execute();
    },

    /** A live credential of this kind for this merchant, with its member (active members only). */
    async findLive(merchantId: number, tokenHash: string, kind: 'session' | 'device', now: Date) {
      // Every signed-in call reads it: one prepared statement (PREPARED), planned once per connection.
      const { rows } = await sql<{
        sessionId: bigint;
        memberId: bigint;
        device: string | null;
        expiresAt: Date;
        lastSeenAt: Date | null;
        username: string;
        type: number;
        status: string;
        firstTimeLogin: boolean;
        idleMinutes: number | null;
      }>`${sql.raw(PREPARED)}
        select s.id as "sessionId", s.member_id as "memberId", s.device, s.expires_at as "expiresAt",
          s.last_seen_at as "lastSeenAt", s.idle_minutes as "idleMinutes", m.username, m.type, m.status, m.first_time_login as "firstTimeLogin"
        from member_session s join member m on m.id = s.member_id
        where s.merchant_id = ${merchantId}::int and m.merchant_id = ${merchantId}::int
          and s.token_hash = ${tokenHash} and s.kind = ${kind} and s.revoked_at is null
          and s.expires_at > ${now}::timestamptz and m.status = 'active'`.execute(db);
      return rows[0];
    },

    async touch(sessionId: bigint, now: Date): Promise<void> {
      await db.updateTable('member_session').set({ last_seen_at: now }).where('id', '=', sessionId).execute();
    },

    async revokeById(sessionId: bigint, reason: string, now: Date): Promise<void> {
      await db
        .updateTable('member_session')
        .set({ revoked_at: now, revoke_reason: reason })
        .where('id', '=', sessionId)
        .where('revoked_at', 'is', null)
        .execute();
    },

    /** Revokes the member's remembered-login credentials issued to one device. */
    async revokeDevice(memberId: bigint, device: string, reason: string, now: Date): Promise<void> {
      await db
        .updateTable('member_session')
        .set({ revoked_at: now, revoke_reason: reason })
        .where('member_id', '=', memberId)
        .where('kind', '=', 'device')
        .where('device', '=', device)
        .where('revoked_at', 'is', null)
        .execute();
    },

    /** Revokes every live credential of a member, optionally keeping one session. */
    /** A session by its token whatever its state (to say why it no longer works), or undefined. */
    findAny(merchantId: number, tokenHash: string) {
      return db
        .selectFrom('member_session')
        .select(['kind', 'created_at', 'expires_at', 'revoked_at'])
        .where('merchant_id', '=', merchantId)
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst();
    },

    /** The member's session limit in force (minutes), or null. */
    async sessionLimitMinutes(memberId: bigint): Promise<number | null> {
      const r = await db
        .selectFrom('protection_limit')
        .select('amount')
        .where('member_id', '=', memberId)
        .where('kind', '=', 'session')
        .executeTakeFirst();
      return r?.amount != null ? Number(r.amount) : null;
    },

    /** Ends each live session of the member no later than `minutes` after it began. */
    async capSessions(memberId: bigint, minutes: number): Promise<void> {
      await db
        .updateTable('member_session')
        .set((eb) => ({
          expires_at: eb.fn('least', [
            'expires_at',
            sql<Date>`created_at + make_interval(mins => ${minutes}::integer)`,
          ]),
        }))
        .where('member_id', '=', memberId)
        .where('kind', '=', 'session')
        .where('revoked_at', 'is', null)
        .execute();
    },

    async revokeAll(memberId: bigint, reason: string, now: Date, keepSessionId?: bigint): Promise<number> {
      let q = db
        .updateTable('member_session')
        .set({ revoked_at: now, revoke_reason: reason })
        .where('member_id', '=', memberId)
        .where('revoked_at', 'is', null);
      if (keepSessionId !== undefined) q = q.where('id', '!=', keepSessionId);
      const r = await q.executeTakeFirst();
      return Number(r.numUpdatedRows);
    },
  };
}
export type SessionsRepository = ReturnType<typeof sessionsRepository>;
