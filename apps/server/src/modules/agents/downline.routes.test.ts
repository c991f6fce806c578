import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenedDownline, QuotasView } from '@panalo/contract/agent';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { bearer, createMember, sessionFor } from '../../test-support/members';
import { verifyPassword } from '../identity/passwords';
import { itRaces } from '../../test-support/races';

type Ok<T> = { success: true; value: T };
type Err = { success: false; code: string; value?: Record<string, unknown> };

// Issue 16 items 2 and 6: an agent opens accounts in its team at rates below its own by the gap (0.10 %
// by default); a rate above the free threshold (1.00 % by default) spends a quota at that rate.

describe('accounts an agent opens', () => {
  let t: TestApp;
  let agent: Awaited<ReturnType<typeof createMember>>;
  let token: string;
  let n = 0;
  const uniqueName = () => `dl${Date.now() % 100000}x${++n}`;

  beforeAll(async () => {
    t = await createTestApp();
    agent = await createMember(t, { type: 1 });
    token = await sessionFor(t, agent);
    await sql`insert into member_rebate (merchant_id, member_id, product, rate_bp, updated_at, updated_by)
      values (${agent.merchant_id}, ${agent.id}, 'lottery', 780, now(), 'test'),
             (${agent.merchant_id}, ${agent.id}, 'slots', 200, now(), 'test')`.execute(t.ctx.db);
    await sql`insert into agent_quota (merchant_id, member_id, rate_bp, remaining)
      values (${agent.merchant_id}, ${agent.id}, 500, 1)`.execute(t.ctx.db);
  });
  afterAll(async () => t.close());

  const open = (body: Record<string, unknown>, as = token) =>
    t.request<Ok<OpenedDownline> | Err>({
      method: 'POST',
      url: '/api/agent/downlines',
      headers: { merchant: 'panalo', ...bearer(as) },
      payload: { password: 'Secret123', confirmPassword: 'Secret123', ...body },
    });
  const members = async () =>
    Number((await sql<{ n: string }>`select count(*) as n from member`.execute(t.ctx.db)).rows[0]!.n);

  it('opens a player in the agent’s team at free rates: a member below the agent with its rates and the password it was given', async () => {
    const username = uniqueName();
    const r = await open({ username, rates: { lottery: '1.00', slots: '0.50' } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const v = (r.body as Ok<OpenedDownline>).value;
    expect(v).toMatchObject({ username, kind: 'player', quotaSpent: null });
    expect(v.rates).toMatchObject({ lottery: '1.00', slots: '0.50', live: '0.00' });
    const row = await t.ctx.db
      .selectFrom('member')
      .select(['upline_id', 'type', 'path', 'register_method'])
      .where('id', '=', BigInt(v.id))
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ upline_id: agent.id, type: 0, register_method: 'AGENT' });
    expect(row.path.endsWith(`/${agent.id}/${v.id}/`)).toBe(true);
    const hash = await t.ctx.db
      .selectFrom('member')
      .select('password_hash')
      .where('id', '=', BigInt(v.id))
      .executeTakeFirstOrThrow();
    expect(await verifyPassword(hash.password_hash, 'Secret123')).toBe(true);
  });

  it('a rate above the free threshold spends the quota at that rate, once; without one nothing is written', async () => {
    const before = await members();
    const r = await open({
      username: uniqueName(),
      kind: 'agent',
      rates: { lottery: '5.00', slots: '1.00' },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect((r.body as Ok<OpenedDownline>).value).toMatchObject({ kind: 'agent', quotaSpent: '5.00' });
    const again = await open({ username: uniqueName(), rates: { lottery: '5.00' } });
    expect([again.status, (again.body as Err).code]).toEqual([409, 'quota_exhausted']);
    const other = await open({ username: uniqueName(), rates: { lottery: '4.00' } });
    expect([other.status, (other.body as Err).code]).toEqual([409, 'quota_exhausted']);
    expect(await members()).toBe(before + 1);
    const q = await t.request<Ok<QuotasView>>({
      method: 'GET',
      url: '/api/agent/quotas',
      headers: { merchant: 'panalo', ...bearer(token) },
    });
    expect(q.body.value).toEqual({ freeThreshold: '1.00', quotas: [{ rate: '5.00', remaining: 0 }] });
  });

  it('refuses a rate past the agent’s own less the gap, a taken username, a bad form, and says which', async () => {
    const before = await members();
    const high = await open({ username: uniqueName(), rates: { slots: '1.95' } });
    expect([high.status, (high.body as Err).code]).toEqual([409, 'rebate_rate_too_high']);
    const taken = await open({ username: agent.username.toUpperCase() });
    expect([taken.status, (taken.body as Err).code]).toEqual([409, 'username_taken']);
    const mismatch = await open({ username: uniqueName(), confirmPassword: 'Other1234' });
    expect([mismatch.status, (mismatch.body as Err).code]).toEqual([400, 'confirm_mismatch']);
    const bad = await open({ username: 'a b\u0000c' });
    expect(bad.status).toBe(400);
    const rate = await open({ username: uniqueName(), rates: { lottery: '1.234' } });
    expect(rate.status).toBe(400);
    expect(await members()).toBe(before);
  });

  it('the username check tells a free name from a taken one (any case)', async () => {
    const check = async (username: string) =>
      (
        await t.request<Ok<{ available: boolean }>>({
          method: 'GET',
          url: `/api/agent/username-check?username=${encodeURIComponent(username)}`,
          headers: { merchant: 'panalo', ...bearer(token) },
        })
      ).body.value.available;
    expect(await check(agent.username.toUpperCase())).toBe(false);
    expect(await check(uniqueName())).toBe(true);
  });

  it('hands quotas down to a direct sub-agent: spent from mine and added to its own, never more than I have', async () => {
    const boss = await createMember(t, { type: 1 });
    const sub = await createMember(t, { type: 1 });
    const player = await createMember(t);
    await t.ctx.db
      .updateTable('member')
      .set({ upline_id: boss.id })
      .where('id', 'in', [sub.id, player.id])
      .execute();
    await sql`insert into member_rebate (merchant_id, member_id, product, rate_bp, updated_at, updated_by)
      values (${boss.merchant_id}, ${boss.id}, 'lottery', 780, now(), 'test'),
             (${boss.merchant_id}, ${sub.id}, 'lottery', 600, now(), 'test')`.execute(t.ctx.db);
    await sql`insert into agent_quota (merchant_id, member_id, rate_bp, remaining)
      values (${boss.merchant_id}, ${boss.id}, 500, 3), (${boss.merchant_id}, ${boss.id}, 700, 2)`.execute(
      t.ctx.db,
    );
    const bossToken = await sessionFor(t, boss);
    const give = (body: Record<string, unknown>) =>
      t.request<Ok<QuotasView> | Err>({
        method: 'POST',
        url: '/api/agent/quotas/give',
        headers: { merchant: 'panalo', ...bearer(bossToken) },
        payload: body,
      });
    const r = await give({ memberId: sub.id.toString(), rate: '5.00', count: 2 });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect((r.body as Ok<QuotasView>).value.quotas).toEqual([
      { rate: '7.00', remaining: 2 },
      { rate: '5.00', remaining: 1 },
    ]);
    const subQuotas = await t.request<Ok<QuotasView>>({
      method: 'GET',
      url: '/api/agent/quotas',
      headers: { merchant: 'panalo', ...bearer(await sessionFor(t, sub)) },
    });
    expect(subQuotas.body.value.quotas).toEqual([{ rate: '5.00', remaining: 2 }]);
    // More than I have, a rate the sub-agent cannot open at (6.00 − 0.10), a free rate, a player.
    expect(((await give({ memberId: sub.id.toString(), rate: '5.00', count: 2 })).body as Err).code).toBe(
      'quota_exhausted',
    );
    expect(((await give({ memberId: sub.id.toString(), rate: '7.00', count: 1 })).body as Err).code).toBe(
      'quota_rate_too_high',
    );
    expect(((await give({ memberId: sub.id.toString(), rate: '0.50', count: 1 })).body as Err).code).toBe(
      'quota_rate_free',
    );
    expect(((await give({ memberId: player.id.toString(), rate: '5.00', count: 1 })).body as Err).code).toBe(
      'team_member_unknown',
    );
    const left = await sql<{ remaining: number }>`
      select remaining from agent_quota where member_id = ${boss.id} and rate_bp = 500`.execute(t.ctx.db);
    expect(left.rows[0]!.remaining).toBe(1);
  });

  it('players cannot open accounts', async () => {
    const player = await createMember(t);
    const r = await open({ username: uniqueName() }, await sessionFor(t, player));
    expect([r.status, (r.body as Err).code]).toEqual([403, 'no_permission']);
  });

  itRaces(
    '50 simultaneous openings on the last quota: exactly one succeeds, the quota ends at 0',
    async () => {
      await sql`insert into agent_quota (merchant_id, member_id, rate_bp, remaining)
        values (${agent.merchant_id}, ${agent.id}, 300, 1)`.execute(t.ctx.db);
      const before = await members();
      const answers = await Promise.all(
        Array.from({ length: 50 }, () => open({ username: uniqueName(), rates: { lottery: '3.00' } })),
      );
      const codes = answers.map((a) => (a.status === 200 ? 'ok' : (a.body as Err).code));
      expect(codes.filter((c) => c === 'ok')).toHaveLength(1);
      expect(codes.filter((c) => c !== 'ok').every((c) => c === 'quota_exhausted')).toBe(true);
      const left = await t.ctx.db
        .selectFrom('agent_quota')
        .select('remaining')
        .where('member_id', '=', agent.id)
        .where('rate_bp', '=', 300)
        .executeTakeFirstOrThrow();
      expect(left.remaining).toBe(0);
      expect(await members()).toBe(before + 1);
    },
    60_000,
  );
});
