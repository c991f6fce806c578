import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractService } from '../../server/src/modules/contracts/contracts.service';
import { runDueContracts } from '../../server/src/modules/contracts/settlement';
import { postForMember } from '../../server/src/modules/records/test-ledger';
import { createMember, sessionFor } from '../../server/src/test-support/members';
import { hasChromium, sessionStorageFor, startJourney, type Journey } from '../../../test/e2e/harness';

// Agent contracts in Chromium against the real server (issue 17): an agent holding a daily salary
// contract offers its direct downline one from team management (a rate above its own is refused on the
// spot); the downline opens home, closes the announcement pop-up, gets the prompt, goes to the offer and
// accepts it; the agent sees it active. The downline's team plays; the next day's run (the injected
// clock moved past the cut-off) pays both contracts, and each side sees the settlement with its figures.

const SOON = { timeout: 10_000 };

describe.skipIf(!hasChromium)('agent contracts', () => {
  let j: Journey;
  beforeAll(async () => {
    j = await startJourney();
    j.t.clock.set(new Date());
  });
  afterAll(async () => j?.close());

  const storage = sessionStorageFor;

  it('AGENT-003 AGENT-030 AGENT-031 HOME-007 an agent offers its downline a daily salary; the downline is prompted on home, accepts, and both see it paid after the next run', async () => {
    const ops = await createMember(j.t, { type: 90 });
    const agent = await createMember(j.t, { type: 1, username: 'ctagent' });
    const down = await createMember(j.t, { type: 1, username: 'ctdown', uplineId: agent.id });
    const contracts = contractService(j.t.ctx.db, j.t.clock);
    const own = await contracts.offerAsOperator(agent.merchant_id, ops.id, {
      username: agent.username,
      kind: 'daily_salary',
      scope: 'all',
      tiers: [
        { turnover: '10000', active: 3, rate: '0.50' },
        { turnover: '50000', active: 10, rate: '1.00' },
      ],
      cap: '5000',
      reason: 'e2e',
    });
    await contracts.decide({ id: agent.merchant_id, settings: {} }, agent.id, BigInt(own.id), 'accept');

    // The agent: team management → the downline's contracts → an offer below its own terms.
    const a = await j.newPage({ storage: storage(await sessionFor(j.t, agent), agent) });
    await a.page.goto(a.url('/m/member/team'));
    await a.page
      .getByRole('article', { name: 'ctdown', exact: true })
      .getByTestId('member-contracts')
      .click();
    const rate = a.page.getByTestId('offer-rate-1');
    await expect.poll(() => rate.inputValue(), SOON).toBe('1.00');
    await rate.fill('1.20');
    await expect.poll(() => a.page.getByTestId('offer-problem').textContent(), SOON).toMatch(/Tier 2/);
    await rate.fill('0.80');
    await a.page.getByTestId('offer-rate-0').fill('0.30');
    await a.page.getByTestId('offer-cap').fill('2000');
    await a.page.getByTestId('offer-send').click();
    await a.page.getByTestId('downline-contract-pending').waitFor(SOON);

    // The downline: home prompts (after the page settles); go opens the daily salary contract screen.
    const d = await j.newPage({ storage: storage(await sessionFor(j.t, down), down) });
    await d.page.goto(d.url('/m/home'));
    // Home's announcement pop-up opens first; the prompt waits until it is closed.
    await d.page.getByTestId('announcement-popup').waitFor(SOON);
    await d.page.waitForTimeout(2_000);
    expect(await d.page.getByTestId('contract-prompt').count()).toBe(0);
    await d.page.getByTestId('announcement-popup-close').click();
    const prompt = d.page.getByTestId('contract-prompt');
    await prompt.waitFor(SOON);
    expect(await prompt.textContent()).toContain('daily salary');
    await prompt.getByRole('button', { name: 'Open the offer' }).click();
    await d.page.waitForURL('**/m/member/agent/getSalaryContract', SOON);
    const offer = d.page.getByTestId('contract-offer');
    await offer.waitFor(SOON);
    expect(await offer.getByTestId('contract-tiers').textContent()).toContain('0.80%');
    await offer.getByTestId('contract-accept').click();
    await d.page.getByTestId('contract-active').waitFor(SOON);

    // The agent sees it active.
    await a.page.reload();
    await a.page.getByTestId('downline-contract-active').waitFor(SOON);

    // Four players of the downline's team stake 3,000.00 each today (12,000.00; 4 active members).
    const now = j.t.clock.now();
    for (let i = 0; i < 4; i++) {
      const p = await createMember(j.t, { uplineId: down.id });
      const m = { merchantId: agent.merchant_id, memberId: p.id, at: now };
      await postForMember(j.t.ctx.db, { ...m, kind: 'deposit', amount: 500_000n });
      await postForMember(j.t.ctx.db, { ...m, kind: 'bet', amount: -300_000n, product: 'slots' });
    }
    // Tomorrow, past the merchant's cut-off (04:00; the demo merchant reports in UTC), the run pays.
    const next = new Date(now);
    next.setUTCDate(next.getUTCDate() + 1);
    next.setUTCHours(4, 30, 0, 0);
    j.t.clock.set(next);
    await runDueContracts(j.t.ctx.db, j.t.clock, { merchantId: agent.merchant_id });

    // The downline: tier 1 (0.30 %) of 12,000.00 = 36.00, paid.
    const d2 = await j.newPage({ storage: storage(await sessionFor(j.t, down), down) });
    await d2.page.goto(d2.url('/m/member/agent/getSalaryContract'));
    const mine = d2.page.getByTestId('contract-settlements-mine').getByTestId('contract-settlement');
    await mine.waitFor(SOON);
    expect(await mine.textContent()).toMatch(/Paid.*36\.00/);
    // The agent: the downline's settlement on its contracts screen.
    const a2 = await j.newPage({ storage: storage(await sessionFor(j.t, agent), agent) });
    await a2.page.goto(a2.url(`/m/agent/contracts?memberId=${down.id}&username=ctdown`));
    const theirs = a2.page
      .getByTestId('contract-settlements-daily_salary')
      .getByTestId('contract-settlement');
    await theirs.waitFor(SOON);
    expect(await theirs.textContent()).toMatch(/ctdown.*Paid.*36\.00/);
  });
});
