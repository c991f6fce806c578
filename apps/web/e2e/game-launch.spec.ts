import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, signedInStorage, startJourney, type Journey } from '../../../test/e2e/harness';
import { fundWallet } from '../../server/src/modules/game-wallet/vendor-client';

// A vendor game in Chromium against the real server and the game vendor simulator (issue 5): launch a
// slot from the game list, spin on the vendor's page, come back, find the round in the betting record.

describe.skipIf(!hasChromium)('vendor game launch journey', () => {
  let j: Journey;
  beforeAll(async () => {
    j = await startJourney();
  });
  afterAll(async () => {
    await j?.close();
  });

  it('GAMES-051 API-064 a member launches a simulator slot, spins, sees the balance change, goes back and finds the round', async () => {
    // The server's clock on today as the browser sees it: the record's default period is today.
    j.t.clock.set(new Date());
    const { m, storage } = await signedInStorage(j, { username: 'slotfan01' });
    await fundWallet(j.t.ctx.db, {
      merchantId: m.merchant_id,
      memberId: m.id,
      currency: 'PHP',
      amount: 100_000n,
      key: 'e2e-slotfan',
    });
    const { page, url } = await j.newPage({ storage });
    await page.goto(url('/m/gameList?gameType=RNG'));
    await page.getByTestId('games-grid').waitFor();
    const tile = page.locator('[data-testid^="game-tile-"]').first();
    const name = ((await tile.getByTestId('game-name').textContent()) ?? '').trim();
    await tile.getByTestId('game-open').click();

    // The launcher hands the browser to the vendor's page (another origin), which shows our balance.
    const sim = new URL(j.vendorSim.url);
    await page.waitForURL((u) => u.host === sim.host, { timeout: 10_000 });
    expect(await page.locator('h1').textContent()).toBe(name);
    const balance = page.getByTestId('sim-balance');
    await expect.poll(() => balance.textContent()).toBe('PHP 1,000.00');

    await page.getByTestId('sim-spin').click();
    const status = page.getByTestId('sim-status');
    await expect.poll(async () => /You won|No win/.test((await status.textContent()) ?? '')).toBe(true);
    const round = j.vendorSim.rounds.at(-1)!;
    expect(round).toMatchObject({ stake: '10.00', settled: true });
    const [whole, cents] = round.win.split('.') as [string, string];
    const after = 100_000n - 1_000n + BigInt(whole) * 100n + BigInt(cents);
    const shown = `PHP ${new Intl.NumberFormat('en-US').format(after / 100n)}.${(after % 100n).toString().padStart(2, '0')}`;
    await expect.poll(() => balance.textContent()).toBe(shown);

    // Back to the game list on our site, still signed in; the round is in the betting record.
    await page.getByTestId('sim-back').click();
    await page.waitForURL((u) => u.pathname === '/m/gameList' && u.port === String(j.port));
    await page.goto(url('/m/gameRecord'));
    const list = page.getByTestId('game-record-list');
    await list.waitFor();
    await expect.poll(() => list.getByTestId('record-item').count()).toBe(1);
    expect(await list.getByTestId('record-item').first().textContent()).toContain(name);
  });

  it('GAMES-051 a fishing shot above the balance says so clearly and moves nothing (keyboard only)', async () => {
    const { m, storage } = await signedInStorage(j, { username: 'fisher01' });
    await fundWallet(j.t.ctx.db, {
      merchantId: m.merchant_id,
      memberId: m.id,
      currency: 'PHP',
      amount: 500n,
      key: 'e2e-fisher',
    });
    const g = await j.t.ctx.db
      .selectFrom('game')
      .select(['id', 'game_id', 'vendor_code'])
      .where('game_type', '=', 'FISH')
      .where('min_bet', '<=', 1000n)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const { page, url } = await j.newPage({ storage });
    const q = new URLSearchParams({
      category: 'FISH',
      vendor: g.vendor_code,
      gameId: g.game_id,
      nodeId: g.id.toString(),
      supportPlay: 'true',
    });
    await page.goto(url(`/m/launchGame?${q.toString()}`));
    await page.waitForURL((u) => u.host === new URL(j.vendorSim.url).host, { timeout: 10_000 });
    const balance = page.getByTestId('sim-balance');
    await expect.poll(() => balance.textContent()).toBe('PHP 5.00');
    expect(await page.getByTestId('sim-stake').inputValue()).toBe('10.00');
    await page.locator('button.fish').first().focus();
    await page.keyboard.press('Enter');
    const status = page.getByTestId('sim-status');
    await expect.poll(() => status.textContent()).toContain('Not enough balance');
    expect(await status.getAttribute('role')).toBe('alert');
    expect(await balance.textContent()).toBe('PHP 5.00');
    expect(j.vendorSim.rounds.filter((r) => r.gameCode === g.game_id)).toHaveLength(0);
  });
});
