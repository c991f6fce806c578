import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { hasChromium, signedInStorage, startJourney, type Journey } from '../../../test/e2e/harness';

/** A member session as the login stores it; the shell only reads it from storage. */

/**
 * Opens a page once the shell has rendered. Announcements answer empty: the home login popup is modal
 * and would sit over the header.
 */
async function open(page: Page, url: string) {
  await page.route(
    (u) => u.pathname === '/api/content/announcements',
    (route) => route.fulfill({ json: { success: true, value: [] } }),
  );
  await page.goto(url);
  await page.getByTestId('layout').waitFor();
}

/** Widths that overflow their box, for the header, the footer and the document. */
const overflow = (page: Page) =>
  page.evaluate(() => {
    const over = (el: Element | null) => (el ? el.scrollWidth - el.clientWidth : 0);
    return {
      document: document.documentElement.scrollWidth - window.innerWidth,
      header: over(document.querySelector('[data-testid="header"]')),
      footer: over(document.querySelector('[data-testid="footer"] nav')),
      beyondViewport: Array.from(
        document.querySelectorAll('[data-testid="header"] *, [data-testid="footer"] *'),
      ).filter((el) => el.getBoundingClientRect().right > window.innerWidth + 0.5).length,
    };
  });

describe.skipIf(!hasChromium)('app shell in Chromium', () => {
  let j: Journey;
  beforeAll(async () => {
    j = await startJourney();
  });
  afterAll(async () => j?.close());

  it('SHELL-021 SHELL-024 the menu opens with its entries and the 2018-2024 line', async () => {
    const { page, url } = await j.newPage({ host: 'luzon.localhost' });
    await open(page, url('/m/home'));
    await page.getByTestId('menu-button').click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.waitFor();
    for (const name of ['Deposit', 'Withdraw', 'Help centre']) {
      expect(await menu.getByRole('link', { name }).count(), name).toBe(1);
    }
    // luzon: FEEDBACK3 off; a visitor gets no balance or sign-out entries.
    expect(await menu.getByRole('link', { name: 'Feedback' }).count()).toBe(0);
    expect(await menu.getByRole('button', { name: 'Sign out' }).count()).toBe(0);
    expect(await menu.getByTestId('menu-copyright').innerText()).toContain('2018-2024');
  });

  it('SHELL-022 SHELL-023 a member on panalo also gets balance, feedback and sign-out entries', async () => {
    const { storage } = await signedInStorage(j, { type: 1, nickname: 'Juanito dela Cruz Santos' });
    const { page, url } = await j.newPage({ storage });
    await open(page, url('/m/home'));
    await page.getByTestId('menu-button').click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.waitFor();
    for (const name of ['Refresh balance', 'Hide balance', 'Sign out']) {
      expect(await menu.getByRole('button', { name }).count(), name).toBe(1);
    }
    expect(await menu.getByRole('link', { name: 'Feedback' }).count()).toBe(1);
  });

  it('AUTH-062 AUTH-065 AUTH-067 AUTH-068 sign out asks, clears the member data and reloads at home', async () => {
    const { storage: memberStorage } = await signedInStorage(j, { nickname: 'Juanito dela Cruz Santos' });
    const { page, url } = await j.newPage();
    // Signed in for the first load only (window.name survives the reload, storage is what we check).
    await page.addInitScript(
      (s: Record<string, string>) => {
        if (window.name === 'e2e-seen') return;
        window.name = 'e2e-seen';
        for (const [k, v] of Object.entries(s)) localStorage.setItem(k, v);
      },
      { ...memberStorage, language: 'EN', autoLogin: '1' },
    );
    await open(page, url('/m/help'));
    await page.getByTestId('menu-button').click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Sign out' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Sign out?' });
    await confirm.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(/\/m\/home$/);
    await page.getByTestId('header-login').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('autoLogin'))).toBe('0');
    expect(await page.evaluate(() => localStorage.getItem('memberInfo'))).toBeNull();
  });

  it('SHELL-021 keyboard: Enter opens the menu, focus moves in, Escape closes it and returns focus', async () => {
    const { page, url } = await j.newPage();
    await open(page, url('/m/home'));
    await page.getByTestId('menu-button').focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('menu').waitFor();
    expect(await page.evaluate(() => !!document.activeElement?.closest('[data-testid="menu"]'))).toBe(true);
    // Tab stays inside the open menu.
    for (let i = 0; i < 12; i++) await page.keyboard.press('Tab');
    expect(await page.evaluate(() => !!document.activeElement?.closest('[data-testid="menu"]'))).toBe(true);
    await page.keyboard.press('Escape');
    await page.getByTestId('menu').waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
      'menu-button',
    );
  });

  it('SHELL-027 the footer is hidden on /m/notice and shown on /m/home and /m/help', async () => {
    const { page, url } = await j.newPage();
    await open(page, url('/m/notice'));
    await page.getByTestId('header').waitFor();
    expect(await page.getByTestId('footer').count()).toBe(0);
    await open(page, url('/m/help'));
    await page.getByTestId('footer').waitFor();
    await open(page, url('/m/home'));
    await page.getByTestId('footer').waitFor();
    expect(await page.getByTestId('footer-badge').innerText()).toBe('+3%');
  });

  it('SHELL-009 SHELL-010 SHELL-013 logo on home, back arrow on /m/help that leads home without history', async () => {
    const { page, url } = await j.newPage();
    await open(page, url('/m/home'));
    await page.getByTestId('header-logo').waitFor();
    expect(await page.getByTestId('header-back').count()).toBe(0);
    await open(page, url('/m/help'));
    await page.getByTestId('header-back').waitFor();
    expect(await page.getByTestId('header-logo').count()).toBe(0);
    await page.getByTestId('header-back').click();
    await page.waitForURL(/\/m\/home$/);
    await page.getByTestId('header-logo').waitFor();
  });

  it('SHELL-012 back returns to the previous page of the visit', async () => {
    // A member: feedback is a member's screen (a visitor is asked to log in).
    const { storage } = await signedInStorage(j);
    const { page, url } = await j.newPage({ storage });
    await open(page, url('/m/help'));
    await page.getByTestId('menu-button').click();
    await page.getByTestId('menu').getByRole('link', { name: 'Feedback' }).click();
    await page.waitForURL(/\/m\/feedback$/);
    await page.getByTestId('feedback-screen').waitFor();
    expect(await page.evaluate(() => (history.state as { idx?: number } | null)?.idx)).toBe(1);
    await page.getByTestId('header-back').click();
    await page.waitForURL(/\/m\/help$/);
    expect(await page.evaluate(() => (history.state as { idx?: number } | null)?.idx)).toBe(0);
  });

  it('SHELL-016 the register button shows on localhost (panalo, DIRECTREG on), not on luzon.localhost', async () => {
    const panalo = await j.newPage();
    await open(panalo.page, panalo.url('/m/home'));
    await panalo.page.getByTestId('header-login').waitFor();
    expect(await panalo.page.getByTestId('header-register').count()).toBe(1);

    const luzon = await j.newPage({ host: 'luzon.localhost' });
    await open(luzon.page, luzon.url('/m/home'));
    await luzon.page.getByTestId('header-login').waitFor();
    expect(await luzon.page.getByTestId('header-register').count()).toBe(0);
  });

  it('SHELL-002 at 320 px the header and footer do not overflow (visitor in TY, member in EN)', async () => {
    const visitor = await j.newPage();
    await visitor.page.setViewportSize({ width: 320, height: 640 });
    await open(visitor.page, visitor.url('/m/help'));
    await visitor.page.getByTestId('header-register').waitFor();
    expect(await overflow(visitor.page)).toEqual({ document: 0, header: 0, footer: 0, beyondViewport: 0 });

    const { storage: memberStorage } = await signedInStorage(j, { nickname: 'Juanito dela Cruz Santos' });
    const member = await j.newPage({ storage: memberStorage });
    await member.page.setViewportSize({ width: 320, height: 640 });
    await open(member.page, member.url('/m/help'));
    await member.page.getByTestId('header-balance').waitFor();
    expect(await overflow(member.page)).toEqual({ document: 0, header: 0, footer: 0, beyondViewport: 0 });
    await open(member.page, member.url('/m/home'));
    await member.page.getByTestId('header-logo').waitFor();
    expect(await overflow(member.page)).toEqual({ document: 0, header: 0, footer: 0, beyondViewport: 0 });
  });
});
