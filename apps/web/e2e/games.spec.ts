import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { parseAmount } from '@panalo/contract/money';
import { hasChromium, signedInStorage, startJourney, type Journey } from '../../../test/e2e/harness';
import { issueLaunchToken } from '../../server/src/modules/game-wallet/game-launch';
import { fundWallet, vendorCall } from '../../server/src/modules/game-wallet/vendor-client';

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

  it('a visitor filters slots by minimum bet in the filter drawer: every game listed takes that stake', async () => {
    const { page, url } = await j.newPage({ storage: { language: 'EN' } });
    await page.goto(url('/m/gameList?gameType=RNG'));
    await page.getByTestId('games-grid').waitFor();
    await page.getByTestId('games-filter-open').click();
    await page.getByTestId('drawer-minbet-0.01').click();
    const listed = page.waitForResponse(
      (r) =>
        r.url().includes('/api/games/list') &&
        (r.request().postDataJSON() as { minBet?: string } | null)?.minBet === '0.01',
    );
    await page.getByTestId('drawer-submit').click();
    const body = (await (await listed).json()) as {
      value: { games: { minBet: string; nodeId: string }[] };
    };
    const games = body.value.games;
    expect(games.length).toBeGreaterThan(0);
    expect(games.every((g) => (parseAmount(g.minBet) ?? 0n) <= 1n)).toBe(true);
    await expect
      .poll(async () => page.locator('[data-testid^="game-tile-"]').first().getAttribute('data-testid'))
      .toBe(`game-tile-${games[0]!.nodeId}`);
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

  it('the game lobby lists the merchant’s categories in order; a vendor opens its filtered list', async () => {
    const { page, url } = await j.newPage({ storage: { language: 'EN' } });
    await page.goto(url('/m/gameLobby'));
    await page.getByTestId('game-lobby').waitFor();
    const sorting = await page.evaluate(async () => {
      const r = await fetch('/api/games/vendor-config');
      const body = (await r.json()) as { value: { sorting: { gameCategory: string }[] } };
      return body.value.sorting.map((s) => s.gameCategory).filter((c) => c !== 'ELOTT');
    });
    expect(sorting.length).toBeGreaterThan(3);
    await page.getByTestId(`lobby-section-${sorting[0]}`).waitFor();
    const sections = await page
      .locator('[data-testid^="lobby-section-"]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')?.replace('lobby-section-', '')));
    expect(sections).toEqual(sorting);

    await page
      .getByRole('region', { name: 'Live casino' })
      .getByRole('link', { name: /Maynila/ })
      .click();
    await page.getByTestId('games-grid').waitFor();
    expect(new URL(page.url()).search).toBe('?gameType=LIVE&vendor=MNL');
    expect(await page.getByTestId('game-list').getAttribute('data-game-type')).toBe('LIVE');
    await expect
      .poll(async () => {
        const logos = await page
          .locator('[data-testid="game-vendor-logo"]')
          .evaluateAll((els) => els.map((e) => e.getAttribute('src') ?? ''));
        return logos.length > 0 && logos.every((src) => src.includes('MNL'));
      })
      .toBe(true);
  });

  it('SHELL-038 a member’s rounds played through the game wallet show in the betting record with their totals', async () => {
    // The server's clock on today as the browser sees it: the record's default period is today.
    j.t.clock.set(new Date());
    const { m, storage } = await signedInStorage(j, { username: 'roundsman' });
    await fundWallet(j.t.ctx.db, {
      merchantId: m.merchant_id,
      memberId: m.id,
      currency: 'PHP',
      amount: 50_000n,
      key: 'e2e-rounds',
    });
    const game = await j.t.ctx.db
      .selectFrom('game as g')
      .innerJoin('vendor as v', 'v.code', 'g.vendor_code')
      .innerJoin('game_i18n as n', (jn) => jn.onRef('n.game_id', '=', 'g.id').on('n.lang', '=', 'EN'))
      .select(['g.game_id', 'n.name'])
      .where('v.wallet_vendor_code', '=', 'PSIM')
      .where('g.game_type', '=', 'RNG')
      .orderBy('g.id')
      .executeTakeFirstOrThrow();
    const { token } = await issueLaunchToken(j.t.ctx.db, j.t.clock, {
      merchantId: m.merchant_id,
      memberId: m.id,
      memberType: m.type,
      currency: 'PHP',
      vendorCode: 'PSIM',
      gameCode: null,
    });
    // The vendor's side of one spin (stake 20.00, pay 50.00, end).
    const base = { token, roundId: 'e2e-spin-1', gameCode: game.game_id };
    expect((await vendorCall(j.t, 'bet', { ...base, txId: 'e2e-b1', amount: '20.00' })).status).toBe(200);
    expect((await vendorCall(j.t, 'win', { ...base, txId: 'e2e-w1', amount: '50.00' })).status).toBe(200);
    expect((await vendorCall(j.t, 'end', { token, txId: 'e2e-e1', roundId: 'e2e-spin-1' })).status).toBe(200);

    const { page, url } = await j.newPage({ storage });
    await page.goto(url('/m/gameRecord'));
    const list = page.getByTestId('game-record-list');
    await list.waitFor();
    await expect.poll(() => list.getByTestId('record-item').count()).toBe(1);
    const row = list.getByTestId('record-item').first();
    expect(await row.textContent()).toContain(game.name);
    expect(await row.getByTestId('game-record-net').textContent()).toContain('+30.00');
    expect(await page.getByTestId('game-record-total-net').textContent()).toContain('+30.00');
  });
});
