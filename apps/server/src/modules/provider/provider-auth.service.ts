import {
  PROVIDER_IDLE_MINUTES,
  PROVIDER_ROLE_PERMISSIONS,
  providerRoleAllows,
  type ProviderPermission,
  type ProviderRole,
} from '@panalo/contract/provider-rules';
import type { ProviderMe } from '@panalo/contract/provider';
import type { Database } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { randomToken, sha256Hex } from '../../lib/crypto';
import { DomainError } from '../../lib/domain-error';
import { bruteForceGuard } from '../auth/brute-force';
import { verifyPassword } from '../identity/passwords';
import type { LimitRule, RateLimiter } from '../ratelimit/ratelimit.service';
import { newOtpSecret, otpStep, otpUri } from '../staff/staff-otp';
import { providerStaffRepository } from './provider-staff.repository';

/** The provider's limits are counted apart from every merchant's (merchant 0 does not exist). */
export const PROVIDER_LIMIT_SCOPE = 0;
/** Provider sign-in attempts per IP. */
export const PROVIDER_LOGIN_IP_RULE: LimitRule = { scope: 'provider-login:ip', limit: 20, windowMs: 60_000 };
const SESSION_HOURS = 12;

/** Who is calling a provider route. */
export interface ProviderCaller {
  sessionId: bigint;
  staffId: bigint;
  username: string;
  role: ProviderRole;
}

export const providerMeOf = (c: { username: string; role: ProviderRole }): ProviderMe => ({
  username: c.username,
  role: c.role,
  permissions: [...PROVIDER_ROLE_PERMISSIONS[c.role]],
  idleMinutes: PROVIDER_IDLE_MINUTES,
});

/** 403 no_permission unless the caller's role holds the permission. */
export function requireProviderPermission(
  caller: Pick<ProviderCaller, 'role'>,
  permission: ProviderPermission | 'self',
): void {
  if (permission !== 'self' && !providerRoleAllows(caller.role, permission)) {
    throw new DomainError(
      'no_permission',
      403,
      'Sorry, this account does not have permission or the feature is temporarily unavailable',
    );
  }
}

const failed = () => new DomainError('login_failed', 401, 'Wrong username or password');

/**
 * The provider staff's sign-in: a password, then the authenticator (set up at the first sign-in, each code
 * accepted once), as a brand's staff sign in; guessing is slowed per username and per IP.
 */
export function providerAuthService(db: Database, clock: Clock, limits: RateLimiter) {
  const repo = providerStaffRepository(db);
  const guard = bruteForceGuard(limits);
  return {
    async login(
      body: { username: string; password: string; otp?: string | undefined },
      caller: { ip: string; userAgent: string | null },
    ): Promise<{ token: string; me: ProviderMe }> {
      await limits.consume(PROVIDER_LIMIT_SCOPE, PROVIDER_LOGIN_IP_RULE, caller.ip);
      const key = `provider:${body.username.trim().toLowerCase()}`;
      await guard.before(PROVIDER_LIMIT_SCOPE, key, false);
      const staff = await repo.findByUsername(body.username);
      const right = await verifyPassword(staff?.password_hash, body.password);
      if (!staff || !right || staff.status !== 'active') {
        await guard.failed(PROVIDER_LIMIT_SCOPE, key);
        throw failed();
      }
      const now = clock.now();
      let secret = staff.totp_secret;
      if (!staff.totp_confirmed_at) {
        secret = await repo.pendingSecret(staff.id, secret ?? newOtpSecret());
        if (!body.otp) {
          throw new DomainError('otp_setup_required', 401, 'Set up two-step verification', {
            otpSecret: secret,
            otpUri: otpUri(secret, 'Panalo provider', staff.username),
          });
        }
      }
      if (!body.otp) {
        throw new DomainError('otp_required', 401, 'Enter the code from your authenticator app', {
          otp: true,
        });
      }
      const step = otpStep(secret!, body.otp, now);
      if (step === null || !(await repo.acceptStep(staff.id, step, now))) {
        await guard.failed(PROVIDER_LIMIT_SCOPE, key);
        throw new DomainError('otp_wrong', 401, 'The code is wrong or was already used', { otp: true });
      }
      await guard.succeeded(PROVIDER_LIMIT_SCOPE, key);
      const token = randomToken(32);
      await repo.insertSession({
        staffId: staff.id,
        tokenHash: sha256Hex(token),
        ip: caller.ip,
        userAgent: caller.userAgent,
        expiresAt: new Date(now.getTime() + SESSION_HOURS * 3600_000),
        at: now,
      });
      return { token, me: providerMeOf(staff) };
    },

    /** The caller of a bearer token, or null; a live session's idle clock restarts. */
    async authenticate(token: string): Promise<ProviderCaller | null> {
      const now = clock.now();
      const idleSince = new Date(now.getTime() - PROVIDER_IDLE_MINUTES * 60_000);
      const s = await repo.findLiveSession(sha256Hex(token), now, idleSince);
      if (!s) return null;
      await repo.touchSession(s.sessionId, now);
      return s;
    },

    async logout(caller: ProviderCaller): Promise<void> {
      await repo.revokeSession(caller.sessionId, clock.now());
    },
  };
}
export type ProviderAuthService = ReturnType<typeof providerAuthService>;
