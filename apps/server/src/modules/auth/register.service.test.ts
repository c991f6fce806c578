import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionValue } from '@panalo/contract/auth';
import type { MemberInfo } from '@panalo/contract/member';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { bearer } from '../../test-support/members';
import { newDevice } from '../../test-support/auth-client';
import {
  MEMBER_MOBILE_CONSTRAINT,
  MEMBER_USERNAME_CONSTRAINT,
  membersRepository,
  uniqueViolation,
} from '../identity/members.repository';
import { verifyPassword } from '../identity/passwords';
import {
  captchaFor,
  freshIp,
  lastSmsCode,
  login,
  memberCount,
  newMobile,
  newUsername,
  register,
  requestSmsCode,
  type Err,
  type Ok,
} from './auth.test-helpers';
import { itRaces } from '../../test-support/races';

const LUZON = { host: 'luzon.localhost' };

describe('registration by username (API-006/007/013, VALID, ERR-001/014/017)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const memberRow = (username: string) =>
    t.ctx.db
      .selectFrom('member')
      .selectAll()
      .where('username', '=', username.toLowerCase())
      .executeTakeFirst();

  /** A complete panalo registration (captcha solved) from a fresh address. */
  async function panalo(fields: Record<string, unknown>, device = newDevice()) {
    const c = freshIp(t);
    const captcha = await captchaFor(c, device);
    return register(c, { captcha, ...fields }, { device });
  }

  it('API-006 API-007 API-013 an encrypted PUT registers, stores every field and answers a logged-in session', async () => {
    const username = newUsername('Ana');
    const mobile = newMobile();
    const res = await panalo({
      registerMethod: 'PWA',
      registerUrl: 'panalo.localhost',
      domain: 'promo.panalo.localhost',
      username,
      password: 'Secret123',
      confirmPassword: 'Secret123',
      countryDialingCode: '+63',
      mobileNum: mobile,
      email: 'ana@example.com',
      affiliateCode: 'PANALO88',
      nickname: 'ignored because the rule is off',
    });
    expect(res.status).toBe(200);
    const v = (res.body as Ok<SessionValue>).value;
    expect(v).toMatchObject({
      userName: username.toLowerCase(),
      customerType: 0,
      firstTimeLogin: true,
      merchantCode: 'panalo',
    });
    const info = await t.request<Ok<MemberInfo>>({
      method: 'GET',
      url: '/api/members/me',
      headers: bearer(v.token),
    });
    expect(info.body.value.account).toBe(username.toLowerCase());

    const row = (await memberRow(username))!;
    const agent = (await memberRow('agent01'))!;
    expect(row).toMatchObject({
      type: 0,
      email: 'ana@example.com',
      country_dialing_code: '+63',
      mobile_num: mobile,
      nickname: null,
      upline_id: agent.id,
      register_method: 'PWA',
      register_url: 'panalo.localhost',
      register_domain: 'promo.panalo.localhost',
      register_ip: expect.stringMatching(/^10\./),
      first_time_login: false,
    });
    // The invitation code puts the new member in the agent's team (issue 16: the downline tree).
    expect(row.path).toBe(`${agent.path}${row.id}/`);
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    // The wallet opens with the member (members.repository), empty, in the merchant's currency.
    const wallets = await t.ctx.db
      .selectFrom('ledger_account')
      .select(['book', 'currency', 'balance', 'allow_negative'])
      .where('owner_member_id', '=', row.id)
      .where('kind', '=', 'member_wallet')
      .execute();
    expect(wallets).toEqual([{ book: 'real', currency: 'PHP', balance: 0n, allow_negative: false }]);
    expect(await verifyPassword(row.password_hash, 'Secret123')).toBe(true);
    // The new member can log in with the password they chose.
    const again = await login(freshIp(t), { type: 'username', username, password: 'Secret123' });
    expect((again.body as Ok<SessionValue>).value.firstTimeLogin).toBe(false);
  });

  it('ERR-017 a username already taken (in any case) answers 409 username_taken; a mobile taken 409 mobile_taken', async () => {
    const before = await memberCount(t);
    const dup = await panalo({ username: 'DEMO01', password: 'Secret123', confirmPassword: 'Secret123' });
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({ code: 'username_taken', message: 'Sorry, the username already exists' });
    const mob = await panalo({
      username: newUsername('Mob'),
      password: 'Secret123',
      confirmPassword: 'Secret123',
      countryDialingCode: '+63',
      mobileNum: '9171234567',
    });
    expect(mob.status).toBe(409);
    expect((mob.body as Err).code).toBe('mobile_taken');
    expect(await memberCount(t)).toBe(before);
  });

  it('ERR-001 ERR-014 an invitation code that is not an active agent’s answers affiliate_invalid', async () => {
    const before = await memberCount(t);
    await t.ctx.db
      .updateTable('member')
      .set({ affiliate_code: 'PLAYER77' })
      .where('username', '=', 'demo01')
      .execute();
    for (const affiliateCode of ['NOPE1234', 'PLAYER77']) {
      const res = await panalo({
        username: newUsername('Aff'),
        password: 'Secret123',
        confirmPassword: 'Secret123',
        affiliateCode,
      });
      expect(res.status).toBe(400);
      expect((res.body as Err).code).toBe('affiliate_invalid');
    }
    // Another merchant's agent code is unknown here.
    const luzon = await register(
      freshIp(t),
      {
        username: newUsername('Aff'),
        password: 'Secret123',
        confirmPassword: 'Secret123',
        affiliateCode: 'PANALO88',
      },
      LUZON,
    );
    expect((luzon.body as Err).code).toBe('affiliate_invalid');
    expect(await memberCount(t)).toBe(before);
    await t.ctx.db
      .updateTable('member')
      .set({ affiliate_code: null })
      .where('username', '=', 'demo01')
      .execute();
  });

  it('VALID-001 VALID-002 VALID-005 each field is checked on the server; nothing is written on failure', async () => {
    const before = await memberCount(t);
    const ok = { username: newUsername('Val'), password: 'Secret123', confirmPassword: 'Secret123' };
    const cases: [Record<string, unknown>, string, string | undefined][] = [
      [{ ...ok, username: '9abc' }, 'validation_failed', 'username'],
      [{ ...ok, username: undefined }, 'validation_failed', 'username'],
      [{ ...ok, password: 'short', confirmPassword: 'short' }, 'validation_failed', 'password'],
      [{ ...ok, confirmPassword: 'Secret124' }, 'confirm_mismatch', undefined],
      [{ ...ok, email: 'not-mail' }, 'validation_failed', 'email'],
      [{ ...ok, mobileNum: '12', countryDialingCode: '+63' }, 'validation_failed', 'mobileNum'],
      [
        { ...ok, mobileNum: '9170000000', countryDialingCode: '+1' },
        'validation_failed',
        'countryDialingCode',
      ],
    ];
    for (const [fields, code, field] of cases) {
      const res = await register(freshIp(t), fields, LUZON);
      expect(res.status, JSON.stringify(fields)).toBe(400);
      expect((res.body as Err).code).toBe(code);
      if (field) expect((res.body as Err).value).toMatchObject({ field });
    }
    expect(await memberCount(t)).toBe(before);
  });

  it('API-013 bad payloads (type not 0, wrong types, missing method, junk, replay) are 4xx with a key, never 500', async () => {
    const before = await memberCount(t);
    const ok = { username: newUsername('Bad'), password: 'Secret123', confirmPassword: 'Secret123' };
    for (const fields of [
      { ...ok, type: 1 },
      { ...ok, username: 7 },
      { ...ok, registerMethod: 'DESKTOP' },
      { ...ok, mode: 'email' },
    ]) {
      const res = await register(freshIp(t), fields, LUZON);
      expect(res.status).toBe(400);
      expect((res.body as Err).code).toBe('validation_failed');
    }
    const junk = await freshIp(t).request<Err>({
      method: 'PUT',
      url: '/api/auth/register',
      headers: LUZON,
      payload: ok,
    });
    expect(junk.status).toBe(400);
    expect(junk.body.code).toBe('envelope_invalid');
    const notJson = await freshIp(t).request<Err>({
      method: 'PUT',
      url: '/api/auth/register',
      headers: { ...LUZON, 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(notJson.status).toBeGreaterThanOrEqual(400);
    expect(notJson.status).toBeLessThan(500);
    expect(await memberCount(t)).toBe(before);
  });

  it('VALID-007 the captcha is required where enabled (panalo), wrong answers refused, not asked where off (luzon)', async () => {
    const before = await memberCount(t);
    const fields = { username: newUsername('Cap'), password: 'Secret123', confirmPassword: 'Secret123' };
    const missing = await register(freshIp(t), fields);
    expect((missing.body as Err).code).toBe('captcha_required');
    const device = newDevice();
    const c = freshIp(t);
    const right = await captchaFor(c, device);
    const wrong = await register(c, { ...fields, captcha: right === '1111' ? '2222' : '1111' }, { device });
    expect((wrong.body as Err).code).toBe('captcha_wrong');
    expect(await memberCount(t)).toBe(before);
    expect((await register(freshIp(t), fields, LUZON)).status).toBe(200);
  });

  it('flags: username registration needs USERNAMEREG3, mobile registration MOBILENUMREG3', async () => {
    const res = await register(
      freshIp(t),
      { mode: 'mobile', countryDialingCode: '+63', mobileNum: newMobile(), verificationCode: '123456' },
      LUZON,
    );
    expect(res.status).toBe(403);
    expect((res.body as Err).code).toBe('register_method_disabled');
    const luzon = await t.ctx.db
      .selectFrom('merchant')
      .select('whitelabel')
      .where('code', '=', 'luzon')
      .executeTakeFirstOrThrow();
    const setFlags = (flags: object) =>
      t.ctx.db
        .updateTable('merchant')
        .set({ whitelabel: JSON.stringify(flags) })
        .where('code', '=', 'luzon')
        .execute();
    await setFlags({ ...luzon.whitelabel, USERNAMEREG3: false });
    try {
      const before = await memberCount(t);
      const off = await register(
        freshIp(t),
        { username: newUsername('Off'), password: 'Secret123', confirmPassword: 'Secret123' },
        LUZON,
      );
      expect(off.status).toBe(403);
      expect((off.body as Err).code).toBe('register_method_disabled');
      expect(await memberCount(t)).toBe(before);
    } finally {
      await setFlags(luzon.whitelabel);
    }
  });

  it('a duplicate that slips past the availability check is stopped by the unique index, and recognised', async () => {
    const demo = (await memberRow('demo01'))!;
    const err = await membersRepository(t.ctx.db)
      .insert({ merchant_id: demo.merchant_id, username: 'Demo01', password_hash: 'x' })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(uniqueViolation(err)).toBe(MEMBER_USERNAME_CONSTRAINT);
    const err2 = await membersRepository(t.ctx.db)
      .insert({
        merchant_id: demo.merchant_id,
        username: newUsername('Dup'),
        password_hash: 'x',
        country_dialing_code: '+63',
        mobile_num: '9171234567',
      })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(uniqueViolation(err2)).toBe(MEMBER_MOBILE_CONSTRAINT);
    expect(uniqueViolation(new Error('other'))).toBeNull();
  });

  it('ROLE-017 with REGMOBVERF3 a username registration needs the mobile number and its SMS code', async () => {
    const panaloFlags = await t.ctx.db
      .selectFrom('merchant')
      .select('whitelabel')
      .where('code', '=', 'panalo')
      .executeTakeFirstOrThrow();
    await t.ctx.db
      .updateTable('merchant')
      .set({ whitelabel: JSON.stringify({ ...panaloFlags.whitelabel, REGMOBVERF3: true }) })
      .where('code', '=', 'panalo')
      .execute();
    try {
      const username = newUsername('Verf');
      const mobile = newMobile();
      const base = { username, password: 'Secret123', confirmPassword: 'Secret123' };
      const noMobile = await panalo(base);
      expect((noMobile.body as Err).value).toMatchObject({ field: 'mobileNum' });
      const withMobile = { ...base, countryDialingCode: '+63', mobileNum: mobile };
      const noCode = await panalo(withMobile);
      expect((noCode.body as Err).value).toMatchObject({ field: 'verificationCode' });
      const wrong = await panalo({ ...withMobile, verificationCode: '000000' });
      expect((wrong.body as Err).code).toBe('sms_code_wrong');

      expect(
        (
          await requestSmsCode(freshIp(t), {
            countryDialingCode: '+63',
            mobileNo: mobile,
            purpose: 'register',
          })
        ).status,
      ).toBe(200);
      const merchant = (await memberRow('demo01'))!.merchant_id;
      const code = await lastSmsCode(t, merchant, `+63 ${mobile}`);
      const res = await panalo({ ...withMobile, verificationCode: code });
      expect(res.status).toBe(200);
      expect((await memberRow(username))!.mobile_num).toBe(mobile);
    } finally {
      await t.ctx.db
        .updateTable('merchant')
        .set({ whitelabel: JSON.stringify(panaloFlags.whitelabel) })
        .where('code', '=', 'panalo')
        .execute();
    }
  });

  itRaces(
    'concurrent registrations of the same username: exactly one succeeds, the others get 409',
    async () => {
      const username = newUsername('Race');
      const results = await Promise.all(
        Array.from({ length: 6 }, () =>
          register(freshIp(t), { username, password: 'Secret123', confirmPassword: 'Secret123' }, LUZON),
        ),
      );
      const statuses = results.map((r) => r.status).sort();
      expect(statuses).toEqual([200, 409, 409, 409, 409, 409]);
      for (const r of results.filter((x) => x.status === 409))
        expect((r.body as Err).code).toBe('username_taken');
      const rows = await t.ctx.db
        .selectFrom('member')
        .select('id')
        .where('username', '=', username.toLowerCase())
        .execute();
      expect(rows).toHaveLength(1);
    },
  );

  it('per IP at most 10 registrations an hour', async () => {
    const c = freshIp(t);
    for (let i = 0; i < 10; i++) {
      const r = await register(
        c,
        { username: newUsername('Ip'), password: 'Secret123', confirmPassword: 'Secret123' },
        LUZON,
      );
      expect(r.status).toBe(200);
    }
    const before = await memberCount(t);
    const over = await register(
      c,
      { username: newUsername('Ip'), password: 'Secret123', confirmPassword: 'Secret123' },
      LUZON,
    );
    expect(over.status).toBe(429);
    expect((over.body as Err).code).toBe('rate_limited');
    expect(await memberCount(t)).toBe(before);
  });

  it('the answer is a session like login’s (AUTH-030/031 fields), usable at once', async () => {
    const res = await register(
      freshIp(t),
      { username: newUsername('Sess'), password: 'Secret123', confirmPassword: 'Secret123' },
      LUZON,
    );
    const v = res.body as Ok<SessionValue>;
    expect(Object.keys(v.value).sort()).toEqual([
      'customerType',
      'expiresAt',
      'firstTimeLogin',
      'merchantCode',
      'token',
      'userName',
    ]);
    const me = await t.request({
      method: 'GET',
      url: '/api/members/me',
      headers: { ...bearer(v.value.token), ...LUZON },
    });
    expect(me.status).toBe(200);
  });
});
