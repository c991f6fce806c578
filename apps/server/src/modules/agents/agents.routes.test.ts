import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TeamKpiFooter, TeamMember, TeamOverview, TeamPnlRow, TeamMoney } from '@panalo/contract/agent';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { bearer, createMember, sessionFor } from '../../test-support/members';
import { expectLedgerClean } from '../../test-support/ledger';
import { postForMember } from '../records/test-ledger';
import { membersRepository } from '../identity/members.repository';

type Ok<T> = { success: true; value: T };
type Err = { success: false; code: string };
type Members = { parent: { id: string; username: string; level: number }; list: TeamMember[]; total: number };
type Pnl = {
  parent: { id: string; username: string; level: number };
  team: TeamMoney;
  list: TeamPnlRow[];
  total: number;
  totalPages: number;
};

// Issue 16 item 4 and 8: the team reports read team_day and member_day of the agent's own subtree, for
// agents only. The team is built before its money moves (a team's figures are as the team was then).

describe('agency centre: team KPIs and reports', () => {
  let t: TestApp;
  const TODAY = '2026-06-10';
  const YESTERDAY = '2026-06-09';
  /** top → a → c, top → d; x → y (another team of the same merchant). */
  let top: Awaited<ReturnType<typeof createMember>>;
  let a: typeof top;
  let c: typeof top;
  let d: typeof top;
  let x: typeof top;
  const tokens = new Map<bigint, string>();

  const money = (memberId: bigint, kind: string, amount: bigint, at: string) =>
    postForMember(t.ctx.db, { merchantId: top.merchant_id, memberId, kind, amount, at });

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set(new Date(`${YESTERDAY}T06:00:00Z`));
    top = await createMember(t, { type: 1 });
    a = await createMember(t, { type: 1, uplineId: top.id });
    d = await createMember(t, { uplineId: top.id });
    x = await createMember(t, { type: 1 });
    await createMember(t, { uplineId: x.id }); // x's team: one player, registered yesterday
    await money(d.id, 'deposit', 5_000n, `${YESTERDAY}T07:00:00Z`);
    t.clock.set(new Date(`${TODAY}T04:00:00Z`));
    c = await createMember(t, { uplineId: a.id });
    // c: deposits 100.00, stakes 30.00 of which 5.00 refunded, wins 12.00, a bonus of 2.00.
    await money(c.id, 'deposit', 10_000n, `${TODAY}T04:01:00Z`);
    await money(c.id, 'bet', -3_000n, `${TODAY}T04:02:00Z`);
    await money(c.id, 'rollback', 500n, `${TODAY}T04:03:00Z`);
    await money(c.id, 'win', 1_200n, `${TODAY}T04:04:00Z`);
    await money(c.id, 'deposit_bonus', 200n, `${TODAY}T04:05:00Z`);
    // Logins as startSession makes them: a session, and the login stamped.
    for (const m of [top, a, c, x]) {
      tokens.set(m.id, await sessionFor(t, m));
      await membersRepository(t.ctx.db).recordLogin(m.merchant_id, m.id, t.clock.now());
    }
  });
  afterAll(async () => {
    await expectLedgerClean(t.ctx.db);
    await t.close();
  });

  const get = <T>(who: { id: bigint } | null, url: string) =>
    t.request<Ok<T> | Err>({
      method: 'GET',
      url,
      headers: { merchant: 'panalo', ...(who ? bearer(tokens.get(who.id)!) : {}) },
    });
  const value = <T>(r: { status: number; body: Ok<T> | Err }): T => {
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return (r.body as Ok<T>).value;
  };
  const kpi = async (who: { id: bigint }, day = TODAY) =>
    value<{ footer: TeamKpiFooter }>(
      await get(who, `/api/agent/team/kpi?startDate=${day}&endDate=${day}&size=0`),
    ).footer;

  it('AGENT-010 API-068 API-069 the team KPI call takes today as startDate and endDate with size 0 and answers value.footer with the four counters', async () => {
    // c logged in, bet and registered today and is online; d registered yesterday and never logged in;
    // a registered yesterday and logged in today. The agent itself is not its own team.
    expect(await kpi(top)).toEqual({
      teamLoginMemberCount: 2,
      teamBetMemberCount: 1,
      teamRegisterMemberCount: 1,
      teamOnlineCount: 2,
    });
    // a's team is c only.
    expect(await kpi(a)).toEqual({
      teamLoginMemberCount: 1,
      teamBetMemberCount: 1,
      teamRegisterMemberCount: 1,
      teamOnlineCount: 1,
    });
    // Another agent's team has none of it: every counter is 0.
    expect(await kpi(x)).toEqual({
      teamLoginMemberCount: 0,
      teamBetMemberCount: 0,
      teamRegisterMemberCount: 0,
      teamOnlineCount: 0,
    });
    expect((await kpi(top, YESTERDAY)).teamRegisterMemberCount).toBe(2);
    expect((await kpi(x, YESTERDAY)).teamRegisterMemberCount).toBe(1);
  });

  it('online means a live session seen in the last ten minutes', async () => {
    const now = t.clock.now();
    t.clock.set(new Date(now.getTime() + 11 * 60_000));
    try {
      expect((await kpi(top)).teamOnlineCount).toBe(0);
    } finally {
      t.clock.set(now);
    }
  });

  it('AGENT-022 every agent route refuses players (0), free trial (4), type 40 and staff on the server, and asks for a session', async () => {
    for (const type of [0, 4, 40, 90]) {
      const m = await createMember(t, { type });
      tokens.set(m.id, await sessionFor(t, m));
      for (const url of [
        `/api/agent/team/kpi?startDate=${TODAY}&endDate=${TODAY}&size=0`,
        `/api/agent/team/overview?from=${TODAY}&to=${TODAY}`,
        '/api/agent/team/members',
        `/api/agent/team/pnl?from=${TODAY}&to=${TODAY}`,
        `/api/agent/team/rebate-income?from=${TODAY}&to=${TODAY}`,
        '/api/agent/affiliate',
        '/api/agent/affiliate-links',
        '/api/agent/notices',
      ]) {
        const r = await get(m, url);
        expect([r.status, (r.body as Err).code], `type ${type} ${url}`).toEqual([403, 'no_permission']);
      }
    }
    const anonymous = await get(null, `/api/agent/team/kpi?startDate=${TODAY}&endDate=${TODAY}&size=0`);
    expect([anonymous.status, (anonymous.body as Err).code]).toEqual([401, 'not_logged_in']);
  });

  it('AGENT-015 a report whose permission key the merchant turned off is refused', async () => {
    const flags = sql`(select id from merchant where code = 'panalo')`;
    await sql`update merchant set whitelabel = whitelabel || '{"AGEPAG": false}'::jsonb where id = ${flags}`.execute(
      t.ctx.db,
    );
    t.ctx.merchants.clearCache();
    try {
      const r = await get(top, `/api/agent/team/overview?from=${TODAY}&to=${TODAY}`);
      expect([r.status, (r.body as Err).code]).toEqual([403, 'no_permission']);
    } finally {
      await sql`update merchant set whitelabel = whitelabel || '{"AGEPAG": true}'::jsonb where id = ${flags}`.execute(
        t.ctx.db,
      );
      t.ctx.merchants.clearCache();
    }
  });

  it('team overview: sizes, registrations, first deposits and the money of the range, with a day-by-day series', async () => {
    const o = value<TeamOverview>(await get(top, `/api/agent/team/overview?from=${YESTERDAY}&to=${TODAY}`));
    expect(o).toMatchObject({
      directDownlines: 2,
      teamSize: 3,
      registrations: 3,
      firstDeposits: 2,
      depositCount: 2,
      withdrawalCount: 0,
      bettors: 1,
      money: {
        turnover: '25.00',
        wins: '12.00',
        bonuses: '2.00',
        rebates: '0.00',
        commissions: '0.00',
        deposits: '150.00',
        withdrawals: '0.00',
        profit: '-11.00',
      },
    });
    expect(o.days).toEqual([
      { date: YESTERDAY, turnover: '0.00', registrations: 2, bettors: 0, deposits: '50.00' },
      { date: TODAY, turnover: '25.00', registrations: 1, bettors: 1, deposits: '100.00' },
    ]);
    // a sees c's money only; x's team saw nothing.
    expect(
      value<TeamOverview>(await get(a, `/api/agent/team/overview?from=${YESTERDAY}&to=${TODAY}`)).money
        .deposits,
    ).toBe('100.00');
    expect(
      value<TeamOverview>(await get(x, `/api/agent/team/overview?from=${YESTERDAY}&to=${TODAY}`)),
    ).toMatchObject({
      teamSize: 1,
      money: { deposits: '0.00', turnover: '0.00' },
    });
  });

  it('team management: direct downlines with balance, a drill-down one level deeper without it, search over the team', async () => {
    const direct = value<Members>(await get(top, '/api/agent/team/members?sort=username'));
    expect(direct.parent).toEqual({ id: top.id.toString(), username: top.username, level: 0 });
    expect(direct.list.map((m) => [m.username, m.level, m.balance]).sort()).toEqual(
      [
        [a.username, 1, '0.00'],
        [d.username, 1, '50.00'],
      ].sort(),
    );
    expect(direct.list.find((m) => m.id === a.id.toString())?.directDownlines).toBe(1);
    const deeper = value<Members>(await get(top, `/api/agent/team/members?parentId=${a.id}`));
    expect(deeper.list.map((m) => [m.username, m.level, m.balance])).toEqual([[c.username, 2, null]]);
    const found = value<Members>(await get(top, `/api/agent/team/members?search=${c.username.slice(0, -1)}`));
    expect(found.list.map((m) => m.id)).toContain(c.id.toString());
    expect(found.list.every((m) => [a.id, c.id, d.id].map(String).includes(m.id))).toBe(true);
    // The rebate picker searches the direct downlines only (#49 item 3): c is a's, not top's.
    const everyone = value<Members>(await get(top, '/api/agent/team/members?search=player&sort=username'));
    expect(everyone.list.map((m) => m.id).sort()).toEqual([a.id, c.id, d.id].map(String).sort());
    const directOnly = value<Members>(
      await get(top, '/api/agent/team/members?search=player&searchIn=direct&sort=username'),
    );
    expect(directOnly.list.map((m) => m.id).sort()).toEqual([a.id, d.id].map(String).sort());
    expect(directOnly.total).toBe(2);
    const underA = value<Members>(
      await get(top, `/api/agent/team/members?parentId=${a.id}&search=player&searchIn=direct`),
    );
    expect(underA.list.map((m) => m.id)).toEqual([c.id.toString()]);
    expect((await get(top, '/api/agent/team/members?search=player&searchIn=all')).status).toBe(400);
  });

  it('isolation: an agent cannot open a member outside its team, nor find one by search', async () => {
    for (const [who, other] of [
      [a, d],
      [x, c],
      [a, top],
    ] as const) {
      const r = await get(who, `/api/agent/team/members?parentId=${other.id}`);
      expect([r.status, (r.body as Err).code]).toEqual([404, 'team_member_unknown']);
    }
    const search = value<Members>(await get(x, `/api/agent/team/members?search=${c.username}`));
    expect(search.list).toEqual([]);
    // Another merchant's agent with the same ids in mind sees nothing of this one.
    await sql`update merchant set whitelabel = whitelabel || '{"DOWNMAN": true}'::jsonb where code = 'luzon'`.execute(
      t.ctx.db,
    );
    t.ctx.merchants.clearCache();
    const other = await createMember(t, { type: 1, merchant: 'luzon' });
    const token = await sessionFor(t, other);
    const r = await t.request<Ok<Members> | Err>({
      method: 'GET',
      url: `/api/agent/team/members?parentId=${c.id}`,
      headers: { merchant: 'luzon', ...bearer(token) },
    });
    expect([r.status, (r.body as Err).code]).toEqual([404, 'team_member_unknown']);
  });

  it('team profit and loss: the team total, then each direct downline’s line (itself and its team), drill-down and search', async () => {
    const p = value<Pnl>(await get(top, `/api/agent/team/pnl?from=${YESTERDAY}&to=${TODAY}&sort=turnover`));
    expect(p.parent).toEqual({ id: top.id.toString(), username: top.username, level: 0 });
    expect(p.team).toEqual({
      turnover: '25.00',
      wins: '12.00',
      bonuses: '2.00',
      rebates: '0.00',
      commissions: '0.00',
      deposits: '150.00',
      withdrawals: '0.00',
      profit: '-11.00',
    });
    // a's line is c's play (a itself played nothing); d's line is its own deposit.
    expect(
      p.list.map((r) => [
        r.username,
        r.level,
        r.directDownlines,
        r.turnover,
        r.profit,
        r.deposits,
        r.own.turnover,
      ]),
    ).toEqual([
      [a.username, 1, 1, '25.00', '-11.00', '100.00', '0.00'],
      [d.username, 1, 0, '0.00', '0.00', '50.00', '0.00'],
    ]);
    expect(p.total).toBe(2);
    // Sorted by profit, d (0.00) comes before a (-11.00).
    expect(
      value<Pnl>(await get(top, `/api/agent/team/pnl?from=${YESTERDAY}&to=${TODAY}&sort=profit`)).list.map(
        (r) => r.username,
      ),
    ).toEqual([d.username, a.username]);
    // Opening a's line: c with its own figures.
    const down = value<Pnl>(
      await get(top, `/api/agent/team/pnl?from=${YESTERDAY}&to=${TODAY}&parentId=${a.id}`),
    );
    expect(down.parent.username).toBe(a.username);
    expect(down.team.turnover).toBe('25.00');
    expect(down.list.map((r) => [r.username, r.level, r.turnover, r.own.turnover, r.own.profit])).toEqual([
      [c.username, 2, '25.00', '25.00', '-11.00'],
    ]);
    // Search finds a member anywhere in the team, with activity in the range only.
    const one = value<Pnl>(
      await get(top, `/api/agent/team/pnl?from=${TODAY}&to=${TODAY}&search=${c.username}`),
    );
    expect(one.list.map((r) => r.username)).toEqual([c.username]);
    expect(
      value<Pnl>(await get(top, `/api/agent/team/pnl?from=${TODAY}&to=${TODAY}&search=${d.username}`)).list,
    ).toEqual([]);
    expect(
      value<Pnl>(await get(a, `/api/agent/team/pnl?from=${YESTERDAY}&to=${TODAY}`)).list.map(
        (r) => r.username,
      ),
    ).toEqual([c.username]);
  });

  it('isolation: a P&L drill-down outside the team, or onto the upline, is refused', async () => {
    for (const [who, other] of [
      [a, d],
      [a, top],
      [x, a],
    ] as const) {
      const r = await get(who, `/api/agent/team/pnl?from=${TODAY}&to=${TODAY}&parentId=${other.id}`);
      expect([r.status, (r.body as Err).code]).toEqual([404, 'team_member_unknown']);
    }
  });

  it('a reversed range, one longer than 90 days and a malformed date are clear 400s', async () => {
    const code = async (url: string) => {
      const r = await get(top, url);
      return [r.status, (r.body as Err).code];
    };
    expect(await code(`/api/agent/team/overview?from=${TODAY}&to=${YESTERDAY}`)).toEqual([
      400,
      'date_range_invalid',
    ]);
    expect(await code(`/api/agent/team/pnl?from=2026-01-01&to=${TODAY}`)).toEqual([400, 'range_too_long']);
    expect((await code('/api/agent/team/kpi?startDate=2026-13-45&endDate=2026-06-10&size=0'))[0]).toBe(400);
    expect((await code(`/api/agent/team/kpi?startDate=${TODAY}&endDate=${TODAY}&size=5`))[0]).toBe(400);
    expect((await code('/api/agent/team/members?parentId=12345678901234567890123'))[0]).toBe(400);
  });
});
