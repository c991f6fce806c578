import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { otpAt } from '../../server/src/modules/staff/staff-otp';
import type { Journey } from '../../../test/e2e/harness';

/**
 * Signs staff in at /admin/ in a journey: the password, then the authenticator — set up from the QR page
 * at a member of staff's first sign-in, its current code afterwards. Each journey keeps its staff's
 * authenticator secrets (one map per journey: they share one server).
 */
export function staffSignIn(j: Journey) {
  const secrets = new Map<string, string>();
  return async function signIn(
    page: Page,
    url: (p: string) => string,
    username: string,
    password = 'Staff1234',
  ): Promise<void> {
    await page.goto(url('/admin/'));
    await page.getByLabel('Username').fill(username);
    await page.getByLabel(/^Password/).fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    let secret = secrets.get(username);
    if (secret) {
      // A code works once. A person would wait for the authenticator's next code; the journeys, which
      // sign the same staff in again within seconds, forget the step last used instead (moving the
      // server's clock on would put it ahead of the browser's, whose sign-in request would then look
      // expired).
      await j.t.ctx.db
        .updateTable('staff_account')
        .set({ totp_last_step: null })
        .where('member_id', 'in', (qb) =>
          qb.selectFrom('member').select('id').where('username', '=', username),
        )
        .execute();
    } else {
      // First sign-in: the QR code and the key to type into the app.
      await page.getByRole('img', { name: /QR code/ }).waitFor();
      secret = (await page.getByTestId('otp-secret').textContent())!.replace(/\s/g, '');
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      secrets.set(username, secret);
    }
    const code = otpAt(secret, j.t.clock.now());
    const digits = page.locator('input[inputmode="numeric"]');
    await digits.first().waitFor();
    for (const [i, digit] of [...code].entries()) await digits.nth(i).fill(digit);
    await page.getByRole('button', { name: 'Verify and sign in' }).click();
    await page
      .getByRole('navigation', { name: 'Console' })
      .waitFor({ timeout: 10_000 })
      .catch(async (err: unknown) => {
        // Say what the sign-in page said instead.
        throw new Error(`${username} not signed in: ${await page.locator('body').innerText()}`, {
          cause: err,
        });
      });
  };
}
