import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { bearer, createMember, sessionFor } from '../../test-support/members';
import { expectLedgerClean, fundFromClearing } from '../../test-support/ledger';
import { membersRepository } from '../identity/members.repository';
import { postForMember } from '../records/test-ledger';
import { REBATE_GRACE_MS } from './rebate-run';

type Reply<T = Record<string, unknown>> = { success: boolean; code?: string; value?: T; data?: unknown };

// Issue 16 item 9: the operator's agency calls — terms, rates, quotas, moves and rebate runs — for
// operators of the merchant only, each change audited with its reason.

describe('agency operator calls', () => {
  let t: TestApp;
  let ops: string;
  let luzonOps: string;
  beforeAll(async () => {
    t = await createTestApp();
    const o = await membersRepository(t.ctx.db).findByUsername(1, 'ops01');
    ops = await sessionFor(t, o!);
    luzonOps = await sessionFor(t, await createMember(t, { merchant: 'luzon', type: 90 }));
  });
  afterAll(async () => {
    await expectLedgerClean(t.ctx.db);
    await t.close();
  });

  const call = <T>(
    method: 'GET' | 'PUT' | 'POST',
    url: string,
    body?: unknown,
    token = ops,
    host = 'panalo',
  ) =>
    t.request<Reply<T>>({
      method,
      url,
      headers: { merchant: host, ...bearer(token) },
      ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
    });
  const rates = (username: string, r: Record<string, string>) =>
    call('PUT', '/api/ops/agency/rates', { username, rates: r, reason: 'contract' });
  const audits = (action: string) =>
    t.ctx.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id').execute();

  async function tree() {
    const top = await createMember(t, { type: 1 });
    const mid = await createMember(t, { type: 1 });
    const low = await createMember(t, { type: 1 });
    await t.ctx.db.updateTable('member').set({ upline_id: top.id }).where('id', '=', mid.id).execute();
    await t.ctx.db.updateTable('member').set({ upline_id: mid.id }).where('id', '=', low.id).execute();
    return { top, mid, low };
  }

  it('sets rates within the upline’s less the gap and above the downlines’, lowering included; refusals name the range', async () => {
    const { top, mid, low } = await tree();
    expect((await rates(top.username, { lottery: '7.80' })).status).toBe(200);
    expect((await rates(mid.username, { lottery: '5.00' })).status).toBe(200);
    expect((await rates(low.username, { lottery: '3.00' })).status).toBe(200);
    // Above the top agent less the gap (0.10 %): refused with the range.
    const high = await rates(mid.username, { lottery: '7.75' });
    expect([high.status, high.body.code, high.body.value]).toEqual([
      409,
      'rebate_rate_out_of_range',
      { product: 'lottery', min: '3.10', max: '7.70' },
    ]);
    // An operator may lower a rate, never under a downline's rate plus the gap.
    expect((await rates(mid.username, { lottery: '3.05' })).body.code).toBe('rebate_rate_out_of_range');
    const lowered = await rates(mid.username, { lottery: '3.10' });
    expect(lowered.status).toBe(200);
    expect((lowered.body.value as { rates: Record<string, string> }).rates.lottery).toBe('3.10');
    // A top agent is bounded by the merchant's ceiling (7.80 % by default).
    expect((await rates(top.username, { lottery: '7.90' })).body.code).toBe('rebate_rate_out_of_range');
    expect((await rates(top.username, { lottery: 'x' })).status).toBe(400);
    const trail = (await audits('rebate.set')).at(-1)!;
    expect(trail.actor).toMatch(/^operator:/);
    expect(typeof trail.details === 'string' ? JSON.parse(trail.details) : trail.details).toMatchObject({
      reason: 'contract',
      lottery: { from: 500, to: 310 },
    });
  });

  it('reads a member’s rates with the range each may be set to: the upline’s less the gap, the highest child’s plus the gap (#49 item 3)', async () => {
    const { top, mid, low } = await tree();
    expect((await rates(top.username, { lottery: '7.80', sports: '0.10' })).status).toBe(200);
    expect((await rates(mid.username, { lottery: '5.00' })).status).toBe(200);
    expect((await rates(low.username, { lottery: '3.00' })).status).toBe(200);
    const read = (username: string) =>
      call<{ username: string; rates: Record<string, string>; ranges: Record<string, unknown> }>(
        'GET',
        `/api/ops/agency/rates?username=${username}`,
      );
    const m = (await read(mid.username)).body.value!;
    expect(m.username).toBe(mid.username);
    expect(m.rates).toMatchObject({ lottery: '5.00', sports: '0.00' });
    expect(m.ranges.lottery).toEqual({ min: '3.10', max: '7.70' });
    // The top agent's sports is 0.10 %: its downline has no room under it less the 0.10 % gap… at 0.00.
    expect(m.ranges.sports).toEqual({ min: '0.00', max: '0.00' });
    // A top agent's ceiling is the merchant's; a member without children may go down to 0.
    expect((await read(top.username)).body.value!.ranges.lottery).toEqual({ min: '5.10', max: '7.80' });
    expect((await read(low.username)).body.value!.ranges.lottery).toEqual({ min: '0.00', max: '4.90' });
    // What the read says is what a change accepts: its edges pass, one step beyond is refused.
    expect((await rates(low.username, { lottery: '4.90' })).status).toBe(200);
    expect((await rates(low.username, { lottery: '4.91' })).body.code).toBe('rebate_rate_out_of_range');
    expect((await read('nobody_here')).body.code).toBe('member_not_found');
    expect((await read('')).status).toBe(400);
    // Another merchant's operator sees only its own members.
    const other = await call(
      'GET',
      `/api/ops/agency/rates?username=${mid.username}`,
      undefined,
      luzonOps,
      'luzon',
    );
    expect([other.status, other.body.code]).toEqual([404, 'member_not_found']);
  });

  it('grants quotas, moves a member with its team (never into its own team), audited', async () => {
    const { top, mid, low } = await tree();
    const q = await call('PUT', '/api/ops/agency/quotas', {
      username: top.username,
      rate: '5.00',
      remaining: 7,
      reason: 'new agent',
    });
    expect([q.status, q.body.value]).toEqual([200, { rate: '5.00', remaining: 7 }]);
    const cycle = await call('POST', '/api/ops/agency/move', {
      username: top.username,
      upline: low.username,
      reason: 'oops',
    });
    expect([cycle.status, cycle.body.code]).toEqual([409, 'agency_move_cycle']);
    const other = await createMember(t, { type: 1 });
    const moved = await call('POST', '/api/ops/agency/move', {
      username: mid.username,
      upline: other.username,
      reason: 'request',
    });
    expect([moved.status, moved.body.value]).toEqual([
      200,
      { username: mid.username, upline: other.username },
    ]);
    const path = await t.ctx.db
      .selectFrom('member')
      .select('path')
      .where('id', '=', low.id)
      .executeTakeFirstOrThrow();
    expect(path.path).toBe(`/${other.id}/${mid.id}/${low.id}/`);
    // A member whose rate the new upline cannot give stays where it is.
    await rates(top.username, { slots: '2.00' });
    await rates(other.username, { slots: '1.00' });
    await rates(mid.username, { slots: '0.90' });
    const poorer = await createMember(t, { type: 1 });
    const refused = await call('POST', '/api/ops/agency/move', {
      username: mid.username,
      upline: poorer.username,
      reason: 'r' + 'ab',
    });
    expect([refused.status, refused.body.code]).toEqual([409, 'agency_move_rate']);
    expect((await audits('agency.move')).length).toBe(1);
    expect((await audits('agency.quota')).length).toBe(1);
  });

  it('changes the terms (never under a top agent’s rate) and runs the rebate days that are due', async () => {
    const before = await call<{ minGap: string; payPlayerRebate: boolean }>('GET', '/api/ops/agency/terms');
    expect(before.body.value).toMatchObject({ minGap: '0.10', payPlayerRebate: false });
    const { top } = await tree();
    await rates(top.username, { sports: '1.50' });
    const under = await call('PUT', '/api/ops/agency/terms', { maxRates: { sports: '1.00' }, reason: 'cut' });
    expect([under.status, under.body.code]).toEqual([409, 'agency_ceiling_below_agent']);
    const ok = await call('PUT', '/api/ops/agency/terms', {
      minGap: '0.20',
      payPlayerRebate: true,
      reason: 'new plan',
    });
    expect(ok.body.value).toMatchObject({ minGap: '0.20', payPlayerRebate: true });
    expect((await call<{ minGap: string }>('GET', '/api/ops/agency/terms')).body.value!.minGap).toBe('0.20');

    // A day of play below the top agent, then the run for the closed day.
    const player = await createMember(t, { type: 0 });
    await t.ctx.db.updateTable('member').set({ upline_id: top.id }).where('id', '=', player.id).execute();
    await fundFromClearing(t.ctx.db, player.id, 100_000n, t.clock.now());
    await postForMember(t.ctx.db, {
      merchantId: 1,
      memberId: player.id,
      kind: 'bet',
      amount: -10_000n,
      at: t.clock.now().toISOString(),
      product: 'sports',
    });
    const day = t.clock.now().toISOString().slice(0, 10);
    t.clock.set(new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000 + REBATE_GRACE_MS));
    const run = await call<{ runs: { day: string; computed: boolean; settled: number }[] }>(
      'POST',
      '/api/ops/agency/rebate-runs',
    );
    expect(run.status).toBe(200);
    expect(run.body.value!.runs).toContainEqual({ day, computed: true, settled: 1, busy: false });
    const list = await call<{ list: { day: string; paid: string; beneficiaries: number }[] }>(
      'GET',
      '/api/ops/agency/rebate-runs',
    );
    // The top agent's 1.50 % of the 100.00 staked on sports (the player's own rate is 0).
    expect(list.body.value!.list[0]).toMatchObject({
      day,
      beneficiaries: 1,
      turnover: '100.00',
      amount: '1.50',
      paid: '1.50',
    });
  });

  it('the agents’ tree: top agents, a node’s downline page by page with team, turnover, rates and quotas; the path above it', async () => {
    const n = Date.now() % 1_000_000;
    const top = await createMember(t, { type: 1, username: `tree${n}top` });
    const mid = await createMember(t, { type: 1, username: `tree${n}amid`, uplineId: top.id });
    const player = await createMember(t, { type: 0, username: `tree${n}bplayer`, uplineId: top.id });
    const low = await createMember(t, { type: 42, username: `tree${n}low`, uplineId: mid.id });
    const leaf = await createMember(t, { type: 0, username: `tree${n}leaf`, uplineId: low.id });
    const loner = await createMember(t, { type: 0, username: `tree${n}loner` });
    await fundFromClearing(t.ctx.db, leaf.id, 100_000n, t.clock.now());
    await postForMember(t.ctx.db, {
      merchantId: 1,
      memberId: leaf.id,
      kind: 'bet',
      amount: -12_500n,
      at: t.clock.now().toISOString(),
      product: 'sports',
    });
    expect((await rates(top.username, { lottery: '7.00' })).status).toBe(200);
    const quota = await call('PUT', '/api/ops/agency/quotas', {
      username: top.username,
      rate: '6.50',
      remaining: 3,
      reason: 'launch',
    });
    expect(quota.status).toBe(200);
    type Tree = {
      node: { username: string; direct: number; team: number; teamTurnover30: string } | null;
      ancestors: { username: string }[];
      list: {
        username: string;
        type: number;
        direct: number;
        team: number;
        teamTurnover30: string;
        rates: Record<string, string>;
        quotas: { rate: string; remaining: number }[];
      }[];
      total: number;
      totalPages: number;
    };
    const read = (query: string, token = ops, host = 'panalo') =>
      call<Tree>('GET', `/api/ops/agency/tree${query}`, undefined, token, host);

    // The top: agents without an upline only (neither a player without one nor an agent with one).
    const root = await read('?pageSize=100');
    expect(root.status).toBe(200);
    const names = root.body.value!.list.map((m) => m.username);
    expect(names).toContain(top.username);
    expect(names).not.toContain(mid.username);
    expect(names).not.toContain(loner.username);
    expect(root.body.value!.node).toBeNull();
    expect(root.body.value!.list.find((m) => m.username === top.username)).toMatchObject({
      direct: 2,
      team: 4,
      teamTurnover30: '125.00',
      rates: { lottery: '7.00', sports: '0.00' },
      quotas: [{ rate: '6.50', remaining: 3 }],
    });

    // A node's direct downline in username order, players included unless agents only are asked.
    const under = await read(`?under=${top.username}`);
    expect(under.body.value!.node).toMatchObject({ username: top.username, direct: 2, team: 4 });
    expect(under.body.value!.ancestors).toEqual([]);
    expect(
      under.body.value!.list.map((m) => [m.username, m.type, m.direct, m.team, m.teamTurnover30]),
    ).toEqual([
      [mid.username, 1, 1, 2, '125.00'],
      [player.username, 0, 0, 0, '0.00'],
    ]);
    const agents = await read(`?under=${top.username}&agentsOnly=1`);
    expect(agents.body.value!.list.map((m) => m.username)).toEqual([mid.username]);
    const second = await read(`?under=${top.username}&pageSize=1&page=2`);
    expect([second.body.value!.total, second.body.value!.totalPages]).toEqual([2, 2]);
    expect(second.body.value!.list.map((m) => m.username)).toEqual([player.username]);

    // Deeper: the uplines from the top down, the node's own figures.
    const deep = await read(`?under=${low.username}`);
    expect(deep.body.value!.ancestors.map((a) => a.username)).toEqual([top.username, mid.username]);
    expect(deep.body.value!.node).toMatchObject({ direct: 1, team: 1, teamTurnover30: '125.00' });
    expect(deep.body.value!.list.map((m) => m.username)).toEqual([leaf.username]);

    // Unknown, staff, another merchant's member: not found; bad input: 400.
    expect((await read('?under=nobody-here')).body.code).toBe('member_not_found');
    expect((await read('?under=ops01')).status).toBe(404);
    const luzon = await read(`?under=${top.username}`, luzonOps, 'luzon');
    expect([luzon.status, luzon.body.code]).toEqual([404, 'member_not_found']);
    const luzonRoot = await read('?pageSize=100', luzonOps, 'luzon');
    expect(luzonRoot.body.value!.list.map((m) => m.username)).not.toContain(top.username);
    expect((await read('?under=a%00b')).status).toBe(400);
    expect((await read('?agentsOnly=yes')).status).toBe(400);
    expect((await read('?pageSize=1000')).status).toBe(400);
  });

  it('refuses members, agents and another merchant’s operators', async () => {
    const agent = await createMember(t, { type: 1 });
    const token = await sessionFor(t, agent);
    for (const [method, url] of [
      ['GET', '/api/ops/agency/terms'],
      ['GET', '/api/ops/agency/rebate-runs'],
      ['POST', '/api/ops/agency/rebate-runs'],
    ] as const) {
      expect((await call(method, url, undefined, token)).status).toBe(403);
    }
    // Luzon's operator cannot touch panalo's members: the username is looked up in its own merchant.
    const { top } = await tree();
    const r = await call(
      'PUT',
      '/api/ops/agency/rates',
      { username: top.username, rates: { lottery: '1.00' }, reason: 'x'.repeat(5) },
      luzonOps,
      'luzon',
    );
    expect([r.status, r.body.code]).toEqual([404, 'member_not_found']);
  });
});
