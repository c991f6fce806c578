import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { createMember, sessionFor } from '../../test-support/members';
import { sessionsRepository, type SessionsRepository } from './sessions.repository';
import { sessionsService } from './sessions.service';

// A process reuses a session it read less than cacheMs ago (a busy page makes several calls a second);
// revocations through the service end it here at once, and in other processes within cacheMs.
let t: TestApp;
let merchantId: number;
let memberId: bigint;
let reads = 0;
let ms = 0;
const counted = (repo: SessionsRepository): SessionsRepository => ({
  ...repo,
  findLive: (...args) => {
    reads += 1;
    return repo.findLive(...args);
  },
});
const member = () =>
  t.ctx.db.selectFrom('member').selectAll().where('id', '=', memberId).executeTakeFirstOrThrow();
const service = () =>
  sessionsService(counted(sessionsRepository(t.ctx.db)), t.clock, { cacheMs: 1_000, monotonic: () => ms });

beforeAll(async () => {
  t = await createTestApp();
  const m = await createMember(t);
  merchantId = m.merchant_id;
  memberId = m.id;
});
afterAll(async () => t.close());

describe('session reads reused for a second', () => {
  it('a session read within the second is not read again; after it, it is', async () => {
    const s = service();
    const token = await sessionFor(t, await member());
    reads = 0;
    expect((await s.authenticate(merchantId, token))?.memberId).toBe(memberId);
    ms += 900;
    expect((await s.authenticate(merchantId, token))?.memberId).toBe(memberId);
    expect(reads).toBe(1);
    ms += 200;
    expect((await s.authenticate(merchantId, token))?.memberId).toBe(memberId);
    expect(reads).toBe(2);
    // Another merchant is another key: never served from this merchant's entry.
    expect(await s.authenticate(merchantId + 1, token)).toBeNull();
  });

  it('a logout or a revocation through this process ends the session here at once', async () => {
    const m = await member();
    const s = service();
    const a = await sessionFor(t, m);
    const ctx = await s.authenticate(merchantId, a);
    expect(ctx).not.toBeNull();
    await s.logout(ctx!);
    expect(await s.authenticate(merchantId, a)).toBeNull();

    const b = await sessionFor(t, m);
    expect(await s.authenticate(merchantId, b)).not.toBeNull();
    await s.revokeAll(memberId, 'test');
    expect(await s.authenticate(merchantId, b)).toBeNull();
  });

  it('a revocation by another process is honoured here within the second', async () => {
    const m = await member();
    const here = service();
    const elsewhere = sessionsService(sessionsRepository(t.ctx.db), t.clock);
    const token = await sessionFor(t, m);
    const ctx = await here.authenticate(merchantId, token);
    await elsewhere.logout(ctx!);
    ms += 1_001;
    expect(await here.authenticate(merchantId, token)).toBeNull();
  });

  it('an expired session is not served from the cache', async () => {
    const m = await member();
    const s = service();
    const token = await sessionFor(t, m);
    const ctx = await s.authenticate(merchantId, token);
    const before = t.clock.now();
    t.clock.set(new Date(ctx!.expiresAt.getTime() + 1));
    try {
      expect(await s.authenticate(merchantId, token)).toBeNull();
    } finally {
      t.clock.set(before);
    }
  });
});
