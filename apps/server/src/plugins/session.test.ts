import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffRole } from '@panalo/contract/staff-rules';
import { bearer, createMember, createStaffMember, sessionFor } from '../test-support/members';
import { createTestApp, type TestApp } from '../test-support/test-app';
import type { AppContext } from '../context';
import errors from './errors';
import merchant from './merchant';
import session from './session';

// The session plugin: the caller's session from its bearer token, the route's rule, an operator route's
// permission, and the log of every operator call that changes something (staff_action).
let t: TestApp;
let ip = 0;
type Answer = { success: boolean; code?: string };

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const staffMember = (role: StaffRole) => createStaffMember(t, role);
const actions = () => t.ctx.db.selectFrom('staff_action').selectAll().orderBy('id').execute();
const call = (o: {
  method: 'GET' | 'PUT' | 'POST';
  url: string;
  token?: string;
  headers?: Record<string, string | undefined>;
  payload?: unknown;
}) =>
  t.request<Answer>({
    method: o.method,
    url: o.url,
    headers: {
      ...(o.token ? bearer(o.token) : {}),
      'x-forwarded-for': `10.7.0.${++ip}`,
      ...o.headers,
    },
    ...(o.method === 'GET' ? {} : { payload: o.payload ?? {} }),
  });

describe('the operator request log (staff_action)', () => {
  it('an operator call that changes something is logged once: who, the route and its path, the answer, address, browser and request id', async () => {
    const owner = await staffMember('owner');
    const token = await sessionFor(t, owner);
    const before = (await actions()).length;
    // A path past 500 characters and a browser header past 255 are kept to those lengths.
    const url = `/api/ops/staff/999999?note=${'n'.repeat(600)}`;
    const ua = `Mozilla/5.0 ${'u'.repeat(300)}`;
    const res = await t.app.inject({
      method: 'PUT',
      url,
      headers: { ...bearer(token), 'user-agent': ua, 'x-request-id': 'audit-req-0001' },
      payload: { role: 'support' },
    });
    const rows = await actions();
    expect(rows).toHaveLength(before + 1);
    const row = rows.at(-1)!;
    const merchant = await t.ctx.db
      .selectFrom('merchant')
      .select('id')
      .where('code', '=', 'panalo')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      merchant_id: merchant.id,
      staff_id: owner.id,
      method: 'PUT',
      route: '/api/ops/staff/:id',
      path: url.slice(0, 500),
      status: res.statusCode,
      ip: '127.0.0.1',
      user_agent: ua.slice(0, 255),
      request_id: 'audit-req-0001',
    });
    expect(row.path).toHaveLength(500);
    expect(row.created_at).toEqual(t.clock.now());

    // The owner reads it in the console's request log.
    const log = await t.request<{ value: { list: Array<Record<string, unknown>> } }>({
      method: 'GET',
      url: '/api/ops/staff-actions?page=1&pageSize=5',
      headers: bearer(token),
    });
    expect(log.status).toBe(200);
    expect(log.body.value.list[0]).toMatchObject({
      staff: owner.username,
      method: 'PUT',
      route: '/api/ops/staff/:id',
      status: res.statusCode,
    });
  });

  it('refused calls are logged with their answer: a role without the permission, a member knocking at the console', async () => {
    const support = await staffMember('support');
    const member = await createMember(t);
    const before = (await actions()).length;
    const a = await call({ method: 'PUT', url: '/api/ops/staff/1', token: await sessionFor(t, support) });
    const b = await call({ method: 'PUT', url: '/api/ops/staff/1', token: await sessionFor(t, member) });
    expect([a.status, a.body.code, b.status, b.body.code]).toEqual([
      403,
      'no_permission',
      403,
      'no_permission',
    ]);
    const rows = (await actions()).slice(before);
    expect(rows.map((r) => [r.staff_id, r.status])).toEqual([
      [support.id, 403],
      [member.id, 403],
    ]);
  });

  it('reads (GET, HEAD), visitors’ calls and staff calls to routes outside the console are not logged', async () => {
    const owner = await staffMember('owner');
    const token = await sessionFor(t, owner);
    const before = (await actions()).length;
    expect((await call({ method: 'GET', url: '/api/ops/staff', token })).status).toBe(200);
    const head = await t.app.inject({ method: 'HEAD', url: '/api/ops/staff', headers: bearer(token) });
    expect(head.statusCode).toBe(200);
    expect((await call({ method: 'PUT', url: '/api/ops/staff/1' })).status).toBe(401);
    // A member route (the member rule lets any session through, staff too): not a console call.
    const own = await call({
      method: 'PUT',
      url: '/api/protection/reality-check',
      token,
      payload: { minutes: 'x' },
    });
    expect(own.status).toBe(400);
    expect((await actions()).length).toBe(before);
  });

  it('a call without a browser header is logged with none', async () => {
    const owner = await staffMember('owner');
    const res = await call({
      method: 'POST',
      url: '/api/ops/staff',
      token: await sessionFor(t, owner),
      headers: { 'user-agent': undefined },
      payload: { username: 'x' },
    });
    expect(res.status).toBe(400);
    const row = (await actions()).at(-1)!;
    expect([row.staff_id, row.route, row.user_agent]).toEqual([owner.id, '/api/ops/staff', null]);
  });
});

describe('the session behind a bearer token', () => {
  it('only `Bearer <token>` exactly: nothing before it, nothing after it', async () => {
    const token = await sessionFor(t, await createMember(t));
    const me = (authorization: string) =>
      t.request<Answer>({ method: 'GET', url: '/api/members/me', headers: { authorization } });
    expect((await me(`Bearer ${token}`)).status).toBe(200);
    for (const wrong of [`xBearer ${token}`, ` Bearer ${token}`, `Bearer ${token}!`, `Bearer ${token} x`]) {
      expect([(await me(wrong)).status, (await me(wrong)).body.code], wrong).toEqual([401, 'not_logged_in']);
    }
  });

  it('a session its member’s session limit ended is said so on member routes; public routes answer as to a visitor', async () => {
    const m = await createMember(t);
    const token = await sessionFor(t, m);
    // The limit cut the session short: it ended a minute ago, long before the usual week.
    await t.ctx.db
      .updateTable('member_session')
      .set({ expires_at: new Date(t.clock.now().getTime() - 60_000) })
      .where('member_id', '=', m.id)
      .execute();
    const me = await t.request<Answer & { message: string }>({
      method: 'GET',
      url: '/api/members/me',
      headers: bearer(token),
    });
    expect([me.status, me.body.code, me.body.message]).toEqual([
      401,
      'session_limit_ended',
      'Your session limit has ended this session',
    ]);
    const health = await call({ method: 'GET', url: '/api/health', token });
    expect(health.status).toBe(200);
    // A session that simply ran its week out is a plain "not logged in".
    const n = await createMember(t);
    const old = await sessionFor(t, n);
    t.clock.advance(8 * 24 * 3600_000);
    try {
      const gone = await call({ method: 'GET', url: '/api/members/me', token: old });
      expect([gone.status, gone.body.code]).toEqual([401, 'not_logged_in']);
    } finally {
      t.clock.advance(-8 * 24 * 3600_000);
    }
  });

  it('an operator route needs a staff-type member with a staff account: neither alone is enough, and neither is a 500', async () => {
    // A player who somehow has a staff account row (never made by the product): refused by its type.
    const player = await createMember(t);
    await t.ctx.db
      .insertInto('staff_account')
      .values({ member_id: player.id, merchant_id: player.merchant_id, role: 'owner' })
      .execute();
    const a = await call({ method: 'GET', url: '/api/ops/staff', token: await sessionFor(t, player) });
    // A staff-type member whose staff account is gone: refused by the permission lookup.
    const orphan = await staffMember('owner');
    await t.ctx.db.deleteFrom('staff_account').where('member_id', '=', orphan.id).execute();
    const b = await call({ method: 'GET', url: '/api/ops/staff', token: await sessionFor(t, orphan) });
    expect([a.status, a.body.code, b.status, b.body.code]).toEqual([
      403,
      'no_permission',
      403,
      'no_permission',
    ]);
  });
});

describe('the plugin on its own', () => {
  const bare = async (opts: { withMerchant?: boolean; log?: string[]; ctx?: AppContext } = {}) => {
    const app = Fastify({
      logger: {
        level: 'error',
        stream: { write: (line: string) => void opts.log?.push(line) },
      },
    });
    app.decorate('ctx', opts.ctx ?? t.ctx);
    await app.register(errors);
    if (opts.withMerchant !== false) await app.register(merchant);
    await app.register(session);
    return app as unknown as FastifyInstance;
  };

  it('an operator route must declare its permission, and only an operator route may declare one', async () => {
    const app = await bare();
    const h = async () => ({ ok: true });
    expect(() => app.put('/x/:id', { config: { auth: 'operator' } }, h)).toThrow(
      'operator route PUT /x/:id declares no permission',
    );
    expect(() =>
      app.route({ method: ['POST', 'PUT'], url: '/y', config: { auth: 'operator' }, handler: h }),
    ).toThrow('operator route POST,PUT /y declares no permission');
    expect(() => app.get('/z', { config: { auth: 'member', permission: 'staff' } as never }, h)).toThrow(
      'route GET /z declares a permission but is no operator route',
    );
    expect(() => app.get('/w', { config: { permission: 'staff' } as never }, h)).toThrow(
      'route GET /w declares a permission but is no operator route',
    );
    app.get('/ok', { config: { auth: 'operator', permission: 'staff' } as never }, h);
    await app.ready();
    expect(app.hasPlugin('session')).toBe(true);
    await app.close();
  });

  it('needs the merchant plugin before it', async () => {
    await expect(bare({ withMerchant: false })).rejects.toThrow(/merchant/);
  });

  it('a visitor’s request carries a null session from its first hook on', async () => {
    const app = await bare();
    let seen: unknown = 'unset';
    app.get('/v', { onRequest: async (req) => void (seen = req.session) }, async () => ({ ok: true }));
    expect((await app.inject({ method: 'GET', url: '/v' })).statusCode).toBe(200);
    expect(seen).toBeNull();
    await app.close();
  });

  it('a request log that cannot be written does not change the answer, and is reported in the server log', async () => {
    const log: string[] = [];
    const db = t.ctx.db;
    // The database refuses the log's insert (and only that).
    const failing = new Proxy(db, {
      get(target, p) {
        if (p === 'insertInto')
          return () => ({ values: () => ({ execute: () => Promise.reject(new Error('log table down')) }) });
        const v = Reflect.get(target, p) as unknown;
        return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
      },
    });
    const app = await bare({ log, ctx: { ...t.ctx, db: failing } });
    app.post('/ops/thing', { config: { auth: 'operator', permission: 'staff' } as never }, async () => ({
      success: true,
    }));
    const token = await sessionFor(t, await staffMember('owner'));
    const res = await app.inject({ method: 'POST', url: '/ops/thing', headers: bearer(token), payload: {} });
    expect(res.statusCode).toBe(200);
    expect(log.join('\n')).toContain('staff action not logged');
    expect(log.join('\n')).toContain('log table down');
    await app.close();
  });
});
