import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { hasChromium, startJourney, type Journey } from '../../../test/e2e/harness';

const htmlLang = (page: Page) => page.evaluate(() => document.documentElement.lang);

/** The shell's visible words (header and footer), which change with the language. */
const shellText = (page: Page) => page.getByTestId('layout').innerText();

/**
 * Opens home once the app has rendered (index.html already says lang=fil, so the checks wait for the
 * app's own header). Announcements answer empty: their login popup is modal and would sit over the header.
 */
async function openHome(page: Page, url: string) {
  await page.route(
    (u) => u.pathname === '/api/content/announcements',
    (route) => route.fulfill({ json: { success: true, value: [] } }),
  );
  await page.goto(url);
  await page.getByTestId('home-screen').waitFor();
  await page.getByTestId('language-button').waitFor();
  // Compare settled pages only: the sections below load after the shell.
  await page.getByTestId('categories').waitFor();
  await page.waitForLoadState('networkidle');
}

async function chooseLanguage(page: Page, code: 'EN' | 'TY') {
  await page.getByTestId('language-button').click();
  const popup = page.getByTestId('language-popup');
  await popup.waitFor();
  expect(await popup.getAttribute('role')).toBe('dialog');
  await page.getByTestId(`language-${code}`).click();
  await popup.waitFor({ state: 'detached' });
}

describe.skipIf(!hasChromium)('languages in Chromium', () => {
  let j: Journey;
  beforeAll(async () => {
    j = await startJourney();
  });
  afterAll(async () => j?.close());

  it('I18N-003 on localhost (panalo) the site starts in Filipino', async () => {
    const { page, url } = await j.newPage();
    await openHome(page, url('/m/home'));
    expect(await htmlLang(page)).toBe('fil');
    expect(await page.getByTestId('language-button').getAttribute('aria-label')).toContain('Filipino');
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBeNull();
  });

  it('I18N-005 I18N-008 I18N-009 switching to EN in the header popup and back changes the visible text', async () => {
    const { page, url } = await j.newPage();
    await openHome(page, url('/m/home'));
    const filipino = await shellText(page);

    await chooseLanguage(page, 'EN');
    expect(await htmlLang(page)).toBe('en');
    await expect.poll(() => shellText(page)).not.toBe(filipino);
    expect(await page.getByTestId('language-button').getAttribute('aria-label')).toContain('English');
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('EN');

    await chooseLanguage(page, 'TY');
    expect(await htmlLang(page)).toBe('fil');
    await expect.poll(() => shellText(page)).toBe(filipino);
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('TY');
  });

  it('I18N-008 the chosen language is remembered across a reload', async () => {
    const { page, url } = await j.newPage();
    await openHome(page, url('/m/home'));
    await chooseLanguage(page, 'EN');
    await page.reload();
    await page.getByTestId('home-screen').waitFor();
    expect(await htmlLang(page)).toBe('en');
  });

  it('I18N-008 a stored language the merchant supports wins over its default', async () => {
    const { page, url } = await j.newPage({ storage: { language: 'EN' } });
    await openHome(page, url('/m/home'));
    expect(await htmlLang(page)).toBe('en');
  });

  it('I18N-003 luzon.localhost, whose default is EN, starts in English', async () => {
    const { page, url } = await j.newPage({ host: 'luzon.localhost' });
    await openHome(page, url('/m/home'));
    expect(await htmlLang(page)).toBe('en');
    expect(await page.getByTestId('language-button').getAttribute('aria-label')).toContain('English');
  });

  it('I18N-004 a stored language the merchant does not offer is ignored', async () => {
    const { page, url } = await j.newPage({ storage: { language: 'AR' } });
    await openHome(page, url('/m/home'));
    expect(await htmlLang(page)).toBe('fil');
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('ltr');
  });
});
