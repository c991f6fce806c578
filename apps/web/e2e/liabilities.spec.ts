import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, signedInStorage, startJourney, type Journey } from '../../../test/e2e/harness';
import { describeViolations, seriousViolations } from '../../../test/e2e/axe';
import { adjustWallet } from '../../server/src/test-support/ledger';
import { dailyCloseService } from '../../server/src/modules/daily-close/daily-close.service';
import { rollUpHouse } from '../../server/src/modules/wallet/house-rollup';

// The proof of liabilities (issue 52 item 5) in Chromium: after yesterday's daily close, a member checks
// in the browser that their balance is in the published total.

describe.skipIf(!hasChromium)('proof of liabilities', () => {
  let j: Journey;
  beforeAll(async () => {
    j = await startJourney();
  });
  afterAll(async () => {
    await j?.close();
  });

  it('a member checks that their balance of yesterday is in the published total, in the browser', async () => {
    // The member's money arrived two days ago; yesterday is closed (panalo's days are UTC's).
    const now = new Date();
    j.t.clock.set(new Date(now.getTime() - 2 * 86_400_000));
    const { m, storage } = await signedInStorage(j, { username: 'proof01' });
    await adjustWallet(j.t.ctx.db, m, 123_456n, j.t.clock.now());
    j.t.clock.set(now);
    await rollUpHouse(j.t.ctx.db); // the nightly job's roll-up before the close
    const yesterday = new Date(now.getTime() - 86_400_000).toISOString().slice(0, 10);
    const closed = await dailyCloseService(j.t.ctx.db).closeDay({
      merchantId: m.merchant_id,
      day: yesterday,
      runBy: 'system:daily-close',
      now,
    });
    expect(closed.status).toBe('balanced');

    const { page, url } = await j.newPage({ storage });
    await page.goto(url('/m/liabilities'));
    await page.getByRole('heading', { name: 'Proof of liabilities' }).waitFor();
    await page.getByRole('button', { name: 'Check my balance' }).click();
    const status = page.getByRole('status').filter({ hasText: 'Your balance' });
    await status.waitFor({ timeout: 10_000 }).catch(async (err: unknown) => {
      throw new Error(`no result: ${await page.locator('main, body').first().innerText()}`, { cause: err });
    });
    expect(await status.textContent()).toMatch(/Your balance ₱1,234\.56 is in the published total for /);
    const axe = await seriousViolations(page);
    expect(axe, describeViolations(axe)).toEqual([]);
  });
});
