import type { FastifyInstance } from 'fastify';
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
import { bearer, createMember, createStaffMember, sessionFor } from '../../test-support/members';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { operatorRoutes } from '../../plugins/session';
import { OPERATOR_ACCESS, PUBLIC_OPS_ROUTES } from './operator-access.table';
import { otpAt } from './staff-otp';

type Answer = { success: boolean; code?: string; value?: Record<string, unknown> };

/** Every route the app serves as `METHOD /url` (HEAD left out), read from Fastify's printed route tree. */
const servedRoutes = (app: FastifyInstance): string[] => {
  const routes: string[] = [];
  const paths: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = /^((?:[│ ] {3})*)[├└]── (.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!m) continue;
    const depth = m[1]!.length / 4;
    paths.length = depth;
    const path = (paths[depth - 1] ?? '') + m[2]!;
    paths.push(path);
    for (const method of m[3]?.split(', ') ?? []) if (method !== 'HEAD') routes.push(`${method} ${path}`);
  }
  return routes;
};

describe('staff: roles, permissions and the second factor (issue 20)', () => {
  let t: TestApp;
  let ip = 0;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const staffMember = (role: StaffRole, merchant = 'panalo') => createStaffMember(t, role, merchant);
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
    // OPERATOR_ACCESS (operator-access.table.ts) is the product's decision, written by hand: who may call
    // each operator route. The server is checked against it, never against itself: its routes, the
    // permission each declares, and who its answers really let through must all be what the table says.
    const key = (r: { method: string; url: string }) => `${r.method} ${r.url}`;
    const table = new Map(OPERATOR_ACCESS.map((r) => [key(r), r]));
    expect(table.size, 'a route twice in the table').toBe(OPERATOR_ACCESS.length);
    const declared = new Map((operatorRoutes.get(t.ctx) ?? []).map((r) => [key(r), r.permission]));
    const served = servedRoutes(t.app).filter((r) => /^[A-Z]+ \/api\/ops\//.test(r));
    // The route list is read from Fastify's printout: it must hold every route the server registered.
    expect(served).toEqual(expect.arrayContaining([...declared.keys(), ...PUBLIC_OPS_ROUTES]));

    // (a) The same routes on both sides.
    for (const route of served) {
      if ((PUBLIC_OPS_ROUTES as readonly string[]).includes(route)) continue;
      expect.soft(table.has(route), `${route}: served but not in the table`).toBe(true);
    }
    for (const route of PUBLIC_OPS_ROUTES) {
      expect.soft(declared.has(route), `${route}: public, yet an operator route`).toBe(false);
    }
    for (const row of OPERATOR_ACCESS) {
      const onServer = t.app.hasRoute({ method: row.method, url: row.url });
      expect.soft(onServer, `${key(row)}: in the table, not on the server`).toBe(true);
      // (b) The permission the server declares is the table's.
      expect.soft(declared.get(key(row)), `${key(row)}: declared permission`).toBe(row.permission);
    }

    // (c) Real requests: visitors 401, members and agents 403, each role let through iff the table lists it.
    const tokens = new Map<StaffRole, string>();
    for (const role of STAFF_ROLES) tokens.set(role, await sessionFor(t, await staffMember(role)));
    const member = await sessionFor(t, await createMember(t));
    const agent = await sessionFor(t, await createMember(t, { type: 1 }));
    let refused = 0;
    let letThrough = 0;
    for (const row of OPERATOR_ACCESS) {
      const url = row.url.replace(/:(\w+)/g, (_, name: string) => (name === 'action' ? 'pay' : '1'));
      const send = (headers: Record<string, string>) =>
        t.request<Answer>({
          method: row.method,
          url,
          headers,
          payload: row.method === 'GET' ? undefined : {},
        });
      expect.soft((await send({})).status, `${key(row)} visitor`).toBe(401);
      for (const [who, token] of [
        ['member', member],
        ['agent', agent],
      ] as const) {
        const res = await send(bearer(token));
        expect.soft([res.status, res.body.code], `${key(row)} as ${who}`).toEqual([403, 'no_permission']);
      }
      for (const role of STAFF_ROLES) {
        const res = await send(bearer(tokens.get(role)!));
        if (row.roles.includes(role)) {
          letThrough++;
          expect
            .soft(res.body.code, `${key(row)} as ${role}: the table lets it through`)
            .not.toBe('no_permission');
        } else {
          refused++;
          expect
            .soft([res.status, res.body.code], `${key(row)} as ${role}: the table refuses it`)
            .toEqual([403, 'no_permission']);
        }
      }
    }
    expect(refused + letThrough).toBe(OPERATOR_ACCESS.length * STAFF_ROLES.length);
    expect(refused).toBeGreaterThan(300);
    expect(letThrough).toBeGreaterThan(150);
    // ~900 requests (every route × visitor, member, agent and six roles): give a busy CI its time.
  }, 120_000);

  it('a staff member of another merchant has no session here, whatever its role', async () => {
    const token = await sessionFor(t, await staffMember('owner', 'luzon'));
    const res = await t.request<Answer>({ method: 'GET', url: '/api/ops/me', headers: bearer(token) });
    expect(res.status).toBe(401);
  });
});
