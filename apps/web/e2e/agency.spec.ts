import { sql } from 'kysely';
import { formatAmount } from '@panalo/contract/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoTeam } from '../../server/src/modules/agents/demo-team';
import { runDueRebates } from '../../server/src/modules/agents/rebate-run';
import { fundWallet } from '../../server/src/modules/game-wallet/vendor-client';
import { rollUpHouse } from '../../server/src/modules/wallet/house-rollup';
import { hasChromium, signedInStorage, startJourney, type Journey } from '../../../test/e2e/harness';

// The agency centre in Chromium against the real server (issue 16): the demo agent logs in, opens the
// agency centre from the member centre, reads today's counters and its team's figures, walks down its
// team, opens an account at a rate; the new downline logs in and plays; the agent finds the bet in team
// betting and its rebate in today's income. A player is sent home.

const pad = (n: number) => String(n).padStart(2, '0');
const localDay = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

describe.skipIf(!hasChromium)('agency centre', () => {
  let j: Journey;
  beforeAll(async () => {
    j = await startJourney();
    // The login is sealed with the browser's time: the server's fixed clock is moved to the real one.
    j.t.clock.set(new Date());
    // Days by the browser's clock (the screens ask for the viewer's dates).
    await seedDemoTeam(j.t.ctx.db, j.t.ctx.sessions, {
      merchant: 'panalo',
      agent: 'agent01',
      password: 'Demo1234',
      now: new Date(),
      shape: { subAgents: 2, playersPerAgent: 3, directPlayers: 3, days: 20 },
    });
  });
  afterAll(async () => j?.close());

  it('AGENT-001 AGENT-009 AGENT-012 agent01 logs in, opens the agency centre from the member centre and reads its team', async () => {
    const { page, url } = await j.newPage({ storage: { language: 'EN' } });
    await page.goto(url('/m/login'));
    await page.getByTestId('login-screen').waitFor();
    await page.getByTestId('input-username').fill('agent01');
    await page.getByTestId('input-password').fill('Agent1234');
    await page.getByTestId('login-submit').click();
    await page.waitForURL(/\/m\/home$/);

    await page.goto(url('/m/mine'));
    await page.getByTestId('mine-entry-agent').click();
    await page.waitForURL(/\/m\/agent$/);
    await expect.poll(() => page.getByTestId('agent-name').textContent()).toBe('agent01');
    // The four counters are numbers from the server (today's, by the browser's date).
    for (const k of [
      'teamLoginMemberCount',
      'teamBetMemberCount',
      'teamRegisterMemberCount',
      'teamOnlineCount',
    ])
      await expect.poll(() => page.getByTestId(`kpi-${k}`).textContent()).toMatch(/^\d+$/);
    expect(await page.getByTestId('header').count()).toBe(0);
    expect(await page.getByTestId('footer').count()).toBe(0);

    // Team overview over the last 30 days: the team size and turnover the server holds.
    await page.getByTestId('agent-entry-teamOverview').getByRole('link').click();
    await page.waitForURL(/\/m\/agent\/team\/overview$/);
    await page.getByTestId('range-last30').click();
    const agent = await j.t.ctx.db
      .selectFrom('member')
      .select(['id', 'path'])
      .where('username', '=', 'agent01')
      .executeTakeFirstOrThrow();
    const now = new Date();
    const from = localDay(new Date(now.getFullYear(), now.getMonth(), now.getDate() - 29));
    const expected = await sql<{ team: number; turnover: string }>`
      select (select count(*)::int from member m where m.path > ${agent.path} and m.path like ${`${agent.path}%`}) as team,
        (select coalesce(sum(d.bets - d.refunds), 0)::text from member_day d join member m on m.id = d.member_id
          where m.path > ${agent.path} and m.path like ${`${agent.path}%`}
            and d.day between ${from}::date and ${localDay(now)}::date) as turnover`.execute(j.t.ctx.db);
    const want = expected.rows[0]!;
    await expect.poll(() => page.getByTestId('overview-teamSize').textContent()).toBe(String(want.team));
    const turnover = formatAmount(BigInt(want.turnover)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
    await expect.poll(() => page.getByTestId('overview-money-turnover').textContent()).toBe(turnover);
    await page.getByTestId('turnover-chart').waitFor();

    // Team management: the direct downlines, one step down into a sub-agent.
    await page.goto(url('/m/member/team'));
    const list = page.getByTestId('members-list');
    await list.getByRole('article', { name: 'agent01_a1', exact: true }).waitFor();
    await list.getByRole('article', { name: 'agent01_a1', exact: true }).getByTestId('member-open').click();
    await list.getByRole('article', { name: 'agent01_a1x', exact: true }).waitFor();

    // Open an account for a player at 3.00 % lottery rebate: above the free 1.00 %, so one of agent01's
    // 3.00 % quotas is spent; then find it in the team.
    await page.goto(url('/m/agent'));
    await page.getByTestId('agent-open-account').click();
    await page.waitForURL(/\/m\/agentRegister$/);
    await page.getByTestId('agent-register-username').fill('e2enewbie');
    await page.getByTestId('agent-register-password').fill('Secret123');
    await page.getByTestId('agent-register-confirm').fill('Secret123');
    await page.getByTestId('agent-register-rate-lottery').fill('3.00');
    await page.getByTestId('agent-register-submit').click();
    await page.getByTestId('agent-register-done').waitFor();
    const quota = await j.t.ctx.db
      .selectFrom('agent_quota')
      .select('remaining')
      .where('member_id', '=', agent.id)
      .where('rate_bp', '=', 300)
      .executeTakeFirstOrThrow();
    expect(quota.remaining).toBe(9);
    await page.getByTestId('agent-register-team').click();
    await page.getByTestId('members-list').getByRole('article', { name: 'e2enewbie', exact: true }).waitFor();

    // The new downline logs in with the password it was given.
    const other = await j.newPage({ storage: { language: 'EN' } });
    await other.page.goto(other.url('/m/login'));
    await other.page.getByTestId('login-screen').waitFor();
    await other.page.getByTestId('input-username').fill('e2enewbie');
    await other.page.getByTestId('input-password').fill('Secret123');
    await other.page.getByTestId('login-submit').click();
    await other.page.waitForURL(/\/m\/home$/);

    // Team profit and loss over the last 30 days lists members who played.
    await page.goto(url('/m/agent/team/pnl'));
    await page.getByTestId('range-last30').click();
    await page.getByTestId('pnl-team').waitFor();
    await expect.poll(() => page.getByTestId('pnl-list').getByRole('article').count()).toBeGreaterThan(0);

    // The daily rebate run (every API process runs it every few minutes) pays the closed days; rebate
    // income shows what reached the wallet and where it came from.
    await runDueRebates(j.t.ctx.db, j.t.clock);
    const paid = await sql<{ s: string | null }>`
      select sum(paid)::text as s from rebate_settlement where beneficiary_id = ${agent.id}`.execute(
      j.t.ctx.db,
    );
    const paidTotal = BigInt(paid.rows[0]?.s ?? '0');
    expect(paidTotal).toBeGreaterThan(0n);
    await page.goto(url('/m/agent'));
    await page.getByTestId('agent-entry-rebateIncome').getByRole('link').click();
    await page.waitForURL(/\/m\/member\/teamRebate$/);
    await page.getByTestId('range-last30').click();
    await expect
      .poll(() => page.getByTestId('income-paid').textContent())
      .toBe(formatAmount(paidTotal).replace(/\B(?=(\d{3})+(?!\d))/g, ','));
    await expect.poll(() => page.getByTestId('income-list').getByRole('article').count()).toBeGreaterThan(0);
    const money = (minor: bigint) => formatAmount(minor).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
    const todayBefore = await page.getByTestId('income-today').textContent();

    // The new downline plays in the browser: one 10.00 spin of Pearl of Manila (its wallet funded here;
    // the agent's transfer to downlines has its own tests).
    const newbie = await j.t.ctx.db
      .selectFrom('member')
      .select(['id', 'merchant_id'])
      .where('username', '=', 'e2enewbie')
      .executeTakeFirstOrThrow();
    await fundWallet(j.t.ctx.db, {
      merchantId: newbie.merchant_id,
      memberId: newbie.id,
      currency: 'PHP',
      amount: 10_000n,
      key: 'e2e-newbie',
    });
    await other.page.goto(other.url('/m/inhouse/pearl-of-manila'));
    await other.page.getByTestId('inhouse-screen').waitFor();
    await other.page.getByTestId('bet-amount').fill('10.00');
    await other.page.getByTestId('play').click();
    await other.page.getByTestId('round-result').waitFor();

    // The agent finds it in team betting, by the downline's username.
    await page.goto(url('/m/agent'));
    await page.getByTestId('agent-entry-teamBetting').getByRole('link').click();
    await page.waitForURL(/\/m\/teamBetting$/);
    await page.getByTestId('team-search').fill('e2enewbie');
    await page.getByTestId('team-search-submit').click();
    const bets = page.getByTestId('team-bets-list').getByTestId('team-bet');
    await expect.poll(() => bets.count()).toBe(1);
    expect(await bets.first().textContent()).toContain('e2enewbie');
    await expect.poll(() => page.getByTestId('team-bets-stake').textContent()).toBe('10.00');

    // Once the house roll-up has counted the spin (every API process runs it each second), today's
    // rebate so far grows by agent01's slots rate on it: e2enewbie holds no slots rate of its own.
    await rollUpHouse(j.t.ctx.db);
    const rate = await j.t.ctx.db
      .selectFrom('member_rebate')
      .select('rate_bp')
      .where('member_id', '=', agent.id)
      .where('product', '=', 'slots')
      .executeTakeFirst();
    const delta = (1_000n * BigInt(rate?.rate_bp ?? 0)) / 10_000n;
    expect(delta).toBeGreaterThan(0n);
    const before = BigInt((todayBefore ?? '0').replace(/[^\d]/g, ''));
    await page.goto(url('/m/member/teamRebate'));
    await page.getByTestId('range-last30').click();
    await expect.poll(() => page.getByTestId('income-today').textContent()).toBe(money(before + delta));
  });

  it('AGENT-022 a player opening /m/agent is sent to /m/home', async () => {
    const { storage } = await signedInStorage(j, { type: 0 });
    const { page, url } = await j.newPage({ storage });
    await page.goto(url('/m/agent'));
    await page.waitForURL(/\/m\/home$/);
    expect(await page.getByTestId('agent-home').count()).toBe(0);
  });
});
