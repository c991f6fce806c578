import type { Clock } from '../../lib/clock';
import { randomToken, sha256Hex } from '../../lib/crypto';
import type { SessionsRepository } from './sessions.repository';

export const SESSION_TTL_MS = 7 * 24 * 3600_000;
export const DEVICE_TTL_MS = 90 * 24 * 3600_000;
// last_seen_at is written at most this often, so that reading a session is not a write per request.
const TOUCH_EVERY_MS = 5 * 60_000;

/** The authenticated caller of a request. */
export interface SessionContext {
  sessionId: bigint;
  memberId: bigint;
  username: string;
  type: number;
  firstTimeLogin: boolean;
  expiresAt: Date;
  token: string;
  /** The Device the session was issued to (its remembered-login credential is bound to the same one). */
  device: string | null;
}

export interface IssueOptions {
  merchantId: number;
  memberId: bigint;
  device: string | null;
  ip: string | null;
  userAgent: string | null;
  /** Staff: the session ends after this many minutes without a request. */
  idleMinutes?: number;
  /** A shorter life than a session's usual (the provider's "view as": an hour). */
  ttlMs?: number;
}

export interface SessionCacheOptions {
  /**
   * How long (real time, ms) a looked-up session is reused in this process without asking the database;
   * 0 turns it off. A revocation through this service is honoured here at once, one made by another
   * process within this time.
   */
  cacheMs?: number;
  /** The cache's time source (a monotonic ms counter), injectable for tests. */
  monotonic?: () => number;
}

type SessionRow = NonNullable<Awaited<ReturnType<SessionsRepository['findLive']>>>;
const CACHE_MAX_ENTRIES = 10_000;

/** Server-side, revocable sessions: an opaque 256-bit token, stored hashed, scoped to one merchant. */
export function sessionsService(repo: SessionsRepository, clock: Clock, cache: SessionCacheOptions = {}) {
  const cacheMs = cache.cacheMs ?? 0;
  const monotonic = cache.monotonic ?? (() => performance.now());
  // Busy members (a lottery page, a game) make several calls a second: each would read the session.
  const recent = new Map<string, { row: SessionRow; until: number }>();
  const forget = () => recent.clear();
  const lookup = async (
    merchantId: number,
    tokenHash: string,
    now: Date,
  ): Promise<SessionRow | undefined> => {
    const key = `${merchantId}:${tokenHash}`;
    const hit = cacheMs > 0 ? recent.get(key) : undefined;
    if (hit && hit.until > monotonic() && hit.row.expiresAt > now) return hit.row;
    const row = await repo.findLive(merchantId, tokenHash, 'session', now);
    if (cacheMs > 0) {
      if (!row) recent.delete(key);
      else {
        if (recent.size >= CACHE_MAX_ENTRIES) recent.clear();
        recent.set(key, { row, until: monotonic() + cacheMs });
      }
    }
    return row;
  };
  return {
    /** A new session token (a new one at every login); a session limit the member set ends it sooner. */
    async issue(o: IssueOptions): Promise<{ token: string; expiresAt: Date }> {
      const now = clock.now();
      const token = randomToken();
      const limit = await repo.sessionLimitMinutes(o.memberId);
      const ttl = Math.min(SESSION_TTL_MS, o.ttlMs ?? Infinity, (limit ?? Infinity) * 60_000);
      const expiresAt = new Date(now.getTime() + ttl);
      await repo.insert({ ...o, tokenHash: sha256Hex(token), kind: 'session', expiresAt, now });
      return { token, expiresAt };
    },

    /** A device credential (remember password): long-lived, revocable, usable only to log in. */
    async issueDevice(o: IssueOptions): Promise<string> {
      const now = clock.now();
      const token = randomToken();
      await repo.insert({
        ...o,
        tokenHash: sha256Hex(token),
        kind: 'device',
        expiresAt: new Date(now.getTime() + DEVICE_TTL_MS),
        now,
      });
      return token;
    },

    /** The session behind a bearer token at this merchant, or null (unknown, expired, revoked, other merchant). */
    async authenticate(merchantId: number, token: string): Promise<SessionContext | null> {
      const now = clock.now();
      const row = await lookup(merchantId, sha256Hex(token), now);
      if (!row) return null;
      const idleMs = row.idleMinutes === null ? null : row.idleMinutes * 60_000;
      const seen = row.lastSeenAt?.getTime() ?? 0;
      if (idleMs !== null && now.getTime() - seen > idleMs) {
        // A staff session left alone too long ends (the console signs in again).
        forget();
        await repo.revokeById(row.sessionId, 'idle', now);
        return null;
      }
      // An idle limit needs a finer last_seen_at (a minute) than the members' five.
      if (!row.lastSeenAt || now.getTime() - seen > (idleMs === null ? TOUCH_EVERY_MS : 60_000)) {
        row.lastSeenAt = now;
        await repo.touch(row.sessionId, now);
      }
      return {
        sessionId: row.sessionId,
        memberId: row.memberId,
        username: row.username,
        type: row.type,
        firstTimeLogin: row.firstTimeLogin,
        expiresAt: row.expiresAt,
        token,
        device: row.device,
      };
    },

    /** Uses up a device credential: it is revoked and the caller issues a fresh one (rotation). */
    async consumeDevice(
      merchantId: number,
      token: string,
    ): Promise<{ memberId: bigint; device: string | null } | null> {
      const now = clock.now();
      const row = await repo.findLive(merchantId, sha256Hex(token), 'device', now);
      if (!row) return null;
      await repo.revokeById(row.sessionId, 'rotated', now);
      return { memberId: row.memberId, device: row.device };
    },

    revoke: (sessionId: bigint, reason: string) => {
      forget();
      return repo.revokeById(sessionId, reason, clock.now());
    },
    /**
     * Logout: the session ends, and so does the remembered-login credential of the same device, so a
     * signed-out browser keeps nothing that still opens the account.
     */
    async logout(s: SessionContext): Promise<void> {
      const now = clock.now();
      forget();
      await repo.revokeById(s.sessionId, 'logout', now);
      if (s.device) await repo.revokeDevice(s.memberId, s.device, 'logout', now);
    },
    /** Revokes all of a member's sessions and device credentials (password change, self-exclusion…). */
    /**
     * Whether a token that no longer authenticates belonged to a session its member's session limit
     * ended (it expired, unrevoked, sooner than a session lives): the site then says why.
     */
    async endedByLimit(merchantId: number, token: string): Promise<boolean> {
      const row = await repo.findAny(merchantId, sha256Hex(token));
      if (!row || row.kind !== 'session' || row.revoked_at !== null) return false;
      const lived = row.expires_at.getTime() - row.created_at.getTime();
      return row.expires_at <= clock.now() && lived < SESSION_TTL_MS;
    },

    /** A session limit taking effect: each live session ends `minutes` after it began, at the latest. */
    capSessions: (memberId: bigint, minutes: number) => {
      forget();
      return repo.capSessions(memberId, minutes);
    },

    revokeAll: (memberId: bigint, reason: string, keepSessionId?: bigint) => {
      // The kept session's member may have changed too (first_time_login after a password change).
      forget();
      return repo.revokeAll(memberId, reason, clock.now(), keepSessionId);
    },
  };
}
export type SessionsService = ReturnType<typeof sessionsService>;
