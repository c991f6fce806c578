import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StartupBundle } from '@panalo/contract/startup';
import { createTestApp, type TestApp } from '../../test-support/test-app';

type Ok<T> = { success: true; value: T };
type Err = { success: false; code: string; message: string };

describe('startup bundle', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const setMerchant = async (code: string, patch: { maintenance?: object; region_restriction?: object }) => {
    await t.ctx.db
      .updateTable('merchant')
      .set({
        ...(patch.maintenance ? { maintenance: JSON.stringify(patch.maintenance) } : {}),
        ...(patch.region_restriction ? { region_restriction: JSON.stringify(patch.region_restriction) } : {}),
      })
      .where('code', '=', code)
      .execute();
  };

  it('SHELL-047 SHELL-048 SHELL-049 one call returns maintenance, regionRestriction, info and location', async () => {
    const res = await t.request<Ok<StartupBundle>>({ method: 'GET', url: '/api/startup' });
    expect(res.status).toBe(200);
    const b = res.body.value;
    expect(Object.keys(b)).toEqual(
      expect.arrayContaining(['maintenance', 'regionRestriction', 'info', 'location']),
    );
    expect(Object.keys(b.info).sort()).toEqual(
      [
        'customerService',
        'domainRoute',
        'imageCDNs',
        'mainDomain',
        'mobileTemplate',
        'paths',
        'register',
        'resources',
        'whitelabel',
      ].sort(),
    );
    expect(b.info.mobileTemplate).toMatchObject({ mem_cen: '1', dep_func: '1' });
    expect(b.info.mobileTemplate).toHaveProperty('app_background');
    expect(b.info.mobileTemplate).toHaveProperty('app_desc');
    expect(b.info.mobileTemplate).toHaveProperty('app_desc_font_color');
    expect(b.maintenance).toBeNull();
    expect(b.regionRestriction).toBeNull();
    expect(b.location.ip).toBe('127.0.0.1');
  });

  it('CONST-001 CONST-002 I18N-003 I18N-004 site config: platform mobile, merchant and trial codes, theme, TY default with TY and EN', async () => {
    const res = await t.request<Ok<StartupBundle>>({ method: 'GET', url: '/api/startup' });
    const site = res.body.value.site;
    expect(site.platform).toBe('mobile');
    expect(site.merchantCode).toBe('panalo');
    expect(site.trialMerchantCode).toBe('panalo-trial');
    expect(site.theme.primary).toMatch(/^#[0-9a-f]{6}$/i);
    expect(site.defaultLanguage).toBe('TY');
    expect(site.languages.map((l) => l.code)).toEqual(['TY', 'EN']);
  });

  it('I18N-002 I18N-006 each site language comes with its tag, own name, direction and flag; a code the registry does not know is left out', async () => {
    const before = await t.ctx.db
      .selectFrom('merchant')
      .select('languages')
      .where('code', '=', 'panalo')
      .executeTakeFirstOrThrow();
    const set = (languages: unknown) =>
      t.ctx.db
        .updateTable('merchant')
        .set({ languages: JSON.stringify(languages) })
        .where('code', '=', 'panalo')
        .execute();
    await set(['TY', 'XX', 'AR', 'EN']);
    try {
      const res = await t.request<Ok<StartupBundle>>({ method: 'GET', url: '/api/startup' });
      expect(res.body.value.site.languages).toEqual([
        { code: 'TY', tag: 'fil', name: 'Filipino', dir: 'ltr', flag: 'PH' },
        { code: 'AR', tag: 'ar', name: 'العربية', dir: 'rtl', flag: 'SA' },
        { code: 'EN', tag: 'en', name: 'English', dir: 'ltr', flag: 'US' },
      ]);
    } finally {
      await set(before.languages);
    }
  });

  it('PROMO-004 promotion keys include REFERRAL with its enabled flag, as each merchant set it', async () => {
    const get = async (merchant: string) =>
      (await t.request<Ok<StartupBundle>>({ method: 'GET', url: '/api/startup', headers: { merchant } })).body
        .value.site.promotions;
    expect((await get('panalo')).REFERRAL).toEqual({ enabled: true });
    expect((await get('luzon')).REFERRAL).toEqual({ enabled: false });
  });

  it('resolves the merchant from the Host, then the Merchant header, with a default', async () => {
    const byHost = await t.request<Ok<StartupBundle>>({
      method: 'GET',
      url: '/api/startup',
      headers: { host: 'luzon.localhost:8080' },
    });
    expect(byHost.body.value.site.merchantCode).toBe('luzon');
    const byHeader = await t.request<Ok<StartupBundle>>({
      method: 'GET',
      url: '/api/startup',
      headers: { host: 'luzon.localhost', merchant: 'panalo' },
    });
    expect(byHeader.body.value.site.merchantCode).toBe('panalo');
    const unknownHost = await t.request<Ok<StartupBundle>>({
      method: 'GET',
      url: '/api/startup',
      headers: { host: 'nowhere.example' },
    });
    expect(unknownHost.body.value.site.merchantCode).toBe('panalo');
    const unknownHeader = await t.request<Err>({
      method: 'GET',
      url: '/api/startup',
      headers: { merchant: 'nope' },
    });
    expect(unknownHeader.status).toBe(400);
    expect(unknownHeader.body.code).toBe('merchant_unknown');
  });

  it('SHELL-001 white-label: the two demo merchants differ in theme, flags and languages', async () => {
    const a = (
      await t.request<Ok<StartupBundle>>({
        method: 'GET',
        url: '/api/startup',
        headers: { merchant: 'panalo' },
      })
    ).body.value;
    const b = (
      await t.request<Ok<StartupBundle>>({
        method: 'GET',
        url: '/api/startup',
        headers: { merchant: 'luzon' },
      })
    ).body.value;
    expect(a.site.theme.primary).not.toBe(b.site.theme.primary);
    expect(a.info.whitelabel.DIRECTREG).toBe(true);
    expect(b.info.whitelabel.DIRECTREG).toBe(false);
    expect(a.site.defaultLanguage).toBe('TY');
    expect(b.site.defaultLanguage).toBe('EN');
    expect(b.info.customerService.TELEGRAM).toEqual([]);
  });

  it('SHELL-050 maintenance is reported and other API calls answer 503 maintenance', async () => {
    await setMerchant('luzon', { maintenance: { enabled: true, message: 'Back at 10:00' } });
    const res = await t.request<Ok<StartupBundle>>({
      method: 'GET',
      url: '/api/startup',
      headers: { merchant: 'luzon' },
    });
    expect(res.body.value.maintenance).toEqual({ message: 'Back at 10:00', endsAt: null });
    expect(res.body.value.regionRestriction).toBeNull();
    const other = await t.request<Err>({
      method: 'GET',
      url: '/api/content/help',
      headers: { merchant: 'luzon' },
    });
    expect(other.status).toBe(503);
    expect(other.body.code).toBe('maintenance');
    const untouched = await t.request({
      method: 'GET',
      url: '/api/content/help',
      headers: { merchant: 'panalo' },
    });
    expect(untouched.status).toBe(200);
    await setMerchant('luzon', { maintenance: { enabled: false } });
  });

  it('SHELL-051 a client IP inside a denied CIDR is restricted; other API calls answer 403', async () => {
    await setMerchant('luzon', {
      region_restriction: { enabled: true, mode: 'deny', countries: [], cidrs: ['203.0.113.0/24'] },
    });
    const blocked = await t.request<Ok<StartupBundle>>({
      method: 'GET',
      url: '/api/startup',
      headers: { merchant: 'luzon' },
      remoteAddress: '203.0.113.7',
    });
    expect(blocked.body.value.regionRestriction).toMatchObject({ ip: '203.0.113.7' });
    const other = await t.request<Err>({
      method: 'GET',
      url: '/api/content/help',
      headers: { merchant: 'luzon' },
      remoteAddress: '203.0.113.7',
    });
    expect(other.status).toBe(403);
    expect(other.body.code).toBe('region_restricted');
    const free = await t.request<Ok<StartupBundle>>({
      method: 'GET',
      url: '/api/startup',
      headers: { merchant: 'luzon' },
      remoteAddress: '198.51.100.1',
    });
    expect(free.body.value.regionRestriction).toBeNull();
  });

  it('SHELL-051 the country comes from the offline table: a Philippine address is blocked by country PH', async () => {
    await setMerchant('luzon', {
      region_restriction: { enabled: true, mode: 'deny', countries: ['PH'], cidrs: [] },
    });
    // 112.198.0.0/16 is allocated to a Philippine network (PLDT/Smart) in the whois data.
    const res = await t.request<Ok<StartupBundle>>({
      method: 'GET',
      url: '/api/startup',
      headers: { merchant: 'luzon' },
      remoteAddress: '112.198.1.1',
    });
    expect(res.body.value.location.country).toBe('PH');
    expect(res.body.value.regionRestriction).toEqual({ country: 'PH', ip: '112.198.1.1' });
  });

  it('SHELL-052 maintenance and restriction together report both; the client shows maintenance', async () => {
    await setMerchant('luzon', {
      maintenance: { enabled: true },
      region_restriction: { enabled: true, mode: 'deny', countries: [], cidrs: ['0.0.0.0/0'] },
    });
    const res = await t.request<Ok<StartupBundle>>({
      method: 'GET',
      url: '/api/startup',
      headers: { merchant: 'luzon' },
    });
    expect(res.body.value.maintenance).not.toBeNull();
    expect(res.body.value.regionRestriction).not.toBeNull();
    await setMerchant('luzon', {
      maintenance: { enabled: false },
      region_restriction: { enabled: false, mode: 'deny', countries: [], cidrs: [] },
    });
  });

  it('bad input answers 400 with a message key, never a 500', async () => {
    const res = await t.request<Err>({ method: 'GET', url: '/api/startup?lang=%3Cscript%3E' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation_failed');
    const missing = await t.request<Err>({ method: 'GET', url: '/api/nothing-here' });
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('not_found');
  });

  it('sends security headers, a strict CSP and a request id', async () => {
    const res = await t.request({ method: 'GET', url: '/api/startup' });
    expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'");
    expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-request-id']).toBeTruthy();
  });
});
