import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberInfo } from '@panalo/contract/member';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { bearer, createMember, sessionFor } from '../../test-support/members';
import { SESSION_TTL_MS } from '../identity/sessions.service';

type Ok<T> = { success: true; value: T };
type Err = { success: false; code: string; message: string };

describe('sessions and member info', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('MINE-012 member info carries id, account, nickname, type, regDate and toUpline', async () => {
    const m = await createMember(t, { username: 'Ana2026', nickname: 'Ana', mobile: ['+63', '9175550123'] });
    const res = await t.request<Ok<MemberInfo>>({
      method: 'GET',
      url: '/api/members/me',
      headers: bearer(await sessionFor(t, m)),
    });
    expect(res.status).toBe(200);
    expect(res.body.value).toMatchObject({
      id: m.id.toString(),
      account: 'ana2026',
      nickname: 'Ana',
      type: 0,
      toUpline: false,
      mobileNum: '917****123',
    });
    expect(res.body.value.regDate).toBe(t.clock.now().getTime());
  });

  it('a visitor gets 401 not_logged_in; a bad token is the same', async () => {
    for (const headers of [{}, bearer('x'.repeat(43)), { authorization: 'Basic abc' }]) {
      const res = await t.request<Err>({ method: 'GET', url: '/api/members/me', headers });
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('not_logged_in');
    }
  });

  it('a session of merchant A is useless at merchant B (Host or Merchant header)', async () => {
    const m = await createMember(t, { merchant: 'panalo' });
    const token = await sessionFor(t, m);
    expect((await t.request({ method: 'GET', url: '/api/members/me', headers: bearer(token) })).status).toBe(
      200,
    );
    expect(
      (
        await t.request({
          method: 'GET',
          url: '/api/members/me',
          headers: { ...bearer(token), host: 'luzon.localhost' },
        })
      ).status,
    ).toBe(401);
    expect(
      (
        await t.request({
          method: 'GET',
          url: '/api/members/me',
          headers: { ...bearer(token), merchant: 'luzon' },
        })
      ).status,
    ).toBe(401);
  });

  it('a revoked or expired session stops working at once', async () => {
    const m = await createMember(t);
    const token = await sessionFor(t, m);
    await t.ctx.sessions.revokeAll(m.id, 'test');
    expect((await t.request({ method: 'GET', url: '/api/members/me', headers: bearer(token) })).status).toBe(
      401,
    );

    const later = await sessionFor(t, m);
    t.clock.advance(SESSION_TTL_MS + 1000);
    expect((await t.request({ method: 'GET', url: '/api/members/me', headers: bearer(later) })).status).toBe(
      401,
    );
    t.clock.advance(-(SESSION_TTL_MS + 1000));
  });

  it('a disabled or self-excluded member is logged out everywhere', async () => {
    for (const status of ['disabled', 'self_excluded'] as const) {
      const m = await createMember(t);
      const token = await sessionFor(t, m);
      await t.ctx.db.updateTable('member').set({ status }).where('id', '=', m.id).execute();
      expect(
        (await t.request({ method: 'GET', url: '/api/members/me', headers: bearer(token) })).status,
      ).toBe(401);
    }
  });

  it('ROLE-011 a free-trial account (type 4) is refused member pages with free_reject', async () => {
    const trial = await createMember(t, { type: 4 });
    const res = await t.request<Err>({
      method: 'GET',
      url: '/api/members/unread-count',
      headers: bearer(await sessionFor(t, trial)),
    });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({
      code: 'free_reject',
      message: 'Please login an actual account to use this function',
    });
    // Its own info is still readable (the header shows who is playing).
    expect(
      (
        await t.request({
          method: 'GET',
          url: '/api/members/me',
          headers: bearer(await sessionFor(t, trial)),
        })
      ).status,
    ).toBe(200);
  });

  it('self-exclusion closes the account after the password: every session and remembered login ends at once', async () => {
    const m = await createMember(t);
    const a = await sessionFor(t, m);
    const b = await sessionFor(t, m);
    const wrong = await t.request<Err>({
      method: 'POST',
      url: '/api/members/self-exclusion',
      headers: bearer(a),
      payload: { period: 'exclusion_permanent', password: 'nope' },
    });
    expect(wrong.status).toBe(401);
    const ok = await t.request({
      method: 'POST',
      url: '/api/members/self-exclusion',
      headers: bearer(a),
      payload: { period: 'exclusion_permanent', password: m.password },
    });
    expect(ok.status).toBe(200);
    for (const token of [a, b]) {
      expect(
        (await t.request({ method: 'GET', url: '/api/members/me', headers: bearer(token) })).status,
      ).toBe(401);
    }
    const row = await t.ctx.db
      .selectFrom('member')
      .select('status')
      .where('id', '=', m.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('self_excluded');
    const live = await t.ctx.db
      .selectFrom('member_session')
      .select('id')
      .where('member_id', '=', m.id)
      .where('revoked_at', 'is', null)
      .execute();
    expect(live).toEqual([]);
  });
});
