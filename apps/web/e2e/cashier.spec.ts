import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { hasChromium, signedInStorage, startJourney, type Journey } from '../../../test/e2e/harness';

// The cashier in Chromium against the real server and the PaySim payment simulator (issue 4): a gateway
// deposit, a bank transfer the operator confirms, and a withdrawal to a bound card the operator pays,
// each ending in the records, the profit and loss and the header balance.

describe.skipIf(!hasChromium)('cashier journeys', () => {
  let j: Journey;
  let opsToken: string;
  beforeAll(async () => {
    j = await startJourney();
  });
  afterAll(async () => {
    await j?.close();
  });
  // Record screens filter by the browser's dates: the server's clock is moved to the real time.
  beforeEach(async () => {
    j.t.clock.set(new Date());
    // The operator signs in (as ops01) at the time the journey runs.
    const { sessionFor } = await import('../../server/src/test-support/members');
    const staff = await j.t.ctx.db
      .selectFrom('member')
      .selectAll()
      .where('username', '=', 'ops01')
      .executeTakeFirstOrThrow();
    opsToken = await sessionFor(j.t, staff);
  });

  let keyN = 0;
  /** Calls an operator endpoint of panalo (127.0.0.1 is no merchant's domain: the default merchant answers). */
  const ops = async <T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`http://127.0.0.1:${j.port}/api${path}`, {
      method,
      headers: {
        authorization: `Bearer ${opsToken}`,
        ...(body !== undefined
          ? { 'content-type': 'application/json', 'idempotency-key': `e2e-ops-${Date.now()}-${++keyN}` }
          : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const json = (await res.json()) as { success: boolean; value: T };
    expect(res.status, `${method} ${path}`).toBeLessThan(300);
    return json.value;
  };

  const headerBalance = (page: Page) => page.getByTestId('header-balance');

  it('WALLET-001 WALLET-004 gateway deposit through the PaySim page credits the wallet and the header shows it', async () => {
    const { storage } = await signedInStorage(j, { username: 'cashgw01' });
    const { page, url } = await j.newPage({ storage });
    await page.goto(url('/m/voucherCenter'));
    await page.getByTestId('deposit-screen').waitFor();
    await page.getByTestId('deposit-method-PAYSIM').click();
    await page.getByTestId('deposit-amount').fill('500');
    await page.getByTestId('deposit-submit').click();

    // The provider's hosted page, on its own origin.
    await page.waitForURL((u) => u.port !== String(j.port));
    await page.getByRole('button', { name: /pay/i }).first().click();

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
    await expect.poll(() => headerBalance(page).textContent()).toContain('500.00');
  });

  it('WALLET-001 bank transfer with the +3% promotion: pending until the operator confirms, then credited with its bonus', async () => {
    const { storage } = await signedInStorage(j, { username: 'cashbank01' });
    const { page, url } = await j.newPage({ storage });
    await page.goto(url('/m/voucherCenter'));
    await page.getByTestId('deposit-screen').waitFor();
    await page.getByTestId('deposit-method-BANK').click();
    await page.locator('[data-testid^="deposit-bank-account-"]').first().check();
    await page.getByTestId('deposit-amount').fill('1000');
    // A new member is offered the first-deposit bonus too, marked as such (issue 18).
    expect(await page.getByTestId('deposit-promo-first-FIRST-DEPOSIT-100').textContent()).toContain(
      'First deposit only',
    );
    await page.getByTestId('deposit-promo-DEPOSIT3').check();
    await expect.poll(() => page.getByTestId('deposit-bonus-preview').textContent()).toContain('30.00');
    await page.getByTestId('deposit-reference').fill('BDO-778812');
    await page.getByTestId('deposit-payer-name').fill('Cash Bank');
    await page.getByTestId('deposit-submit').click();
    await page.getByTestId('deposit-pending').waitFor();

    const pending = await ops<{ list: { id: string; username: string; amount: string }[] }>(
      'GET',
      '/ops/deposits?status=pending',
    );
    const order = pending.list.find((o) => o.username === 'cashbank01');
    expect(order?.amount).toBe('1000.00');
    await ops('POST', `/ops/deposits/${order!.id}/approve`, {});

    await page.goto(url('/m/vouReport'));
    await page.getByTestId('deposit-list').waitFor();
    expect(await page.getByTestId('record-status').first().getAttribute('data-status')).toBe('paid');
    expect(await page.getByTestId('deposit-bonus').first().textContent()).toContain('30.00');
    await expect.poll(() => headerBalance(page).textContent()).toContain('1,030.00');
  });

  it('WALLET-002 WALLET-003 WALLET-013 bind a card with a payment password, withdraw, operator pays; records and P&L show it', async () => {
    const { storage } = await signedInStorage(j, { username: 'cashwd01', password: 'Secret123' });
    await ops('POST', '/ops/adjustments', { username: 'cashwd01', amount: '800.00', reason: 'e2e opening' });
    const { page, url } = await j.newPage({ storage });

    // Security centre: payment password (confirmed with the login password), payee name, a card.
    await page.goto(url('/m/securityCenter'));
    await page.getByTestId('security-screen').waitFor();
    await page.getByTestId('security-pin-login').fill('Secret123');
    await page.getByTestId('security-pin-new').fill('246810');
    await page.getByTestId('security-pin-confirm').fill('246810');
    await page.getByTestId('security-pin-submit').click();
    await page.getByTestId('security-payee-input').waitFor();
    await page.getByTestId('security-payee-input').fill('Cash Withdrawer');
    await page.getByTestId('security-payee-submit').click();
    await page.getByTestId('security-payee-value').waitFor();
    await page.getByTestId('security-card-bank').selectOption('BDO');
    await page.getByTestId('security-card-number').fill('4111222233334444');
    await page.getByTestId('security-card-pin').fill('246810');
    await page.getByTestId('security-card-submit').click();
    await page.locator('[data-testid^="security-card-"]', { hasText: '4444' }).first().waitFor();
    expect(await page.content()).not.toContain('4111222233334444');

    // Withdraw 300 of the 800.
    await page.goto(url('/m/withdraw'));
    await page.getByTestId('withdraw-form').waitFor();
    await page.getByTestId('withdraw-amount').fill('300');
    await page.getByTestId('withdraw-pin').fill('246810');
    await page.getByTestId('withdraw-submit').click();
    await page.getByTestId('withdraw-pending').waitFor();
    await expect.poll(() => headerBalance(page).textContent()).toContain('500.00');

    const pending = await ops<{ list: { id: string; username: string; cardNumber: string }[] }>(
      'GET',
      '/ops/withdrawals?status=pending',
    );
    const w = pending.list.find((x) => x.username === 'cashwd01');
    expect(w?.cardNumber).toBe('4111222233334444');
    await ops('POST', `/ops/withdrawals/${w!.id}/approve`, {});

    await page.goto(url('/m/withdrawReport'));
    await page.getByTestId('withdrawal-list').waitFor();
    expect(await page.getByTestId('record-status').first().getAttribute('data-status')).toBe('paid');

    // The account record: the adjustment in, the hold out; newest first.
    await page.goto(url('/m/transaction/record'));
    await page.getByTestId('transaction-list').waitFor();
    const amounts = await page.getByTestId('transaction-amount').allTextContents();
    expect(amounts.join(' ')).toMatch(/300\.00/);
    expect(amounts.join(' ')).toMatch(/800\.00/);

    await page.goto(url('/m/profitandloss'));
    await page.getByTestId('pnl-totals').waitFor();
    expect(await page.getByTestId('pnl-totals').getByTestId('pnl-withdrawals').textContent()).toContain(
      '300.00',
    );
  });
});
