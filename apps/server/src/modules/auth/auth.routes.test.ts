import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { createMember } from '../../test-support/members';
import { newDevice } from '../../test-support/auth-client';
import { freshIp, type Answer, type Err, type Ok } from './auth.test-helpers';
import { CAPTCHA_DEVICE_RULE } from './auth.routes';
import { AFFILIATE_IP_RULE, VERIFY_IP_RULE } from './registration-checks';

describe('captcha, affiliate check and field availability (API-018, API-019, API-035)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const captcha = (c: TestApp, device?: string) =>
    c.request<Answer<string>>({ method: 'GET', url: '/api/auth/captcha', headers: device ? { device } : {} });

  it('API-019 the captcha is a GET answering a base64 PNG in value, bound to the Device header', async () => {
    const device = newDevice();
    const res = await captcha(freshIp(t), device);
    expect(res.status).toBe(200);
    const png = Buffer.from((res.body as Ok<string>).value, 'base64');
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect(res.headers['cache-control']).toBe('no-store');
    const rows = await t.ctx.db.selectFrom('captcha').select('device').where('device', '=', device).execute();
    expect(rows).toHaveLength(1);
  });

  it('a captcha needs a valid Device header', async () => {
    for (const device of [undefined, 'short', 'has spaces in it', 'x'.repeat(65)]) {
      const res = await captcha(freshIp(t), device);
      expect(res.status).toBe(400);
      expect((res.body as Err).code).toBe('device_required');
    }
  });

  it(`captchas are limited per device (${CAPTCHA_DEVICE_RULE.limit} a minute) and per IP`, async () => {
    const device = newDevice();
    for (let i = 0; i < CAPTCHA_DEVICE_RULE.limit; i++)
      expect((await captcha(freshIp(t), device)).status).toBe(200);
    const over = await captcha(freshIp(t), device);
    expect(over.status).toBe(429);
    expect((over.body as Err).code).toBe('rate_limited');
    const c = freshIp(t);
    let status = 200;
    for (let i = 0; i < 61 && status === 200; i++) status = (await captcha(c, newDevice())).status;
    expect(status).toBe(429);
  });

  it('API-035 the affiliate check sends code and domain and answers a success boolean', async () => {
    const check = (code: string, host = 'localhost') =>
      freshIp(t).request<Ok<{ success: boolean }>>({
        method: 'GET',
        url: `/api/auth/affiliate-check?code=${encodeURIComponent(code)}&domain=promo.panalo.localhost`,
        headers: { host },
      });
    expect((await check('PANALO88')).body).toEqual({ success: true, value: { success: true } });
    expect((await check('NOSUCH99')).body.value.success).toBe(false);
    expect((await check('')).body.value.success).toBe(false);
    // Another merchant's agent, a player with a code, a disabled agent: not valid here.
    expect((await check('PANALO88', 'luzon.localhost')).body.value.success).toBe(false);
    const player = await createMember(t);
    await t.ctx.db
      .updateTable('member')
      .set({ affiliate_code: 'PLAYER01' })
      .where('id', '=', player.id)
      .execute();
    expect((await check('PLAYER01')).body.value.success).toBe(false);
    const agent = await createMember(t, { type: 1, status: 'disabled' });
    await t.ctx.db
      .updateTable('member')
      .set({ affiliate_code: 'GONE0001' })
      .where('id', '=', agent.id)
      .execute();
    expect((await check('GONE0001')).body.value.success).toBe(false);
  });

  it('API-018 the verification call is a GET with a query answering whether a username or number is free', async () => {
    const verify = (query: string, host = 'localhost') =>
      freshIp(t).request<Answer<{ available: boolean }>>({
        method: 'GET',
        url: `/api/auth/verify?${query}`,
        headers: { host },
      });
    const free = async (q: string, host?: string) =>
      ((await verify(q, host)).body as Ok<{ available: boolean }>).value.available;
    expect(await free('field=username&value=demo01')).toBe(false);
    expect(await free('field=username&value=DEMO01')).toBe(false);
    expect(await free('field=username&value=nobody12345')).toBe(true);
    expect(await free('field=username&value=demo01', 'luzon.localhost')).toBe(true);
    expect(await free('field=mobileNum&value=9171234567&countryDialingCode=%2B63')).toBe(false);
    expect(await free('field=mobileNum&value=9171234567')).toBe(false);
    expect(await free('field=mobileNum&value=9171234567&countryDialingCode=%2B65')).toBe(true);
    const bad = await verify('field=email&value=a@b.c');
    expect(bad.status).toBe(400);
    expect((bad.body as Err).code).toBe('validation_failed');
  });

  it('the availability and affiliate checks are limited per IP, so user lists cannot be walked cheaply', async () => {
    const c = freshIp(t);
    for (let i = 0; i < VERIFY_IP_RULE.limit; i++) {
      expect(
        (await c.request({ method: 'GET', url: `/api/auth/verify?field=username&value=walk${i}` })).status,
      ).toBe(200);
    }
    const over = await c.request<Err>({
      method: 'GET',
      url: '/api/auth/verify?field=username&value=walkmore',
    });
    expect(over.status).toBe(429);
    const d = freshIp(t);
    for (let i = 0; i < AFFILIATE_IP_RULE.limit; i++) {
      expect((await d.request({ method: 'GET', url: `/api/auth/affiliate-check?code=C${i}` })).status).toBe(
        200,
      );
    }
    expect((await d.request({ method: 'GET', url: '/api/auth/affiliate-check?code=CX' })).status).toBe(429);
  });
});
