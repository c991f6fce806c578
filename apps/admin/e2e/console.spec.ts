import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { getGame } from '../../server/src/modules/lottery/engine/registry';
import { periodAt } from '../../server/src/modules/lottery/engine/schedule';
import { schedulerTick } from '../../server/src/modules/lottery/jobs/lottery-scheduler';
import { lotteryApi, lotteryPlayer, value } from '../../server/src/modules/lottery/lottery.test-support';
import { dailyCloseService } from '../../server/src/modules/daily-close/daily-close.service';
import { payMongoAccountOf } from '../../server/src/modules/payments/paymongo/paymongo-account';
import { reconciliationService } from '../../server/src/modules/reconciliation/reconciliation.service';
import { accountBalance, memberWalletKey } from '../../server/src/modules/wallet/ledger';
import { rollUpHouse } from '../../server/src/modules/wallet/house-rollup';
import { verifyPassword } from '../../server/src/modules/identity/passwords';
import { multipartForm, pngImage } from '../../server/src/test-support/images';
import { readyPlayer, withdraw } from '../../server/src/modules/withdrawals/withdrawals.test-helpers';
import { describeViolations, seriousViolations } from '../../../test/e2e/axe';
import {
  hasChromium,
  sessionStorageFor,
  signedInStorage,
  startJourney,
  type Journey,
} from '../../../test/e2e/harness';
import { staffSignIn } from './staff-sign-in';

// The operator console (issue 20) in Chromium against the real server, at desktop (1440x900) and tablet
// (820x1180) sizes: staff sign in with a password and an authenticator code (set up at the first
// sign-in), work the cashier queues, and the member site shows what they decided.

const DESKTOP = { width: 1440, height: 900 };
const TABLET = { width: 820, height: 1180 };
const SOON = { timeout: 10_000 };

describe.skipIf(!hasChromium)('operator console journeys', () => {
  let j: Journey;
  beforeAll(async () => {
    // Hub88 played by the simulator: the games screen reads its game list.
    j = await startJourney({ hub88: true });
    signIn = staffSignIn(j);
  });
  afterAll(async () => {
    await j?.close();
  });
  beforeEach(() => {
    // The authenticator's codes follow the real clock, as the browser's do.
    j.t.clock.set(new Date());
  });

  // Staff sign in with their authenticators, each set up once (the journeys share one server).
  let signIn: ReturnType<typeof staffSignIn>;

  const axeClean = async (page: Page) => {
    const axe = await seriousViolations(page);
    expect(axe, describeViolations(axe)).toEqual([]);
  };

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
    await axeClean(page);

    await page.getByRole('link', { name: 'Deposits' }).click();
    const row = page.getByRole('row').filter({ hasText: 'conbank01' });
    await row.waitFor();
    expect(await row.textContent()).toContain('750.00');
    expect(await row.textContent()).toContain('BDO-CONSOLE-1');
    await axeClean(page);
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
    // The dashboard counts the deposit in today's figures (from the daily aggregates).
    await page.getByRole('link', { name: 'Home' }).click();
    const deposits = page
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: 'Deposits', exact: true }) });
    await expect.poll(() => deposits.first().textContent(), SOON).toContain('750.00');
    // Rebates and agents' commissions have their rows, and every figure's definition is on the screen
    // (issue 49 item 2), folded until asked for.
    await page
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: 'Agent commissions', exact: true }) })
      .waitFor();
    await page.getByText('How these figures are counted').click();
    await page.getByText(/GGR less bonuses, rebates and agent commissions/).waitFor();
    await axeClean(page);
    // The report (the merchant's last 30 days by default) has it on today's line and in the range's total;
    // by product it is under cashier (not play).
    await page.getByRole('link', { name: 'Reports' }).click();
    const todayLine = page.getByRole('row').last();
    await expect.poll(() => todayLine.textContent(), SOON).toContain('750.00');
    expect(
      Number((await page.locator('[data-total="deposits"]').textContent())!.replace(/,/g, '')),
    ).toBeGreaterThanOrEqual(750);
    await axeClean(page);
    await page.getByRole('radiogroup', { name: 'Group by' }).getByText('Product', { exact: true }).click();
    await page.getByRole('row').filter({ hasText: 'Cashier and bonuses' }).waitFor();
    await axeClean(page);
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
    await axeClean(page);
    // The queue's filters (#49 item 7): one member's, within an amount range; the list follows.
    const filters = page.getByTestId('queue-filters');
    await filters.getByLabel('Member').fill(p.member.username);
    await filters.getByLabel('Amount from').fill('500');
    await filters.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('No withdrawals').first().waitFor();
    await filters.getByLabel('Amount from').fill('400');
    await filters.getByRole('button', { name: 'Apply' }).click();
    await row.waitFor();
    expect(page.url()).toContain(`username=${p.member.username}`);
    // Paying shows what to weigh first: turnover, bonuses, linked accounts, notes.
    await row.getByRole('button', { name: /^Mark paid: withdrawal/ }).click();
    const context = page.getByRole('dialog').getByTestId('withdrawal-context');
    await context.waitFor();
    expect(await context.textContent()).toContain(`Before paying: ${p.member.username}`);
    await axeClean(page);
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
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
    // In Tagalog (its texts fetched when chosen, the choice kept for the next visit).
    await page.getByRole('banner').getByLabel('Language').first().click();
    await page.getByRole('option', { name: 'Tagalog' }).click();
    await page.getByRole('heading', { name: 'Hindi kasama sa iyong tungkulin' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('tl');
    await axeClean(page);
    const token = await page.evaluate(() => sessionStorage.getItem('panalo.console.token'));
    const res = await fetch(url('/api/ops/deposits'), { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { code: string }).code).toBe('no_permission');
  });

  it('maker-checker: ops01’s large adjustment waits until finance01 approves it; the screens pass axe', async () => {
    const member = await signedInStorage(j, { username: 'conadjust01' });
    const { page, url } = await j.newPage({ viewport: DESKTOP });
    await signIn(page, url, 'ops01');
    await page.getByRole('link', { name: 'Approvals' }).click();
    // On from the merchant's first day with the default thresholds (#49 item 8).
    await page
      .getByText('Adjustments above 10,000.00 and withdrawals above 20,000.00 need a second person.')
      .waitFor();
    expect(await page.getByTestId('approvals-off').count()).toBe(0);
    // The owner lowers the adjustments' threshold and clears the withdrawals': the console says that
    // withdrawals are now paid on one person's decision.
    await page.getByRole('button', { name: 'Change' }).click();
    await page.getByLabel('Adjustments above').fill('500.00');
    await page.getByLabel('Withdrawal payments above').fill('');
    await page.getByLabel(/^Reason/).fill('Two people for large amounts');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Adjustments above 500.00 need a second person.').waitFor();
    expect(await page.getByTestId('approvals-off').textContent()).toContain(
      'Second-person approval is off for withdrawals: any amount is paid on one person’s decision.',
    );
    await axeClean(page);

    await page.getByRole('link', { name: 'Adjustments' }).click();
    await page.getByLabel(/^Member username/).fill('conadjust01');
    await page.getByLabel(/^Amount/).fill('1200.00');
    await page.getByLabel(/^Reason/).fill('Goodwill after an outage');
    await axeClean(page);
    await page.getByRole('button', { name: 'Adjust the balance' }).click();
    await expect
      .poll(() => page.getByTestId('adjust-result').textContent(), SOON)
      .toMatch(/waits for a second staff member/);
    // Its maker sees it waiting, without a button to approve it.
    await page.getByRole('link', { name: 'Approvals' }).click();
    const mine = page.getByRole('row').filter({ hasText: 'Goodwill after an outage' });
    await mine.getByText(/another staff member must approve/).waitFor();
    expect(await mine.getByRole('button').count()).toBe(0);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('button', { name: 'Sign in' }).waitFor();

    const wallet = async () =>
      (
        await j.t.ctx.db
          .selectFrom('ledger_account')
          .select('balance')
          .where('owner_member_id', '=', member.m.id)
          .where('kind', '=', 'member_wallet')
          .executeTakeFirstOrThrow()
      ).balance;
    expect(BigInt(await wallet())).toBe(0n);
    await signIn(page, url, 'finance01');
    await page.getByRole('link', { name: 'Approvals' }).click();
    const row = page.getByRole('row').filter({ hasText: 'Goodwill after an outage' });
    await row.getByRole('button', { name: /^Approve request/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
    await page.getByText(/approved and carried out/).waitFor();
    await expect.poll(async () => BigInt(await wallet()), SOON).toBe(120_000n);

    // Finance has no audit log; the owner (signing in again: now only the code) reads there the request,
    // the approval and the adjustment, and the staff's calls with their address.
    expect(await page.getByRole('link', { name: 'Audit log' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await signIn(page, url, 'ops01');
    await page.getByRole('link', { name: 'Audit log' }).click();
    await page.getByRole('row').filter({ hasText: 'approval.approve' }).first().waitFor();
    // Who, by name; an adjustment's details as lines, not JSON (#49 item 7).
    const adjusted = page.getByRole('row').filter({ hasText: 'balance.adjust' }).first();
    expect(await adjusted.textContent()).toContain('conadjust01');
    expect(await adjusted.textContent()).toContain('Reason: Goodwill after an outage');
    expect(await adjusted.textContent()).not.toContain('{"');
    await axeClean(page);
    await page.getByRole('tab', { name: 'Staff requests' }).click();
    // The tab is kept in the address (a reload or a shared link opens it), at its own first page.
    await page.waitForURL((u) => u.searchParams.get('tab') === 'requests' && !u.searchParams.has('page'));
    await page.getByRole('row').filter({ hasText: '/api/ops/approvals/' }).first().waitFor();
    await axeClean(page);

    // The member's profile: found by the start of the username, the balance the approval credited,
    // the adjustment among the wallet's entries; locking signs the member out.
    await page.getByRole('link', { name: 'Members' }).click();
    await page.getByLabel('Search for').fill('conadjust');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('link', { name: 'conadjust01' }).click();
    await expect.poll(() => page.getByTestId('member-balance').textContent(), SOON).toBe('1,200.00');
    // Among the wallet's entries (the profile's audit trail names the reason too).
    const entry = page
      .getByRole('table', { name: 'The last 20 entries of the wallet' })
      .getByRole('row')
      .filter({ hasText: 'Goodwill after an outage' });
    await entry.waitFor();
    // Its kind by name, not the ledger's code (#49 item 7).
    expect(await entry.textContent()).toContain('Adjustment');
    expect(await entry.textContent()).not.toContain('adjustment');
    await axeClean(page);
    await page.getByRole('button', { name: 'Lock' }).click();
    await page
      .getByRole('dialog')
      .getByLabel(/^Reason/)
      .fill('Chargeback under review');
    await page.getByRole('dialog').getByRole('button', { name: 'Lock' }).click();
    await expect.poll(() => page.getByTestId('member-status').textContent(), SOON).toBe('Locked');
    const gone = await fetch(url('/api/members/me'), {
      headers: { authorization: `Bearer ${member.token}` },
    });
    expect(gone.status).toBe(401);
  });

  it('ops01 edits the headline in Tagalog and the member site shows it, uploads a banner’s picture, adds a help entry the member site lists, retitles a customer-service link; turns the mail centre off and its entry goes; recolours the header with a live preview; shows the nickname field at registration', async () => {
    const { page, url } = await j.newPage({ viewport: TABLET });
    await signIn(page, url, 'ops01');
    // The tablet folds the navigation into a menu.
    const open = async (name: string) => {
      const menu = page.getByRole('button', { name: 'Menu' });
      if (await menu.isVisible()) await menu.click();
      await page.getByRole('link', { name }).click();
    };
    await open('Content');
    await page.getByRole('radiogroup', { name: 'Type' }).getByText('Headline', { exact: true }).click();
    const row = page.getByRole('row').filter({ hasText: 'Headline' }).first();
    await row.waitFor();
    await axeClean(page);
    await row.getByRole('button', { name: /^Edit announcement/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('tab', { name: 'TY' }).click();
    await dialog.getByLabel('Title (TY)').fill('Balita: libreng taya tuwing Biyernes');
    await dialog.getByLabel(/^Text \(TY, HTML\)/).fill('<p>Basahin <b>ngayon</b></p>');
    await dialog.getByLabel(/^Reason/).fill('Friday promotion');
    await axeClean(page);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Announcement saved.').waitFor();

    // A banner's picture: a png uploaded from its editor; the member site's banner list names it.
    await page.getByRole('radiogroup', { name: 'Type' }).getByText('Banner', { exact: true }).click();
    await page
      .getByRole('row')
      .filter({ hasText: 'Banner' })
      .first()
      .getByRole('button', { name: /^Edit announcement/ })
      .click();
    const editor = page.getByRole('dialog');
    await editor.getByLabel(/^Reason/).fill('Holiday banner');
    await editor.getByLabel('A new picture (png or jpg)').setInputFiles({
      name: 'holiday.png',
      mimeType: 'image/png',
      buffer: pngImage({ width: 750, height: 300 }),
    });
    await editor.getByRole('button', { name: 'Upload the picture' }).click();
    await page.getByText('Picture saved.').waitFor();
    await axeClean(page);
    await editor.getByRole('button', { name: 'Cancel' }).click();
    const banners = await j.t.request<{ value: { url: string }[] }>({
      method: 'GET',
      url: '/api/content/announcements?types=B&groupName=m_home&lang=EN',
    });
    expect(banners.body.value.some((b) => b.url.startsWith('/api/content/banner-images/'))).toBe(true);

    // A visitor reading the site in Tagalog sees it in the home headline; in English the old one stays.
    const visitor = await j.newPage({ storage: { language: 'TY' } });
    await visitor.page.goto(visitor.url('/m/home'));
    await expect
      .poll(() => visitor.page.getByTestId('marquee').textContent(), SOON)
      .toContain('Balita: libreng taya tuwing Biyernes');
    const english = await j.newPage({ storage: { language: 'EN' } });
    await english.page.goto(english.url('/m/home'));
    await english.page.getByTestId('marquee-text').waitFor();
    expect(await english.page.getByTestId('marquee').textContent()).not.toContain('Balita');

    // The help centre: a new entry in English, which the member site's help then lists; the user
    // agreement's editor opens with the site's text.
    await page.getByRole('tab', { name: 'Help centre' }).click();
    await page.getByRole('table', { name: /^Help entries/ }).waitFor();
    await axeClean(page);
    await page.getByRole('button', { name: 'New help entry' }).click();
    const help = page.getByRole('dialog');
    await help.getByRole('tab', { name: 'EN' }).click();
    await help.getByLabel('Title (EN)').fill('Where is my withdrawal?');
    await help.getByLabel(/^Text \(EN, HTML\)/).fill('<p>Most are paid within the hour.</p>');
    await help.getByLabel(/^Reason/).fill('Asked daily');
    await axeClean(page);
    await help.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('button', { name: 'Edit Where is my withdrawal?' }).waitFor();
    const listed = await j.t.request<{ value: { title: string }[] }>({
      method: 'GET',
      url: '/api/content/help?device=MOBILE&lang=EN',
    });
    expect(listed.body.value.map((h) => h.title)).toContain('Where is my withdrawal?');
    await page.getByRole('tab', { name: 'User agreement' }).click();
    await page.getByRole('button', { name: 'Edit: User agreement' }).click();
    await expect
      .poll(() => page.getByRole('dialog').getByLabel('Title (TY)').inputValue(), SOON)
      .not.toBe('');
    await axeClean(page);
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    // Customer service: the first link retitled; the member site's startup offers it so.
    await page.getByRole('tab', { name: 'Customer service' }).click();
    await page.getByLabel('Title', { exact: true }).first().fill('Chat with us');
    await axeClean(page);
    await page.getByRole('button', { name: 'Save the links' }).click();
    await page
      .getByRole('dialog')
      .getByLabel(/^Reason/)
      .fill('Friendlier name');
    await page.getByRole('dialog').getByRole('button', { name: 'Save the links' }).click();
    await page.getByText('Customer-service links saved.').waitFor();
    const startup = await j.t.request<{ value: { info: { customerService: { CS: { title: string }[] } } } }>({
      method: 'GET',
      url: '/api/startup',
    });
    expect(JSON.stringify(startup.body.value.info.customerService)).toContain('Chat with us');

    // The mail centre flag: the member centre shows its entry, then not once it is off.
    const { storage } = await signedInStorage(j, { username: 'conflag01' });
    const member = await j.newPage({ storage });
    await member.page.goto(member.url('/m/mine'));
    await member.page.getByTestId('mine-entry-mail').waitFor();
    await open('Site switches');
    const mail = page.getByRole('switch', { name: /^MAILCEN/ });
    expect(await mail.isChecked()).toBe(true);
    await axeClean(page);
    await mail.click({ force: true });
    await page
      .getByRole('dialog')
      .getByLabel(/^Reason/)
      .fill('Mail moves to the app');
    await page.getByRole('dialog').getByRole('button', { name: 'Turn off' }).click();
    await page.getByText('MAILCEN saved.').waitFor();
    expect(await mail.isChecked()).toBe(false);
    // The switch is clicked again below: the first dialog must be gone, not fading out over it.
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await member.page.reload();
    await member.page.getByTestId('mine-entry-security').waitFor();
    expect(await member.page.getByTestId('mine-entry-mail').count()).toBe(0);
    // Back on for the other journeys.
    await mail.click({ force: true });
    await page
      .getByRole('dialog')
      .getByLabel(/^Reason/)
      .fill('Back on after the test');
    await page.getByRole('dialog').getByRole('button', { name: 'Turn on' }).click();
    await expect.poll(() => mail.isChecked(), SOON).toBe(true);

    // The colours: the preview (the member site's home in a frame) takes the new header colour before it
    // is saved; saved, the member site shows it.
    await page.getByRole('tab', { name: 'Colours' }).click();
    const header = page.getByLabel('Header', { exact: true });
    const before = await header.inputValue();
    await header.fill('#0b3d2e');
    await header.press('Enter');
    const preview = page.frameLocator('iframe[title^="Preview of the member site"]');
    await expect
      .poll(
        () =>
          preview.locator('html').evaluate((el) => (el as HTMLElement).style.getPropertyValue('--p-header')),
        SOON,
      )
      .toBe('#0b3d2e');
    await axeClean(page);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page
      .getByRole('dialog')
      .getByLabel(/^Reason/)
      .fill('Darker header for the holidays');
    await page.getByRole('dialog').getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Colours saved.').waitFor();
    const site = await j.newPage({ storage: { language: 'EN' } });
    await site.page.goto(site.url('/m/home'));
    await expect
      .poll(
        () =>
          site.page.evaluate(() =>
            getComputedStyle(document.documentElement).getPropertyValue('--p-header').trim(),
          ),
        SOON,
      )
      .toBe('#0b3d2e');
    // Back as it was for the other journeys.
    await header.fill(before);
    await header.press('Enter');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page
      .getByRole('dialog')
      .getByLabel(/^Reason/)
      .fill('Back to the usual header');
    await page.getByRole('dialog').getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => page.getByText('Colours saved.').count(), SOON).toBeGreaterThan(0);

    // Registration: the nickname field shown (saved in the site's rules);
    // the domains listed with the main one kept.
    await page.getByRole('tab', { name: 'Registration' }).click();
    await page.getByRole('switch', { name: 'Nickname shown' }).click({ force: true });
    await axeClean(page);
    await page.getByRole('button', { name: 'Save 1 change' }).click();
    await page
      .getByRole('dialog')
      .getByLabel(/^Reason/)
      .fill('Agents asked for names');
    await page.getByRole('dialog').getByRole('button', { name: 'Save 1 change' }).click();
    await page.getByText('Registration rules saved.').waitFor();
    const rules = await j.t.ctx.db
      .selectFrom('merchant')
      .select('registration_rules')
      .where('code', '=', 'panalo')
      .executeTakeFirstOrThrow();
    expect(rules.registration_rules.nickname).toMatchObject({ enabled: true, required: false });
    await page.getByRole('tab', { name: 'Domains' }).click();
    await page.getByRole('list', { name: 'Domains' }).getByText('panalo.localhost').waitFor();
    await axeClean(page);
  });

  it('support01 answers a member’s feedback (its picture shown) and mails the member; the member reads both', async () => {
    const { token, storage } = await signedInStorage(j, { username: 'confeed01' });
    const form = multipartForm({ category: 'games', content: 'The fishing game froze after my last shot' }, [
      { name: 'images', filename: 'shot.png', type: 'image/png', bytes: pngImage({ width: 40, height: 30 }) },
    ]);
    const sent = await j.t.request({
      method: 'PUT',
      url: '/api/feedback',
      headers: { authorization: `Bearer ${token}`, ...form.headers },
      payload: form.payload,
    });
    expect(sent.status).toBe(200);

    const { page, url } = await j.newPage({ viewport: DESKTOP });
    await signIn(page, url, 'support01');
    await page.getByRole('link', { name: 'Feedback' }).click();
    const row = page.getByRole('row').filter({ hasText: 'confeed01' });
    await row.getByRole('img', { name: 'Image 1 from confeed01' }).waitFor();
    await axeClean(page);
    await row.getByRole('button', { name: 'Reply to confeed01' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(/^Your reply/).fill('Sorry about that: the round was refunded to your wallet.');
    await dialog.getByLabel(/^Close it/).check();
    await axeClean(page);
    await dialog.getByRole('button', { name: 'Send reply' }).click();
    await page.getByText('Reply sent to confeed01.').waitFor();

    await page.getByRole('link', { name: 'Mail' }).click();
    await page.getByLabel('Usernames').fill('confeed01');
    await page.getByLabel('Title').fill('A free spin for your trouble');
    await page.getByLabel(/^Message \(HTML\)/).fill('<p>Your <b>free spin</b> is waiting.</p>');
    await axeClean(page);
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByText('Sent to 1 member.').waitFor();

    const member = await j.newPage({ storage });
    await member.page.goto(member.url('/m/feedback'));
    await expect
      .poll(() => member.page.getByTestId('feedback-reply').first().textContent(), SOON)
      .toContain('refunded to your wallet');
    await member.page.goto(member.url('/m/webEmail'));
    await member.page.getByTestId('mail-list').getByText('A free spin for your trouble').waitFor();
  });

  it('ops01 approves a promotion application after seeing its picture; the reward waits in the member’s reward centre', async () => {
    const { token, storage } = await signedInStorage(j, { username: 'conapply01' });
    const promotions = await j.t.request<{ value: { id: string; kind: string }[] }>({
      method: 'GET',
      url: '/api/promotions?lang=EN',
    });
    const apply = promotions.body.value.find((p) => p.kind === 'apply')!;
    const form = multipartForm({ comment: 'My winning ticket from Saturday' }, [
      {
        name: 'images',
        filename: 'ticket.png',
        type: 'image/png',
        bytes: pngImage({ width: 40, height: 30 }),
      },
    ]);
    const applied = await j.t.request({
      method: 'POST',
      url: `/api/promotions/${apply.id}/applications`,
      headers: { authorization: `Bearer ${token}`, ...form.headers },
      payload: form.payload,
    });
    expect(applied.status).toBe(200);

    const { page, url } = await j.newPage({ viewport: DESKTOP });
    await signIn(page, url, 'ops01');
    await page.getByRole('link', { name: 'Promotions' }).click();
    const row = page.getByRole('row').filter({ hasText: 'conapply01' });
    await row.getByRole('img', { name: 'Picture 1 from conapply01' }).waitFor();
    await axeClean(page);
    await row.getByRole('button', { name: 'Approve the application of conapply01' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
    await page.getByText("conapply01's application approved.").waitFor();
    await page.getByRole('tab', { name: 'Promotions' }).click();
    await page
      .getByRole('button', { name: /^Grant .+ to members$/ })
      .first()
      .waitFor();
    await axeClean(page);
    await page.getByRole('tab', { name: 'VIP club' }).click();
    await page.getByRole('row').filter({ hasText: 'VIP 1' }).waitFor();
    await axeClean(page);

    const member = await j.newPage({ storage });
    await member.page.goto(member.url('/m/rewardCenter'));
    await expect.poll(() => member.page.locator('body').textContent(), SOON).toContain('88.00');
  });

  it('ops01 moves a player under an agent, then times the player out from the profile and mails them; agency and contracts pass axe', async () => {
    const agent = await signedInStorage(j, { username: 'conagent01', type: 1 });
    const player = await signedInStorage(j, { username: 'conmove01' });
    const { page, url } = await j.newPage({ viewport: DESKTOP });
    await signIn(page, url, 'ops01');
    await page.getByRole('link', { name: 'Agency' }).click();
    await page.getByRole('button', { name: 'Run the days due now' }).waitFor();
    await axeClean(page);
    await page.getByRole('tab', { name: 'Move a member' }).click();
    await page.getByLabel("Member's username").fill('conmove01');
    await page.getByLabel("New upline's username").fill('conagent01');
    await page.getByRole('button', { name: 'Move', exact: true }).click();
    await page
      .getByRole('dialog')
      .getByLabel(/^Reason/)
      .fill('Joined the agent’s team');
    await axeClean(page);
    await page.getByRole('dialog').getByRole('button', { name: 'Move', exact: true }).click();
    await page.getByText('conmove01 is now under conagent01.').waitFor();
    const moved = await j.t.ctx.db
      .selectFrom('member')
      .select('upline_id')
      .where('id', '=', player.m.id)
      .executeTakeFirstOrThrow();
    expect(moved.upline_id).toBe(agent.m.id);
    // The agents' tree: conagent01 found by name shows the moved player below it; the node's Rates link
    // opens the rates form with the agent named.
    await page.getByRole('tab', { name: "Agents' tree" }).click();
    await page.getByRole('table', { name: /^Top agents/ }).waitFor();
    await page.getByLabel('Find a member in the tree').fill('conagent01');
    await page.getByRole('button', { name: 'Show', exact: true }).click();
    await page
      .getByRole('table', { name: 'Direct downline of conagent01 (1)' })
      .getByRole('link', { name: 'conmove01', exact: true })
      .waitFor();
    await axeClean(page);
    await page.getByRole('link', { name: 'Rates conagent01' }).first().click();
    await page.getByRole('heading', { name: "A member's rebate rates" }).waitFor();
    expect(await page.getByLabel("Member's username").inputValue()).toBe('conagent01');
    await page.getByRole('tab', { name: 'Terms' }).click();
    await page.getByRole('row').filter({ hasText: 'Lottery' }).waitFor();
    await axeClean(page);
    await page.getByRole('link', { name: 'Contracts' }).click();
    await page.getByRole('radiogroup').waitFor();
    await axeClean(page);

    // From the member's profile: a 24-hour time-out with its reason (the member's session ends with it
    // for play), then mail to the member with the name filled in.
    await page.getByRole('link', { name: 'Members' }).click();
    await page.getByLabel('Search for').fill('conmove01');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('link', { name: 'conmove01' }).click();
    await page.getByRole('button', { name: 'Exclude' }).click();
    await page
      .getByRole('dialog')
      .getByLabel(/^Reason/)
      .fill('Asked support for a break');
    await axeClean(page);
    await page.getByRole('dialog').getByRole('button', { name: 'Exclude' }).click();
    await page.getByText(/^Excluded until/).waitFor();
    const excluded = await j.t.ctx.db
      .selectFrom('member')
      .select('status')
      .where('id', '=', player.m.id)
      .executeTakeFirstOrThrow();
    expect(excluded.status).toBe('self_excluded');
    // The profile's own audit trail shows the time-out with its reason.
    await page
      .getByRole('table', { name: 'Changes on conmove01' })
      .getByText('Asked support for a break')
      .first()
      .waitFor();
    await axeClean(page);
    await page.getByRole('link', { name: 'Send mail' }).click();
    expect(await page.getByLabel('Usernames').inputValue()).toBe('conmove01');
  });

  it('ops01 hides a game and marks another hot on the games screen (tablet), the member site follows; reads Hub88’s game list again; all pass axe', async () => {
    type Listed = {
      value: { games: { nodeId: string; gameName: string | null; nodeName: string; hot: boolean }[] };
    };
    const slots = async () =>
      (
        await j.t.request<Listed>({
          method: 'POST',
          url: '/api/games/list',
          payload: { gameType: 'RNG', pageSize: 100 },
        })
      ).body.value.games;
    const before = await slots();
    const [toHide, toHot] = [before[before.length - 1]!, before[before.length - 2]!];
    const nameOf = (g: (typeof before)[number]) => g.gameName ?? g.nodeName;

    const { page, url } = await j.newPage({ viewport: TABLET });
    await signIn(page, url, 'ops01');
    await page.goto(url('/admin/games'));
    await page.getByRole('table').getByRole('row').nth(1).waitFor();
    await axeClean(page);
    await page.getByLabel('Name').fill(nameOf(toHide));
    await page.getByRole('button', { name: 'Search' }).click();
    await page
      .getByRole('button', { name: `Edit ${nameOf(toHide)}` })
      .first()
      .click();
    await page.getByRole('dialog').waitFor();
    await axeClean(page);
    await page.getByRole('dialog').getByLabel('Shown on this site').uncheck();
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page
      .getByText(`${nameOf(toHide)} saved.`)
      .first()
      .waitFor();
    await page
      .getByRole('row')
      .filter({ hasText: nameOf(toHide) })
      .filter({ hasText: 'Hidden' })
      .first()
      .waitFor();

    await page.getByLabel('Name').fill(nameOf(toHot));
    await page.getByRole('button', { name: 'Search' }).click();
    await page
      .getByRole('button', { name: `Edit ${nameOf(toHot)}` })
      .first()
      .click();
    await page.getByRole('dialog').getByLabel('Hot', { exact: true }).first().click();
    await page.getByRole('option', { name: 'Hot on this site', exact: true }).click();
    await page.getByRole('listbox').waitFor({ state: 'hidden' });
    await page.getByRole('dialog').getByLabel('Place').fill('-5');
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    const after = await slots();
    expect(after.map((g) => g.nodeId)).not.toContain(toHide.nodeId);
    expect(after[0]).toMatchObject({ nodeId: toHot.nodeId, hot: true });

    await page.getByRole('tab', { name: 'Vendors' }).click();
    await page.getByRole('table').getByRole('row').nth(1).waitFor();
    await axeClean(page);
    // The other journeys share this site: the games go back as they were.
    await j.t.ctx.db
      .deleteFrom('merchant_game')
      .where('game_id', 'in', [BigInt(toHide.nodeId), BigInt(toHot.nodeId)])
      .execute();

    await page.getByRole('tab', { name: 'Hub88' }).click();
    await page.getByRole('heading', { name: 'Hub88 (game aggregator)' }).waitFor();
    await axeClean(page);
    await page.getByRole('button', { name: 'Read Hub88’s game list' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Read Hub88’s game list' }).click();
    const result = page.getByTestId('hub88-sync-result');
    await result.waitFor();
    expect(await result.textContent()).toBe('7 Hub88 games offered; 0 hidden.');
    await axeClean(page);
    const synced = await j.t.ctx.db
      .selectFrom('audit_log')
      .select('actor')
      .where('action', '=', 'vendor.sync')
      .execute();
    expect(synced).toHaveLength(1);
  });

  it('ops01 limits GCash and stops offering Maya on the PayMongo screen; keys stay sealed; the member’s cashier follows', async () => {
    const { page, url } = await j.newPage();
    await signIn(page, url, 'ops01');
    await page.goto(url('/admin/cashier/paymongo'));
    // The demo account: test mode, its key shown by its last four only, the webhook address to give PayMongo.
    await expect.poll(() => page.getByTestId('paymongo-state').textContent()).toBe('Test mode');
    expect(await page.getByText(/^sk_test_…[0-9a-f]{4}$/).count()).toBe(1);
    expect(await page.getByTestId('paymongo-webhook-url').inputValue()).toMatch(
      /^https:\/\/.+\/api\/payments\/paymongo\/webhook$/,
    );
    await axeClean(page);
    // A live account needs a live key: caught on the form before anything is sent.
    await page.getByLabel('Secret key').fill('sk_test_Zz99Yy88Xx77');
    await page.getByRole('switch', { name: /^Live mode/ }).click({ force: true });
    await page.getByText('A live account needs an sk_live_ key; a test account an sk_test_ key.').waitFor();
    await page.getByRole('switch', { name: /^Live mode/ }).click({ force: true });
    await page.getByLabel('Secret key').fill('');
    await page.getByLabel('Maximum for GCash').fill('10000');
    await page.getByLabel('Offer Maya').uncheck();
    await page.getByRole('button', { name: 'Save PayMongo settings' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(/^Reason/).fill('GCash capped for new players');
    await axeClean(page);
    await dialog.getByRole('button', { name: 'Save PayMongo settings' }).click();
    await page.getByText('PayMongo settings saved.').waitFor();

    const { storage } = await signedInStorage(j, { username: 'conpay01' });
    const member = await j.newPage({ storage });
    await member.page.goto(member.url('/m/voucherCenter'));
    await member.page.getByTestId('deposit-method-GCASH').waitFor();
    expect(await member.page.getByTestId('deposit-method-MAYA').count()).toBe(0);
    const gcash = await j.t.ctx.db
      .selectFrom('deposit_method')
      .select(['max_amount', 'enabled'])
      .where('code', '=', 'GCASH')
      .where('merchant_id', '=', (qb) => qb.selectFrom('merchant').select('id').where('code', '=', 'panalo'))
      .executeTakeFirstOrThrow();
    expect(gcash).toEqual({ max_amount: 1_000_000n, enabled: true });
    const saved = await j.t.ctx.db
      .selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'payments.paymongo.save')
      .where('actor', 'like', 'operator:%')
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(saved.details)).toContain('GCash capped for new players');
    expect(JSON.stringify(saved.details)).not.toContain('sk_test_');
  });

  it('ops01 makes dividends weekly and settles what is due from the contracts screen; sets a member’s rate, an agent’s quota and the agency’s terms; all pass axe', async () => {
    const { page, url } = await j.newPage({ viewport: TABLET });
    await signIn(page, url, 'ops01');
    await page.goto(url('/admin/contracts'));
    await page.getByRole('heading', { name: 'Contract terms' }).waitFor();
    await page.getByLabel('Dividends are paid').first().click();
    await page.getByRole('option', { name: 'Weekly' }).click();
    await page.getByRole('listbox').waitFor({ state: 'hidden' });
    await axeClean(page);
    await page.getByRole('button', { name: 'Save contract terms' }).click();
    await page
      .getByRole('dialog')
      .getByLabel(/^Reason/)
      .fill('Agents asked for weekly dividends');
    await page.getByRole('dialog').getByRole('button', { name: 'Save contract terms' }).click();
    await page.getByText('Contract terms saved.').waitFor();
    const terms = await j.t.ctx.db
      .selectFrom('audit_log')
      .select('details')
      .where('action', 'like', 'contract%terms%')
      .execute();
    expect(JSON.stringify(terms)).toContain('Agents asked for weekly dividends');
    await page.getByRole('button', { name: 'Settle due periods now' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Settle due periods now' }).click();
    await page.getByTestId('contract-runs').waitFor();

    // Rates: a top member's lottery rate within the merchant's ceiling; one above it is refused, clearly.
    const { createMember } = await import('../../server/src/test-support/members');
    await createMember(j.t, { username: 'conrate01', type: 1 });
    await page.goto(url('/admin/agency?tab=rates'));
    await page.getByRole('heading', { name: "A member's rebate rates" }).waitFor();
    await axeClean(page);
    const rates = page.locator('form[aria-labelledby="rates-title"]');
    await rates.getByLabel("Member's username").fill('conrate01');
    // Leaving the username field shows the member's rates now and what each may be set to (#49 item 3).
    await rates.getByLabel('Lottery', { exact: true }).focus();
    await rates
      .getByText(/^Now 0\.00 %; may be 0\.00–\d+\.\d\d %$/)
      .first()
      .waitFor();
    expect(await rates.getByLabel('Lottery', { exact: true }).getAttribute('placeholder')).toBe('0.00');
    await rates.getByLabel('Lottery', { exact: true }).fill('99');
    await rates.getByRole('button', { name: 'Save the rates' }).click();
    await page
      .getByRole('dialog')
      .getByLabel(/^Reason/)
      .fill('Top agent deal');
    await page.getByRole('dialog').getByRole('button', { name: 'Save the rates' }).click();
    await page.getByRole('dialog').getByRole('alert').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await rates.getByLabel('Lottery', { exact: true }).fill('0.5');
    await rates.getByRole('button', { name: 'Save the rates' }).click();
    await page
      .getByRole('dialog')
      .getByLabel(/^Reason/)
      .fill('Top agent deal');
    await page.getByRole('dialog').getByRole('button', { name: 'Save the rates' }).click();
    await expect.poll(() => page.getByTestId('rates-result').textContent()).toContain('0.50 %');
    await expect
      .poll(() => rates.getByLabel('Lottery', { exact: true }).getAttribute('placeholder'))
      .toBe('0.50');

    const quota = page.locator('form[aria-labelledby="quota-title"]');
    await quota.getByLabel("Agent's username").fill('conrate01');
    await quota.getByLabel(/^Rate/).fill('0.4');
    await quota.getByLabel('Openings left').fill('3');
    await quota.getByRole('button', { name: 'Save the quota' }).click();
    await page
      .getByRole('dialog')
      .getByLabel(/^Reason/)
      .fill('Three openings for the launch');
    await axeClean(page);
    await page.getByRole('dialog').getByRole('button', { name: 'Save the quota' }).click();
    await page.getByText('conrate01: 3 openings left at 0.40 %.').waitFor();
    const row = await j.t.ctx.db
      .selectFrom('agent_quota')
      .innerJoin('member', 'member.id', 'agent_quota.member_id')
      .select(['agent_quota.remaining', 'agent_quota.rate_bp'])
      .where('member.username', '=', 'conrate01')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ remaining: 3, rate_bp: 40 });

    // The agency's terms: a rate that is not a percent is caught on the form; a new free threshold saved.
    await page.getByRole('tab', { name: 'Terms' }).click();
    await page.getByRole('heading', { name: 'Change the terms' }).waitFor();
    const free = page.getByLabel('Free up to');
    await free.fill('1.234');
    await page.getByRole('button', { name: 'Save the agency terms' }).click();
    await page.getByText('Correct the fields marked in red.').waitFor();
    await free.fill('0.30');
    await page.getByRole('button', { name: 'Save the agency terms' }).click();
    await page
      .getByRole('dialog')
      .getByLabel(/^Reason/)
      .fill('Fewer free openings');
    await axeClean(page);
    await page.getByRole('dialog').getByRole('button', { name: 'Save the agency terms' }).click();
    await page.getByText('Agency terms saved.').waitFor();
    await expect.poll(() => page.getByText(/rates up to 0\.30 % open freely/).count()).toBe(1);
  });

  it('ops01 edits the VIP club: a level asking less than the one below is refused; a new monthly bonus and a level on top are saved', async () => {
    const { page, url } = await j.newPage({ viewport: TABLET });
    await signIn(page, url, 'ops01');
    await page.goto(url('/admin/promotions?tab=vip'));
    await page.getByRole('heading', { name: 'Change the levels' }).waitFor();
    await axeClean(page);
    const merchantId = (
      await j.t.ctx.db
        .selectFrom('merchant')
        .select('id')
        .where('code', '=', 'panalo')
        .executeTakeFirstOrThrow()
    ).id;
    const before = await j.t.ctx.db
      .selectFrom('vip_level')
      .select('level')
      .where('merchant_id', '=', merchantId)
      .execute();
    const top = Math.max(...before.map((l) => l.level));
    // The form holds the stored levels before it is edited (a late load would put them back over the edit).
    const vip2 = page.getByLabel('VIP 2: deposits to reach');
    await expect.poll(() => vip2.inputValue(), SOON).not.toBe('');
    await vip2.fill('0');
    await expect.poll(() => vip2.inputValue(), SOON).toBe('0');
    await page.getByRole('button', { name: 'Save the VIP levels' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Save the VIP levels' }).click();
    await page.getByRole('dialog').getByRole('alert').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.reload();
    await page.getByLabel('VIP 1: monthly bonus').fill('25');
    await page.getByRole('button', { name: 'Add a level on top' }).click();
    await page.getByLabel(`VIP ${top + 1}: deposits to reach`).fill('9999999');
    await page.getByLabel(`VIP ${top + 1}: turnover to reach`).fill('99999999');
    await page.getByRole('button', { name: 'Save the VIP levels' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Save the VIP levels' }).click();
    await page.getByText('VIP levels saved.').waitFor();
    const after = await j.t.ctx.db
      .selectFrom('vip_level')
      .selectAll()
      .where('merchant_id', '=', merchantId)
      .orderBy('level')
      .execute();
    expect(after).toHaveLength(before.length + 1);
    expect(after[1]!.monthly_bonus).toBe(2_500n);
  });

  it('ops01 creates a daily check-in in English and Tagalog: the form names what is wrong, the server refuses an unknown code, the member site shows it; turned off, it goes', async () => {
    const { page, url } = await j.newPage({ viewport: DESKTOP });
    await signIn(page, url, 'ops01');
    await page.goto(url('/admin/promotions?tab=promotions'));
    await page.getByRole('link', { name: 'New promotion' }).click();
    await page.getByRole('heading', { name: 'New promotion' }).waitFor();
    await axeClean(page);

    await page.getByRole('button', { name: 'Create the promotion' }).click();
    await page.getByRole('alert').filter({ hasText: 'fields need fixing' }).waitFor();
    await page.getByText('2–32 capitals, digits or dashes.').waitFor();
    await axeClean(page);

    await page.getByLabel(/^Code/).fill('console-checkin');
    expect(await page.getByLabel(/^Code/).inputValue()).toBe('CONSOLE-CHECKIN');
    await page.getByLabel('Kind').first().click();
    await page.getByRole('option', { name: 'Daily check-in' }).click();
    await page.getByRole('listbox').waitFor({ state: 'hidden' });
    await page.getByLabel('How often a member takes part').first().click();
    await page.getByRole('option', { name: 'Once a day' }).click();
    await page.getByRole('listbox').waitFor({ state: 'hidden' });
    // The site's default language (Tagalog) comes first.
    await page.getByLabel('Title (TY)').fill('Check-in mula sa console');
    await page.getByRole('tab', { name: 'EN' }).click();
    await page.getByLabel('Title (EN)').fill('Console check-in');
    await page.getByLabel('Terms (EN)').fill('<p>Check in every day.</p><script>alert(1)</script>');
    await page.getByLabel(/^Amounts by streak day/).fill('1, 2, 3, 5');
    await page.getByLabel('Not with these promotions').fill('NO-SUCH-PROMO');
    await page.getByLabel('On: members see it').check();
    await page.getByRole('button', { name: 'Create the promotion' }).click();
    await page.getByText('No promotion has one of these codes.').waitFor();
    await axeClean(page);
    await page.getByLabel('Not with these promotions').fill('');
    await page.getByRole('button', { name: 'Create the promotion' }).click();
    await page.getByText('CONSOLE-CHECKIN saved.').waitFor();
    await page.getByRole('row').filter({ hasText: 'CONSOLE-CHECKIN' }).waitFor();

    const row = await j.t.ctx.db
      .selectFrom('promotion')
      .selectAll()
      .where('code', '=', 'CONSOLE-CHECKIN')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ kind: 'checkin', period: 'daily', enabled: true });
    expect(row.reward).toEqual({ type: 'streak', amounts: ['100', '200', '300', '500'] });
    expect(row.texts.EN!.terms).not.toContain('script');
    expect(row.texts.TY!.title).toBe('Check-in mula sa console');

    // The member site's activity centre shows it, in the member's language.
    const { storage } = await signedInStorage(j, { username: 'concheckin01' });
    const member = await j.newPage({ storage });
    await member.page.goto(member.url('/m/activity'));
    const card = member.page.getByTestId('promotion').filter({ hasText: 'Console check-in' });
    await card.waitFor(SOON);

    // Turned off from its edit screen, it leaves the member site.
    await page.getByRole('link', { name: 'Edit CONSOLE-CHECKIN' }).click();
    await page.getByRole('heading', { name: 'Edit CONSOLE-CHECKIN' }).waitFor();
    await page.getByRole('tab', { name: 'EN' }).click();
    await expect.poll(() => page.getByLabel('Title (EN)').inputValue(), SOON).toBe('Console check-in');
    expect(await page.getByLabel(/^Code/).isDisabled()).toBe(true);
    await axeClean(page);
    await page.getByLabel('On: members see it').uncheck();
    await page.getByRole('button', { name: 'Save the promotion' }).click();
    await page.waitForURL(/\/admin\/promotions\?tab=promotions$/);
    await page.getByText('CONSOLE-CHECKIN saved.').first().waitFor();
    await member.page.reload();
    await member.page.getByTestId('promotion').first().waitFor(SOON);
    expect(await card.count()).toBe(0);
  });

  it('ops01 reads a lottery game’s periods with their proof, cancels this site’s part of one (the member’s stake comes back), then pays 9.5 on a number and stops colour bets; the member site’s betting follows; both pass axe', async () => {
    // The periods the scheduler makes (the journeys' server runs no background jobs).
    await schedulerTick(j.t.ctx.db, j.t.clock);
    const { page, url } = await j.newPage({ viewport: DESKTOP });
    await signIn(page, url, 'ops01');
    await page.goto(url('/admin/lottery?game=WINGO1'));
    await page.getByRole('table').getByRole('row').nth(1).waitFor();
    expect(await page.getByRole('table').getByRole('row').nth(1).textContent()).toMatch(/\d{8}/);
    await axeClean(page);

    // A member's bet on WINGO5's open period; ops01 cancels this site's part of it: the stake comes back.
    const player = await lotteryPlayer(j.t);
    // The server's clock stands still during a journey (at the real time the journey began): in the
    // last seconds of WINGO5's period, sales are locked, so the clock moves on to the next period.
    let open = periodAt(getGame('WINGO5'), j.t.clock.now());
    if (j.t.clock.now() >= open.lockAt) {
      j.t.clock.set(new Date(open.drawAt.getTime() + 1000));
      await schedulerTick(j.t.ctx.db, j.t.clock);
      open = periodAt(getGame('WINGO5'), j.t.clock.now());
    }
    value(
      await lotteryApi(j.t).bet(player, {
        gameCode: 'WINGO5',
        numero: open.numero,
        items: [{ betType: 'size', selection: 'big', amount: '10.00', units: 1 }],
      }),
    );
    await page.goto(url('/admin/lottery?game=WINGO5'));
    await page.getByRole('button', { name: `Cancel here ${open.numero}` }).click();
    await page
      .getByRole('dialog')
      .getByLabel(/^Reason/)
      .fill('The draw feed was disputed');
    await axeClean(page);
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel here' }).click();
    await page.getByText(`Period ${open.numero} cancelled here: 1 bet refunded, 10.00.`).first().waitFor();
    await page.getByText('1 bet refunded, 10.00, by ops01').waitFor();
    expect(await lotteryApi(j.t).wallet(player)).toBe(1_000_000n);

    await page.goto(url('/admin/lottery?game=WINGO1'));
    await page.getByRole('tab', { name: 'Odds and limits' }).click();
    await page.getByLabel('number: odds').fill('9.5');
    await page.getByLabel('number: largest stake').fill('abc');
    await page.getByText('An amount such as 100 or 12.50.').waitFor();
    await axeClean(page);
    await page.getByLabel('number: largest stake').fill('2000');
    await page.getByLabel('colour: offered').uncheck();
    await page.getByRole('button', { name: 'Save the odds and limits' }).click();
    await page.getByText('saved. Bets already placed keep their odds.').first().waitFor();

    type Menus = {
      value: { betTypes: { betType: string; odds: Record<string, string>; maxStake: string }[] };
    };
    const menus = await j.t.request<Menus>({ method: 'GET', url: '/api/lottery/gameMenus?gameCode=WINGO1' });
    expect(menus.body.value.betTypes.map((b) => b.betType)).not.toContain('colour');
    expect(menus.body.value.betTypes.find((b) => b.betType === 'number')).toMatchObject({
      odds: { default: '9.5' },
      maxStake: '2000.00',
    });
    // The other journeys share this site: WINGO1 goes back to the game's defaults.
    await j.t.ctx.db
      .updateTable('lottery_merchant_game')
      .set({ config: JSON.stringify({}) })
      .where('game_code', '=', 'WINGO1')
      .execute();
  });

  it('ops01 adds a support desk member who signs in with an authenticator and sees no cashier; disabled with a reason, they are signed out', async () => {
    const { page, url } = await j.newPage({ viewport: DESKTOP });
    await signIn(page, url, 'ops01');
    await page.goto(url('/admin/staff'));
    await page.getByRole('row').filter({ hasText: 'ops01' }).waitFor();
    await axeClean(page);
    await page.getByRole('button', { name: 'Add staff' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Username').fill('desk02');
    await dialog.getByLabel(/^Password/).fill('short');
    await dialog.getByRole('button', { name: 'Add staff' }).click();
    await dialog.getByText('Use 10 to 64 characters with at least one letter and one digit.').waitFor();
    await axeClean(page);
    await dialog.getByLabel(/^Password/).fill('Desk02pass!');
    await dialog.getByRole('button', { name: 'Add staff' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page
      .getByRole('row')
      .filter({ hasText: 'desk02' })
      .filter({ hasText: 'At the next sign-in' })
      .waitFor();

    const desk = await j.newPage({ viewport: TABLET });
    await signIn(desk.page, desk.url, 'desk02', 'Desk02pass!');
    const nav = desk.page.getByRole('navigation', { name: 'Console' });
    await nav.getByRole('link', { name: 'Members' }).first().waitFor();
    expect(await nav.getByRole('link', { name: 'Deposits' }).count()).toBe(0);

    await page.reload();
    await page.getByRole('button', { name: 'Role and status of desk02' }).click();
    await dialog.getByLabel('Active (can sign in)').uncheck();
    await dialog.getByLabel(/^Reason/).fill('Left the desk');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('row').filter({ hasText: 'desk02' }).filter({ hasText: 'Disabled' }).waitFor();
    await desk.page.reload();
    await desk.page.getByLabel('Username').waitFor(SOON);
  });

  it('support01 reads a member’s play and bonuses, leaves a note, resets the password (the temporary one works once shown) and reads the limits; ops01 sets a loss limit (a raise refused); the profile passes axe', async () => {
    const { m: member } = await signedInStorage(j, { username: 'conreset01' });
    const { page, url } = await j.newPage({ viewport: TABLET });
    await signIn(page, url, 'support01');
    await page.goto(url(`/admin/members/${member.id}`));
    await page.getByRole('heading', { name: 'Play and bonuses' }).waitFor();
    await page.getByRole('tab', { name: /^Lottery/ }).waitFor();
    await axeClean(page);

    await page.getByLabel('Note', { exact: true }).fill('Called: asked how to reset the password.');
    await page.getByRole('button', { name: 'Add the note' }).click();
    await page.getByTestId('member-note').filter({ hasText: 'asked how to reset' }).waitFor();
    expect(await page.getByTestId('member-note').first().textContent()).toContain('support01');

    await page.getByRole('button', { name: 'Reset password' }).click();
    await page
      .getByRole('dialog')
      .getByLabel(/^Reason/)
      .fill('Verified by phone');
    await page.getByRole('dialog').getByRole('button', { name: 'Reset password' }).click();
    const shown = page.getByTestId('temporary-password');
    await shown.waitFor();
    const temp = (await shown.textContent())!.trim();
    expect(temp).toMatch(/^[A-Za-z2-9]{12}$/);
    await axeClean(page);
    const row = await j.t.ctx.db
      .selectFrom('member')
      .select(['password_hash', 'first_time_login'])
      .where('id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(await verifyPassword(row.password_hash, temp)).toBe(true);
    expect(row.first_time_login).toBe(true);
    await page.getByRole('button', { name: 'Done' }).click();
    await shown.waitFor({ state: 'detached' });

    // Limits are player protection (owner and risk): support reads them, with no form to set one.
    await page.getByRole('row', { name: /Losses, 7 days/ }).waitFor();
    expect(await page.getByRole('button', { name: 'Set the limit' }).count()).toBe(0);

    // The owner sets a loss limit of 300.00 over 7 days, shown at once; a higher one refused.
    const owner = await j.newPage({ viewport: TABLET });
    await signIn(owner.page, owner.url, 'ops01');
    await owner.page.goto(owner.url(`/admin/members/${member.id}`));
    await owner.page.getByRole('button', { name: 'Set the limit' }).waitFor();
    const setLoss = async (amount: string) => {
      const p = owner.page;
      await p.getByLabel('Limit', { exact: true }).first().click();
      await p.getByRole('option', { name: 'Losses' }).click();
      await p.getByLabel('Over', { exact: true }).first().click();
      await p.getByRole('option', { name: '7 days' }).click();
      await p.getByLabel('Amount', { exact: true }).fill(amount);
      await p.getByRole('button', { name: 'Set the limit' }).click();
      await p
        .getByRole('dialog')
        .getByLabel(/^Reason/)
        .fill('Asked for a weekly loss limit');
      await p.getByRole('dialog').getByRole('button', { name: 'Set the limit' }).click();
    };
    await setLoss('300');
    await owner.page.getByRole('row', { name: /Losses, 7 days\s+300\.00/ }).waitFor();
    await axeClean(owner.page);
    await setLoss('400');
    await owner.page.getByRole('dialog').getByText('only the member may raise or remove it').waitFor();
  });

  it('finance01 opens yesterday’s daily close, reads its sheet, downloads its CSV, sees the break reconciliation found, resolves it and signs the day; the screens pass axe', async () => {
    // The nightly job's work, done here: the house roll-up, then yesterday's close of panalo.
    const panalo = await j.t.ctx.db
      .selectFrom('merchant')
      .select('id')
      .where('code', '=', 'panalo')
      .executeTakeFirstOrThrow();
    await rollUpHouse(j.t.ctx.db);
    const closes = dailyCloseService(j.t.ctx.db);
    // panalo's reporting days are UTC's.
    const yesterday = new Date(j.t.clock.now().getTime() - 86_400_000).toISOString().slice(0, 10);
    // A ₱500.00 GCash deposit PayMongo took yesterday whose webhook never came: planted at the demo
    // PayMongo (the payment booked there, the order left pending here).
    const { createMember, sessionFor } = await import('../../server/src/test-support/members');
    const payer = await createMember(j.t, {});
    const made = await j.t.request<{ value: { order: { id: string } } }>({
      method: 'POST',
      url: '/api/cashier/deposits',
      headers: {
        authorization: `Bearer ${await sessionFor(j.t, payer)}`,
        host: 'localhost',
        'idempotency-key': 'recon-journey-1',
      },
      payload: { methodCode: 'GCASH', amount: '500.00' },
    });
    expect(made.status).toBe(200);
    const account = (await payMongoAccountOf(j.t.ctx.db, panalo.id))!;
    j.paysim.paymongo.bookPaid({
      secretKey: account.secretKey,
      reference: made.body.value.order.id,
      amount: 50_000,
      at: new Date(`${yesterday}T12:00:00Z`),
    });
    const closed = await closes.closeDay({
      merchantId: panalo.id,
      day: yesterday,
      runBy: 'system:daily-close',
      now: j.t.clock.now(),
    });
    expect(closed.status).toBe('balanced');
    // …and its reconciliation with Hub88 and PayMongo, as the same job runs it.
    const runs = await reconciliationService(j.t.ctx.db, { hub88: j.t.ctx.hub88 }).reconcileDay({
      merchantId: panalo.id,
      day: yesterday,
      runBy: 'system:daily-close',
      now: j.t.clock.now(),
    });
    expect(runs.map((r) => [r.source, r.status, r.breaks])).toEqual([
      ['hub88', 'done', 0],
      ['paymongo', 'done', 1],
    ]);

    const { page, url } = await j.newPage({ viewport: TABLET });
    await signIn(page, url, 'finance01');
    await page
      .getByRole('navigation', { name: 'Console' })
      .getByRole('link', { name: 'Daily close' })
      .click();
    const table = page.getByRole('table', { name: /Closed days from/ });
    await table.waitFor(SOON);
    const row = table.getByRole('row', { name: new RegExp(yesterday) });
    await expect.poll(() => row.textContent(), SOON).toContain('Balanced');
    await axeClean(page);
    await row.getByRole('link').first().click();
    await page.getByRole('heading', { name: `Daily close of ${yesterday}` }).waitFor(SOON);
    await page.getByRole('table', { name: /What the brand owed its players/ }).waitFor();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: /CSV/ }).click();
    expect((await download).suggestedFilename()).toBe(`daily-close-${yesterday}.csv`);
    await axeClean(page);

    // Reconciliation: PayMongo's run found the payment never credited.
    await page.getByRole('heading', { name: 'Reconciliation', level: 2 }).waitFor();
    await page.getByRole('table', { name: /Reconciliation runs of/ }).waitFor();
    const breaks = page.getByRole('table', { name: new RegExp(`Breaks of ${yesterday}`) });
    const breakRow = breaks.getByRole('row', { name: /Only on their side/ });
    await expect.poll(() => breakRow.textContent(), SOON).toContain('500.00');
    await breakRow.getByRole('link').first().click();
    await page.getByRole('heading', { name: /^Break \d+$/, level: 1 }).waitFor(SOON);
    await page.getByRole('table', { name: 'The payment as PayMongo lists it' }).waitFor();
    await page.getByRole('table', { name: 'The deposit order we hold for this payment' }).waitFor();
    await axeClean(page);
    await page.getByRole('radio', { name: /Credit the member/ }).check();
    await page.getByLabel('Reason').fill('PayMongo took the payment; its webhook never came');
    await page.getByRole('button', { name: 'Resolve the break' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Resolve' }).click();
    await page.getByText(/^Break \d+ is resolved\.$/).waitFor(SOON);
    await page.getByRole('heading', { name: 'Resolution', level: 2 }).waitFor();
    // The deposit itself is credited, once, through the ledger.
    const order = await j.t.ctx.db
      .selectFrom('deposit_order')
      .select('status')
      .where('id', '=', BigInt(made.body.value.order.id))
      .executeTakeFirstOrThrow();
    expect(order.status).toBe('paid');
    expect(await accountBalance(j.t.ctx.db, memberWalletKey(panalo.id, payer.id, 'PHP'))).toBe(50_000n);

    await page.getByRole('link', { name: `Daily close of ${yesterday}` }).click();
    await page.getByRole('heading', { name: `Daily close of ${yesterday}` }).waitFor(SOON);
    await page.getByRole('button', { name: 'Sign the day' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Sign the day' }).click();
    await page.getByText(new RegExp(`${yesterday} is signed by finance01`)).waitFor(SOON);
    const signed = await closes.find(panalo.id, yesterday);
    expect(signed?.signedBy).toBe('finance01');

    // The queue of breaks: none open, the resolved one under "Resolved".
    await page
      .getByRole('navigation', { name: 'Console' })
      .getByRole('link', { name: 'Reconciliation breaks' })
      .click();
    await page.getByRole('heading', { name: 'Reconciliation breaks', level: 1 }).waitFor(SOON);
    await page.getByText('No open break: every difference found is resolved.').waitFor(SOON);
    // A segmented control: its radios sit under their labels.
    await page.getByText('Resolved', { exact: true }).click();
    await page
      .getByRole('table', { name: /Resolved breaks of every day/ })
      .getByRole('row', { name: /Credited/ })
      .waitFor(SOON);
    await axeClean(page);
  });
});
