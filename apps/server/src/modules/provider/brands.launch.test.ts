import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrandDetail, BrandSummary } from '@panalo/contract/provider';
import { sealedRequest } from '../../test-support/auth-client';
import { bearer, createMember, sessionFor } from '../../test-support/members';
import { launchForm, providerSession } from '../../test-support/provider';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { DEFAULT_CATEGORIES } from '../../db/seed/content.seed';
import { adjustWallet, expectLedgerClean } from '../../test-support/ledger';

type Answer<T = Record<string, unknown>> = { success: boolean; code?: string; value?: T; details?: unknown };

describe('launching a brand (issue 51 item 2)', () => {
  let t: TestApp;
  let owner: string;
  let onboarding: string;
  let finance: string;
  beforeAll(async () => {
    t = await createTestApp();
    owner = (await providerSession(t, 'owner')).token;
    onboarding = (await providerSession(t, 'onboarding')).token;
    finance = (await providerSession(t, 'finance')).token;
  });
  afterAll(() => t.close());

  const launch = (form: object, token = onboarding) =>
    t.request<Answer<{ brand: BrandSummary; owner: { username: string; url: string; expiresAt: string } }>>({
      method: 'POST',
      url: '/api/provider/brands',
      headers: { ...bearer(token), host: 'localhost:8080' },
      payload: form,
    });
  const move = (code: string, status: string, token = onboarding, reason = 'decided in the launch meeting') =>
    t.request<Answer<BrandSummary>>({
      method: 'POST',
      url: `/api/provider/brands/${code}/status`,
      headers: bearer(token),
      payload: { status, reason },
    });
  const detail = async (code: string) =>
    (
      await t.request<Answer<BrandDetail>>({
        method: 'GET',
        url: `/api/provider/brands/${code}`,
        headers: bearer(owner),
      })
    ).body.value!;
  const at = (host: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.request<Answer>({ method, url, headers: { host }, ...(payload ? { payload } : {}) });

  it('a new brand is a draft with its domains, cashier, lottery and wallet; players meet the maintenance page', async () => {
    const form = launchForm({
      name: 'Mindanao Bay',
      extraDomains: ['www.mindanao-test.localhost'],
      lotteryGames: ['WINGO1', 'K3'],
    });
    const r = await launch(form);
    expect(r.status).toBe(200);
    const brand = r.body.value!.brand;
    expect(brand).toMatchObject({
      code: form.code,
      name: 'Mindanao Bay',
      status: 'draft',
      currency: 'PHP',
      timeZone: 'Asia/Manila',
      defaultLanguage: 'EN',
      players: 0,
    });
    expect(brand.domains.sort()).toEqual([form.mainDomain, 'www.mindanao-test.localhost'].sort());
    // The owner's link opens the brand's own console, on the port the provider console was reached at.
    expect(r.body.value!.owner.url).toMatch(
      new RegExp(`^http://${form.mainDomain}:8080/admin/setup#token=[A-Za-z0-9_-]{40,}$`),
    );

    const startup = await at(form.mainDomain, 'GET', '/api/startup');
    expect(startup.status).toBe(200);
    expect((startup.body.value as { maintenance: unknown }).maintenance).not.toBeNull();
    expect((await at(form.mainDomain, 'GET', '/api/lottery/list')).body.code).toBe('maintenance');

    const d = await detail(form.code);
    expect(d.lotteryGames).toEqual(['WINGO1', 'K3']);
    expect(d).toMatchObject({
      minAge: 21,
      birthDateRequired: true,
      owners: [{ username: form.owner.username, setupPending: true }],
    });
    expect(d.history).toMatchObject([{ from: null, to: 'draft' }]);
    const methods = await t.ctx.db
      .selectFrom('deposit_method as d')
      .innerJoin('merchant as m', 'm.id', 'd.merchant_id')
      .select('d.code')
      .where('m.code', '=', form.code)
      .execute();
    expect(methods.map((m) => m.code).sort()).toEqual(['BANK', 'PAYSIM']);
    const vendors = await t.ctx.db
      .selectFrom('game_vendor as v')
      .innerJoin('merchant as m', 'm.id', 'v.merchant_id')
      .select('v.code')
      .where('m.code', '=', form.code)
      .execute();
    expect(vendors.map((v) => v.code).sort()).toEqual(['HUB88', 'PNL', 'PSIM']);
    // Its first content: the home's game categories, help pages and the agreement in its name.
    const content = async (table: 'game_category' | 'help_item' | 'content_page') =>
      (
        await t.ctx.db
          .selectFrom(`${table} as c` as 'game_category as c')
          .innerJoin('merchant as m', 'm.id', 'c.merchant_id')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('m.code', '=', form.code)
          .executeTakeFirstOrThrow()
      ).n;
    expect(Number(await content('game_category'))).toBe(DEFAULT_CATEGORIES.length);
    expect(Number(await content('help_item'))).toBeGreaterThan(0);
    const agreement = await t.ctx.db
      .selectFrom('content_page as c')
      .innerJoin('merchant as m', 'm.id', 'c.merchant_id')
      .select('c.content')
      .where('m.code', '=', form.code)
      .where('c.lang', '=', 'EN')
      .executeTakeFirstOrThrow();
    expect(agreement.content).toContain('Mindanao Bay');

    // Live with one decision: the site opens, with its own name, colours and the games it sells.
    expect((await move(form.code, 'live')).body.value!.status).toBe('live');
    const open = await at(form.mainDomain, 'GET', '/api/startup');
    expect((open.body.value as { maintenance: unknown }).maintenance).toBeNull();
    const lottery = await at(form.mainDomain, 'GET', '/api/lottery/list');
    expect((lottery.body.value as unknown as { gameCode?: string; code?: string }[]).length).toBe(2);
    const logo = await t.app.inject({
      method: 'GET',
      url: '/api/site/logo.svg',
      headers: { host: form.mainDomain },
    });
    expect(logo.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(logo.body).toContain('Mindanao Bay');
  });

  it("the owner's set-up link works once, at its own brand only, then the first sign-in enrols the authenticator", async () => {
    const form = launchForm();
    const r = await launch(form);
    const token = r.body.value!.owner.url.split('#token=')[1]!;
    const setup = (host: string, password: string, tok = token) =>
      at(host, 'POST', '/api/ops/setup', { token: tok, password });
    // At another brand's host the token is unknown; a weak password is refused before the link is used.
    expect((await setup('localhost', 'Owner12345678')).body.code).toBe('setup_link_invalid');
    expect((await setup(form.mainDomain, 'short1')).body.code).toBe('validation_failed');
    const ok = await setup(form.mainDomain, 'Owner12345678');
    expect(ok.status).toBe(200);
    expect(ok.body.value).toEqual({ username: form.owner.username });
    expect((await setup(form.mainDomain, 'Owner12345678')).body.code).toBe('setup_link_invalid');
    expect((await detail(form.code)).owners).toEqual([
      { username: form.owner.username, setupPending: false },
    ]);
    // A set-up owner needs no new link.
    const again = await t.request<Answer>({
      method: 'POST',
      url: `/api/provider/brands/${form.code}/owner-link`,
      headers: bearer(owner),
    });
    expect(again.body.code).toBe('owner_set_up');

    // The brand is still a draft: its staff may prepare it (the console's sign-in works there).
    const signIn = await sealedRequest<Answer>(t, {
      method: 'POST',
      url: '/api/ops/login',
      payload: { type: 'username', username: form.owner.username, password: 'Owner12345678' },
      headers: { host: form.mainDomain },
    });
    expect(signIn.body.code).toBe('otp_setup_required');
  });

  it('a new link replaces the old one, and expires after its hours', async () => {
    const form = launchForm();
    const first = (await launch(form)).body.value!.owner.url.split('#token=')[1]!;
    const fresh = await t.request<Answer<{ url: string; expiresAt: string }>>({
      method: 'POST',
      url: `/api/provider/brands/${form.code}/owner-link`,
      headers: bearer(onboarding),
    });
    expect(fresh.status).toBe(200);
    const second = fresh.body.value!.url.split('#token=')[1]!;
    expect(
      (await at(form.mainDomain, 'POST', '/api/ops/setup', { token: first, password: 'Owner12345678' })).body
        .code,
    ).toBe('setup_link_invalid');
    t.clock.advance(73 * 3600_000);
    expect(
      (await at(form.mainDomain, 'POST', '/api/ops/setup', { token: second, password: 'Owner12345678' })).body
        .code,
    ).toBe('setup_link_invalid');
    t.clock.advance(-73 * 3600_000);
  });

  it('refusals write nothing: a taken code or domain, a template that does not exist, unreadable colours, unknown games, bad input', async () => {
    const before = await t.ctx.db
      .selectFrom('merchant')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const cases: [object, number, string][] = [
      [launchForm({ code: 'luzon' }), 409, 'brand_code_taken'],
      [launchForm({ mainDomain: 'luzon.localhost' }), 409, 'domain_taken'],
      [launchForm({ extraDomains: ['panalo.localhost'] }), 409, 'domain_taken'],
      [launchForm({ templateCode: 'nowhere' }), 404, 'template_unknown'],
      [launchForm({ theme: { ...launchForm().theme, text: '#eeeeee' } }), 400, 'theme_contrast'],
      [launchForm({ lotteryGames: ['WINGO1', 'NOPE'] }), 400, 'validation_failed'],
      [launchForm({ name: 'Bad\u0000name' }), 400, 'text_invalid_characters'],
      [launchForm({ defaultLanguage: 'TY', languages: ['EN'] }), 400, 'validation_failed'],
      [launchForm({ mainDomain: 'http://x.localhost' }), 400, 'validation_failed'],
      [launchForm({ minAge: 16 as 18 }), 400, 'validation_failed'],
      [launchForm({ timeZone: 'Mars/Olympus' }), 400, 'validation_failed'],
      [{ ...launchForm(), code: 12 }, 400, 'validation_failed'],
    ];
    for (const [form, status, code] of cases) {
      const r = await launch(form);
      expect.soft([r.status, r.body.code], JSON.stringify(form).slice(0, 120)).toEqual([status, code]);
    }
    const after = await t.ctx.db
      .selectFrom('merchant')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('a template copies the cashier, game choices, lottery and modules of brand X; the form overrides', async () => {
    const form = launchForm({ templateCode: 'luzon', modules: { MAILCEN: false } });
    const r = await launch(form);
    expect(r.status).toBe(200);
    const [luzon, copy] = await Promise.all([detail('luzon'), detail(form.code)]);
    expect(copy.lotteryGames).toEqual(luzon.lotteryGames);
    expect(copy.modules).toEqual({ ...luzon.modules, MAILCEN: false });
    const methods = async (code: string) =>
      await t.ctx.db
        .selectFrom('deposit_method as d')
        .innerJoin('merchant as m', 'm.id', 'd.merchant_id')
        .select(['d.code', 'd.name', 'd.min_amount', 'd.max_amount'])
        .where('m.code', '=', code)
        .orderBy('d.sort')
        .execute();
    expect(await methods(form.code)).toEqual(await methods('luzon'));
    const hidden = async (code: string) =>
      await t.ctx.db
        .selectFrom('merchant_vendor as v')
        .innerJoin('merchant as m', 'm.id', 'v.merchant_id')
        .select(['v.vendor_code', 'v.hidden'])
        .where('m.code', '=', code)
        .orderBy('v.vendor_code')
        .execute();
    expect(await hidden(form.code)).toEqual(await hidden('luzon'));
    expect(copy.history[0]!.reason).toBe('launched from luzon');
  });

  it('a brand moves only along its life, with the permission each move needs', async () => {
    const form = launchForm();
    await launch(form);
    expect((await move(form.code, 'maintenance')).body.code).toBe('brand_move_refused');
    expect((await move(form.code, 'live', finance)).body.code).toBe('no_permission');
    expect((await move(form.code, 'live')).status).toBe(200);
    expect((await move(form.code, 'maintenance')).body.value!.status).toBe('maintenance');
    expect((await move(form.code, 'suspended')).body.code).toBe('no_permission');
    expect((await move(form.code, 'suspended', owner)).body.value!.status).toBe('suspended');
    expect((await move(form.code, 'live')).body.code).toBe('no_permission');
    const bad = await move(form.code, 'closed', owner, '');
    expect(bad.status).toBe(400);
  });

  it('suspended: players see the maintenance page, staff still pay withdrawals; closed only once no players’ money is held', async () => {
    const form = launchForm();
    await launch(form);
    await move(form.code, 'live');
    const player = await createMember(t, { merchant: form.code });
    await adjustWallet(t.ctx.db, player, 5_000n, t.clock.now());
    const session = await sessionFor(t, player);
    expect(
      (
        await t.request<Answer>({
          method: 'GET',
          url: '/api/members/me',
          headers: { ...bearer(session), host: form.mainDomain },
        })
      ).status,
    ).toBe(200);
    await move(form.code, 'suspended', owner);
    const me = await t.request<Answer>({
      method: 'GET',
      url: '/api/members/me',
      headers: { ...bearer(session), host: form.mainDomain },
    });
    expect([me.status, me.body.code]).toEqual([503, 'maintenance']);
    // The brand's console stays open (withdrawals are still paid).
    expect((await at(form.mainDomain, 'GET', '/api/ops/me')).status).toBe(401);

    const closing = await move(form.code, 'closed', owner, 'contract ended');
    expect([closing.status, closing.body.code]).toEqual([409, 'brand_balances_open']);
    expect(closing.body.value ?? closing.body.details).toMatchObject({ total: '50.00' });
    await adjustWallet(t.ctx.db, player, -5_000n, t.clock.now());
    expect((await move(form.code, 'closed', owner, 'contract ended')).body.value!.status).toBe('closed');
    expect((await at(form.mainDomain, 'GET', '/api/ops/me')).body.code).toBe('brand_closed');
    expect((await move(form.code, 'live', owner)).body.code).toBe('brand_move_refused');
    // Closing moved nothing: the ledger keeps every entry and its checks hold.
    await expectLedgerClean(t.ctx.db);
    const transfers = await t.ctx.db
      .selectFrom('ledger_transfer')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('merchant_id', '=', player.merchant_id)
      .executeTakeFirstOrThrow();
    expect(Number(transfers.n)).toBe(2);
  });

  it('every provider action is in the audit trail with before → after', async () => {
    const form = launchForm();
    await launch(form);
    await move(form.code, 'live');
    const trail = await t.request<
      Answer<{
        list: {
          action: string;
          by: string;
          brand: string;
          before: unknown;
          after: unknown;
          reason: string | null;
        }[];
      }>
    >({
      method: 'GET',
      url: `/api/provider/audit?brand=${form.code}`,
      headers: bearer(finance),
    });
    expect(trail.status).toBe(200);
    const [moved, launched] = trail.body.value!.list;
    expect(moved).toMatchObject({
      action: 'brand.status',
      brand: form.code,
      before: { status: 'draft' },
      after: { status: 'live' },
      reason: 'decided in the launch meeting',
    });
    expect(launched).toMatchObject({
      action: 'brand.launch',
      brand: form.code,
      before: null,
      after: { code: form.code, mainDomain: form.mainDomain },
    });
  });

  it('provider staff preview a draft on its own domain for an hour; everyone else still meets the maintenance page', async () => {
    const form = launchForm();
    await launch(form);
    const r = await t.request<Answer<{ url: string; expiresAt: string }>>({
      method: 'POST',
      url: `/api/provider/brands/${form.code}/preview`,
      headers: { ...bearer(finance), host: 'localhost:8080' },
    });
    expect(r.status).toBe(200);
    const url = new URL(r.body.value!.url);
    expect(url.host).toBe(`${form.mainDomain}:8080`);
    const token = url.searchParams.get('token')!;
    // At another brand the token means nothing; at its own it leaves an HttpOnly cookie for this host.
    const elsewhere = await t.app.inject({
      method: 'GET',
      url: `/api/site/preview?token=${token}`,
      headers: { host: 'luzon.localhost' },
    });
    expect(elsewhere.statusCode).toBe(400);
    const open = await t.app.inject({
      method: 'GET',
      url: `/api/site/preview?token=${token}`,
      headers: { host: form.mainDomain },
    });
    expect(open.statusCode).toBe(302);
    expect(open.headers.location).toBe('/m/home');
    const cookie = String(open.headers['set-cookie']);
    expect(cookie).toMatch(/^panalo_preview=[\w-]+; Path=\/; Max-Age=3600; HttpOnly; SameSite=Lax$/);
    const startup = (headers: Record<string, string>) =>
      t.request<Answer<{ maintenance: unknown }>>({
        method: 'GET',
        url: '/api/startup',
        headers: { host: form.mainDomain, ...headers },
      });
    const withCookie = { cookie: cookie.split(';')[0]! };
    expect((await startup(withCookie)).body.value!.maintenance).toBeNull();
    expect((await startup({})).body.value!.maintenance).not.toBeNull();
    // The cookie opens only its own brand, and only within the hour.
    expect(
      (
        await t.request<Answer<{ maintenance: unknown }>>({
          method: 'GET',
          url: '/api/startup',
          headers: { host: 'luzon.localhost', ...withCookie },
        })
      ).status,
    ).toBe(200);
    t.clock.advance(61 * 60_000);
    expect((await startup(withCookie)).body.value!.maintenance).not.toBeNull();
    t.clock.advance(-61 * 60_000);
    // A live brand is not previewed: it is open to everyone.
    await move(form.code, 'live');
    const live = await t.request<Answer>({
      method: 'POST',
      url: `/api/provider/brands/${form.code}/preview`,
      headers: bearer(owner),
    });
    expect(live.body.code).toBe('preview_not_draft');
  });

  it("'view as' opens a brand's console for an hour, read only; the brand's audit log says who looked and why", async () => {
    const view = (code: string, token = finance, reason = 'ticket 4411: deposit question') =>
      t.request<Answer<{ url: string; expiresAt: string }>>({
        method: 'POST',
        url: `/api/provider/brands/${code}/view-as`,
        headers: { ...bearer(token), host: 'localhost:8080' },
        payload: { reason },
      });
    const r = await view('luzon');
    expect(r.status).toBe(200);
    expect(r.body.value!.url).toMatch(/^http:\/\/luzon\.localhost:8080\/admin\/#view-as=[\w-]{20,}$/);
    const token = r.body.value!.url.split('#view-as=')[1]!;
    const ops = (method: 'GET' | 'POST', url: string, payload?: object) =>
      t.request<Answer>({
        method,
        url,
        headers: { ...bearer(token), host: 'luzon.localhost' },
        ...(payload ? { payload } : {}),
      });
    const me = await ops('GET', '/api/ops/me');
    expect(me.body.value).toMatchObject({
      username: 'provider.viewer',
      role: 'viewer',
      merchantCode: 'luzon',
    });
    const auditRead = await ops('GET', '/api/ops/audit');
    expect(auditRead.status, JSON.stringify(auditRead.body)).toBe(200);
    // Nothing that changes the brand: refused as a role without the permission.
    expect(
      (await ops('POST', '/api/ops/adjustments', { username: 'luzon01', amount: '1.00', reason: 'x' })).body
        .code,
    ).toBe('no_permission');
    expect((await ops('GET', '/api/ops/deposits')).body.code).toBe('no_permission');
    // Only at its own brand.
    const elsewhere = await t.request<Answer>({
      method: 'GET',
      url: '/api/ops/me',
      headers: { ...bearer(token), host: 'localhost' },
    });
    expect(elsewhere.status).toBe(401);
    // The brand's own audit log shows the look, with the reason.
    const luzon = await t.ctx.db
      .selectFrom('merchant')
      .select('id')
      .where('code', '=', 'luzon')
      .executeTakeFirstOrThrow();
    const logged = await t.ctx.db
      .selectFrom('audit_log')
      .select(['actor', 'action', 'details'])
      .where('merchant_id', '=', luzon.id)
      .where('action', '=', 'provider.view_as')
      .execute();
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      action: 'provider.view_as',
      details: { reason: 'ticket 4411: deposit question' },
    });
    expect(logged[0]!.actor).toMatch(/^provider:prov_finance_/);
    // An hour, no more.
    t.clock.advance(61 * 60_000);
    expect((await ops('GET', '/api/ops/audit')).status).toBe(401);
    t.clock.advance(-61 * 60_000);
    // A reason is needed; the brand's owner may turn the view off.
    expect((await view('luzon', finance, '')).status).toBe(400);
    await t.ctx.db
      .updateTable('member')
      .set({ status: 'disabled' })
      .where('merchant_id', '=', luzon.id)
      .where('username', '=', 'provider.viewer')
      .execute();
    expect((await view('luzon')).body.code).toBe('view_as_refused');
    await t.ctx.db
      .updateTable('member')
      .set({ status: 'active' })
      .where('merchant_id', '=', luzon.id)
      .where('username', '=', 'provider.viewer')
      .execute();
  });
});
