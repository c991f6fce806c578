import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Announcement, GameCategory } from '@panalo/contract/content';
import { hasChromium, startJourney, type Journey } from '../../../test/e2e/harness';

/** Reads what the server would give the page, so the journeys follow the seed instead of copying it. */
async function api<T>(j: Journey, url: string, host = 'localhost'): Promise<T> {
  const res = await j.t.request<{ value: T }>({ method: 'GET', url, headers: { host } });
  expect(res.status).toBe(200);
  return res.body.value;
}

const homeContent = (j: Journey, lang: string, host?: string) =>
  api<Announcement[]>(
    j,
    `/api/content/announcements?types=B,PL,PU,H&groupName=m_home&platform=M&lang=${lang}`,
    host,
  );

/** A visitor's first visit shows the group-B popup over home; close it to reach the page behind. */
async function closePopup(page: Page) {
  const popup = page.getByTestId('announcement-popup');
  await popup.waitFor({ timeout: 10_000 });
  await page.getByTestId('announcement-popup-close').click();
  await popup.waitFor({ state: 'detached' });
}

describe.skipIf(!hasChromium)('home in Chromium', () => {
  let j: Journey;
  beforeAll(async () => {
    j = await startJourney();
  });
  afterAll(async () => j?.close());

  it('HOME-010 HOME-011 HOME-012 banners render with dots and rotate by themselves', async () => {
    const { page, url } = await j.newPage();
    await page.goto(url('/m/home'));
    const carousel = page.getByTestId('banner-carousel');
    await carousel.waitFor();
    const slides = await page.getByTestId('banner-slide').count();
    expect(slides).toBeGreaterThan(1);
    expect(await page.getByTestId('banner-dots').getByRole('button').count()).toBe(slides);
    const before = await carousel.getAttribute('data-active-index');
    await page.waitForFunction(
      (b) =>
        document.querySelector('[data-testid="banner-carousel"]')?.getAttribute('data-active-index') !== b,
      before,
      { timeout: 6500 },
    );
  });

  it('HOME-023 the marquee shows a seeded announcement title', async () => {
    const titles = (await homeContent(j, 'TY')).filter((a) => a.type === 'PL' || a.type === 'H');
    expect(titles.length).toBeGreaterThan(0);
    const { page, url } = await j.newPage();
    await page.goto(url('/m/home'));
    const text = page.getByTestId('marquee-text');
    await text.waitFor();
    expect(await text.textContent()).toContain(titles[0]!.title);
  });

  it('HOME-025 tapping the marquee opens /m/notice', async () => {
    const { page, url } = await j.newPage();
    await page.goto(url('/m/home'));
    await closePopup(page);
    await page.getByTestId('marquee').click();
    await page.waitForURL((u) => u.pathname === '/m/notice');
  });

  it('HOME-029 HOME-031 HOME-033 a visitor sees the group-B popup; once closed it stays closed after reload', async () => {
    const groupB = (await homeContent(j, 'TY')).filter((a) => a.type === 'PU' && a.execution === 'B');
    expect(groupB.length).toBeGreaterThan(0);
    const { page, url } = await j.newPage();
    await page.goto(url('/m/home'));
    const title = page.getByTestId('announcement-popup-title');
    await title.waitFor({ timeout: 10_000 });
    expect(await title.textContent()).toBe(groupB[0]!.title);
    await closePopup(page);
    const stored = await page.evaluate(
      () => JSON.parse(localStorage.getItem('popupState') ?? '{}') as unknown,
    );
    expect(stored).toMatchObject({ B: { show: false } });

    await page.reload();
    await page.getByTestId('marquee-text').waitFor();
    await page.waitForTimeout(1500); // well past the 500 ms popup refresh delay
    expect(await page.getByTestId('announcement-popup').count()).toBe(0);
  });

  it('HOME-016 the hot-match strip shows the match time as MM/DD HH:mm', async () => {
    const { page, url } = await j.newPage();
    await page.goto(url('/m/home'));
    const time = page.getByTestId('hot-match-time').first();
    await time.waitFor();
    expect(await time.textContent()).toMatch(/^\d{2}\/\d{2} \d{2}:\d{2}$/);
  });

  it('HOME-001 category tiles link to their game lists in the merchant order', async () => {
    const categories = await api<GameCategory[]>(j, '/api/content/game-categories');
    const { page, url } = await j.newPage();
    await page.goto(url('/m/home'));
    const tiles = page.getByTestId('categories').getByRole('link');
    await tiles.first().waitFor();
    const hrefs = await tiles.evaluateAll((els) => els.map((e) => e.getAttribute('href')));
    expect(hrefs).toEqual(
      categories.map((c) => (c.code === 'LOTT' ? '/m/lottery' : `/m/gameList?gameType=${c.code}`)),
    );
    expect(hrefs.some((h) => h?.startsWith('/m/gameList?gameType='))).toBe(true);
  });

  it('HOME-008 the second merchant shows its own banners', async () => {
    const bannerSrcs = async (host?: string) => {
      const { page, url } = await j.newPage(host ? { host } : {});
      await page.goto(url('/m/home'));
      await page.getByTestId('banner-carousel').waitFor();
      return page
        .getByTestId('banner-slide')
        .locator('img')
        .evaluateAll((els) => els.map((e) => e.getAttribute('src') ?? ''));
    };
    const panalo = await bannerSrcs();
    const luzon = await bannerSrcs('luzon.localhost');
    expect(luzon.length).toBeGreaterThan(0);
    expect(luzon.filter((s) => panalo.includes(s))).toEqual([]);
    const luzonPaths = (await homeContent(j, 'EN', 'luzon.localhost'))
      .filter((a) => a.type === 'B')
      .map((a) => a.url);
    for (const src of luzon) expect(luzonPaths.some((p) => p && src.endsWith(p))).toBe(true);
  });
});
