import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeViolations, seriousViolations } from '../../../test/e2e/axe';
import { hasChromium, signedInStorage, startJourney, type Journey } from '../../../test/e2e/harness';

// Issue 22: a member takes a 24-hour time-out from the security centre, is signed out, and a login
// during the time-out is refused with when it ends.

const SOON = { timeout: 10_000 };

describe.skipIf(!hasChromium)('safer play', () => {
  let j: Journey;
  beforeAll(async () => {
    j = await startJourney();
  });
  afterAll(async () => {
    await j?.close();
  });

  it('takes a 24-hour time-out, is logged out, and cannot log in until it ends', async () => {
    // The server's clock at the browser's, so that the login's envelope is fresh.
    j.t.clock.set(new Date());
    const { m, storage } = await signedInStorage(j, { password: 'Break12345' });
    const { page, url } = await j.newPage({ storage });
    await page.goto(url('/m/securityCenter'));
    await page.getByTestId('security-safer-play-link').click(SOON);
    await page.getByTestId('safer-play-screen').waitFor(SOON);
    await page.getByTestId('sp-timeout_24h').check();
    await page.getByTestId('sp-password').fill('Break12345');
    await page.getByTestId('sp-continue').click();
    expect(await page.getByTestId('sp-confirm').textContent()).toContain('cannot log in until');
    await page.getByTestId('sp-confirm-button').click();
    await page.waitForURL(/\/m\/login\?break=/, SOON);
    const notice = page.getByTestId('break-notice');
    await notice.waitFor(SOON);
    expect(await notice.textContent()).toMatch(/lasts until .*\d{4}/);
    // Every session of the member ended on the server (this context's storage is re-seeded on each load).
    const live = await j.t.ctx.db
      .selectFrom('member_session')
      .select('id')
      .where('member_id', '=', m.id)
      .where('revoked_at', 'is', null)
      .execute();
    expect(live).toEqual([]);

    // A new visit, a login with the right password: refused, with the end shown.
    const again = await j.newPage({ storage: { language: 'EN' } });
    await again.page.goto(again.url('/m/login'));
    await again.page.getByTestId('input-username').fill(m.username);
    await again.page.getByTestId('input-password').fill('Break12345');
    await again.page.getByTestId('login-submit').click();
    await again.page.getByTestId('break-notice').waitFor(SOON);
    expect(await again.page.getByTestId('break-notice').textContent()).toMatch(/lasts until/);
    expect(again.page.url()).toContain('/m/login');
    const row = await j.t.ctx.db
      .selectFrom('member')
      .select(['status', 'exclusion_kind'])
      .where('id', '=', m.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'self_excluded', exclusion_kind: 'timeout' });
  });

  it('sets a deposit limit, is refused above it with the limit and when it resets, raises it and must wait', async () => {
    j.t.clock.set(new Date());
    const { storage } = await signedInStorage(j, { username: 'limits01' });
    const { page, url } = await j.newPage({ storage });
    await page.goto(url('/m/saferPlay'));
    await page.getByTestId('sp-limit-deposit-day-input').fill('500');
    await page.getByTestId('sp-limit-deposit-day-save').click();
    await expect
      .poll(() => page.getByTestId('sp-limit-deposit-day-now').textContent(), SOON)
      .toContain('500.00');

    await page.goto(url('/m/voucherCenter'));
    await page.getByTestId('deposit-screen').waitFor(SOON);
    await page.getByTestId('deposit-method-BANK').click();
    await page.locator('[data-testid^="deposit-bank-account-"]').first().check();
    await page.getByTestId('deposit-amount').fill('600');
    await page.getByTestId('deposit-reference').fill('BDO-1');
    await page.getByTestId('deposit-payer-name').fill('Limits One');
    await page.getByTestId('deposit-submit').click();
    const refusal = page.getByText(/24-hour deposit limit of ₱500\.00/);
    await refusal.waitFor(SOON);

    // A raise waits 24 hours: the old limit holds and the page says from when it can be confirmed.
    await page.goto(url('/m/saferPlay'));
    await page.getByTestId('sp-limit-deposit-day-input').fill('5000');
    await page.getByTestId('sp-limit-deposit-day-save').click();
    const pending = page.getByTestId('sp-limit-deposit-day-pending');
    await pending.waitFor(SOON);
    expect(await pending.textContent()).toMatch(/Raise to ₱5,000\.00 can be confirmed from/);
    expect(await page.getByTestId('sp-limit-deposit-day-now').textContent()).toContain('500.00');
    expect(await page.getByTestId('sp-limit-deposit-day-confirm').count()).toBe(0);
  });

  it('sets a 15-minute reality check and sees it when the server says 15 minutes have been played', async () => {
    // The session begins at T on the server's (injected) clock; the page is opened at T + 15 min − 3 s.
    const begin = new Date();
    j.t.clock.set(begin);
    const { storage } = await signedInStorage(j, { username: 'reality01' });
    const { page, url } = await j.newPage({ storage });
    await page.goto(url('/m/saferPlay'));
    // The choice is saved as it is made; wait for the setting to be read before choosing.
    await page.locator('[data-testid="sp-reality"] fieldset:not([disabled])').waitFor(SOON);
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/protection/reality-check') && r.request().method() === 'PUT',
      SOON,
    );
    await page.getByTestId('sp-reality-15').check();
    await saved;
    await expect.poll(() => page.getByTestId('sp-reality-15').isChecked(), SOON).toBe(true);
    j.t.clock.set(new Date(begin.getTime() + 15 * 60_000 - 3_000));
    await page.goto(url('/m/home'));
    const dialog = page.getByTestId('reality-check');
    await dialog.waitFor({ timeout: 15_000 });
    expect(await dialog.textContent()).toMatch(/played for 15 min this session.*₱0\.00/);
    // The dialog open, with the page behind it: no serious or critical WCAG 2.1 A/AA violation (issue 23).
    const violations = await seriousViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    await page.getByTestId('reality-check-continue').click();
    expect(await dialog.count()).toBe(0);
  });
});
