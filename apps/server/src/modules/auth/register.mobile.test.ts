import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionValue } from '@panalo/contract/auth';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { newDevice } from '../../test-support/auth-client';
import { setMerchantFlag } from '../../test-support/merchants';
import {
  captchaFor,
  freshIp,
  fromIp,
  lastSmsCode,
  login,
  memberCount,
  merchantId,
  newMobile,
  register,
  requestSmsCode,
  type Err,
  type Ok,
} from './auth.test-helpers';
import { REGISTER_IP_RULE } from './register.service';

describe('registration by mobile number (AUTH-001, API-012, ROLE-018)', () => {
  let t: TestApp;
  let panalo: number;
  beforeAll(async () => {
    t = await createTestApp();
    panalo = await merchantId(t, 'panalo');
  });
  afterAll(async () => t.close());

  /** Asks for a register code for the number and reads it from the development outbox. */
  async function codeFor(mobile: string, dial = '+63'): Promise<string> {
    const res = await requestSmsCode(freshIp(t), {
      countryDialingCode: dial,
      mobileNo: mobile,
      purpose: 'register',
    });
    expect(res.status).toBe(200);
    return (await lastSmsCode(t, panalo, `${dial} ${mobile}`))!;
  }
  async function registerMobile(fields: Record<string, unknown>) {
    const c = freshIp(t);
    const device = newDevice();
    const captcha = await captchaFor(c, device);
    return register(c, { mode: 'mobile', countryDialingCode: '+63', captcha, ...fields }, { device });
  }
  const setFlag = (flag: string, on: boolean) => setMerchantFlag(t.ctx.db, panalo, flag, on);

  it('AUTH-001 API-012 SMS code, then mobileNum + verificationCode + password: a session; the number is the user name', async () => {
    const mobile = newMobile();
    const verificationCode = await codeFor(mobile);
    const res = await registerMobile({
      mobileNum: mobile,
      verificationCode,
      password: 'Secret123',
      confirmPassword: 'Secret123',
      username: 'ignoredName',
    });
    expect(res.status).toBe(200);
    expect((res.body as Ok<SessionValue>).value).toMatchObject({ userName: mobile, customerType: 0 });
    const byPassword = await login(freshIp(t), { type: 'username', username: mobile, password: 'Secret123' });
    expect(byPassword.status).toBe(200);
    // The code is used up by the registration.
    const reuse = await registerMobile({
      mobileNum: newMobile(),
      verificationCode,
      password: 'Secret123',
      confirmPassword: 'Secret123',
    });
    expect((reuse.body as Err).code).toBe('sms_code_wrong');
  });

  it('a registration refused after its code was checked (too many from its address) leaves the code usable', async () => {
    const ip = '10.252.9.1';
    for (let i = 0; i < REGISTER_IP_RULE.limit; i++) await t.ctx.limits.hit(panalo, REGISTER_IP_RULE, ip);
    const mobile = newMobile();
    const verificationCode = await codeFor(mobile);
    const fields = {
      mobileNum: mobile,
      verificationCode,
      password: 'Secret123',
      confirmPassword: 'Secret123',
    };
    const limited = fromIp(t, ip);
    const device = newDevice();
    const refused = await register(
      limited,
      { mode: 'mobile', countryDialingCode: '+63', captcha: await captchaFor(limited, device), ...fields },
      { device },
    );
    expect([refused.status, (refused.body as Err).code]).toEqual([429, 'rate_limited']);
    const ok = await registerMobile(fields);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  });

  it('a wrong code, or a code of another number or purpose, answers 400 sms_code_wrong and writes nothing', async () => {
    const before = await memberCount(t);
    const mobile = newMobile();
    const right = await codeFor(mobile);
    const other = newMobile();
    const otherCode = await codeFor(other);
    const base = { mobileNum: mobile, password: 'Secret123', confirmPassword: 'Secret123' };
    expect(
      (
        (await registerMobile({ ...base, verificationCode: right === '123456' ? '654321' : '123456' }))
          .body as Err
      ).code,
    ).toBe('sms_code_wrong');
    expect(((await registerMobile({ ...base, verificationCode: otherCode })).body as Err).code).toBe(
      'sms_code_wrong',
    );
    expect(
      ((await registerMobile({ ...base, verificationCode: undefined })).body as Err).value,
    ).toMatchObject({ field: 'verificationCode' });
    expect(await memberCount(t)).toBe(before);
  });

  it('ROLE-018 without MOBILENUMPASSREG3 the password fields are ignored and the account signs in by SMS code', async () => {
    await setFlag('MOBILENUMPASSREG3', false);
    try {
      const mobile = newMobile();
      const res = await registerMobile({
        mobileNum: mobile,
        verificationCode: await codeFor(mobile),
        password: 'Secret123',
        confirmPassword: 'different',
      });
      expect(res.status).toBe(200);
      const byPassword = await login(freshIp(t), {
        type: 'username',
        username: mobile,
        password: 'Secret123',
      });
      expect((byPassword.body as Err).code).toBe('login_failed');
      const c = freshIp(t);
      t.clock.advance(60_000); // one code a minute per number
      expect(
        (await requestSmsCode(c, { countryDialingCode: '+63', mobileNum: mobile, purpose: 'login' })).status,
      ).toBe(200);
      const messageCode = await lastSmsCode(t, panalo, `+63 ${mobile}`);
      const bySms = await login(c, {
        type: 'sms',
        countryDialingCode: '+63',
        mobileNum: mobile,
        messageCode,
      });
      expect((bySms.body as Ok<SessionValue>).value.userName).toBe(mobile);
    } finally {
      await setFlag('MOBILENUMPASSREG3', true);
    }
  });

  it('ROLE-018 with MOBILENUMPASSREG3 the password fields are required', async () => {
    const mobile = newMobile();
    const res = await registerMobile({ mobileNum: mobile, verificationCode: await codeFor(mobile) });
    expect(res.status).toBe(400);
    expect((res.body as Err).value).toMatchObject({ field: 'password' });
  });

  it('the same number in two countries gets two accounts; the second user name carries the dialling code', async () => {
    const mobile = newMobile();
    const first = await registerMobile({
      mobileNum: mobile,
      verificationCode: await codeFor(mobile),
      password: 'Secret123',
      confirmPassword: 'Secret123',
    });
    expect((first.body as Ok<SessionValue>).value.userName).toBe(mobile);
    const second = await registerMobile({
      countryDialingCode: '+65',
      mobileNum: mobile,
      verificationCode: await codeFor(mobile, '+65'),
      password: 'Secret123',
      confirmPassword: 'Secret123',
    });
    expect((second.body as Ok<SessionValue>).value.userName).toBe(`65${mobile}`);
    const taken = await registerMobile({
      mobileNum: mobile,
      verificationCode: '123456',
      password: 'Secret123',
      confirmPassword: 'Secret123',
    });
    expect(taken.status).toBe(409);
    expect((taken.body as Err).code).toBe('mobile_taken');
  });
});
