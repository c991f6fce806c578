import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionValue } from '@panalo/contract/auth';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { bearer } from '../../test-support/members';
import { freshIp, login, memberCount, type Answer, type Err, type Ok } from './auth.test-helpers';
import { TRIAL_CREATE_RULE } from './trial.service';
import { expectLedgerClean } from '../../test-support/ledger';

type Trial = { userName: string; trialKey: string };

describe('free trial (API-016/017, AUTH-032, ROLE-010/011)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const create = (c: TestApp = freshIp(t), host = 'localhost') =>
    c.request<Answer<Trial>>({ method: 'GET', url: '/api/auth/trial', headers: { host } });
  const trialLogin = (body: object, c: TestApp = freshIp(t)) =>
    c.request<Answer<SessionValue>>({ method: 'POST', url: '/api/auth/trial-login', payload: body });

  it('API-016 AUTH-032 ROLE-010 a GET makes a type-4 account and answers its user name and a trial key', async () => {
    const res = await create();
    expect(res.status).toBe(200);
    const v = (res.body as Ok<Trial>).value;
    expect(v.userName).toMatch(/^guest\d{6}$/);
    expect(v.trialKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const row = await t.ctx.db
      .selectFrom('member')
      .selectAll()
      .where('username', '=', v.userName)
      .executeTakeFirstOrThrow();
    expect(row.type).toBe(4);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('API-017 a POST with the trial key logs in (customerType 4) with ₱2,000 play money, once; ROLE-011 member pages answer free_reject', async () => {
    const { userName, trialKey } = ((await create()).body as Ok<Trial>).value;
    const res = await trialLogin({ userName, trialKey });
    expect(res.status).toBe(200);
    const v = (res.body as Ok<SessionValue>).value;
    expect(v).toMatchObject({ userName, customerType: 4, merchantCode: 'panalo' });
    const unread = await t.request<Err>({
      method: 'GET',
      url: '/api/members/unread-count',
      headers: bearer(v.token),
    });
    expect(unread.status).toBe(403);
    expect(unread.body.code).toBe('free_reject');
    // It plays with play money: ₱2,000.00 in the play book, nothing in the real one.
    const balance = await t.request<Ok<{ sumBalance: string; book: string }>>({
      method: 'GET',
      url: '/api/wallet/balance',
      headers: bearer(v.token),
    });
    expect(balance.body.value).toMatchObject({ sumBalance: '2000.00', book: 'play' });
    await expectLedgerClean(t.ctx.db);
    // The key is used up.
    const again = await trialLogin({ userName, trialKey });
    expect(again.status).toBe(401);
    expect((again.body as Err).code).toBe('login_failed');
  });

  it('a trial key opens only its own account, and a trial account has no usable password', async () => {
    const a = ((await create()).body as Ok<Trial>).value;
    const b = ((await create()).body as Ok<Trial>).value;
    expect((await trialLogin({ userName: b.userName, trialKey: a.trialKey })).status).toBe(401);
    expect((await trialLogin({ userName: b.userName, trialKey: 'x'.repeat(43) })).status).toBe(401);
    const byPassword = await login(freshIp(t), {
      type: 'username',
      username: b.userName,
      password: b.trialKey,
    });
    expect((byPassword.body as Err).code).toBe('login_failed');
  });

  it('bad bodies answer 400 validation_failed', async () => {
    for (const body of [{}, { userName: 'guest000001' }, { userName: 5, trialKey: 'k' }]) {
      const res = await trialLogin(body);
      expect(res.status).toBe(400);
      expect((res.body as Err).code).toBe('validation_failed');
    }
  });

  it('a merchant without a trial merchant code offers no trial (luzon)', async () => {
    const before = await memberCount(t);
    const res = await create(freshIp(t), 'luzon.localhost');
    expect(res.status).toBe(403);
    expect((res.body as Err).code).toBe('trial_unavailable');
    expect(await memberCount(t)).toBe(before);
  });

  it(`per IP at most ${TRIAL_CREATE_RULE.limit} trial accounts an hour`, async () => {
    const c = freshIp(t);
    for (let i = 0; i < TRIAL_CREATE_RULE.limit; i++) expect((await create(c)).status).toBe(200);
    const before = await memberCount(t);
    const over = await create(c);
    expect(over.status).toBe(429);
    expect((over.body as Err).code).toBe('rate_limited');
    expect(await memberCount(t)).toBe(before);
  });
});
