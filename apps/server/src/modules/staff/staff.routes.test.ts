import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionValue } from '@panalo/contract/auth';
import {
  ROLE_PERMISSIONS,
  STAFF_IDLE_MINUTES,
  STAFF_ROLES,
  type StaffMe,
  type StaffRole,
} from '@panalo/contract/staff';
import { sealedRequest } from '../../test-support/auth-client';
import { bearer, createMember, sessionFor } from '../../test-support/members';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import type { MemberRow } from '../members/members.repository';
import { operatorRoutes } from '../../plugins/session';
import { otpAt } from './staff-otp';

type Answer = { success: boolean; code?: string; value?: Record<string, unknown> };

describe('staff: roles, permissions and the second factor (issue 20)', () => {
  let t: TestApp;
  let ip = 0;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const staffMember = async (
    role: StaffRole,
    merchant = 'panalo',
  ): Promise<MemberRow & { password: string }> => {
    const m = await createMember(t, { type: 90, merchant });
    await t.ctx.db.updateTable('staff_account').set({ role }).where('member_id', '=', m.id).execute();
    return m;
  };
  const signIn = (m: { username: string; password: string }, otp?: string) =>
    sealedRequest<Answer>(t, {
      method: 'POST',
      url: '/api/ops/login',
      payload: { type: 'username', username: m.username, password: m.password, ...(otp ? { otp } : {}) },
      // Each attempt from its own address, so that the per-IP login limit is not what answers.
      headers: { 'x-forwarded-for': `10.9.${Math.floor(++ip / 250)}.${ip % 250}` },
    });

  it('the first sign-in sets up the authenticator; then every sign-in needs a fresh code, each code once', async () => {
    const m = await staffMember('finance');
    const first = await signIn(m);
    expect(first.status).toBe(401);
    expect(first.body.code).toBe('otp_setup_required');
    const secret = first.body.value!.otpSecret as string;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(first.body.value!.otpUri).toMatch(/^otpauth:\/\/totp\/.*secret=/);
    // Asking again before confirming shows the same secret (the phone may have scanned it already).
    expect((await signIn(m)).body.value!.otpSecret).toBe(secret);

    const code = otpAt(secret, t.clock.now());
    const ok = await signIn(m, code);
    expect(ok.status).toBe(200);
    const token = (ok.body.value as unknown as SessionValue).token;
    // Now confirmed: no secret is shown again, a code is asked for.
    const noCode = await signIn(m);
    expect(noCode.body.code).toBe('otp_required');
    expect(noCode.body.value).not.toHaveProperty('otpSecret');
    t.clock.advance(31_000);
    const second = otpAt(secret, t.clock.now());
    expect((await signIn(m, second)).status).toBe(200);

    // The session ends after the idle time without a request; a request in time keeps it alive.
    const me = () =>
      t.request<{ value: StaffMe }>({ method: 'GET', url: '/api/ops/me', headers: bearer(token) });
    t.clock.advance((STAFF_IDLE_MINUTES - 1) * 60_000);
    expect((await me()).status).toBe(200);
    t.clock.advance((STAFF_IDLE_MINUTES - 1) * 60_000);
    expect((await me()).status).toBe(200);
    t.clock.advance((STAFF_IDLE_MINUTES + 1) * 60_000);
    expect((await me()).status).toBe(401);

    // A used code is refused (a code works once), and a wrong code counts as a failed sign-in: the next
    // attempt needs a captcha, like after a wrong password.
    t.clock.set(new Date(t.clock.now().getTime() - (3 * STAFF_IDLE_MINUTES - 1) * 60_000));
    expect((await signIn(m, second)).body.code).toBe('otp_wrong');
    expect((await signIn(m, otpAt(secret, t.clock.now()))).body.code).toBe('captcha_required');
  });

  it('members and agents cannot sign in to the console, even with a code', async () => {
    for (const type of [0, 1]) {
      const m = await createMember(t, { type });
      expect((await signIn(m, '123456')).body.code).toBe('non_operator_login');
    }
  });

  it('GET /api/ops/me gives the role, exactly its permissions and the site’s languages (its default first)', async () => {
    for (const role of STAFF_ROLES) {
      const token = await sessionFor(t, await staffMember(role));
      const res = await t.request<{ value: StaffMe }>({
        method: 'GET',
        url: '/api/ops/me',
        headers: bearer(token),
      });
      expect(res.status).toBe(200);
      expect(res.body.value.role).toBe(role);
      expect(res.body.value.permissions).toEqual([...ROLE_PERMISSIONS[role]]);
      expect(res.body.value.merchantCode).toBe('panalo');
      const m = await t.ctx.db
        .selectFrom('merchant')
        .select(['languages', 'default_language'])
        .where('code', '=', 'panalo')
        .executeTakeFirstOrThrow();
      expect(res.body.value.languages[0]).toBe(m.default_language);
      expect([...res.body.value.languages].sort()).toEqual([...m.languages].sort());
    }
  });

  it('every operator route refuses a role without its permission, members and visitors (table over all routes × roles)', async () => {
    // Each route's declared permission, as the server holds it (every operator route must declare one).
    const routes = (operatorRoutes.get(t.ctx) ?? [])
      .filter((r) => r.url !== '/api/ops/login')
      .map((r) => ({
        ...r,
        url: r.url.replace(/:(\w+)/g, (_, name: string) => (name === 'action' ? 'pay' : '1')),
      }));
    expect(routes.length).toBeGreaterThanOrEqual(36);
    expect(routes.map((r) => `${r.method} ${r.url}`)).toContain('PUT /api/ops/site/theme');

    const tokens = new Map<StaffRole, string>();
    for (const role of STAFF_ROLES) tokens.set(role, await sessionFor(t, await staffMember(role)));
    const member = await sessionFor(t, await createMember(t));
    const agent = await sessionFor(t, await createMember(t, { type: 1 }));
    let refused = 0;
    let letThrough = 0;
    for (const r of routes) {
      const send = (headers: Record<string, string>) =>
        t.request<Answer>({
          method: r.method,
          url: r.url,
          headers,
          payload: r.method === 'GET' ? undefined : {},
        });
      expect((await send({})).status, `${r.method} ${r.url} visitor`).toBe(401);
      for (const token of [member, agent]) {
        const res = await send(bearer(token));
        expect([res.status, res.body.code], `${r.method} ${r.url} member`).toEqual([403, 'no_permission']);
      }
      for (const role of STAFF_ROLES) {
        const res = await send(bearer(tokens.get(role)!));
        const allowed = r.permission === 'self' || ROLE_PERMISSIONS[role].includes(r.permission);
        if (allowed) {
          letThrough++;
          expect(res.body.code, `${r.method} ${r.url} as ${role}`).not.toBe('no_permission');
        } else {
          refused++;
          expect([res.status, res.body.code], `${r.method} ${r.url} as ${role}`).toEqual([
            403,
            'no_permission',
          ]);
        }
      }
    }
    expect(refused).toBeGreaterThan(50);
    expect(letThrough).toBeGreaterThan(50);
  });

  it('a staff member of another merchant has no session here, whatever its role', async () => {
    const token = await sessionFor(t, await staffMember('owner', 'luzon'));
    const res = await t.request<Answer>({ method: 'GET', url: '/api/ops/me', headers: bearer(token) });
    expect(res.status).toBe(401);
  });
});
