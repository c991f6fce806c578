import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../server/src/modules/identity/passwords';
import { createMember, sessionFor } from '../../server/src/test-support/members';
import { expectLedgerClean, fundFromClearing } from '../../server/src/test-support/ledger';
import { describeViolations, seriousViolations } from '../../../test/e2e/axe';
import { hasChromium, sessionStorageFor, startJourney, type Journey } from '../../../test/e2e/harness';

// Red envelope rain in Chromium against the real server (issue 17): an agent opens /m/redRain from its
// grid, schedules a rain for its team with its payment password; its downline (reduced motion asked for)
// opens /m/redRain, sees the envelopes standing still and opens one; the agent sees the claim and what is
// left. The screen with an open rain passes axe.

const SOON = { timeout: 10_000 };

describe.skipIf(!hasChromium)('red envelope rain', () => {
  let j: Journey;
  beforeAll(async () => {
    j = await startJourney();
    j.t.clock.set(new Date());
  });
  afterAll(async () => {
    await expectLedgerClean(j.t.ctx.db);
    await j?.close();
  });

  const storage = sessionStorageFor;

  it('AGENT-012 SHELL-040 an agent schedules a rain for its team; a downline opens an envelope; the agent sees the claim', async () => {
    const agent = await createMember(j.t, { type: 1, username: 'rainagent' });
    await j.t.ctx.db
      .updateTable('member')
      .set({ payment_password_hash: await hashPassword('135790') })
      .where('id', '=', agent.id)
      .execute();
    await fundFromClearing(j.t.ctx.db, agent.id, 50_000n, j.t.clock.now());
    const down = await createMember(j.t, { username: 'raindown', uplineId: agent.id });

    const a = await j.newPage({ storage: storage(await sessionFor(j.t, agent), agent) });
    await a.page.goto(a.url('/m/agent'));
    await a.page.getByRole('link', { name: 'Red envelope rain' }).click();
    await a.page.getByTestId('rain-new').click();
    await a.page.getByTestId('rain-budget').fill('10');
    await a.page.getByTestId('rain-envelopes').fill('5');
    await a.page.getByTestId('rain-perMember').fill('2');
    await a.page.getByTestId('rain-password').fill('135790');
    await a.page.getByTestId('rain-submit').click();
    const row = a.page.getByTestId('rain-row').first();
    await expect.poll(() => row.getAttribute('data-phase'), SOON).toBe('open');
    await expect
      .poll(() => row.getByTestId('rain-row-figures').textContent(), SOON)
      .toContain('Opened 0 of 5');

    const d = await j.newPage({ storage: storage(await sessionFor(j.t, down), down) });
    await d.page.emulateMedia({ reducedMotion: 'reduce' });
    await d.page.goto(d.url('/m/redRain'));
    const card = d.page.getByTestId('rain-card');
    await expect.poll(() => card.getAttribute('data-phase'), SOON).toBe('open');
    const envelope = card.getByRole('button', { name: 'Open a red envelope' });
    // Reduced motion: the envelopes do not fall.
    expect(await envelope.evaluate((el) => getComputedStyle(el).animationName)).toBe('none');
    const violations = await seriousViolations(d.page);
    expect(violations, describeViolations(violations)).toEqual([]);
    await envelope.click();
    await expect.poll(() => card.getByTestId('rain-won').textContent(), SOON).toMatch(/You won \d+\.\d\d!/);
    await expect
      .poll(() => card.getByTestId('rain-status').textContent(), SOON)
      .toContain('you may open 1 more');

    await a.page.reload();
    await expect
      .poll(() => a.page.getByTestId('rain-row').first().getByTestId('rain-row-figures').textContent(), SOON)
      .toContain('Opened 1 of 5');
    await a.page.getByTestId('rain-row').first().getByTestId('rain-details').click();
    await expect
      .poll(() => a.page.getByTestId('rain-claim').first().textContent(), SOON)
      .toContain('raindown');
  });
});
