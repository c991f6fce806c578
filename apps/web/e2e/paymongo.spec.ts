import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, startJourney, type Journey } from '../../../test/e2e/harness';

// A deposit through PayMongo (issue 21), played by the demo PayMongo: the member picks GCash, the server
// opens a checkout session, the browser pays on PayMongo's checkout page (test mode), comes back to the
// deposit record, and the webhook's credit shows in the record and the header balance.
describe.skipIf(!hasChromium)('PayMongo deposits', () => {
  let j: Journey;
  beforeAll(async () => {
    j = await startJourney();
    // The login is sealed with the browser's time; record screens filter by the browser's dates.
    j.t.clock.set(new Date());
  });
  afterAll(async () => j?.close());

  it('WALLET-001 WALLET-004 demo01 deposits with GCash through the demo PayMongo and sees the credit', async () => {
    const { page, url } = await j.newPage({ storage: { language: 'EN' } });
    await page.goto(url('/m/login'));
    await page.getByTestId('login-screen').waitFor();
    await page.getByTestId('input-username').fill('demo01');
    await page.getByTestId('input-password').fill('Demo1234');
    await page.getByTestId('login-submit').click();
    await page.waitForURL(/\/m\/home$/);
    const balance = async () =>
      Number(((await page.getByTestId('header-balance').textContent()) ?? '').replace(/[^0-9.]/g, ''));
    await expect.poll(balance).toBeGreaterThan(0);
    const before = await balance();

    await page.goto(url('/m/voucherCenter'));
    await page.getByTestId('deposit-screen').waitFor();
    for (const code of ['GCASH', 'MAYA', 'QRPH', 'GRABPAY', 'CARD'])
      await page.getByTestId(`deposit-method-${code}`).waitFor();
    await page.getByTestId('deposit-method-GCASH').click();
    await page.getByTestId('deposit-amount').fill('500');
    await page.getByTestId('deposit-submit').click();

    // PayMongo's checkout page, on its own origin.
    await page.waitForURL(/\/checkout\/cs_[0-9a-f]+$/);
    await page.getByRole('heading', { name: 'Pay with GCash' }).waitFor();
    expect(await page.locator('dd.amount').textContent()).toBe('PHP 500.00');
    await page.getByRole('button', { name: 'Authorize test payment' }).click();

    await page.waitForURL(/\/m\/vouReport/);
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.getByTestId('deposit-list').waitFor();
          return page.getByTestId('record-status').first().getAttribute('data-status');
        },
        { timeout: 15_000, interval: 500 },
      )
      .toBe('paid');
    await expect.poll(balance).toBe(before + 500);
    // The webhook that credited it was PayMongo's checkout_session.payment.paid, signed for panalo.
    const events = await j.t.ctx.db
      .selectFrom('payment_event')
      .select(['provider', 'order_id'])
      .where('provider', '=', 'paymongo')
      .execute();
    expect(events.length).toBeGreaterThanOrEqual(1);
  });
});
