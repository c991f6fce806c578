import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, signedInStorage, startJourney, type Journey } from '../../../test/e2e/harness';
import { fundWallet } from '../../server/src/modules/game-wallet/vendor-client';

// Our own games in Chromium against the real server (issue 5): spin a slot, see the balance and the round
// change, reveal the seed and verify the round on the public page.

describe.skipIf(!hasChromium)('in-house game journeys', () => {
  let j: Journey;
  beforeAll(async () => {
    j = await startJourney();
  });
  afterAll(async () => {
    await j?.close();
  });

  it('a member spins Pearl of Manila, sees balance and last rounds change, then verifies the round', async () => {
    const { m, storage } = await signedInStorage(j, { username: 'spinner01' });
    await fundWallet(j.t.ctx.db, {
      merchantId: m.merchant_id,
      memberId: m.id,
      currency: 'PHP',
      amount: 100_000n,
      key: 'e2e-spinner',
    });
    const { page, url } = await j.newPage({ storage });
    await page.goto(url('/m/inhouse/pearl-of-manila'));
    await page.getByTestId('inhouse-screen').waitFor();
    expect(await page.getByTestId('stated-rtp').textContent()).toMatch(/Return to player \d+\.\d{2}%/);
    const balance = page.getByTestId('header-balance');
    await expect.poll(() => balance.textContent()).toContain('1,000.00');

    await page.getByTestId('bet-amount').fill('10.00');
    await page.getByTestId('play').click();
    await page.getByTestId('round-result').waitFor();
    const rounds = page.getByTestId('rounds-list');
    await expect.poll(() => rounds.getByTestId('round-item').count()).toBe(1);
    // The header shows the wallet after the round: 1,000.00 − stake + payout (a spin may pay the stake
    // back exactly, so the figure is computed from the round, not assumed to move).
    const played = await j.t.ctx.db
      .selectFrom('inhouse_round')
      .select(['stake', 'payout'])
      .where('member_id', '=', m.id)
      .executeTakeFirstOrThrow();
    const after = 100_000n - BigInt(played.stake) + BigInt(played.payout);
    const shown = new Intl.NumberFormat('en-US', {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    }).format(Number(after) / 100);
    await expect.poll(async () => (await balance.textContent()) ?? '').toContain(shown);
    expect(played.stake).toBe(1_000n);

    // Reveal the seed, then check the round on the public verification page.
    await page.getByTestId('seeds-panel').locator('summary').click();
    await page.getByTestId('rotate-seed').click();
    await page.getByTestId('revealed-seed').waitFor();
    const link = rounds.getByTestId('verify-link').first();
    await expect.poll(() => link.textContent()).toBe('Verify');
    await link.click();
    await page.getByTestId('fair-screen').waitFor();
    await page.getByTestId('fair-round').waitFor();
    expect(await page.getByTestId('fair-hash-match').textContent()).toContain('matches');
    expect(await page.getByTestId('fair-outcome-match').textContent()).toContain('is the one you got');
  });

  it('a member plays mines tile by tile, leaves mid-round, comes back to the same round and cashes out', async () => {
    const { m, storage } = await signedInStorage(j, { username: 'miner01' });
    await fundWallet(j.t.ctx.db, {
      merchantId: m.merchant_id,
      memberId: m.id,
      currency: 'PHP',
      amount: 100_000n,
      key: 'e2e-miner',
    });
    const { page, url } = await j.newPage({ storage });
    await page.goto(url('/m/inhouse/mines'));
    await page.getByTestId('bet-amount').fill('10.00');
    await page.getByTestId('mines-count').selectOption('1');
    await page.getByTestId('play').click();
    await page.getByTestId('mines-status').waitFor();
    const balance = page.getByTestId('header-balance');
    await expect.poll(async () => (await balance.textContent()) ?? '').toContain('990.00');
    // The board is on the server only: pick a tile that is safe (read from the database, as a test may).
    const open = await j.t.ctx.db
      .selectFrom('inhouse_round')
      .select('outcome')
      .where('member_id', '=', m.id)
      .where('status', '=', 'open')
      .executeTakeFirstOrThrow();
    const mine = (open.outcome as { mineCells: number[] }).mineCells[0]!;
    const safe = mine === 0 ? 1 : 0;
    await page.getByTestId(`mines-tile-${safe}`).click();
    await expect
      .poll(() => page.getByTestId(`mines-tile-${safe}`).getAttribute('aria-label'))
      .toContain('safe');

    // Gone and back (a reload is a fresh page): the same round, the same pick, then cash out.
    await page.reload();
    await page.getByTestId('mines-status').waitFor();
    expect(await page.getByTestId(`mines-tile-${safe}`).getAttribute('aria-label')).toContain('safe');
    await page.getByTestId('mines-cashout').click();
    await page.getByTestId('round-result').waitFor();
    expect(await page.getByTestId('round-result').textContent()).toContain('You won');
    expect(await page.getByTestId(`mines-tile-${mine}`).getAttribute('aria-label')).toContain('mine');
    await expect.poll(() => page.getByTestId('rounds-list').getByTestId('round-item').count()).toBe(1);
  });
});
