import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrandDetail } from '@panalo/contract/provider';
import { bearer } from '../../test-support/members';
import { multipartForm, pngImage, SVG_BYTES } from '../../test-support/images';
import { launchForm, providerSession } from '../../test-support/provider';
import { createTestApp, type TestApp } from '../../test-support/test-app';

type Answer<T = Record<string, unknown>> = { success: boolean; code?: string; value?: T };

describe('a brand’s logo (issue 51 item 2)', () => {
  let t: TestApp;
  let onboarding: string;
  let finance: string;
  const form = launchForm({ name: 'Logo Bay' });
  beforeAll(async () => {
    t = await createTestApp();
    onboarding = (await providerSession(t, 'onboarding')).token;
    finance = (await providerSession(t, 'finance')).token;
    await t.request({
      method: 'POST',
      url: '/api/provider/brands',
      headers: bearer(onboarding),
      payload: form,
    });
  });
  afterAll(() => t.close());

  const upload = (bytes: Buffer, token = onboarding, type = 'image/png') => {
    const body = multipartForm({}, [{ name: 'images', filename: 'logo.png', type, bytes }]);
    return t.request<Answer<BrandDetail>>({
      method: 'POST',
      url: `/api/provider/brands/${form.code}/logo`,
      headers: { ...bearer(token), ...body.headers },
      payload: body.payload,
    });
  };

  it('is one png or jpg checked by its bytes, stored without its metadata, served on the brand’s pages; the one it replaces goes', async () => {
    // Until one is uploaded, the wordmark drawn from the name.
    const before = await t.request<Answer<BrandDetail>>({
      method: 'GET',
      url: `/api/provider/brands/${form.code}`,
      headers: bearer(finance),
    });
    expect(before.body.value!.theme.logo).toBe('/api/site/logo.svg');

    const first = await upload(pngImage({ width: 300, height: 100, text: 'camera: secret' }));
    expect(first.status).toBe(200);
    const logo = first.body.value!.theme.logo;
    expect(logo).toMatch(/^\/api\/site\/brand-images\/[0-9a-f-]{36}\.png$/);
    const served = await t.app.inject({ method: 'GET', url: logo, headers: { host: form.mainDomain } });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.includes(Buffer.from('camera: secret'))).toBe(false);
    const startup = await t.request<Answer<{ site: { theme: { logo: string } } }>>({
      method: 'GET',
      url: '/api/startup',
      headers: { host: form.mainDomain },
    });
    expect(startup.body.value!.site.theme.logo).toBe(logo);

    const second = await upload(pngImage({ width: 200, height: 80 }));
    expect(second.body.value!.theme.logo).not.toBe(logo);
    expect((await t.app.inject({ method: 'GET', url: logo })).statusCode).toBe(404);
  });

  it('refuses a picture that is not one, one too large, and a role that does not launch brands; nothing changes', async () => {
    const now = (
      await t.request<Answer<BrandDetail>>({
        method: 'GET',
        url: `/api/provider/brands/${form.code}`,
        headers: bearer(finance),
      })
    ).body.value!.theme.logo;
    expect((await upload(SVG_BYTES, onboarding, 'image/svg+xml')).status).toBe(400);
    expect((await upload(Buffer.from('not a picture at all'))).status).toBe(400);
    expect((await upload(pngImage({ width: 4000, height: 10 }))).body.code).toBe('upload_image_size');
    expect((await upload(pngImage(), finance)).body.code).toBe('no_permission');
    const after = (
      await t.request<Answer<BrandDetail>>({
        method: 'GET',
        url: `/api/provider/brands/${form.code}`,
        headers: bearer(finance),
      })
    ).body.value!.theme.logo;
    expect(after).toBe(now);
  });
});
