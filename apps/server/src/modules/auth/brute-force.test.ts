import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '../../lib/domain-error';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { rateLimitRepository } from '../ratelimit/ratelimit.repository';
import { rateLimiter } from '../ratelimit/ratelimit.service';
import { secretGuard } from '../identity/secret-guard';
import { bruteForceGuard, lockDelayMs, LOGIN_POLICY } from './brute-force';
import { hashPassword } from '../identity/passwords';
import { itRaces } from '../../test-support/races';

const refusal = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => (e instanceof DomainError ? { code: e.code, value: e.value } : { code: String(e) }),
  );

describe('brute-force guard', () => {
  it('the lock grows 1 s, 2 s, 4 s… from the 3rd consecutive failure, capped at 15 minutes', () => {
    expect([1, 2, 3, 4, 5, 6, 12].map((n) => lockDelayMs(n))).toEqual([
      0, 0, 1000, 2000, 4000, 8000, 512_000,
    ]);
    expect(lockDelayMs(13)).toBe(15 * 60_000);
    expect(lockDelayMs(500)).toBe(15 * 60_000);
  });

  describe('on the shared PostgreSQL limiter', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(async () => t.close());

    it('a captcha is due from the first failure until a success', async () => {
      const g = bruteForceGuard(t.ctx.limits);
      expect(await g.before(1, 'key-captcha', true)).toEqual({ captchaDue: false });
      await g.failed(1, 'key-captcha');
      expect(await g.before(1, 'key-captcha', true)).toEqual({ captchaDue: true });
      // Probing does not change the state.
      expect(await g.before(1, 'key-captcha', true)).toEqual({ captchaDue: true });
      await g.succeeded(1, 'key-captcha');
      expect(await g.before(1, 'key-captcha', true)).toEqual({ captchaDue: false });
    });

    it('exponential delay: locked for 2^(n-3) s after the n-th consecutive failure; a success resets', async () => {
      const g = bruteForceGuard(t.ctx.limits);
      const key = 'key-delay';
      for (let n = 1; n <= 5; n++) {
        await g.before(1, key, true);
        await g.failed(1, key);
        const lock = lockDelayMs(n);
        if (lock === 0) {
          expect(await refusal(g.before(1, key, true))).toBeNull();
          continue;
        }
        expect(await refusal(g.before(1, key, true))).toEqual({
          code: 'login_locked',
          value: { retryAfterSeconds: lock / 1000, captcha: true },
        });
        t.clock.advance(lock - 1);
        expect((await refusal(g.before(1, key, true)))?.code).toBe('login_locked');
        t.clock.advance(1);
        expect(await refusal(g.before(1, key, true))).toBeNull();
      }
      await g.succeeded(1, key);
      await g.failed(1, key);
      await g.failed(1, key);
      // Two failures after a success: not locked (the streak started again).
      expect(await refusal(g.before(1, key, true))).toBeNull();
    });

    /** A limiter whose every request reads the clock a few milliseconds off, earlier or later. */
    const skewedLimits = () => {
      const readings = [0, -3, 5, -1, 2, -2, 4, 1].map((ms) => t.clock.now().getTime() + ms);
      let i = 0;
      const skewed = { now: () => new Date(readings[i++ % readings.length]!) };
      return { readings, limits: rateLimiter(rateLimitRepository(t.ctx.db), skewed) };
    };

    it('issue 22: checks with their own clock readings, a later one reaching the database first, never lock one another out', async () => {
      // Each request reads the clock when it starts; on a busy server a later reading can reach the
      // database first. A probe that counted (a hit on a zero-length window stamped with its own reading)
      // saw the other request's bucket still "live" and refused a right password.
      const { readings, limits } = skewedLimits();
      const g = bruteForceGuard(limits);
      const outcomes = [];
      for (let n = 0; n < readings.length; n++) outcomes.push(await refusal(g.before(1, 'key-skew', true)));
      expect(outcomes).toEqual(readings.map(() => null));
    });

    itRaces(
      'issue 22: concurrent checks with their own clock readings never lock one another out',
      async () => {
        const guard = secretGuard(skewedLimits().limits);
        const stored = await hashPassword('246810');
        const secrets = await Promise.all(
          Array.from({ length: 16 }, () => refusal(guard.verify(1, 42n, 'payment', stored, '246810'))),
        );
        expect(secrets).toEqual(secrets.map(() => null));
      },
    );

    it('per account at most 100 failures an hour, then locked until the hour is over', async () => {
      // Without the exponential delay, which on its own keeps a guesser far below this ceiling.
      const g = bruteForceGuard(t.ctx.limits, { ...LOGIN_POLICY, delayFrom: 1_000 });
      const key = 'key-hour';
      const start = t.clock.now().getTime();
      for (let i = 1; i <= 99; i++) await g.failed(1, key);
      expect(await refusal(g.before(1, key, false))).toBeNull();
      t.clock.advance(10 * 60_000);
      await g.failed(1, key);
      const locked = await refusal(g.before(1, key, false));
      expect(locked).toEqual({ code: 'login_locked', value: { retryAfterSeconds: 50 * 60, captcha: false } });
      t.clock.set(new Date(start + 3600_000));
      expect(await refusal(g.before(1, key, false))).toBeNull();
      t.clock.set(new Date(start));
    });

    it('keys are per merchant', async () => {
      const g = bruteForceGuard(t.ctx.limits);
      for (let i = 0; i < 3; i++) await g.failed(1, 'shared-name');
      expect((await refusal(g.before(1, 'shared-name', true)))?.code).toBe('login_locked');
      expect(await refusal(g.before(2, 'shared-name', true))).toBeNull();
    });
  });
});
