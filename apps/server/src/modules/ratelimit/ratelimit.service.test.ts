import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '../../lib/domain-error';
import { fixedClock } from '../../lib/clock';
import { openTestDatabase, TEST_NOW } from '../../test-support/test-db';
import type { DatabaseHandle } from '../../db/database';
import { rateLimitRepository } from './ratelimit.repository';
import { rateLimiter } from './ratelimit.service';
import { startRateLimitPurge } from './ratelimit-purge';
import { itRaces } from '../../test-support/races';

describe('PostgreSQL-backed rate limiter', () => {
  let h: DatabaseHandle;
  const clock = fixedClock(TEST_NOW);
  beforeAll(async () => {
    h = await openTestDatabase();
  });
  afterAll(async () => h.close());

  const rule = { scope: 'test:ip', limit: 3, windowMs: 60_000 };

  it('allows up to the limit in a window, refuses after, and opens again when the window ends', async () => {
    const limiter = rateLimiter(rateLimitRepository(h.db), clock);
    const results = [];
    for (let i = 0; i < 5; i++) results.push(await limiter.hit(1, rule, '10.0.0.1'));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false, false]);
    expect(results[3]!.retryAfterMs).toBe(60_000);
    clock.advance(60_000);
    expect((await limiter.hit(1, rule, '10.0.0.1')).allowed).toBe(true);
  });

  it('keeps subjects, scopes and merchants apart', async () => {
    const limiter = rateLimiter(rateLimitRepository(h.db), clock);
    for (let i = 0; i < 3; i++) await limiter.hit(1, rule, 'a');
    expect((await limiter.hit(1, rule, 'a')).allowed).toBe(false);
    expect((await limiter.hit(1, rule, 'b')).allowed).toBe(true);
    expect((await limiter.hit(2, rule, 'a')).allowed).toBe(true);
    expect((await limiter.hit(1, { ...rule, scope: 'other' }, 'a')).allowed).toBe(true);
  });

  it('consume refuses with 429 rate_limited and a retry time; reset forgets', async () => {
    const limiter = rateLimiter(rateLimitRepository(h.db), clock);
    const one = { scope: 'one', limit: 1, windowMs: 30_000 };
    await limiter.consume(1, one, 'x');
    const err = await limiter.consume(1, one, 'x').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DomainError);
    expect((err as DomainError).status).toBe(429);
    expect((err as DomainError).code).toBe('rate_limited');
    expect((err as DomainError).value).toEqual({ retryAfterSeconds: 30 });
    await limiter.reset(1, one, 'x');
    await expect(limiter.consume(1, one, 'x')).resolves.toMatchObject({ allowed: true });
  });

  itRaces('counts every concurrent hit exactly once (no lost updates)', async () => {
    const limiter = rateLimiter(rateLimitRepository(h.db), clock);
    const burst = { scope: 'burst', limit: 10, windowMs: 60_000 };
    const results = await Promise.all(Array.from({ length: 40 }, () => limiter.hit(7, burst, 'same')));
    expect(results.filter((r) => r.allowed)).toHaveLength(10);
    expect(results.map((r) => r.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 40 }, (_, i) => i + 1),
    );
  });

  it('purges expired buckets', async () => {
    const repo = rateLimitRepository(h.db);
    await repo.hit('old', new Date('2020-01-01T00:00:00Z'), 1000);
    expect(await repo.purgeExpired(clock.now())).toBeGreaterThanOrEqual(1);
  });

  it('every API process clears the ended windows on a timer, keeping the live ones', async () => {
    const repo = rateLimitRepository(h.db);
    await repo.hit('purge:ended', new Date(clock.now().getTime() - 120_000), 60_000);
    await repo.hit('purge:live', clock.now(), 60_000);
    const keys = async () =>
      (await h.db.selectFrom('rate_limit_bucket').select('key').where('key', 'like', 'purge:%').execute())
        .map((r) => r.key)
        .sort();
    expect(await keys()).toEqual(['purge:ended', 'purge:live']);
    const purge = startRateLimitPurge(h.db, clock, 60_000);
    await purge.stop();
    expect(await keys()).toEqual(['purge:live']);
    expect(await repo.liveUntil('purge:live', clock.now())).not.toBeNull();
  });
});
