import { DomainError } from '../../lib/domain-error';
import type { Clock } from '../../lib/clock';
import type { RateLimitRepository } from './ratelimit.repository';

export interface LimitRule {
  /** What is limited, e.g. 'login:ip' or 'sms:number'; part of the stored key. */
  scope: string;
  limit: number;
  windowMs: number;
}

export interface LimitResult {
  allowed: boolean;
  count: number;
  remaining: number;
  retryAfterMs: number;
}

/** Business rate limits (login, SMS, registration…) counted in PostgreSQL so that all processes agree. */
export function rateLimiter(repo: RateLimitRepository, clock: Clock) {
  const keyOf = (merchantId: number, rule: Pick<LimitRule, 'scope'>, subject: string) =>
    `${merchantId}:${rule.scope}:${subject}`;
  return {
    /** Counts one attempt and says whether it is within the limit. */
    async hit(merchantId: number, rule: LimitRule, subject: string): Promise<LimitResult> {
      const now = clock.now();
      const { count, resetAt } = await repo.hit(keyOf(merchantId, rule, subject), now, rule.windowMs);
      return {
        allowed: count <= rule.limit,
        count,
        remaining: Math.max(0, rule.limit - count),
        retryAfterMs: Math.max(0, resetAt.getTime() - now.getTime()),
      };
    },
    /** Counts one attempt and refuses it with 429 rate_limited when over the limit. */
    async consume(merchantId: number, rule: LimitRule, subject: string): Promise<LimitResult> {
      const r = await this.hit(merchantId, rule, subject);
      if (!r.allowed) {
        throw new DomainError('rate_limited', 429, 'Too many attempts, please try again later', {
          retryAfterSeconds: Math.ceil(r.retryAfterMs / 1000),
        });
      }
      return r;
    },
    /**
     * How long a bucket opened as a flag or a lock (see auth/brute-force.ts) stays live, in ms; 0 when it
     * is not. A read: concurrent checks cannot count one another, as a hit on a zero-length window did.
     */
    async openFor(merchantId: number, rule: Pick<LimitRule, 'scope'>, subject: string): Promise<number> {
      const now = clock.now();
      const until = await repo.liveUntil(keyOf(merchantId, rule, subject), now);
      return until ? Math.max(1, until.getTime() - now.getTime()) : 0;
    },
    /** Forgets the count (e.g. after a successful login). */
    reset: (merchantId: number, rule: LimitRule, subject: string) =>
      repo.reset(keyOf(merchantId, rule, subject)),
  };
}
export type RateLimiter = ReturnType<typeof rateLimiter>;
