import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, signedInStorage, startJourney, type Journey } from '../../../test/e2e/harness';
import { fundWallet } from '../../server/src/modules/game-wallet/vendor-client';
import { getGame } from '../../server/src/modules/lottery/engine/registry';
import { nextPeriod, periodAt } from '../../server/src/modules/lottery/engine/schedule';
import { schedulerTick } from '../../server/src/modules/lottery/jobs/lottery-scheduler';
import { processLotteryEvents } from '../../server/src/modules/lottery/lottery.events';

// The lottery in Chromium against the real server (issue 6): favourite a game in the lobby, bet on every
// number of a Wingo period, let the scheduler draw it, and follow the draw to the screen, the wallet, the
// account record and the public verification page.

const GAME = 'WINGO3';
const DIGITS = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'];
/** Screens answer within moments, but a loaded 2-core machine may need more than expect.poll's 1 s. */
const SOON = { timeout: 10_000 };

describe.skipIf(!hasChromium)('lottery journeys', () => {
  let j: Journey;
  beforeAll(async () => {
    j = await startJourney();
  });
  afterAll(async () => {
    await j?.close();
  });

  /** The scheduler's pass as the server's job runs it, publishing to the stream the browser follows. */
  const tick = () => schedulerTick(j.t.ctx.db, j.t.clock, processLotteryEvents);

  /** A signed-in page of a new member with 1,000.00 in the wallet, and its header balance. */
  async function playerWith1000(username: string) {
    const { m, storage } = await signedInStorage(j, { username });
    await fundWallet(j.t.ctx.db, {
      merchantId: m.merchant_id,
      memberId: m.id,
      currency: 'PHP',
      amount: 100_000n,
      key: `e2e-${username}`,
    });
    const { page, url } = await j.newPage({ storage });
    // A step that cannot happen fails in 15 s with its own message, well inside the test's minute.
    page.setDefaultTimeout(15_000);
    return { page, url, balance: page.getByTestId('header-balance') };
  }

  it('LOTT-009 LOTT-022 a member favourites Win Go 3, bets on every number, sees the draw settle and verifies it', async () => {
    // The server's clock stays fixed (the draw happens when the test says so), but at the opening of a
    // WINGO3 period some minutes before the real time rather than at TEST_NOW: the account record filters
    // by the browser's dates, and a browser and a server agree on the date. Ten minutes back keeps the
    // draw in the browser's past even across midnight. The countdowns do not care: they run from the
    // server's remainTime, so the browser's own clock is left alone.
    const game = getGame(GAME);
    const period = periodAt(game, new Date(Date.now() - 10 * 60_000));
    j.t.clock.set(period.openAt);
    await tick(); // creates the periods (seeds committed) and opens the current ones

    const { page, url, balance } = await playerWith1000('lotto01');

    // Lobby: the Win Go group, the heart on Win Go 3 min, then the favourites tab holds just that game.
    await page.goto(url('/m/lottery'));
    await page.getByTestId('lottery-cards').waitFor();
    await page.getByRole('tab', { name: 'Win Go' }).click();
    const heart = page.getByRole('button', { name: 'Favourite: Win Go 3 min' });
    await heart.click();
    await expect.poll(() => heart.getAttribute('aria-pressed'), SOON).toBe('true');
    await page.getByRole('tab', { name: 'Favourites' }).click();
    const favCards = page.getByTestId('lottery-cards').getByRole('listitem');
    await expect.poll(() => favCards.count(), SOON).toBe(1);
    expect(await favCards.first().getByTestId('lottery-name').textContent()).toBe('Win Go 3 min');

    // The betting screen of that game, opened from its card.
    await favCards.first().getByTestId('lottery-open').click();
    await page.waitForURL(/\/m\/startLottery\?code=WINGO3/);
    await page.getByTestId('betting-screen').waitFor();
    await expect.poll(() => balance.textContent(), SOON).toContain('1,000.00');
    const periodTitle = page.getByRole('heading', { name: `Period ${period.numero}` });
    await periodTitle.waitFor();
    expect(await page.getByTestId('period-state').textContent()).toBe('Betting is open');

    // Every number at 10.00: whatever the draw, one bet wins 9× its stake.
    await page.getByRole('button', { name: 'Number', exact: true }).click();
    const board = page.getByTestId('bet-board');
    for (const d of DIGITS) await board.getByTestId(`choice-${d}`).click();
    await expect
      .poll(() => page.getByTestId('slip-total').textContent(), SOON)
      .toBe('Bets: 10 · total 100.00');
    await page.getByRole('button', { name: 'Bet', exact: true }).click();
    const sheet = page.getByRole('dialog', { name: 'Confirm your bets' });
    await sheet.waitFor();
    expect(await sheet.getByText(`Win Go 3 min, period ${period.numero}`).count()).toBe(1);
    expect(await sheet.getByTestId('confirm-total').textContent()).toBe('Total 100.00');
    await sheet.getByRole('button', { name: 'Confirm' }).click();
    // The sheet closes on the answer: the confirmation, or the refusal (shown in the failure).
    await page.getByTestId('bet-placed').or(page.getByRole('alert')).waitFor();
    expect(await page.getByRole('status').filter({ hasText: 'Bets placed' }).textContent()).toBe(
      'Bets placed: 10, total 100.00.',
    );
    await expect.poll(async () => (await balance.textContent()) ?? '', SOON).toContain('900.00');
    const myBets = page.getByTestId('my-bets').getByRole('listitem');
    await expect.poll(() => myBets.count(), SOON).toBe(10);
    expect(await page.getByTestId('my-bets').getByText('Waiting for the draw').count()).toBe(10);

    // The draw: the server's time passes the draw time and the scheduler runs what is due (draw, then
    // settlement), publishing both on the stream the screen follows.
    await expect
      .poll(() => page.getByTestId('betting-screen').getAttribute('data-stream'), SOON)
      .toBe('live');
    j.t.clock.set(new Date(period.drawAt.getTime() + 1_000));
    expect(await tick()).toBeGreaterThan(0);

    const drawn = page.getByTestId(`result-${period.numero}`);
    await drawn.waitFor();
    const label = (await drawn.getByRole('img').getAttribute('aria-label')) ?? '';
    const digit = /^Result (\d)$/.exec(label)?.[1];
    expect(digit, label).toBeDefined();
    await page.getByRole('img', { name: `Last result ${digit}` }).waitFor();
    // The next period is on sale; our ten bets are settled: the drawn number won 90.00, the rest did not.
    await periodTitle.waitFor({ state: 'detached' });
    const won = page.getByTestId('my-bets').locator('[data-status="won"]');
    await expect.poll(() => won.count(), SOON).toBe(1);
    expect(await won.getByRole('strong').textContent()).toBe(digit);
    expect(await won.getByTestId('bet-status').textContent()).toBe('Won 90.00');
    expect(await page.getByTestId('my-bets').locator('[data-status="lost"]').count()).toBe(9);
    await expect.poll(async () => (await balance.textContent()) ?? '', SOON).toContain('990.00');
    // The winners board names us (masked) with the win.
    const us = page.getByTestId('winners').getByRole('listitem').filter({ hasText: 'lo***01' });
    await us.waitFor();
    expect(await us.getByTestId('winner-amount').textContent()).toBe('90.00');
    expect(await us.textContent()).toContain(`Win Go 3 min · Period ${period.numero}`);

    // The public verification of that period: the revealed seed gives the stored result.
    await drawn.getByRole('link', { name: 'Verify' }).click();
    await page.waitForURL(/\/m\/lottery\/verify\?/);
    await page.getByTestId('verify-result').or(page.getByRole('alert')).waitFor();
    expect(await page.getByTestId('verify-verdict').textContent()).toBe(
      'The seed matches its hash and gives the stored result.',
    );
    expect(await page.getByTestId('verify-stored').textContent()).toBe(digit);
    expect(await page.getByTestId('verify-recomputed').textContent()).toBe(digit);
    expect(await page.getByTestId('verify-seed').textContent()).toMatch(/\S{16,}/);

    // The account record: the 100.00 staked and the 90.00 paid, newest first, with the balance after each
    // (the test's funding is dated by the real clock, so it is left out of the order).
    await page.goto(url('/m/transaction/record'));
    const list = page.getByTestId('transaction-list');
    await list.waitFor();
    const rows = list.getByRole('article');
    const lotteryRows = async () => {
      const out: string[] = [];
      for (const row of await rows.all()) {
        const text = (await row.textContent()) ?? '';
        if (text.includes(`lottery:${GAME}:${period.numero}`))
          out.push(
            `${await row.getByTestId('transaction-amount').textContent()} ${await row.getByTestId('transaction-balance').textContent()}`,
          );
      }
      return out;
    };
    await expect.poll(lotteryRows, SOON).toEqual(['+90.00 990.00', '-100.00 900.00']);
  });

  it('WALLET-009 a member bets on two periods in a row and cancels the second from my bets', async () => {
    // Two periods after the first journey's (still in the real past), so the two never share a period.
    const game = getGame(GAME);
    const first = periodAt(game, new Date(Date.now() - 10 * 60_000));
    const period = nextPeriod(game, nextPeriod(game, first));
    const second = nextPeriod(game, period);
    j.t.clock.set(period.openAt);
    await tick();

    const { page, url, balance } = await playerWith1000('lotto02');
    await page.goto(url(`/m/startLottery?code=${GAME}`));
    await page.getByTestId('betting-screen').waitFor();
    await expect.poll(() => balance.textContent(), SOON).toContain('1,000.00');
    await page.getByRole('heading', { name: `Period ${period.numero}` }).waitFor();

    // One number at 10.00 for two periods in a row: 20.00.
    await page.getByRole('button', { name: 'Number', exact: true }).click();
    await page.getByTestId('bet-board').getByTestId('choice-7').click();
    await page.getByRole('button', { name: 'More: Periods' }).click();
    await expect.poll(() => page.getByTestId('slip-total').textContent(), SOON).toBe('Bets: 1 · total 20.00');
    await page.getByRole('button', { name: 'Bet', exact: true }).click();
    const sheet = page.getByRole('dialog', { name: 'Confirm your bets' });
    await sheet.getByRole('button', { name: 'Confirm' }).click();
    await page.getByTestId('bet-placed').or(page.getByRole('alert')).waitFor();
    await expect.poll(async () => (await balance.textContent()) ?? '', SOON).toContain('980.00');
    const myBets = page.getByTestId('my-bets').getByRole('listitem');
    await expect.poll(() => myBets.count(), SOON).toBe(2);

    // Cancel the second period: asked first, then the stake is back at once and the bet reads Cancelled.
    await page.getByRole('button', { name: `Cancel this period (${second.numero})` }).click();
    await page.getByRole('button', { name: 'Yes, cancel' }).click();
    await expect.poll(async () => (await balance.textContent()) ?? '', SOON).toContain('990.00');
    const cancelled = page.getByTestId('my-bets').locator('[data-status="cancelled"]');
    await expect.poll(() => cancelled.count(), SOON).toBe(1);
    expect(await cancelled.getByTestId('bet-status').textContent()).toBe('Cancelled');
    expect(await page.getByRole('button', { name: `Cancel this period (${second.numero})` }).count()).toBe(0);
    // The first period is still on: its bet waits for the draw.
    expect(await page.getByTestId('my-bets').getByText('Waiting for the draw').count()).toBe(1);
  });
});
