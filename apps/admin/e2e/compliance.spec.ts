import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { KYC_DEFAULTS } from '../../server/src/modules/kyc/kyc-settings';
import { amlService } from '../../server/src/modules/aml/aml.service';
import { createMember, sessionFor } from '../../server/src/test-support/members';
import { jpegImage } from '../../server/src/test-support/images';
import { ledgerAccount, memberWalletKey, postTransfer } from '../../server/src/modules/wallet/ledger';
import { describeViolations, seriousViolations } from '../../../test/e2e/axe';
import { hasChromium, sessionStorageFor, startJourney, type Journey } from '../../../test/e2e/harness';
import { staffSignIn } from './staff-sign-in';

// Know your customer and anti-money-laundering (issue 53) in Chromium, the member site at 390x844 and the
// console on a tablet: demo01 is asked to verify before its first withdrawal, sends an ID and a selfie,
// support rejects them with a reason, demo01 sends them again, compliance approves, and the withdrawal
// goes through; a structuring pattern opens a case that compliance closes with a note.

const TABLET = { width: 820, height: 1180 };
const SOON = { timeout: 10_000 };

describe.skipIf(!hasChromium)('compliance journeys', () => {
  let j: Journey;
  let signIn: ReturnType<typeof staffSignIn>;
  let merchantId: number;
  beforeAll(async () => {
    j = await startJourney();
    signIn = staffSignIn(j);
    merchantId = (
      await j.t.ctx.db
        .selectFrom('merchant')
        .select('id')
        .where('code', '=', 'panalo')
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(async () => {
    await j?.close();
  });
  beforeEach(() => {
    // The authenticator's codes follow the real clock, as the browser's do.
    j.t.clock.set(new Date());
  });

  const axeClean = async (page: Page) => {
    const axe = await seriousViolations(page);
    expect(axe, describeViolations(axe)).toEqual([]);
  };
  const memberNamed = (username: string) =>
    j.t.ctx.db
      .selectFrom('member')
      .selectAll()
      .where('merchant_id', '=', merchantId)
      .where('username', '=', username)
      .executeTakeFirstOrThrow();
  /** A call to the API as a signed-in member or staff member. */
  const call = (token: string, method: 'POST' | 'PUT', url: string, payload: object) =>
    j.t.request({ method, url, headers: { authorization: `Bearer ${token}`, host: 'localhost' }, payload });

  it('demo01 is asked to verify before its first withdrawal, support rejects the ID with a reason, demo01 sends it again, compliance approves and the withdrawal goes through; the screens pass axe', async () => {
    // The brand's owner turns verification on (the Philippine tiers: a first withdrawal needs level 2).
    const owner = await sessionFor(j.t, await memberNamed('ops01'));
    expect(
      (await call(owner, 'PUT', '/api/ops/kyc/settings', { ...KYC_DEFAULTS, enabled: true })).status,
    ).toBe(200);

    // demo01 is ready to withdraw: a payment password, a payee name and a card.
    const demo = await memberNamed('demo01');
    const token = await sessionFor(j.t, demo);
    expect(
      (
        await call(token, 'POST', '/api/cashier/payment-password', {
          loginPassword: 'Demo1234',
          paymentPassword: '246810',
          confirmPaymentPassword: '246810',
        })
      ).status,
    ).toBe(200);
    expect(
      (await call(token, 'POST', '/api/cashier/payee-name', { payeeName: 'Juan Dela Cruz' })).status,
    ).toBe(200);
    expect(
      (
        await call(token, 'POST', '/api/cashier/cards', {
          bankCode: 'BDO',
          cardNumber: '4111555566667777',
          paymentPassword: '246810',
        })
      ).status,
    ).toBe(200);

    const member = await j.newPage({ storage: sessionStorageFor(token, demo) });
    const withdraw = async () => {
      await member.page.goto(member.url('/m/withdraw'));
      await member.page
        .getByTestId('withdraw-form')
        .waitFor(SOON)
        .catch(async (err: unknown) => {
          throw new Error(`no withdrawal form: ${await member.page.locator('body').innerText()}`, {
            cause: err,
          });
        });
      await member.page.getByTestId('withdraw-amount').fill('300');
      await member.page.getByTestId('withdraw-pin').fill('246810');
      await member.page.getByTestId('withdraw-submit').click();
    };
    // The seed's ₱1.00 check-in bonus still owes its turnover: demo01 gives it up first.
    await member.page.goto(member.url('/m/withdraw'));
    await member.page.getByTestId('withdraw-wagering-block').waitFor(SOON);
    await member.page.getByTestId('forfeit-open').click();
    await member.page.getByTestId('forfeit-password').fill('Demo1234');
    await member.page.getByTestId('forfeit-submit').click();
    await expect.poll(() => member.page.getByTestId('withdraw-wagering-block').count(), SOON).toBe(0);
    await withdraw();
    const verify = member.page.getByTestId('kyc-verify-link');
    await verify.waitFor(SOON);
    expect(await member.page.locator('body').innerText()).toMatch(/Verify your account to level 2/);
    await verify.click();

    // The Verification page: level 0, the ID form.
    await member.page.getByTestId('verification-screen').waitFor(SOON);
    expect(await member.page.getByTestId('kyc-level').getAttribute('data-level')).toBe('0');
    await axeClean(member.page);
    const sendId = async () => {
      await member.page.getByTestId('kyc-identity-form').waitFor(SOON);
      await member.page.getByTestId('kyc-id-type').selectOption('philsys');
      await member.page.getByTestId('kyc-full-name').fill('Juan Dela Cruz');
      await member.page.getByTestId('kyc-birth-date').fill('1990-05-01');
      for (const slot of ['front', 'back', 'selfie'])
        await member.page
          .getByTestId(`kyc-${slot}-file`)
          .setInputFiles({ name: `${slot}.jpg`, mimeType: 'image/jpeg', buffer: jpegImage() });
      await member.page.getByTestId('kyc-submit').click();
      await expect
        .poll(() => member.page.getByTestId('kyc-doc').first().getAttribute('data-status'), SOON)
        .toBe('pending');
    };
    await sendId();

    // Support reviews it on a tablet and rejects it with a reason.
    const desk = await j.newPage({ viewport: TABLET });
    await signIn(desk.page, desk.url, 'support01');
    const openDocument = async (page: Page) => {
      await page
        .getByRole('navigation', { name: 'Console' })
        .getByRole('link', { name: 'Identity review' })
        .click();
      const row = page.locator('[data-testid="kyc-queue-row"][data-username="demo01"]');
      await row.first().waitFor(SOON);
      await axeClean(page);
      await row.first().click();
      for (const slot of ['front', 'back', 'selfie'])
        await expect
          .poll(() => page.getByTestId(`kyc-image-${slot}`).getAttribute('data-state'), SOON)
          .toBe('ready');
    };
    await openDocument(desk.page);
    await axeClean(desk.page);
    await desk.page.getByTestId('kyc-reject').click();
    await desk.page
      .getByTestId('kyc-reason')
      .fill('The photo of the ID is blurred: please take it again in good light');
    await desk.page.getByTestId('kyc-decision-submit').click();
    await expect
      .poll(() => desk.page.getByTestId('kyc-status').getAttribute('data-status'), SOON)
      .toBe('rejected');
    // The views of the images were recorded, the reviewer's own among them.
    expect(await desk.page.getByTestId('kyc-views').innerText()).toContain('support01');

    // demo01 reads the reason and sends the ID again.
    await member.page.reload();
    await member.page.getByTestId('kyc-doc-reason').first().waitFor(SOON);
    expect(await member.page.getByTestId('kyc-doc-reason').first().innerText()).toContain('blurred');
    await sendId();

    // Compliance approves the new one.
    const compliance = await j.newPage({ viewport: TABLET });
    await signIn(compliance.page, compliance.url, 'compliance01');
    // The home screen counts what waits for the compliance desk.
    await expect
      .poll(async () => Number(await compliance.page.getByTestId('queue-kyc').textContent()), SOON)
      .toBeGreaterThanOrEqual(1);
    await openDocument(compliance.page);
    await compliance.page.getByTestId('kyc-approve').click();
    await compliance.page.getByTestId('kyc-decision-submit').click();
    await expect
      .poll(() => compliance.page.getByTestId('kyc-status').getAttribute('data-status'), SOON)
      .toBe('approved');

    // demo01 is at level 2, and the withdrawal goes through.
    await member.page.goto(member.url('/m/verification'));
    await expect.poll(() => member.page.getByTestId('kyc-level').getAttribute('data-level'), SOON).toBe('2');
    await withdraw();
    await member.page.getByTestId('withdraw-pending').waitFor(SOON);
  });

  it('a structuring pattern opens a case that compliance closes with a note; the cases and settings screens pass axe', async () => {
    // Three deposits of ₱4,600,000.00 within hours: just below the ₱5,000,000.00 covered threshold.
    const smurf = await createMember(j.t, { username: 'smurf01' });
    const now = j.t.clock.now();
    await j.t.ctx.db.transaction().execute(async (trx) => {
      const wallet = await ledgerAccount(trx, memberWalletKey(merchantId, smurf.id, 'PHP'));
      const clearing = await ledgerAccount(trx, {
        merchantId,
        book: 'real',
        kind: 'payment_clearing',
        ref: 'BANK',
        currency: 'PHP',
      });
      for (const hoursAgo of [5, 3, 1]) {
        const at = new Date(now.getTime() - hoursAgo * 3_600_000);
        await postTransfer(trx, {
          merchantId,
          book: 'real',
          kind: 'deposit',
          createdBy: 'system:test',
          at,
          legs: [
            { accountId: clearing, amount: -460_000_000n },
            { accountId: wallet, amount: 460_000_000n },
          ],
        });
      }
    });
    // The monitor's minute, run here.
    await amlService(j.t.ctx.db).scan(merchantId, {}, now);

    const { page, url } = await j.newPage({ viewport: TABLET });
    await signIn(page, url, 'compliance01');
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'AML cases' }).click();
    const row = page.locator(
      '[data-testid="aml-case-row"][data-rule="structuring"][data-username="smurf01"]',
    );
    await row.waitFor(SOON);
    await axeClean(page);
    await row.click();
    await page.getByTestId('aml-evidence').waitFor(SOON);
    expect(await page.locator('main').innerText()).toMatch(/4,600,000\.00/);
    await axeClean(page);
    await page.getByTestId('aml-decision-close').check();
    await page.getByTestId('aml-note').fill('Proceeds of a property sale, documents on file');
    await page.getByTestId('aml-decide-submit').click();
    await expect.poll(() => page.getByTestId('aml-status').getAttribute('data-status'), SOON).toBe('closed');
    expect(await page.locator('body').innerText()).toContain('Proceeds of a property sale');

    // The verification settings: compliance reads them (saving is the owner's).
    await page
      .getByRole('navigation', { name: 'Console' })
      .getByRole('link', { name: 'Verification settings' })
      .click();
    await page.getByTestId('kyc-settings-read-only').waitFor(SOON);
    await axeClean(page);
  });
});
