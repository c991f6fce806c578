import { DomainError } from '../../lib/domain-error';
import type { LimitRule, RateLimiter } from '../ratelimit/ratelimit.service';
import { verifyPassword } from './passwords';

const MINUTE = 60_000;
/** Wrong tries of one secret per member within the window before it is locked for the rest of it. */
export const SECRET_MAX_FAILURES = 5;
export const SECRET_WINDOW_MS = 15 * MINUTE;

type SecretKind = 'payment' | 'login';

const locked = (kind: SecretKind, retryAfterMs: number) => {
  const value = { retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)) };
  return kind === 'payment'
    ? new DomainError(
        'payment_password_locked',
        429,
        'Too many wrong payment passwords, try again later',
        value,
      )
    : new DomainError('login_locked', 429, 'Too many failed attempts, please try again later', value);
};
const wrong = (kind: SecretKind) =>
  kind === 'payment'
    ? new DomainError('payment_password_wrong', 400, 'Wrong payment password')
    : new DomainError('login_password_wrong', 400, 'Wrong login password');

/**
 * Guessing protection for the secrets the cashier asks for (the payment password, and the login password
 * when it confirms a payment-password change), on the PostgreSQL limiter so that every API process
 * agrees. Only wrong answers count: 5 in 15 minutes lock that secret of that member until the window
 * ends. The lock is a bucket opened for its duration and read by a probe (see auth/brute-force.ts), so a
 * right answer, and fifty right answers at once, never count against the member.
 */
export function secretGuard(limits: RateLimiter) {
  const failures = (kind: SecretKind): LimitRule => ({
    scope: `cashier:${kind}:failures`,
    limit: SECRET_MAX_FAILURES,
    windowMs: SECRET_WINDOW_MS,
  });
  const lock = (kind: SecretKind, windowMs: number): LimitRule => ({
    scope: `cashier:${kind}:lock`,
    limit: 1,
    windowMs,
  });

  return {
    /**
     * Checks a secret against its hash: 429 while locked, 400 when wrong (counted), nothing when right.
     * Call it before any money transaction: argon2 is slow and must never run while rows are locked.
     */
    async verify(
      merchantId: number,
      memberId: bigint,
      kind: SecretKind,
      stored: string | null,
      given: string,
    ): Promise<void> {
      const subject = memberId.toString();
      const lockedFor = await limits.openFor(merchantId, lock(kind, 0), subject);
      if (lockedFor > 0) throw locked(kind, lockedFor);
      if (await verifyPassword(stored, given)) return;
      const n = await limits.hit(merchantId, failures(kind), subject);
      if (n.count >= SECRET_MAX_FAILURES) {
        await limits.reset(merchantId, lock(kind, n.retryAfterMs), subject);
        await limits.hit(merchantId, lock(kind, n.retryAfterMs), subject);
      }
      throw wrong(kind);
    },

    /** A new payment password was set with the login password: its old failures and lock are forgotten. */
    async clear(merchantId: number, memberId: bigint, kind: SecretKind): Promise<void> {
      await limits.reset(merchantId, failures(kind), memberId.toString());
      await limits.reset(merchantId, lock(kind, 0), memberId.toString());
    },
  };
}
export type SecretGuard = ReturnType<typeof secretGuard>;
