import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { createMember } from '../../test-support/members';
import { outboxRepository } from '../messaging/messaging';
import { freshIp, merchantId, newMobile, requestSmsCode, type Err } from './auth.test-helpers';
import { SMS_IP_RULE, SMS_NUMBER_HOUR_RULE } from './sms-code.service';

describe('SMS verification codes (API-021/022/023)', () => {
  let t: TestApp;
  let panalo: number;
  beforeAll(async () => {
    t = await createTestApp();
    panalo = await merchantId(t, 'panalo');
  });
  afterAll(async () => t.close());

  const outbox = (recipient: string) => outboxRepository(t.ctx.db).latestFor(panalo, recipient);

  it('API-021 API-022 API-023 a JSON POST with mobileNo and module VERIFICATION3 sends a 6-digit code; value.expiredMinutes', async () => {
    const mobile = newMobile();
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/sms-code',
      payload: { countryDialingCode: '+63', mobileNo: mobile, module: 'VERIFICATION3', purpose: 'register' },
    });
    expect(res).toMatchObject({ status: 200, body: { success: true, value: { expiredMinutes: 5 } } });
    const sms = await outbox(`+63 ${mobile}`);
    expect(sms?.channel).toBe('sms');
    // The text names the merchant and carries the code and its lifetime.
    expect(sms?.body).toMatch(/^Panalo: .*\b\d{6}\b.*\b5 minuto/);
  });

  it('API-022 mobileNo is for registration, mobileNum for login and set-password; anything else is a 400', async () => {
    const c = freshIp(t);
    const bad = [
      { countryDialingCode: '+63', mobileNum: newMobile(), module: 'VERIFICATION3', purpose: 'register' },
      { countryDialingCode: '+63', mobileNo: newMobile(), module: 'VERIFICATION3', purpose: 'login' },
      { countryDialingCode: '+63', mobileNo: newMobile(), module: 'REG3', purpose: 'register' },
      { countryDialingCode: '63', mobileNo: newMobile(), module: 'VERIFICATION3', purpose: 'register' },
      { countryDialingCode: '+1', mobileNo: newMobile(), module: 'VERIFICATION3', purpose: 'register' },
      { countryDialingCode: '+63', mobileNo: 'abc', module: 'VERIFICATION3', purpose: 'register' },
      { countryDialingCode: '+63', mobileNo: newMobile(), module: 'VERIFICATION3', purpose: 'spam' },
    ];
    for (const payload of bad) {
      const res = await c.request<Err>({ method: 'POST', url: '/api/auth/sms-code', payload });
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(res.body.code).toBe('validation_failed');
    }
  });

  it('login and reset codes never tell whether the number has an account; only a real account gets the SMS', async () => {
    const known = newMobile();
    await createMember(t, { mobile: ['+63', known] });
    const unknown = newMobile();
    for (const purpose of ['login', 'reset'] as const) {
      t.clock.advance(60_000);
      const a = await requestSmsCode(freshIp(t), { countryDialingCode: '+63', mobileNum: known, purpose });
      const b = await requestSmsCode(freshIp(t), { countryDialingCode: '+63', mobileNum: unknown, purpose });
      expect(a.status).toBe(200);
      expect(b.status).toBe(a.status);
      expect(b.body).toEqual(a.body);
    }
    expect(await outbox(`+63 ${known}`)).toBeDefined();
    expect(await outbox(`+63 ${unknown}`)).toBeUndefined();
  });

  it('a registration code for a number already registered answers 409 mobile_taken and sends nothing', async () => {
    const res = await requestSmsCode(freshIp(t), {
      countryDialingCode: '+63',
      mobileNo: '9171234567',
      purpose: 'register',
    });
    expect(res.status).toBe(409);
    expect((res.body as Err).code).toBe('mobile_taken');
    expect(await outbox('+63 9171234567')).toBeUndefined();
  });

  it('codes are offered only for what the merchant has: luzon has no mobile registration, SMS login nor SMS reset', async () => {
    for (const body of [
      { countryDialingCode: '+63', mobileNo: newMobile(), purpose: 'register' },
      { countryDialingCode: '+63', mobileNum: newMobile(), purpose: 'login' },
      { countryDialingCode: '+63', mobileNum: newMobile(), purpose: 'reset' },
    ]) {
      const res = await requestSmsCode(freshIp(t), body, 'luzon.localhost');
      expect(res.status).toBe(403);
      expect((res.body as Err).code).toBe('sms_unavailable');
    }
  });

  it('per number: one code a minute and five an hour', async () => {
    const mobile = newMobile();
    const send = () =>
      requestSmsCode(freshIp(t), { countryDialingCode: '+63', mobileNo: mobile, purpose: 'register' });
    expect((await send()).status).toBe(200);
    const again = await send();
    expect(again.status).toBe(429);
    expect((again.body as Err).code).toBe('rate_limited');
    for (let i = 2; i <= SMS_NUMBER_HOUR_RULE.limit; i++) {
      t.clock.advance(60_000);
      expect((await send()).status).toBe(200);
    }
    t.clock.advance(60_000);
    expect((await send()).status).toBe(429);
    t.clock.advance(SMS_NUMBER_HOUR_RULE.windowMs);
    expect((await send()).status).toBe(200);
  });

  it('per IP: twenty codes an hour, whatever the numbers', async () => {
    const c = freshIp(t);
    for (let i = 0; i < SMS_IP_RULE.limit; i++) {
      expect(
        (await requestSmsCode(c, { countryDialingCode: '+63', mobileNo: newMobile(), purpose: 'register' }))
          .status,
      ).toBe(200);
    }
    const over = await requestSmsCode(c, {
      countryDialingCode: '+63',
      mobileNo: newMobile(),
      purpose: 'register',
    });
    expect(over.status).toBe(429);
  });
});
