import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRemoteJWKSet, decodeJwt, exportJWK, generateKeyPair, SignJWT } from 'jose';
import type { SessionValue } from '@panalo/contract/auth';
import type { StartupBundle } from '@panalo/contract/startup';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { newDevice } from '../../test-support/auth-client';
import {
  captchaFor,
  freshIp,
  fromIp,
  lastSmsCode,
  login,
  merchantId,
  newMobile,
  register,
  type Err,
  type Ok,
} from '../auth/auth.test-helpers';
import { REGISTER_IP_RULE } from '../auth/register.service';
import { PHONE_AUTH_SIM_URL } from './phone-auth-sim.routes';
import { e164, FIREBASE_ISSUER, verifyPhoneToken } from './phone-token';

// Issue 19 item 6: the phone-verification service (Firebase Authentication's phone sign-in). The client
// sends and checks the code at the service; the server accepts the ID token only when it is signed by the
// service's published keys, for the merchant's project, unexpired, with the phone number registering or
// logging in — once.

const PROJECT = 'panalo-demo';
const KEY = 'sim-panalo-key';
type IdToken = { idToken: string; phoneNumber: string };

describe('the phone-verification service', () => {
  let t: TestApp;
  let panalo: number;
  beforeAll(async () => {
    t = await createTestApp();
    panalo = await merchantId(t, 'panalo');
    const row = await t.ctx.db
      .selectFrom('merchant')
      .select('settings')
      .where('id', '=', panalo)
      .executeTakeFirstOrThrow();
    await t.ctx.db
      .updateTable('merchant')
      .set({
        settings: JSON.stringify({
          ...row.settings,
          phoneVerification: { projectId: PROJECT, apiKey: KEY, authUrl: PHONE_AUTH_SIM_URL },
        }),
      })
      .where('id', '=', panalo)
      .execute();
  });
  afterAll(async () => t.close());

  /** A registration as the form sends it: with the captcha panalo asks for. */
  async function reg(c: TestApp, payload: Record<string, unknown>) {
    const device = newDevice();
    return register(c, { ...payload, captcha: await captchaFor(c, device) }, { device });
  }

  /** What the browser does with the service: send a code, read it (the development outbox), sign in. */
  async function idTokenFor(dial: string, mobile: string): Promise<IdToken> {
    const phoneNumber = e164(dial, mobile);
    const sent = await t.request<{ sessionInfo: string }>({
      method: 'POST',
      url: `${PHONE_AUTH_SIM_URL}/v1/accounts:sendVerificationCode?key=${KEY}`,
      payload: { phoneNumber },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const code = await lastSmsCode(t, panalo, `${dial} ${mobile.replace(/^0+/, '')}`);
    const signedIn = await t.request<IdToken>({
      method: 'POST',
      url: `${PHONE_AUTH_SIM_URL}/v1/accounts:signInWithPhoneNumber?key=${KEY}`,
      payload: { sessionInfo: sent.body.sessionInfo, code },
    });
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    return signedIn.body;
  }

  it('AUTH-015 the startup bundle names the service; the issuer speaks its protocol and signs its claims', async () => {
    const bundle = await t.request<Ok<StartupBundle>>({ method: 'GET', url: '/api/startup' });
    expect(bundle.body.value.info.register.phoneVerification).toEqual({
      authUrl: PHONE_AUTH_SIM_URL,
      apiKey: KEY,
    });
    const mobile = newMobile();
    const { idToken, phoneNumber } = await idTokenFor('+63', mobile);
    expect(phoneNumber).toBe(`+63${mobile}`);
    expect(decodeJwt(idToken)).toMatchObject({
      iss: `${FIREBASE_ISSUER}${PROJECT}`,
      aud: PROJECT,
      phone_number: `+63${mobile}`,
      firebase: { sign_in_provider: 'phone' },
    });
    // A wrong code, an unknown key: refused in the service's own error shape.
    const sent = await t.request<{ sessionInfo: string }>({
      method: 'POST',
      url: `${PHONE_AUTH_SIM_URL}/v1/accounts:sendVerificationCode?key=${KEY}`,
      payload: { phoneNumber },
    });
    const wrong = await t.request<{ error: { message: string } }>({
      method: 'POST',
      url: `${PHONE_AUTH_SIM_URL}/v1/accounts:signInWithPhoneNumber?key=${KEY}`,
      payload: { sessionInfo: sent.body.sessionInfo, code: '000000x' },
    });
    expect([wrong.status, wrong.body.error.message]).toEqual([400, 'INVALID_CODE']);
    const badKey = await t.request<{ error: { message: string } }>({
      method: 'POST',
      url: `${PHONE_AUTH_SIM_URL}/v1/accounts:sendVerificationCode?key=nope`,
      payload: { phoneNumber },
    });
    expect(badKey.body.error.message).toBe('API_KEY_INVALID');
  });

  it('the token is checked against the published keys fetched over HTTP: issuer, audience, expiry, provider, signature', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as { port: number }).port;
    const keys = createRemoteJWKSet(new URL(`http://127.0.0.1:${port}${PHONE_AUTH_SIM_URL}/jwks`));
    const cfg = { projectId: PROJECT, apiKey: KEY, authUrl: PHONE_AUTH_SIM_URL };
    const { idToken, phoneNumber } = await idTokenFor('+63', newMobile());
    expect(await verifyPhoneToken(keys, cfg, idToken, t.clock)).toMatchObject({ phoneNumber });

    const reason = (p: Promise<unknown>) =>
      p.then(
        () => 'accepted',
        (e: { value?: { reason?: string } }) => e.value?.reason ?? 'thrown',
      );
    // Another project's token, an expired one.
    expect(
      await reason(verifyPhoneToken(keys, { ...cfg, projectId: 'other-project' }, idToken, t.clock)),
    ).toMatch(/ERR_JWT_CLAIM_VALIDATION_FAILED/);
    const later = { now: () => new Date(t.clock.now().getTime() + 2 * 3600_000) };
    expect(await reason(verifyPhoneToken(keys, cfg, idToken, later as never))).toBe('ERR_JWT_EXPIRED');
    // Same claims signed by a key the service never published; and an unsigned (emulator-style) token.
    const { privateKey, publicKey } = await generateKeyPair('RS256');
    const forged = await new SignJWT({ ...decodeJwt(idToken) })
      .setProtectedHeader({ alg: 'RS256', kid: (await exportJWK(publicKey)).kid ?? 'forged' })
      .sign(privateKey);
    expect(await reason(verifyPhoneToken(keys, cfg, forged, t.clock))).toBe('ERR_JWKS_NO_MATCHING_KEY');
    const [h, b] = idToken.split('.');
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${b}.`;
    expect(await reason(verifyPhoneToken(keys, cfg, none, t.clock))).not.toBe('accepted');
    expect(h).toBeTruthy();
  });

  it('API-015 registration by mobile carries firebaseChannel and firebaseIdToken; the token must prove that number, once', async () => {
    const c = freshIp(t);
    const mobile = newMobile();
    const { idToken } = await idTokenFor('+63', mobile);
    const base = {
      mode: 'mobile',
      countryDialingCode: '+63',
      mobileNum: mobile,
      password: 'Secret123',
      confirmPassword: 'Secret123',
    };
    // Without the token, or with another number's token: refused, nothing written.
    const without = await reg(c, base);
    expect((without.body as Err).code).toBe('validation_failed');
    const other = await idTokenFor('+63', newMobile());
    const mismatch = await reg(c, { ...base, firebaseChannel: 'sms', firebaseIdToken: other.idToken });
    expect([mismatch.status, (mismatch.body as Err).code, (mismatch.body as Err).value]).toEqual([
      400,
      'phone_verification_failed',
      { reason: 'other_number' },
    ]);
    const ok = await reg(c, { ...base, firebaseChannel: 'sms', firebaseIdToken: idToken });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect((ok.body as Ok<SessionValue>).value.userName).toBe(mobile);
    const row = await t.ctx.db
      .selectFrom('member')
      .select(['country_dialing_code', 'mobile_num'])
      .where('username', '=', mobile)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ country_dialing_code: '+63', mobile_num: mobile });
    // Once: the number is freed (the member's mobile changed), so that it is not taken any more; the
    // same token for the same number, within its hour, is refused by the replay rule alone
    // (reason token_used), and no second account is made.
    await t.ctx.db
      .updateTable('member')
      .set({ mobile_num: newMobile() })
      .where('username', '=', mobile)
      .execute();
    const replay = await reg(c, { ...base, firebaseChannel: 'sms', firebaseIdToken: idToken });
    expect([replay.status, (replay.body as Err).code, (replay.body as Err).value]).toEqual([
      400,
      'phone_verification_failed',
      { reason: 'token_used' },
    ]);
    expect(
      await t.ctx.db
        .selectFrom('member')
        .select('id')
        .where('country_dialing_code', '=', '+63')
        .where('mobile_num', '=', mobile)
        .execute(),
    ).toEqual([]);
    // A new token for the same number registers it (the number itself is free).
    const fresh = await idTokenFor('+63', mobile);
    const second = await reg(c, { ...base, firebaseChannel: 'sms', firebaseIdToken: fresh.idToken });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
  });

  it('a registration refused after its token was checked (too many from its address) leaves the token usable', async () => {
    const ip = '10.251.7.1';
    for (let i = 0; i < REGISTER_IP_RULE.limit; i++) await t.ctx.limits.hit(panalo, REGISTER_IP_RULE, ip);
    const mobile = newMobile();
    const { idToken } = await idTokenFor('+63', mobile);
    const body = {
      mode: 'mobile',
      countryDialingCode: '+63',
      mobileNum: mobile,
      password: 'Secret123',
      confirmPassword: 'Secret123',
      firebaseChannel: 'sms',
      firebaseIdToken: idToken,
    };
    const limited = await reg(fromIp(t, ip), body);
    expect([limited.status, (limited.body as Err).code]).toEqual([429, 'rate_limited']);
    const ok = await reg(freshIp(t), body);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    // Used now: once more is refused.
    await t.ctx.db
      .updateTable('member')
      .set({ mobile_num: newMobile() })
      .where('username', '=', mobile)
      .execute();
    const replay = await reg(freshIp(t), body);
    expect((replay.body as Err).value).toEqual({ reason: 'token_used' });
  });

  it('API-004 a firebase login carries firebaseChannel, firebaseIdToken, firebaseMobileNo and countryDialingCode; a token logs in once', async () => {
    const c = freshIp(t);
    const mobile = newMobile();
    const first = await idTokenFor('+63', mobile);
    const base = {
      mode: 'mobile',
      countryDialingCode: '+63',
      mobileNum: mobile,
      password: 'Secret123',
      confirmPassword: 'Secret123',
    };
    expect((await reg(c, { ...base, firebaseChannel: 'sms', firebaseIdToken: first.idToken })).status).toBe(
      200,
    );

    const { idToken } = await idTokenFor('+63', mobile);
    const payload = {
      type: 'firebase',
      firebaseChannel: 'sms',
      firebaseIdToken: idToken,
      firebaseMobileNo: mobile,
      countryDialingCode: '+63',
    };
    const res = await login(c, payload);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((res.body as Ok<SessionValue>).value.userName).toBe(mobile);
    // Replayed: a failed login, like a wrong SMS code.
    const replay = await login(c, payload);
    expect([replay.status, (replay.body as Err).code]).toEqual([401, 'login_failed']);
    // Another number's token for this number: refused the same way.
    const other = await idTokenFor('+63', newMobile());
    // (after a failure this number's next login needs the captcha, as any login does)
    const device = newDevice();
    const wrong = await login(
      c,
      { ...payload, firebaseIdToken: other.idToken, captcha: await captchaFor(c, device) },
      { device },
    );
    expect((wrong.body as Err).code).toBe('login_failed');
    // Without the channel: the request is incomplete.
    expect((await login(c, { ...payload, firebaseChannel: undefined })).status).toBe(400);
  });

  it('a merchant without the service refuses the firebase login type', async () => {
    const res = await login(
      freshIp(t),
      {
        type: 'firebase',
        firebaseChannel: 'sms',
        firebaseIdToken: 'x',
        firebaseMobileNo: '9170000000',
        countryDialingCode: '+63',
      },
      { host: 'luzon.localhost' },
    );
    expect([res.status, (res.body as Err).code]).toEqual([403, 'login_method_disabled']);
  });
});
