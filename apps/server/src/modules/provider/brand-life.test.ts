import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrandCatalogue, BrandDetail, BrandSummary, ClosingReport } from '@panalo/contract/provider';
import type { GameListReply, GameVendor } from '@panalo/contract/games';
import { DEFAULT_REGISTRATION_CHOICES } from '@panalo/contract/provider-rules';
import { bearer, createMember } from '../../test-support/members';
import { DEFAULT_REGISTRATION_RULES } from './brand-defaults';
import { registrationChoicesOf } from './brand-choices';
import { multipartForm, pngImage } from '../../test-support/images';
import { launchForm, providerSession } from '../../test-support/provider';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { ledgerAccount } from '../wallet/ledger';
import { adjustWallet, expectLedgerClean } from '../../test-support/ledger';

type Answer<T = Record<string, unknown>> = { success: boolean; code?: string; value?: T; details?: unknown };

// What a launch chooses beyond identity and look (vendors and games, deposit methods, a PayMongo test
// account, a planned maintenance window), the app icon, and closing a brand with its report (issue 51).

describe('a brand’s choices, icon, maintenance window and close (issue 51 item 2)', () => {
  let t: TestApp;
  let owner: string;
  let onboarding: string;
  let finance: string;
  let catalogue: BrandCatalogue;
  beforeAll(async () => {
    t = await createTestApp();
    owner = (await providerSession(t, 'owner')).token;
    onboarding = (await providerSession(t, 'onboarding')).token;
    finance = (await providerSession(t, 'finance')).token;
    const c = await t.request<Answer<BrandCatalogue>>({
      method: 'GET',
      url: '/api/provider/catalogue',
      headers: bearer(finance),
    });
    catalogue = c.body.value!;
  });
  afterAll(() => t.close());

  const launch = (form: object, token = onboarding) =>
    t.request<Answer<{ brand: BrandSummary }>>({
      method: 'POST',
      url: '/api/provider/brands',
      headers: bearer(token),
      payload: form,
    });
  const move = (code: string, status: string, reason = 'decided in the launch meeting') =>
    t.request<Answer<BrandSummary>>({
      method: 'POST',
      url: `/api/provider/brands/${code}/status`,
      headers: bearer(owner),
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
  const playerGet = <T>(host: string, url: string) =>
    t.request<Answer<T>>({ method: 'GET', url, headers: { host } });

  it('the catalogue offers every vendor with its games (the lottery apart), the lottery games and the cashier’s methods', () => {
    const codes = catalogue.vendors.map((v) => v.code);
    expect(codes).toEqual(expect.arrayContaining(['BYN', 'ARW', 'KSP', 'PNL']));
    expect(codes).not.toContain('LOTT');
    const byn = catalogue.vendors.find((v) => v.code === 'BYN')!;
    expect(byn.games.length).toBeGreaterThan(1);
    expect(byn.games.every((g) => g.key.startsWith('BYN:') && g.name.length > 0)).toBe(true);
    expect(catalogue.lottery.map((l) => l.code)).toContain('WINGO1');
    expect(catalogue.depositMethods.map((m) => m.code)).toEqual(['PAYSIM', 'BANK']);
    expect(catalogue.payMongoMethods.map((m) => m.code)).toContain('GCASH');
  });

  it('a launch shows only the vendors chosen, hides the games chosen, switches the methods and connects PayMongo in test mode', async () => {
    const byn = catalogue.vendors.find((v) => v.code === 'BYN')!;
    const hidden = byn.games[0]!;
    const form = launchForm({
      name: 'Chosen Bay',
      vendors: ['BYN', 'ARW'],
      hiddenGames: [hidden.key],
      depositMethods: ['PAYSIM'],
      payMongo: {
        secretKey: 'sk_test_abcdefgh12345678',
        webhookSecret: 'whsk_abcdefgh12345678',
        methods: ['GCASH', 'MAYA'],
      },
    });
    const res = await launch(form);
    expect(res.status).toBe(200);
    const d = await detail(form.code);
    expect(new Set(d.vendors)).toEqual(new Set(['BYN', 'ARW']));
    expect(d.hiddenGames).toBe(1);
    expect(d.payMongo).toEqual({ configured: true, livemode: false });
    expect(d.depositMethods.filter((m) => m.enabled).map((m) => m.code)).toEqual(
      expect.arrayContaining(['PAYSIM', 'GCASH', 'MAYA']),
    );
    expect(d.depositMethods.find((m) => m.code === 'BANK')!.enabled).toBe(false);

    // What its players see, once it is live: those vendors, without the hidden game; those methods.
    await move(form.code, 'live');
    const vendors = await playerGet<GameVendor[]>(form.mainDomain, '/api/games/vendors');
    const seen = new Set(vendors.body.value!.map((v) => v.vassalage));
    expect(seen.has('BYN') && seen.has('ARW')).toBe(true);
    expect(seen.has('KSP') || seen.has('HMY')).toBe(false);
    const ids: string[] = [];
    for (let page = 1; ; page++) {
      const list = await playerGet<GameListReply>(
        form.mainDomain,
        `/api/games/list?vassalage=BYN&pageSize=100&pageNo=${page}`,
      );
      ids.push(...list.body.value!.games.map((g) => g.gameId));
      if (page >= list.body.value!.totalPages) break;
    }
    expect(ids.length).toBe(byn.games.length - 1);
    expect(ids).not.toContain(hidden.key.slice('BYN:'.length));
    // The brand's own audit log says who connected PayMongo.
    const brand = await t.ctx.db
      .selectFrom('merchant')
      .select('id')
      .where('code', '=', form.code)
      .executeTakeFirstOrThrow();
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .select(['actor', 'action'])
      .where('action', '=', 'payments.paymongo.save')
      .where('merchant_id', '=', brand.id)
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actor).toMatch(/^provider:prov_onboarding_/);
  });

  it('the registration form asks the optional fields the launch chose; the others stay as they start', async () => {
    const form = launchForm({
      registration: { mobileNum: 'required', email: 'off', nickname: 'optional' },
    });
    expect((await launch(form)).status).toBe(200);
    expect((await detail(form.code)).registration).toEqual({
      mobileNum: 'required',
      email: 'off',
      nickname: 'optional',
      affiliateCode: 'optional',
    });
    await move(form.code, 'live');
    type Rules = Record<string, { enabled: boolean; required: boolean; regExp?: string }>;
    const startup = await playerGet<{ info: { register: { rules: Rules } } }>(
      form.mainDomain,
      '/api/startup',
    );
    const rules = startup.body.value!.info.register.rules;
    expect(rules.mobileNum).toMatchObject({ enabled: true, required: true, regExp: '^\\d{7,15}$' });
    expect(rules.email).toMatchObject({ enabled: false, required: false });
    expect(rules.nickname).toMatchObject({ enabled: true, required: false });
    expect(rules.captcha).toMatchObject({ enabled: true, required: true });
    // A choice outside off / optional / required, or a field not offered, is refused.
    const bad = await launch(launchForm({ registration: { captcha: 'off' } as never }));
    expect(bad.status).toBe(400);
  });

  it('the launch form’s picture of the platform’s registration form is the platform’s', () => {
    expect(registrationChoicesOf(DEFAULT_REGISTRATION_RULES)).toEqual(DEFAULT_REGISTRATION_CHOICES);
  });

  it('refuses unknown vendors, games and methods and a live PayMongo key before anything is written', async () => {
    const cases: [object, string, string][] = [
      [{ vendors: ['NOPE'] }, 'validation_failed', 'vendors'],
      [{ hiddenGames: ['BYN:no-such-game'] }, 'validation_failed', 'hiddenGames'],
      [{ depositMethods: ['GCASH'] }, 'validation_failed', 'depositMethods'],
      [
        {
          payMongo: {
            secretKey: 'sk_live_abcdefgh12345678',
            webhookSecret: 'whsk_abcdefgh12345678',
            methods: ['GCASH'],
          },
        },
        'validation_failed',
        'payMongo',
      ],
      [
        {
          payMongo: {
            secretKey: 'sk_test_abcdefgh12345678',
            webhookSecret: 'whsk_abcdefgh12345678',
            methods: [],
          },
        },
        'validation_failed',
        'payMongo',
      ],
    ];
    for (const [over, code, field] of cases) {
      const form = launchForm(over);
      const res = await launch(form);
      expect([res.status, res.body.code], JSON.stringify(over)).toEqual([400, code]);
      expect(JSON.stringify(res.body)).toContain(field);
      const written = await t.ctx.db
        .selectFrom('merchant')
        .select('id')
        .where('code', '=', form.code)
        .executeTakeFirst();
      expect(written).toBeUndefined();
    }
  });

  it('players meet the maintenance page during the planned window only; the brand’s staff keep working', async () => {
    const now = t.clock.now().getTime();
    const startsAt = new Date(now + 3_600_000).toISOString();
    const endsAt = new Date(now + 2 * 3_600_000).toISOString();
    const form = launchForm({ maintenanceWindow: { startsAt, endsAt, message: 'Upgrading the cashier' } });
    expect((await launch(form)).status).toBe(200);
    await move(form.code, 'live');
    expect((await detail(form.code)).maintenanceWindow).toEqual({
      startsAt,
      endsAt,
      message: 'Upgrading the cashier',
    });
    const startup = () => playerGet<{ maintenance: unknown }>(form.mainDomain, '/api/startup');
    expect((await startup()).body.value!.maintenance).toBeNull();

    t.clock.set(new Date(now + 90 * 60_000));
    try {
      expect((await startup()).body.value!.maintenance).toEqual({ message: 'Upgrading the cashier', endsAt });
      const games = await playerGet(form.mainDomain, '/api/games/vendors');
      expect([games.status, games.body.code]).toEqual([503, 'maintenance']);
      // The console answers (401 without a session), not the maintenance page.
      expect((await playerGet(form.mainDomain, '/api/ops/me')).status).toBe(401);
    } finally {
      t.clock.set(new Date(now));
    }
    t.clock.set(new Date(now + 2 * 3_600_000));
    try {
      expect((await startup()).body.value!.maintenance).toBeNull();
    } finally {
      t.clock.set(new Date(now));
    }
  });

  it('the brand’s page plans or clears the window (onboarding and owner only), audited; a window that ends first or lasts over 72 h is refused', async () => {
    const form = launchForm();
    await launch(form);
    const put = (window: object | null, token = onboarding) =>
      t.request<Answer<BrandDetail>>({
        method: 'PUT',
        url: `/api/provider/brands/${form.code}/maintenance`,
        headers: bearer(token),
        payload: { window },
      });
    const w = { startsAt: '2030-01-01T02:00:00+08:00', endsAt: '2030-01-01T04:00:00+08:00' };
    const set = await put(w);
    expect(set.body.value!.maintenanceWindow).toEqual({
      startsAt: '2029-12-31T18:00:00.000Z',
      endsAt: '2029-12-31T20:00:00.000Z',
      message: null,
    });
    expect((await put(w, finance)).status).toBe(403);
    expect((await put({ ...w, endsAt: '2030-01-01T01:00:00+08:00' })).status).toBe(400);
    expect((await put({ ...w, endsAt: '2030-01-05T01:00:00+08:00' })).status).toBe(400);
    expect((await put(null)).body.value!.maintenanceWindow).toBeNull();
    const trail = await t.request<Answer<{ list: { action: string; before: unknown; after: unknown }[] }>>({
      method: 'GET',
      url: `/api/provider/audit?brand=${form.code}`,
      headers: bearer(owner),
    });
    const changes = trail.body.value!.list.filter((e) => e.action === 'brand.maintenance_window');
    expect(changes.map((c) => c.after)).toEqual([null, { startsAt: w.startsAt, endsAt: w.endsAt }]);
  });

  it('the app icon is one square picture of 192–1024 px, named in the site’s manifest; the one it replaces goes', async () => {
    const form = launchForm();
    await launch(form);
    const upload = (bytes: Buffer, token = onboarding) => {
      const body = multipartForm({}, [{ name: 'images', filename: 'icon.png', type: 'image/png', bytes }]);
      return t.request<Answer<BrandDetail>>({
        method: 'POST',
        url: `/api/provider/brands/${form.code}/icon`,
        headers: { ...bearer(token), ...body.headers },
        payload: body.payload,
      });
    };
    expect((await detail(form.code)).icon).toBeNull();
    for (const [image, code] of [
      [pngImage({ width: 256, height: 200 }), 'icon_not_square'],
      [pngImage({ width: 100, height: 100 }), 'icon_too_small'],
      [pngImage({ width: 1500, height: 1500 }), 'icon_too_large'],
    ] as const) {
      const res = await upload(image);
      expect([res.status, res.body.code]).toEqual([400, code]);
    }
    expect((await upload(pngImage({ width: 256, height: 256 }), finance)).status).toBe(403);
    const first = await upload(pngImage({ width: 256, height: 256 }));
    expect(first.status).toBe(200);
    const icon = first.body.value!.icon!;
    expect(icon).toMatch(/^\/api\/site\/brand-images\/[0-9a-f-]{36}\.png$/);
    const manifest = await t.request({
      method: 'GET',
      url: '/api/site/manifest.webmanifest',
      headers: { host: form.mainDomain },
    });
    expect((manifest.body as { icons: unknown }).icons).toEqual([
      { src: icon, sizes: '256x256', type: 'image/png', purpose: 'any' },
    ]);
    expect((await t.request({ method: 'GET', url: icon, headers: { host: form.mainDomain } })).status).toBe(
      200,
    );
    const second = await upload(pngImage({ width: 512, height: 512 }));
    expect(second.body.value!.icon).not.toBe(icon);
    expect((await t.request({ method: 'GET', url: icon, headers: { host: form.mainDomain } })).status).toBe(
      404,
    );
  });

  it('closing waits for pending deposits and a clean ledger, then writes a report of the brand’s life that stays', async () => {
    const form = launchForm({ name: 'Closing Bay' });
    await launch(form);
    await move(form.code, 'live');
    const player = await createMember(t, { merchant: form.code });
    await adjustWallet(t.ctx.db, player, 12_345n, t.clock.now());
    const none = await t.request<Answer>({
      method: 'GET',
      url: `/api/provider/brands/${form.code}/closing-report`,
      headers: bearer(finance),
    });
    expect([none.status, none.body.code]).toEqual([404, 'closing_report_none']);
    await move(form.code, 'suspended');
    await adjustWallet(t.ctx.db, player, -12_345n, t.clock.now());

    // A deposit still waiting for its payment holds the close.
    const order = await t.ctx.db
      .insertInto('deposit_order')
      .values({
        merchant_id: player.merchant_id,
        member_id: player.id,
        method_code: 'PAYSIM',
        kind: 'gateway',
        currency: 'PHP',
        amount: 10_000n,
        status: 'pending',
        created_at: t.clock.now(),
        updated_at: t.clock.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const waiting = await move(form.code, 'closed', 'contract ended');
    expect([waiting.status, waiting.body.code]).toEqual([409, 'brand_deposits_open']);
    await t.ctx.db
      .updateTable('deposit_order')
      .set({ status: 'expired' })
      .where('id', '=', order.id)
      .execute();

    // A ledger that fails a check holds it too (a balance that differs from its entries).
    const house = await ledgerAccount(t.ctx.db, {
      merchantId: player.merchant_id,
      book: 'real',
      kind: 'adjustment',
      currency: 'PHP',
    });
    await t.ctx.db.updateTable('ledger_account').set({ balance: 1n }).where('id', '=', house).execute();
    const unclean = await move(form.code, 'closed', 'contract ended');
    expect([unclean.status, unclean.body.code]).toEqual([409, 'brand_ledger_unclean']);
    expect(JSON.stringify(unclean.body)).toContain('"driftedAccounts":1');
    await t.ctx.db.updateTable('ledger_account').set({ balance: 0n }).where('id', '=', house).execute();

    const closed = await move(form.code, 'closed', 'contract ended');
    expect(closed.body, JSON.stringify(closed.body)).toMatchObject({ value: { status: 'closed' } });
    const report = await t.request<Answer<ClosingReport>>({
      method: 'GET',
      url: `/api/provider/brands/${form.code}/closing-report`,
      headers: bearer(finance),
    });
    expect(report.status).toBe(200);
    const r = report.body.value!;
    expect(r).toMatchObject({
      brand: form.code,
      name: 'Closing Bay',
      currency: 'PHP',
      reason: 'contract ended',
      players: 1,
      playersMoney: '0.00',
      ledger: { transfers: 2, clean: true },
    });
    expect(r.ledger.entries).toBe(4);
    expect(Object.values(r.ledger.checks).every((n) => n === 0)).toBe(true);
    expect(r.accounts).toEqual(
      expect.arrayContaining([
        { book: 'real', kind: 'member_wallet', count: 1, balance: '0.00' },
        { book: 'real', kind: 'adjustment', count: 1, balance: '0.00' },
      ]),
    );
    // The report stays as it was written; the ledger keeps its entries and its checks hold.
    await t.ctx.db.updateTable('merchant').set({ name: 'Renamed' }).where('code', '=', form.code).execute();
    const again = await t.request<Answer<ClosingReport>>({
      method: 'GET',
      url: `/api/provider/brands/${form.code}/closing-report`,
      headers: bearer(finance),
    });
    expect(again.body.value).toEqual(r);
    await expectLedgerClean(t.ctx.db);
  });
});
