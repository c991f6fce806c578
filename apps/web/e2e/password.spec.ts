import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutboxMessage } from '@panalo/contract/dev';
import { hasChromium, startJourney, type Journey } from '../../../test/e2e/harness';
import { bearer, createMember, sessionFor } from '../../server/src/test-support/members';
import { sealedRequest } from '../../server/src/test-support/auth-client';
import { verifyPassword } from '../../server/src/modules/identity/passwords';

describe.skipIf(!hasChromium)('passwords in Chromium', () => {
  let j: Journey;
  beforeAll(async () => {
    j = await startJourney();
    // The browser seals its login with the real time; the server must agree within ±120 s.
    j.t.clock.set(new Date());
  });
  afterAll(async () => j?.close());

  const passwordIs = async (memberId: bigint, password: string) => {
    const row = await j.t.ctx.db
      .selectFrom('member')
      .select('password_hash')
      .where('id', '=', memberId)
      .executeTakeFirstOrThrow();
    return verifyPassword(row.password_hash, password);
  };

  /** A session as the login screen leaves it in the browser (MC_SESSION_INFO), in English. */
  const signedIn = async (m: Awaited<ReturnType<typeof createMember>>) => ({
    language: 'EN',
    MC_SESSION_INFO: JSON.stringify({
      token: await sessionFor(j.t, m),
      merchantCode: 'panalo',
      userName: m.username,
      type: m.type,
      firstTimeLogin: false,
    }),
  });

  /** The development outbox over HTTP, as a tester's script would read it. */
  const outbox = async (recipient: string): Promise<OutboxMessage[]> => {
    const res = await fetch(`${j.baseUrl}/api/dev/outbox?recipient=${encodeURIComponent(recipient)}`);
    expect(res.status).toBe(200);
    return ((await res.json()) as { value: OutboxMessage[] }).value;
  };

  /** The real login endpoint, sealed as the browser seals it. */
  const canLogIn = async (username: string, password: string, countryDialingCode?: string) => {
    const res = await sealedRequest(j.t, {
      method: 'POST',
      url: '/api/auth/login',
      payload: {
        type: 'username',
        username,
        password,
        ...(countryDialingCode ? { countryDialingCode } : {}),
      },
    });
    return res.status === 200;
  };

  it('AUTH-055 AUTH-056 AUTH-060 a member changes the password and lands home; other sessions end', async () => {
    const m = await createMember(j.t, { username: 'chpass01', password: 'OldPass123' });
    const elsewhere = await sessionFor(j.t, m);
    const { page, url } = await j.newPage({ storage: await signedIn(m) });
    await page.goto(url('/m/changePsw'));
    await page.getByTestId('change-password-screen').waitFor();
    expect(await page.getByTestId('change-username').inputValue()).toBe('chpass01');
    await page.getByLabel('Old password').fill('OldPass123');
    await page.getByLabel('New password', { exact: true }).fill('NewPass456');
    await page.getByLabel('Confirm new password').fill('NewPass456');
    await page.getByRole('button', { name: 'Confirm' }).click();
    // The toast, as a screen reader hears it (the live region that reads toasts out).
    await page.getByTestId('live-polite').getByText('Change saved').waitFor({ state: 'attached' });
    await page.waitForURL(/\/m\/home$/);
    expect(await passwordIs(m.id, 'NewPass456')).toBe(true);
    // This browser stays signed in; the other session is gone.
    const me = (token: string) =>
      fetch(`${j.baseUrl}/api/members/me`, { headers: bearer(token) }).then((r) => r.status);
    const stored = await page.evaluate(() => localStorage.getItem('MC_SESSION_INFO'));
    expect(await me((JSON.parse(stored!) as { token: string }).token)).toBe(200);
    expect(await me(elsewhere)).toBe(401);
  });

  it('AUTH-054 ERR-008 the same password again only shows the dialog', async () => {
    const m = await createMember(j.t, { username: 'chpass02', password: 'OldPass123' });
    const { page, url } = await j.newPage({ storage: await signedIn(m) });
    await page.goto(url('/m/changePsw'));
    await page.getByLabel('Old password').fill('OldPass123');
    await page.getByLabel('New password', { exact: true }).fill('OldPass123');
    await page.getByLabel('Confirm new password').fill('OldPass123');
    await page.getByRole('button', { name: 'Confirm' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText('The new password and the old password cannot be the same').waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(page.url()).toContain('/m/changePsw');
  });

  it('MINE-003 AUTH-049 settings and change password send a visitor home', async () => {
    const { page, url } = await j.newPage({ storage: { language: 'EN' } });
    await page.goto(url('/m/set'));
    await page.waitForURL(/\/m\/home$/);
    await page.goto(url('/m/changePsw'));
    await page.waitForURL(/\/m\/home$/);
  });

  it('MINE-001 MINE-002 AUTH-064 settings: change password entry, and sign-out revokes the session', async () => {
    const m = await createMember(j.t, { username: 'settings01', password: 'OldPass123' });
    const storage = await signedIn(m);
    const token = (JSON.parse(storage.MC_SESSION_INFO) as { token: string }).token;
    const { page, url } = await j.newPage({ storage: { language: 'EN' } });
    // The session goes in once (an init script would put it back after the sign-out reload).
    await page.goto(url('/m/home'));
    await page.evaluate((v) => localStorage.setItem('MC_SESSION_INFO', v), storage.MC_SESSION_INFO);
    await page.goto(url('/m/set'));
    await page.getByRole('link', { name: 'Change password' }).click();
    await page.waitForURL(/\/m\/changePsw$/);
    await page.goBack();
    await page.getByTestId('settings-sign-out').click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(/\/m\/home$/);
    await page.waitForFunction(() => localStorage.getItem('MC_SESSION_INFO') === null);
    const me = await fetch(`${j.baseUrl}/api/members/me`, { headers: bearer(token) });
    expect(me.status).toBe(401);
  });

  it('recovers by e-mail: the link from the outbox sets a new password once', async () => {
    const m = await createMember(j.t, {
      username: 'mailrec01',
      email: 'mailrec01@example.com',
      password: 'OldPass123',
    });
    const { page, url } = await j.newPage({ storage: { language: 'EN' } });
    await page.goto(url('/m/forget'));
    await page.getByTestId('forget-by-email').click();
    await page.getByLabel('Account').fill('  mailrec01 ');
    await page.getByLabel('E-mail address').fill('MailRec01@example.com');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page
      .getByTestId('live-polite')
      .getByText('If the details match an account')
      .waitFor({ state: 'attached' });
    // AUTH-040: then back; opened directly, there is no page before it, so back is the login screen.
    await page.waitForURL(/\/m\/login$/);

    let link: string | undefined;
    for (let i = 0; i < 20 && !link; i++) {
      const [mail] = await outbox('mailrec01@example.com');
      link = /(http:\/\/\S+\/m\/resetPassword\?token=\S+)/.exec(mail?.body ?? '')?.[1];
      if (!link) await page.waitForTimeout(100);
    }
    expect(link).toBeDefined();
    expect(link!.startsWith(`http://localhost:${j.port}/`)).toBe(true);

    await page.goto(link!);
    await page.getByLabel('New password', { exact: true }).fill('Fresh12345');
    await page.getByLabel('Confirm new password').fill('Fresh12345');
    await page.getByRole('button', { name: 'Save password' }).click();
    await page.getByTestId('reset-done').waitFor();
    expect(await passwordIs(m.id, 'Fresh12345')).toBe(true);
    expect(await canLogIn('mailrec01', 'Fresh12345')).toBe(true);

    // Single use: the same link again is refused.
    await page.goto(link!);
    await page.getByLabel('New password', { exact: true }).fill('Other12345');
    await page.getByLabel('Confirm new password').fill('Other12345');
    await page.getByRole('button', { name: 'Save password' }).click();
    await page.getByTestId('reset-invalid').waitFor();
    expect(await passwordIs(m.id, 'Fresh12345')).toBe(true);
  });

  it('AUTH-043 recovers by SMS: the code from the outbox page sets the password, then logs in', async () => {
    const m = await createMember(j.t, {
      username: 'smsrec01',
      mobile: ['+63', '9175550101'],
      password: 'OldPass123',
    });
    const { page, context, url } = await j.newPage({ storage: { language: 'EN' } });
    await page.goto(url('/m/forget'));
    await page.getByTestId('forget-phone-form').waitFor();
    expect(await page.getByLabel('Verification code').isDisabled()).toBe(true);
    await page.getByLabel('Mobile number').fill('9175550101');
    await page.getByRole('button', { name: 'Get code' }).click();
    // The countdown of expiredMinutes x 60 s (panalo: 5 minutes) replaces the button's label.
    await page
      .getByTestId('forget-get-code')
      .getByText(/^\d+ s$/)
      .waitFor();
    expect(await page.getByTestId('forget-get-code').isDisabled()).toBe(true);

    // The development outbox page, in another tab, shows the SMS.
    const tab = await context.newPage();
    await tab.goto(url('/m/dev/outbox'));
    await tab.getByLabel('Recipient').fill('9175550101');
    await tab.getByRole('button', { name: 'Show' }).click();
    const sms = tab.getByTestId('outbox-message').first();
    await sms.getByText('verification code').waitFor();
    const code = /\b(\d{6})\b/.exec((await sms.textContent()) ?? '')?.[1];
    expect(code).toBeDefined();
    expect((await outbox('9175550101'))[0]?.body).toContain(code!);

    await page.getByLabel('Verification code').fill(code!);
    await page.getByLabel('New password', { exact: true }).fill('Fresh12345');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL(/\/m\/home$/);
    expect(await passwordIs(m.id, 'Fresh12345')).toBe(true);
    const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('MC_SESSION_INFO')))!) as {
      userName: string;
      token: string;
    };
    expect(stored.userName).toBe('smsrec01');
    const me = await fetch(`${j.baseUrl}/api/members/me`, { headers: bearer(stored.token) });
    expect(me.status).toBe(200);
  });
});
