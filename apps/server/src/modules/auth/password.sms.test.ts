import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sealedRequest } from '../../test-support/auth-client';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { createMember, sessionFor } from '../../test-support/members';
import { smsRecipient } from '../messaging/messaging';
import { PASSWORD_LIMITS } from './password.service';
import {
  deviceAlive,
  deviceCredentialFor,
  passwordIs,
  postJson,
  sessionAlive,
  type Err,
  type Ok,
} from './password.test-helpers';
import { verificationService, type CodePurpose } from './verification.service';

const URL = '/api/auth/forgot/sms';
let numbers = 0;
let clients = 0;
const nextMobile = (): [string, string] => ['+63', `91700${String(++numbers).padStart(5, '0')}`];

describe('POST /api/auth/forgot/sms (set password by SMS code)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  /** A code as POST /api/auth/sms-code would send it (issued here directly). */
  const codeFor = (merchantId: number, [cc, num]: [string, string], purpose: CodePurpose = 'reset') =>
    verificationService(t.ctx.db, t.clock).issue({
      merchantId,
      channel: 'sms',
      recipient: smsRecipient(cc, num),
      purpose,
      ttlMs: 5 * 60_000,
    });

  const setBySms = (
    [cc, num]: [string, string],
    verificationCode: string,
    newPassword: string,
    headers: Record<string, string> = {},
  ) =>
    t.request<Ok | Err>({
      method: 'POST',
      url: URL,
      headers,
      payload: { countryDialingCode: cc, mobileNum: num, verificationCode, newPassword },
      // A fresh client address per call, so that only the per-number limit is in play here.
      remoteAddress: `10.2.0.${++clients}`,
    });

  it('API-026 sets the password from newPassword, mobileNum and verificationCode; all sessions go', async () => {
    const mobile = nextMobile();
    const m = await createMember(t, { mobile, password: 'OldPass123' });
    const token = await sessionFor(t, m);
    const device = await deviceCredentialFor(t, m);
    const code = await codeFor(m.merchant_id, mobile);
    const res = await setBySms(mobile, code, 'Fresh12345');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, value: {} });
    expect(await passwordIs(t, m.id, 'Fresh12345')).toBe(true);
    expect(await sessionAlive(t, token)).toBe(false);
    expect(await deviceAlive(t, m.merchant_id, device)).toBe(false);
    // The code is single use.
    const again = await setBySms(mobile, code, 'Other12345');
    expect((again.body as Err).code).toBe('sms_code_wrong');
  });

  it('AUTH-043 then the member logs in with the mobile number as the username and the new password', async () => {
    const mobile = nextMobile();
    const m = await createMember(t, { username: 'smslogin1', mobile, password: 'OldPass123' });
    const code = await codeFor(m.merchant_id, mobile);
    expect((await setBySms(mobile, code, 'Fresh12345')).status).toBe(200);
    const login = await sealedRequest<{ value: { userName: string } }>(t, {
      method: 'POST',
      url: '/api/auth/login',
      payload: {
        type: 'username',
        username: mobile[1],
        password: 'Fresh12345',
        countryDialingCode: mobile[0],
      },
    });
    expect(login.status).toBe(200);
    expect(login.body.value.userName).toBe('smslogin1');
  });

  it('a wrong code, or a code sent for another purpose, answers 400 sms_code_wrong', async () => {
    const mobile = nextMobile();
    const m = await createMember(t, { mobile, password: 'OldPass123' });
    const code = await codeFor(m.merchant_id, mobile);
    const wrong = await setBySms(mobile, code === '000000' ? '111111' : '000000', 'Fresh12345');
    expect(wrong.status).toBe(400);
    expect((wrong.body as Err).code).toBe('sms_code_wrong');

    const loginCode = await codeFor(m.merchant_id, mobile, 'login');
    const other = await setBySms(mobile, loginCode, 'Fresh12345');
    expect(other.status).toBe(400);
    expect((other.body as Err).code).toBe('sms_code_wrong');
    expect(await passwordIs(t, m.id, 'OldPass123')).toBe(true);
  });

  it('an expired code answers sms_code_wrong', async () => {
    const mobile = nextMobile();
    const m = await createMember(t, { mobile });
    const code = await codeFor(m.merchant_id, mobile);
    t.clock.advance(5 * 60_000 + 1);
    expect(((await setBySms(mobile, code, 'Fresh12345')).body as Err).code).toBe('sms_code_wrong');
  });

  it('AUTH-041 the old password again answers modify.new.old.same, and the code still works', async () => {
    const mobile = nextMobile();
    const m = await createMember(t, { mobile, password: 'OldPass123' });
    const code = await codeFor(m.merchant_id, mobile);
    const same = await setBySms(mobile, code, 'OldPass123');
    expect(same.status).toBe(400);
    expect((same.body as Err).code).toBe('modify.new.old.same');
    // The user only retypes the password (the web keeps the code field).
    const res = await setBySms(mobile, code, 'Fresh12345');
    expect(res.status).toBe(200);
    expect(await passwordIs(t, m.id, 'Fresh12345')).toBe(true);
  });

  it('a number without a member answers like a wrong code', async () => {
    const mobile = nextMobile();
    const bystander = await createMember(t);
    const code = await codeFor(bystander.merchant_id, mobile);
    const res = await setBySms(mobile, code, 'Fresh12345');
    expect(res.status).toBe(400);
    expect((res.body as Err).code).toBe('sms_code_wrong');
  });

  it("the new password must pass the merchant's rule (400 password_format); the code is kept", async () => {
    const mobile = nextMobile();
    const m = await createMember(t, { mobile });
    const code = await codeFor(m.merchant_id, mobile);
    const weak = await setBySms(mobile, code, 'weak');
    expect(weak.status).toBe(400);
    expect((weak.body as Err).code).toBe('password_format');
    expect((await setBySms(mobile, code, 'Fresh12345')).status).toBe(200);
  });

  it('a code of merchant A does not work at merchant B', async () => {
    const mobile = nextMobile();
    const m = await createMember(t, { mobile, password: 'OldPass123' });
    const code = await codeFor(m.merchant_id, mobile);
    const luzon = await t.ctx.db
      .selectFrom('merchant')
      .select('settings')
      .where('code', '=', 'luzon')
      .executeTakeFirstOrThrow();
    const withPhone = JSON.stringify({ ...luzon.settings, passwordResetByPhone: true });
    await t.ctx.db.updateTable('merchant').set({ settings: withPhone }).where('code', '=', 'luzon').execute();
    try {
      const res = await setBySms(mobile, code, 'Fresh12345', { host: 'luzon.localhost' });
      expect(res.status).toBe(400);
      expect((res.body as Err).code).toBe('sms_code_wrong');
      expect(await passwordIs(t, m.id, 'OldPass123')).toBe(true);
    } finally {
      await t.ctx.db
        .updateTable('merchant')
        .set({ settings: JSON.stringify(luzon.settings) })
        .where('code', '=', 'luzon')
        .execute();
    }
  });

  it('a merchant without password reset by phone answers 403 reset_by_phone_disabled', async () => {
    const mobile = nextMobile();
    const m = await createMember(t, { merchant: 'luzon', mobile, password: 'OldPass123' });
    const code = await codeFor(m.merchant_id, mobile);
    const res = await setBySms(mobile, code, 'Fresh12345', { host: 'luzon.localhost' });
    expect(res.status).toBe(403);
    expect((res.body as Err).code).toBe('reset_by_phone_disabled');
    expect(await passwordIs(t, m.id, 'OldPass123')).toBe(true);
  });

  it('rate-limited per number', async () => {
    const mobile = nextMobile();
    await createMember(t, { mobile });
    for (let i = 0; i < PASSWORD_LIMITS.forgotSmsNumber.limit; i++) {
      expect((await setBySms(mobile, '123456', 'Fresh12345')).status).toBe(400);
    }
    const res = await setBySms(mobile, '123456', 'Fresh12345');
    expect(res.status).toBe(429);
    expect((res.body as Err).code).toBe('rate_limited');
  });

  it('rate-limited per IP', async () => {
    const send = () =>
      t.request<Err>({
        method: 'POST',
        url: URL,
        payload: {
          countryDialingCode: '+63',
          mobileNum: nextMobile()[1],
          verificationCode: '123456',
          newPassword: 'Fresh12345',
        },
        remoteAddress: '10.3.3.3',
      });
    for (let i = 0; i < PASSWORD_LIMITS.forgotSmsIp.limit; i++) expect((await send()).status).toBe(400);
    const res = await send();
    expect(res.status).toBe(429);
    expect(res.body.code).toBe('rate_limited');
  });

  it('bad input answers 400 validation_failed', async () => {
    for (const body of [
      {},
      {
        countryDialingCode: '63',
        mobileNum: '9171234567',
        verificationCode: '123456',
        newPassword: 'Fresh12345',
      },
      {
        countryDialingCode: '+63',
        mobileNum: '91712abc',
        verificationCode: '123456',
        newPassword: 'Fresh12345',
      },
      {
        countryDialingCode: '+63',
        mobileNum: '9171234567',
        verificationCode: '12ab',
        newPassword: 'Fresh12345',
      },
      { countryDialingCode: '+63', mobileNum: '9171234567', verificationCode: '123456', newPassword: '' },
      {
        countryDialingCode: '+63',
        mobileNum: '9171234567',
        verificationCode: '12345678901',
        newPassword: 'x1',
      },
    ]) {
      const res = await postJson(t, URL, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((res.body as Err).code).toBe('validation_failed');
    }
  });
});
