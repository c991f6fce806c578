import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { hasChromium, signedInStorage, startJourney, type Journey } from './support/harness';

// The game list in Chromium against the real server and its seeded catalogue (issue 5): browse a
// category, search, filter by vendor, favourite and unfavourite.

describe.skipIf(!hasChromium)('game list journeys', () => {
  let j: Journey;
  beforeAll(async () => {
    j = await startJourney();
  });
  afterAll(async () => {
    await j?.close();
  });

  const tileCount = async (page: Page) => page.locator('[data-testid^="game-tile-"]').count();

  it('GAMES-004 GAMES-009 a visitor browses slots: pages of 26, search on Enter narrows the list', async () => {
    const { page, url } = await j.newPage({ storage: { language: 'EN' } });
    await page.goto(url('/m/gameList?gameType=RNG'));
    await page.getByTestId('games-grid').waitFor();
    await expect.poll(() => tileCount(page)).toBe(26);

    const search = page.getByTestId('games-search');
    await search.fill('dragon');
    await search.press('Enter');
    await expect
      .poll(async () => {
        const n = await tileCount(page);
        return n > 0 && n < 26;
      })
      .toBe(true);
    const names = await page.getByTestId('game-name').allTextContents();
    expect(names.every((n) => /dragon/i.test(n))).toBe(true);
  });

  it('GAMES-014 GAMES-038 GAMES-039 GAMES-043 a member filters by vendor and favourites a game, then removes it', async () => {
    const { storage } = await signedInStorage(j, { username: 'gamer01' });
    const { page, url } = await j.newPage({ storage });
    await page.goto(url('/m/gameList?gameType=LIVE'));
    await page.getByTestId('games-grid').waitFor();
    await page.getByTestId('vendor-MNL').click();
    await expect
      .poll(
        async () =>
          (await page.locator('[data-testid="game-vendor-logo"]').first().getAttribute('src')) ?? '',
      )
      .toContain('MNL');

    const first = page.locator('[data-testid^="game-tile-"]').first();
    const heart = first.getByTestId('game-fav');
    expect(await heart.getAttribute('aria-pressed')).toBe('false');
    await heart.click();
    await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('true');

    await page.getByTestId('games-tab-fav').click();
    await expect.poll(() => tileCount(page)).toBe(1);
    await page.locator('[data-testid^="game-tile-"]').first().getByTestId('game-fav').click();
    await expect.poll(() => tileCount(page)).toBe(0);
  });
});
