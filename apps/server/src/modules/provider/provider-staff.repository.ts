import type { Database } from '../../db/database';
import type { ProviderRole } from '@panalo/contract/provider-rules';

/** The provider's staff, their second factor and their sessions: no merchant's rows. */
export function providerStaffRepository(db: Database) {
  return {
    findByUsername(username: string) {
      return db
        .selectFrom('provider_staff')
        .selectAll()
        .where('username', '=', username.trim().toLowerCase())
        .executeTakeFirst();
    },
    /** A new provider staff member; undefined when the username is taken. */
    insert(o: { username: string; passwordHash: string; role: ProviderRole }) {
      return db
        .insertInto('provider_staff')
        .values({ username: o.username, password_hash: o.passwordHash, role: o.role })
        .onConflict((oc) => oc.column('username').doNothing())
        .returning('id')
        .executeTakeFirst();
    },
    /** Keeps the secret of an authenticator being set up (the one already pending, if any). */
    async pendingSecret(id: bigint, secret: string): Promise<string> {
      const row = await db
        .updateTable('provider_staff')
        .set((eb) => ({ totp_secret: eb.fn.coalesce('totp_secret', eb.val(secret)) }))
        .where('id', '=', id)
        .returning('totp_secret')
        .executeTakeFirstOrThrow();
      return row.totp_secret!;
    },
    /** Accepts a code's step once: moves the last step forward (and confirms the authenticator). */
    async acceptStep(id: bigint, step: number, now: Date): Promise<boolean> {
      const r = await db
        .updateTable('provider_staff')
        .set((eb) => ({
          totp_last_step: BigInt(step),
          totp_confirmed_at: eb.fn.coalesce('totp_confirmed_at', eb.val(now)),
        }))
        .where('id', '=', id)
        .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', BigInt(step))]))
        .executeTakeFirst();
      return r.numUpdatedRows > 0n;
    },

    async insertSession(o: {
      staffId: bigint;
      tokenHash: string;
      ip: string;
      userAgent: string | null;
      expiresAt: Date;
      at: Date;
    }): Promise<void> {
      await db
        .insertInto('provider_session')
        .values({
          staff_id: o.staffId,
          token_hash: o.tokenHash,
          ip: o.ip,
          user_agent: o.userAgent,
          created_at: o.at,
          last_seen_at: o.at,
          expires_at: o.expiresAt,
        })
        .execute();
    },
    /** A live session (not revoked, not expired, used within the idle limit) of an active staff member. */
    findLiveSession(tokenHash: string, now: Date, idleSince: Date) {
      return db
        .selectFrom('provider_session as s')
        .innerJoin('provider_staff as p', 'p.id', 's.staff_id')
        .select(['s.id as sessionId', 'p.id as staffId', 'p.username', 'p.role'])
        .where('s.token_hash', '=', tokenHash)
        .where('s.revoked_at', 'is', null)
        .where('s.expires_at', '>', now)
        .where('s.last_seen_at', '>', idleSince)
        .where('p.status', '=', 'active')
        .executeTakeFirst();
    },
    async touchSession(id: bigint, now: Date): Promise<void> {
      await db.updateTable('provider_session').set({ last_seen_at: now }).where('id', '=', id).execute();
    },
    async revokeSession(id: bigint, now: Date): Promise<void> {
      await db
        .updateTable('provider_session')
        .set({ revoked_at: now })
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .execute();
    },
  };
}
