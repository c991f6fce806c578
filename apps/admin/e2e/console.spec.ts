import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { otpAt } from '../../server/src/modules/staff/staff-otp';
import { readyPlayer, withdraw } from '../../server/src/modules/withdrawals/withdrawals.test-helpers';
import { describeViolations, seriousViolations } from '../../web/e2e/support/axe';
import {
  hasChromium,
  sessionStorageFor,
  signedInStorage,
  startJourney,
  type Journey,
} from '../../web/e2e/support/harness';

// The operator console (issue 20) in Chromium against the real server, at desktop (1440x900) and tablet
// (820x1180) sizes: staff sign in with a password and an authenticator code (set up at the first
// sign-in), work the cashier queues, and the member site shows what they decided.

const DESKTOP = { width: 1440, height: 900 };
const TABLET = { width: 820, height: 1180 };
const SOON = { timeout: 10_000 };

describe.skipIf(!hasChromium)('operator console journeys', () => {
  let j: Journey;
  beforeAll(async () => {
    j = await startJourney();
  });
  afterAll(async () => {
    await j?.close();
  });
  beforeEach(() => {
    // The authenticator's codes follow the real clock, as the browser's do.
    j.t.clock.set(new Date());
  });

  /** Signs in at /admin/ as a seeded staff member: password, then the authenticator set up from the QR page. */
  async function signIn(page: Page, url: (p: string) => string, username: string): Promise<void> {
    await page.goto(url('/admin/'));
    await page.getByLabel('Username').fill(username);
    await page.getByLabel(/^Password/).fill('Staff1234');
    await page.getByRole('button', { name: 'Sign in' }).click();
    // First sign-in: the QR code and the key to type into the app.
    await page.getByRole('img', { name: /QR code/ }).waitFor();
    const secret = (await page.getByTestId('otp-secret').textContent())!.replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const code = otpAt(secret, j.t.clock.now());
    for (const [i, digit] of [...code].entries()) {
      await page.getByRole('textbox').and(page.locator('input[inputmode="numeric"]')).nth(i).fill(digit);
    }
    await page.getByRole('button', { name: 'Verify and sign in' }).click();
    await page.getByRole('navigation', { name: 'Console' }).waitFor();
  }

  it('ops01 signs in with a code, confirms a bank deposit the member just made; the member’s balance changes', async () => {
    // The member makes a bank transfer deposit on the member site.
    const { storage } = await signedInStorage(j, { username: 'conbank01' });
    const member = await j.newPage({ storage });
    await member.page.goto(member.url('/m/voucherCenter'));
    await member.page.getByTestId('deposit-screen').waitFor();
    await member.page.getByTestId('deposit-method-BANK').click();
    await member.page.locator('[data-testid^="deposit-bank-account-"]').first().check();
    await member.page.getByTestId('deposit-amount').fill('750');
    await member.page.getByTestId('deposit-reference').fill('BDO-CONSOLE-1');
    await member.page.getByTestId('deposit-payer-name').fill('Con Bank');
    await member.page.getByTestId('deposit-submit').click();
    await member.page.getByTestId('deposit-pending').waitFor();

    const { page, url } = await j.newPage({ viewport: DESKTOP });
    await signIn(page, url, 'ops01');
    expect(Number(await page.getByTestId('queue-deposits').textContent())).toBeGreaterThanOrEqual(1);
    let axe = await seriousViolations(page);
    expect(axe, describeViolations(axe)).toEqual([]);

    await page.getByRole('link', { name: 'Deposits' }).click();
    const row = page.getByRole('row').filter({ hasText: 'conbank01' });
    await row.waitFor();
    expect(await row.textContent()).toContain('750.00');
    expect(await row.textContent()).toContain('BDO-CONSOLE-1');
    axe = await seriousViolations(page);
    expect(axe, describeViolations(axe)).toEqual([]);
    await row.getByRole('button', { name: /^Confirm deposit/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('750.00');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText(/confirmed and credited/).waitFor();
    // Now it is paid: it left the pending queue.
    await expect.poll(() => page.getByRole('row').filter({ hasText: 'conbank01' }).count(), SOON).toBe(0);

    await member.page.reload();
    await expect
      .poll(() => member.page.getByTestId('header-balance').textContent(), SOON)
      .toContain('750.00');
    // The decision is in the audit log with who made it.
    await page.getByRole('link', { name: 'Audit log' }).click();
    await page.getByRole('row').filter({ hasText: 'deposit.approve' }).first().waitFor();
  });

  it('finance01 on a tablet rejects a withdrawal with a reason the member then reads in mail', async () => {
    const p = await readyPlayer(j.t, { balance: 90_000n, cardNumber: '4111555566667777' });
    const w = await withdraw(j.t, p, { cardId: p.card.id, amount: '400.00' });
    expect(w.status).toBe(200);

    const { page, url } = await j.newPage({ viewport: TABLET });
    await signIn(page, url, 'finance01');
    await page.getByRole('link', { name: 'Withdrawals' }).click();
    const row = page.getByRole('row').filter({ hasText: p.member.username });
    await row.waitFor();
    // Finance sees the full card number to pay out.
    expect(await row.textContent()).toContain('4111555566667777');
    const axe = await seriousViolations(page);
    expect(axe, describeViolations(axe)).toEqual([]);
    await row.getByRole('button', { name: /^Reject withdrawal/ }).click();
    const dialog = page.getByRole('dialog');
    // A refusal needs its reason.
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await dialog.getByText(/at least 3 characters/).waitFor();
    await dialog.getByLabel('Reason').fill('The payee name does not match the card holder');
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await page.getByText(/money is back in the wallet/).waitFor();

    const member = await j.newPage({ storage: sessionStorageFor(p.token, p.member) });
    await member.page.goto(member.url('/m/webEmail'));
    const first = member.page.getByTestId('mail-list').getByTestId('mail-item').first();
    await first.waitFor();
    await first.getByRole('button').first().click();
    await expect
      .poll(() => first.getByTestId('mail-content').textContent(), SOON)
      .toContain('The payee name does not match the card holder');
  });

  it('a support role sees no cashier: not in the navigation, the screen says so, and the server refuses it', async () => {
    const { page, url } = await j.newPage({ viewport: DESKTOP });
    await signIn(page, url, 'support01');
    const nav = page.getByRole('navigation', { name: 'Console' });
    expect(await nav.getByRole('link', { name: 'Deposits' }).count()).toBe(0);
    expect(await nav.getByRole('link', { name: 'Withdrawals' }).count()).toBe(0);
    await page.goto(url('/admin/cashier/deposits'));
    await page.getByRole('heading', { name: 'Not available to your role' }).waitFor();
    const token = await page.evaluate(() => sessionStorage.getItem('panalo.console.token'));
    const res = await fetch(url('/api/ops/deposits'), { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { code: string }).code).toBe('no_permission');
  });
});
