import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TeamOverview } from '@panalo/contract/agent';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { bearer, sessionFor } from '../../test-support/members';
import { expectLedgerClean } from '../../test-support/ledger';
import { seedDemoTeam } from './demo-team';

// Issue 16 "Demo": the demo agent's team is made through the real services, so the screens show figures.

describe('demo team', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await expectLedgerClean(t.ctx.db);
    await t.close();
  });

  it('AGENT-001 gives agent01 a team a few levels deep with deposits and play over the past days, once', async () => {
    const now = new Date('2026-06-01T08:00:00Z');
    const o = {
      merchant: 'panalo',
      agent: 'agent01',
      password: 'Demo1234',
      now,
      shape: { subAgents: 1, playersPerAgent: 3, directPlayers: 2, days: 5 },
    };
    expect(await seedDemoTeam(t.ctx.db, t.ctx.sessions, o)).toBe(7);
    expect(await seedDemoTeam(t.ctx.db, t.ctx.sessions, o)).toBe(0);

    const agent = await t.ctx.db
      .selectFrom('member')
      .selectAll()
      .where('username', '=', 'agent01')
      .executeTakeFirstOrThrow();
    const r = await t.request<{ success: true; value: TeamOverview }>({
      method: 'GET',
      url: '/api/agent/team/overview?from=2026-05-27&to=2026-06-01',
      headers: { merchant: 'panalo', ...bearer(await sessionFor(t, agent)) },
    });
    expect(r.status).toBe(200);
    // downline01 (the seeded account) is a direct downline too.
    expect(r.body.value).toMatchObject({ teamSize: 8, directDownlines: 4 });
    expect(r.body.value.firstDeposits).toBe(7);
    expect(Number(r.body.value.money.turnover)).toBeGreaterThan(0);
    expect(r.body.value.bettors).toBeGreaterThan(0);
    // Three levels: agent01 → a1 → a1x → a1p3.
    const deepest = await t.ctx.db
      .selectFrom('member')
      .select('path')
      .where('username', '=', 'agent01_a1p3')
      .executeTakeFirstOrThrow();
    expect(deepest.path.split('/').filter(Boolean)).toHaveLength(4);
    // Rates down the tree, each below its agent by at least the gap (0.10 %): 7.80 → 6.16 → 4.24.
    const lottery = await t.ctx.db
      .selectFrom('member_rebate as r')
      .innerJoin('member as m', 'm.id', 'r.member_id')
      .select(['m.username', 'r.rate_bp'])
      .where('r.product', '=', 'lottery')
      .where('m.username', 'in', ['agent01', 'agent01_a1', 'agent01_a1x'])
      .orderBy('r.rate_bp', 'desc')
      .execute();
    expect(lottery.map((r) => [r.username, r.rate_bp])).toEqual([
      ['agent01', 780],
      ['agent01_a1', 616],
      ['agent01_a1x', 424],
    ]);
  });
});
