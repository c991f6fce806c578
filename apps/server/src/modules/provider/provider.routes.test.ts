import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROVIDER_IDLE_MINUTES, PROVIDER_ROLES, type ProviderRole } from '@panalo/contract/provider-rules';
import { bearer, createMember, createStaffMember, sessionFor } from '../../test-support/members';
import { providerSession } from '../../test-support/provider';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { providerRoutes } from '../../plugins/provider-session';
import { otpAt } from '../staff/staff-otp';
import { PROVIDER_ACCESS, PUBLIC_PROVIDER_ROUTES } from './provider-access.table';
import { DEMO_PROVIDER_STAFF } from './provider.seed';

type Answer = { success: boolean; code?: string; value?: Record<string, unknown> };

describe('the provider: its own staff, sign-in and door (issue 51 item 1)', () => {
  let t: TestApp;
  const tokens = new Map<ProviderRole, string>();
  beforeAll(async () => {
    t = await createTestApp();
    for (const role of PROVIDER_ROLES) tokens.set(role, (await providerSession(t, role)).token);
  });
  afterAll(() => t.close());

  const login = (body: Record<string, unknown>, ip = '10.70.0.1') =>
    t.request<Answer>({
      method: 'POST',
      url: '/api/provider/login',
      payload: body,
      headers: { 'x-forwarded-for': ip },
    });

  it('the demo seeds provider01 (owner); its first sign-in enrols an authenticator, then each code works once', async () => {
    const { username, password } = DEMO_PROVIDER_STAFF[0]!;
    const first = await login({ username, password }, '10.70.1.1');
    expect(first.status).toBe(401);
    expect(first.body.code).toBe('otp_setup_required');
    const secret = first.body.value!.otpSecret as string;
    expect(first.body.value!.otpUri).toMatch(/^otpauth:\/\/totp\/Panalo%20provider:provider01\?/);
    const code = otpAt(secret, t.clock.now());
    const ok = await login({ username, password, otp: code }, '10.70.1.1');
    expect(ok.status).toBe(200);
    expect(ok.body.value!.me).toMatchObject({ username: 'provider01', role: 'owner' });
    // Confirmed: no secret again; the same code is refused (once only).
    const again = await login({ username, password }, '10.70.1.1');
    expect(again.body.code).toBe('otp_required');
    expect(again.body.value).not.toHaveProperty('otpSecret');
    expect((await login({ username, password, otp: code }, '10.70.1.1')).body.code).toBe('otp_wrong');

    // The session works, ends after the idle time, and ends at sign-out.
    const token = ok.body.value!.token as string;
    const me = () => t.request<Answer>({ method: 'GET', url: '/api/provider/me', headers: bearer(token) });
    expect((await me()).body.value).toMatchObject({
      username: 'provider01',
      permissions: expect.arrayContaining(['brands.launch', 'brands.suspend']),
    });
    t.clock.advance((PROVIDER_IDLE_MINUTES + 1) * 60_000);
    expect((await me()).body.code).toBe('provider_login_required');
    t.clock.advance(-(PROVIDER_IDLE_MINUTES + 1) * 60_000);
  });

  it('a wrong password and an unknown name are one answer; guessing is slowed per name', async () => {
    const wrong = await login({ username: 'provider01', password: 'nope12345678' }, '10.70.2.1');
    const unknown = await login({ username: 'nobody_here', password: 'nope12345678' }, '10.70.2.2');
    expect([wrong.status, wrong.body.code]).toEqual([401, 'login_failed']);
    expect([unknown.status, unknown.body.code]).toEqual([401, 'login_failed']);
    let last = wrong;
    for (let i = 0; i < 4; i++)
      last = await login({ username: 'provider01', password: 'nope12345678' }, `10.70.2.${10 + i}`);
    expect([last.status, last.body.code]).toEqual([429, 'login_locked']);
  });

  it('bad input is a 400 with the field, never a 500', async () => {
    for (const body of [
      { username: 'a\u0000b', password: 'x' },
      { username: 'provider01', password: 12 },
      { username: 'provider01', password: 'x', otp: '12ab56' },
      {},
    ]) {
      const r = await login(body, '10.70.3.1');
      expect(r.status, JSON.stringify(body)).toBe(400);
    }
  });

  it("a member's, a brand staff member's and no token are refused at every provider route", async () => {
    const player = await createMember(t, {});
    const owner = await createStaffMember(t, 'owner');
    const playerToken = await sessionFor(t, player);
    const staffToken = await sessionFor(t, owner);
    for (const row of PROVIDER_ACCESS) {
      for (const headers of [bearer(playerToken), bearer(staffToken), {}]) {
        const r = await t.request<Answer>({
          method: row.method,
          url: row.url.replace(':code', 'panalo'),
          headers,
          ...(row.method === 'POST' ? { payload: {} } : {}),
        });
        expect.soft([row.url, r.status, r.body.code]).toEqual([row.url, 401, 'provider_login_required']);
      }
    }
    // And the other way round: a provider token is no session at a brand's console or site.
    const provider = tokens.get('owner')!;
    expect((await t.request({ method: 'GET', url: '/api/ops/me', headers: bearer(provider) })).status).toBe(
      401,
    );
    expect(
      (await t.request({ method: 'GET', url: '/api/members/me', headers: bearer(provider) })).status,
    ).toBe(401);
  });

  it('the server declares every provider route as the hand-written table says, and enforces it role by role', async () => {
    const key = (r: { method: string; url: string }) => `${r.method} ${r.url}`;
    const declared = new Map((providerRoutes.get(t.ctx) ?? []).map((r) => [key(r), r.permission]));
    const table = new Map(PROVIDER_ACCESS.map((r) => [key(r), r]));
    for (const [route, permission] of declared) {
      if ((PUBLIC_PROVIDER_ROUTES as readonly string[]).includes(route)) {
        expect(permission).toBe('public');
        continue;
      }
      expect.soft(table.get(route)?.permission, `${route}: served, declared ${permission}`).toBe(permission);
    }
    for (const row of PROVIDER_ACCESS)
      expect.soft(declared.has(key(row)), `${key(row)} not served`).toBe(true);

    for (const row of PROVIDER_ACCESS.filter((r) => r.url !== '/api/provider/logout')) {
      for (const role of PROVIDER_ROLES) {
        const r = await t.request<Answer>({
          method: row.method,
          url: row.url.replace(':code', 'no-such-brand'),
          headers: bearer(tokens.get(role)!),
          ...(row.method === 'POST' ? { payload: {} } : {}),
        });
        const refused = r.status === 403 && r.body.code === 'no_permission';
        expect
          .soft(refused, `${role} ${key(row)} → ${r.status} ${r.body.code}`)
          .toBe(!row.roles.includes(role));
      }
    }
  });
});
