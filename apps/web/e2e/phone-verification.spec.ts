import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PHONE_AUTH_SIM_URL } from '../../server/src/modules/phone-verification/phone-auth-sim.routes';
import { accountHelpers } from '../../../test/e2e/accounts';
import { hasChromium, startJourney, type Journey } from '../../../test/e2e/harness';

// Issue 19 item 6 in Chromium: panalo's SMS path through a phone-verification service speaking Firebase
// Authentication's protocol (here the development issuer): the browser sends and checks the code there,
// the server accepts the RS256 ID token it signs, checked against its published keys.

describe.skipIf(!hasChromium)('the phone-verification service', () => {
  let j: Journey;
  const { solveCaptcha, smsCode, session } = accountHelpers(() => j);
  beforeAll(async () => {
    j = await startJourney();
    const row = await j.t.ctx.db
      .selectFrom('merchant')
      .select(['id', 'settings'])
      .where('code', '=', 'panalo')
      .executeTakeFirstOrThrow();
    await j.t.ctx.db
      .updateTable('merchant')
      .set({
        settings: JSON.stringify({
          ...row.settings,
          phoneVerification: { projectId: 'panalo-demo', apiKey: 'demo-key', authUrl: PHONE_AUTH_SIM_URL },
        }),
      })
      .where('id', '=', row.id)
      .execute();
  });
  afterAll(async () => j?.close());
  beforeEach(() => j.t.clock.set(new Date()));

  it('AUTH-015 API-015 API-004 registers by mobile with the service’s code, then logs in by it', async () => {
    const mobile = `919${String(Date.now()).slice(-7)}`;
    const { page, url } = await j.newPage();
    const serviceCalls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/v1/accounts:')) serviceCalls.push(new URL(r.url()).pathname.split(':').pop()!);
    });
    await page.goto(url('/m/register'));
    await page.getByTestId('tab-mobile').click();
    await page.getByTestId('input-mobileNum').fill(mobile);
    await page.getByTestId('sms-send').click();
    await expect.poll(() => page.getByTestId('sms-send').getAttribute('data-phase')).toBe('countdown');
    expect(await page.getByTestId('sms-send').textContent()).toContain('60');
    await page.getByTestId('input-verificationCode').fill(await smsCode('panalo', `+63 ${mobile}`));
    await page.getByTestId('input-password').fill('Secret123');
    await page.getByTestId('input-confirmPassword').fill('Secret123');
    await page.getByTestId('input-captcha').fill(await solveCaptcha(page));
    const sent = page.waitForRequest((r) => r.url().endsWith('/api/auth/register'));
    await page.getByTestId('register-submit').click();
    await sent;
    await page.waitForURL(/\/m\/home$/);
    expect((await session(page))?.userName).toBe(mobile);
    expect(serviceCalls).toEqual(['sendVerificationCode', 'signInWithPhoneNumber']);
    const used = await j.t.ctx.db.selectFrom('phone_token_use').select('merchant_id').execute();
    expect(used.length).toBeGreaterThanOrEqual(1);

    const second = await j.newPage();
    await second.page.goto(second.url('/m/login'));
    await second.page.getByTestId('tab-sms').click();
    await second.page.getByTestId('input-mobileNum').fill(mobile);
    await second.page.getByTestId('sms-send').click();
    await expect.poll(() => second.page.getByTestId('sms-send').getAttribute('data-phase')).toBe('countdown');
    // The newest code for this number (the registration's was used).
    await new Promise((r) => setTimeout(r, 200));
    await second.page.getByTestId('input-messageCode').fill(await smsCode('panalo', `+63 ${mobile}`));
    await second.page.getByTestId('login-submit').click();
    await second.page.waitForURL(/\/m\/home$/);
    expect((await session(second.page))?.userName).toBe(mobile);
  });
});
