import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, signedInStorage, startJourney, type Journey } from '../../../test/e2e/harness';
import { fundWallet } from '../../server/src/modules/game-wallet/vendor-client';

// A Hub88 game in Chromium (issue 21): the catalogue read from Hub88's game/list (the simulator plays
// Hub88), the launch through its game/url, a spin whose bet and win reach our Hub88 Wallet API signed
// with Hub88's key, the balance and the round on our site.

describe.skipIf(!hasChromium)('Hub88 game journey', () => {
  let j: Journey;
  beforeAll(async () => {
    j = await startJourney({ hub88: true });
  });
  afterAll(async () => {
    await j?.close();
  });

  it('GAMES-051 a member opens a Hub88 slot from the game list, spins on Hub88, sees the balance and the round', async () => {
    j.t.clock.set(new Date());
    const { m, storage } = await signedInStorage(j, { username: 'hub88fan01' });
    await fundWallet(j.t.ctx.db, {
      merchantId: m.merchant_id,
      memberId: m.id,
      currency: 'PHP',
      amount: 100_000n,
      key: 'e2e-hub88fan',
    });
    const { page, url } = await j.newPage({ storage });
    await page.goto(url('/m/gameList?gameType=RNG&vendor=HUB88'));
    await page.getByTestId('games-grid').waitFor();
    const tile = page.locator('[data-testid^="game-tile-"]', { hasText: 'Golden Carabao' });
    await tile.getByTestId('game-open').click();

    // Hub88's URL, unchanged: the simulator's page, showing the balance our Wallet API answered.
    const sim = new URL(j.vendorSim.url);
    await page.waitForURL((u) => u.host === sim.host, { timeout: 10_000 });
    expect(await page.locator('h1').textContent()).toBe('Golden Carabao');
    const balance = page.getByTestId('sim-balance');
    await expect.poll(() => balance.textContent()).toBe('PHP 1,000.00');

    await page.getByTestId('sim-spin').click();
    const status = page.getByTestId('sim-status');
    await expect.poll(async () => /You won|No win/.test((await status.textContent()) ?? '')).toBe(true);
    const round = j.vendorSim.rounds.at(-1)!;
    expect(round).toMatchObject({ gameCode: 'h88_golden_carabao', stake: '10.00', settled: true });
    const [whole, cents] = round.win.split('.') as [string, string];
    const after = 100_000n - 1_000n + BigInt(whole) * 100n + BigInt(cents);
    const shown = `PHP ${new Intl.NumberFormat('en-US').format(after / 100n)}.${(after % 100n).toString().padStart(2, '0')}`;
    await expect.poll(() => balance.textContent()).toBe(shown);

    // Back on our site: the header's balance and the round in the betting record, as a HUB88 round.
    await page.getByTestId('sim-back').click();
    await page.waitForURL((u) => u.pathname === '/m/gameList' && u.port === String(j.port));
    await page.goto(url('/m/gameRecord'));
    const list = page.getByTestId('game-record-list');
    await list.waitFor();
    await expect.poll(() => list.getByTestId('record-item').count()).toBe(1);
    expect(await list.getByTestId('record-item').first().textContent()).toContain('Golden Carabao');
    const rows = await j.t.ctx.db
      .selectFrom('game_round as r')
      .innerJoin('game_vendor as v', 'v.id', 'r.vendor_id')
      .select(['v.code', 'r.round_id', 'r.bet_total', 'r.status'])
      .where('r.member_id', '=', m.id)
      .execute();
    expect(rows).toEqual([{ code: 'HUB88', round_id: round.roundId, bet_total: 1_000n, status: 'closed' }]);
  });
});
