import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { hasChromium, startJourney, type Journey } from '../../../test/e2e/harness';
import { createMember } from '../../server/src/test-support/members';
import { fundWallet } from '../../server/src/modules/game-wallet/vendor-client';
import { getGame } from '../../server/src/modules/lottery/engine/registry';
import { periodAt } from '../../server/src/modules/lottery/engine/schedule';
import { schedulerTick } from '../../server/src/modules/lottery/jobs/lottery-scheduler';
import { processLotteryEvents } from '../../server/src/modules/lottery/lottery.events';

// Issue 23: a keyboard-only journey in Chromium: log in, open a game list, favourite a game, place a
// Win Go bet, open and close the menu. No mouse: every step is Tab, Shift+Tab, Enter, Space or Escape
// (moving to another section is typing its address). At each step the focused control must show that it
// has focus; a screenshot of each step is written to the test output.

const SOON = { timeout: 10_000 };
const shots = path.join(os.tmpdir(), 'panalo-keyboard-journey');

/** Whether the focused element, or the field box around it, draws a focus ring or shadow. */
const focusShown = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body || !el.matches(':focus-visible')) return false;
    for (let n: Element | null = el, i = 0; n && i < 3; n = n.parentElement, i++) {
      const s = getComputedStyle(n);
      if (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0) return true;
      if (s.boxShadow !== 'none') return true;
    }
    return false;
  });

describe.skipIf(!hasChromium)('keyboard only', () => {
  let j: Journey;
  beforeAll(async () => {
    j = await startJourney();
  });
  afterAll(async () => {
    await j?.close();
  });

  it('logs in, opens a game list, favourites a game, bets on Win Go and opens and closes the menu', async () => {
    mkdirSync(shots, { recursive: true });
    // The server's clock (the test's, fixed) at the browser's time, so that the login's timestamp is
    // fresh; the Win Go 1 min period of that moment is opened and stays open while the clock stands.
    const now = new Date();
    const game = getGame('WINGO1');
    let period = periodAt(game, now);
    // Too close to the period's lock: the next one (its opening is then a few seconds ahead).
    if (period.lockAt.getTime() - now.getTime() < 30_000) period = periodAt(game, period.drawAt);
    j.t.clock.set(new Date(Math.max(now.getTime(), period.openAt.getTime() + 1_000)));
    await schedulerTick(j.t.ctx.db, j.t.clock, processLotteryEvents);
    const m = await createMember(j.t, { username: 'keys01', password: 'Keys12345' });
    await fundWallet(j.t.ctx.db, {
      merchantId: m.merchant_id,
      memberId: m.id,
      currency: 'PHP',
      amount: 100_000n,
      key: 'e2e-keys01',
    });
    const { page, url } = await j.newPage({ storage: { language: 'EN' } });
    page.setDefaultTimeout(15_000);
    let step = 0;

    /** Tabs (forward) until `target` has focus, checks that the focus shows, and takes the step's picture. */
    async function tabTo(target: Locator, name: string, max = 60) {
      for (let i = 0; i < max; i++) {
        if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) break;
        await page.keyboard.press('Tab');
      }
      expect(await target.evaluate((el) => el === document.activeElement), `focus reaches ${name}`).toBe(
        true,
      );
      expect(await focusShown(page), `focus is visible on ${name}`).toBe(true);
      await page.screenshot({ path: path.join(shots, `${String(++step).padStart(2, '0')}-${name}.png`) });
    }

    // 1. Log in.
    await page.goto(url('/m/login'));
    await page.getByTestId('login-screen').waitFor();
    await tabTo(page.getByTestId('input-username'), 'username');
    await page.keyboard.type(m.username);
    await tabTo(page.getByTestId('input-password'), 'password');
    await page.keyboard.type('Keys12345');
    await tabTo(page.getByTestId('login-submit'), 'login');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/m\/home$/).catch(async (e: unknown) => {
      await page.screenshot({ path: path.join(shots, 'login-failed.png') });
      throw e;
    });

    // 2. From home, a game category opens its game list.
    await page.getByTestId('home-screen').waitFor();
    await page.waitForLoadState('networkidle');
    // Home's announcement pop-ups open on their own a moment after it loads, one after the other: each
    // takes focus and is closed with Escape.
    const dialog = page.getByRole('dialog');
    for (let i = 0; i < 5; i++) {
      const shown = await dialog
        .first()
        .waitFor({ timeout: 3_000 })
        .then(() => true)
        .catch(() => false);
      if (!shown) break;
      await page.keyboard.press('Escape');
      await dialog.first().waitFor({ state: 'detached', timeout: 5_000 });
    }
    expect(await dialog.count(), 'Escape closes the pop-ups').toBe(0);
    const slots = page.getByRole('link', { name: 'Slots', exact: true });
    await slots.waitFor();
    await tabTo(slots, 'game-category');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/m\/(gameList|slotsCenter)/);

    // 3. Favourite the first game.
    const heart = page.locator('[data-testid^="game-tile-"]').first().getByTestId('game-fav');
    await heart.waitFor();
    await tabTo(heart, 'favourite');
    await page.keyboard.press('Enter');
    await expect.poll(() => heart.getAttribute('aria-pressed'), SOON).toBe('true');

    // 4. A Win Go bet: the number 5 at the default stake, confirmed in the sheet.
    await page.goto(url('/m/startLottery?code=WINGO1'));
    await page.getByTestId('betting-screen').waitFor();
    await tabTo(page.getByRole('button', { name: 'Number', exact: true }), 'play-number');
    await page.keyboard.press('Enter');
    await tabTo(page.getByTestId('bet-board').getByTestId('choice-5'), 'choice-5');
    await page.keyboard.press('Space');
    await expect.poll(() => page.getByTestId('slip-total').textContent(), SOON).toMatch(/^Bets: 1 /);
    await tabTo(page.getByRole('button', { name: 'Bet', exact: true }), 'bet');
    await page.keyboard.press('Enter');
    const sheet = page.getByRole('dialog', { name: 'Confirm your bets' });
    await sheet.waitFor();
    await tabTo(sheet.getByRole('button', { name: 'Confirm' }), 'confirm', 10);
    await page.keyboard.press('Enter');
    await page.getByTestId('bet-placed').or(page.getByRole('alert')).waitFor();
    expect(await page.getByTestId('bet-placed').count(), 'the bet is placed').toBe(1);

    // 5. The menu opens, takes focus inside, and Escape closes it and gives focus back to its button.
    const menuButton = page.getByTestId('menu-button');
    await tabTo(menuButton, 'menu-button', 80);
    await page.keyboard.press('Enter');
    await page.getByTestId('menu-close').waitFor();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null), SOON)
      .toBe(true);
    await page.screenshot({ path: path.join(shots, `${String(++step).padStart(2, '0')}-menu-open.png`) });
    await page.keyboard.press('Escape');
    await page.getByTestId('menu-close').waitFor({ state: 'detached' });
    await expect.poll(() => menuButton.evaluate((el) => el === document.activeElement), SOON).toBe(true);
    expect(await focusShown(page), 'focus is visible on the menu button again').toBe(true);
    await page.screenshot({ path: path.join(shots, `${String(++step).padStart(2, '0')}-menu-closed.png`) });
    console.log(`keyboard journey: ${step} screenshots in ${shots}`);
  });
});
