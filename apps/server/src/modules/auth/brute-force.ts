import { DomainError } from '../../lib/domain-error';
import type { LimitRule, RateLimiter } from '../ratelimit/ratelimit.service';

const SECOND = 1000;
const HOUR = 3600 * SECOND;

/** How hard an account key is protected against password guessing. */
export interface BruteForcePolicy {
  /** Failures per account key within failureWindowMs before the key is locked for the rest of it. */
  maxFailures: number;
  failureWindowMs: number;
  /** From this many consecutive failures on, each failure locks the key for 2^(n - delayFrom) s. */
  delayFrom: number;
  maxDelayMs: number;
  /** How long failures stay "consecutive" (and a captcha stays due) without a new attempt. */
  memoryMs: number;
}

export const LOGIN_POLICY: BruteForcePolicy = {
  maxFailures: 100,
  failureWindowMs: HOUR,
  delayFrom: 3,
  maxDelayMs: 15 * 60 * SECOND,
  memoryMs: 24 * HOUR,
};

/** The lock after the n-th consecutive failure: none before delayFrom, then 1 s, 2 s, 4 s… up to the cap. */
export function lockDelayMs(consecutiveFailures: number, policy: BruteForcePolicy = LOGIN_POLICY): number {
  if (consecutiveFailures < policy.delayFrom) return 0;
  const exponent = Math.min(consecutiveFailures - policy.delayFrom, 30);
  return Math.min(2 ** exponent * SECOND, policy.maxDelayMs);
}

export function loginLocked(retryAfterMs: number, captcha: boolean): DomainError {
  return new DomainError('login_locked', 429, 'Too many failed attempts, please try again later', {
    retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / SECOND)),
    captcha,
  });
}

/**
 * Per-account guessing protection on the PostgreSQL limiter (shared by every API process). The key is
 * what the guesser typed (lower-cased username, or the SMS recipient), never a member id, so an unknown
 * account behaves exactly like a known one.
 *
 * A lock or a flag is a bucket opened for its duration and read by a probe that counts nothing (so that
 * concurrent right answers never lock one another out: issue 22).
 */
export function bruteForceGuard(limits: RateLimiter, policy: BruteForcePolicy = LOGIN_POLICY) {
  const rule = (scope: string, windowMs: number, limit = 1): LimitRule => ({ scope, limit, windowMs });
  const failures = rule('login:failures', policy.failureWindowMs, policy.maxFailures);
  const streak = rule('login:streak', policy.memoryMs, Number.MAX_SAFE_INTEGER);
  const LOCK = 'login:lock';
  const CAPTCHA = 'login:captcha';

  const probe = (merchantId: number, scope: string, key: string): Promise<number> =>
    limits.openFor(merchantId, { scope }, key);
  async function open(merchantId: number, scope: string, key: string, ms: number): Promise<void> {
    await limits.reset(merchantId, rule(scope, ms), key);
    await limits.hit(merchantId, rule(scope, ms), key);
  }

  return {
    /** Before a credential is checked: refuses a locked key (429 login_locked); says if a captcha is due. */
    async before(merchantId: number, key: string, captchaEnabled: boolean): Promise<{ captchaDue: boolean }> {
      const locked = await probe(merchantId, LOCK, key);
      if (locked > 0) throw loginLocked(locked, captchaEnabled);
      return { captchaDue: (await probe(merchantId, CAPTCHA, key)) > 0 };
    },

    /** After a wrong credential: counts it, asks for a captcha from now on and locks the key when due. */
    async failed(merchantId: number, key: string): Promise<void> {
      const hour = await limits.hit(merchantId, failures, key);
      const n = (await limits.hit(merchantId, streak, key)).count;
      await open(merchantId, CAPTCHA, key, policy.memoryMs);
      // The hundredth failure of the hour locks the key until the hour's window ends.
      const hourLockMs = hour.count >= policy.maxFailures ? hour.retryAfterMs : 0;
      const lockMs = Math.max(lockDelayMs(n, policy), hourLockMs);
      if (lockMs > 0) await open(merchantId, LOCK, key, lockMs);
    },

    /** After a right credential: the key starts afresh. */
    async succeeded(merchantId: number, key: string): Promise<void> {
      for (const r of [failures, streak, rule(LOCK, 0), rule(CAPTCHA, 0)]) {
        await limits.reset(merchantId, r, key);
      }
    },
  };
}
export type BruteForceGuard = ReturnType<typeof bruteForceGuard>;
