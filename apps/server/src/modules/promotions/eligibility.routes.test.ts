import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { MEMBER_TYPE } from '@panalo/contract/member';
import type { OpsPromotionDetail, PromotionItem, RewardItem } from '@panalo/contract/promotions';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { bearer, createMember, sessionFor } from '../../test-support/members';
import { addToMemberDay } from '../stats/member-day';
import { runPromotionRebateDay } from './rebate-run';

type Ok<T> = { success: true; value: T };
type Err = { success: false; code: string; message?: string; value?: Record<string, unknown> };

// Issue 18 item 1: who may take part in a promotion — new players, VIP levels, deposit count, a segment
// (an agent's team) — and mutual exclusions between promotions. Checked on the server at every claim,
// in the member's list and in the bulk runs (the daily rebate, a race's ranking).

const checkinBody = (code: string, eligibility: Record<string, unknown>) => ({
  code,
  kind: 'checkin',
  category: 'daily',
  texts: { EN: { title: `Check-in ${code}`, terms: '' } },
  period: 'daily',
  reward: { type: 'streak', amounts: ['1.00'] },
  turnoverMultiplier: '1.0',
  budget: null,
  startsAt: '2026-05-01T00:00:00Z',
  endsAt: null,
  enabled: true,
  sort: 90,
  eligibility,
});

describe('promotion eligibility and exclusions', () => {
  let t: TestApp;
  let ops: string;
  beforeAll(async () => {
    t = await createTestApp();
    ops = await sessionFor(t, await createMember(t, { type: MEMBER_TYPE.OPERATOR }));
  });
  afterAll(async () => t.close());

  const create = (body: unknown) =>
    t.request<Ok<OpsPromotionDetail> | Err>({
      method: 'POST',
      url: '/api/ops/promotions',
      headers: bearer(ops),
      payload: body as Record<string, unknown>,
    });
  async function made(body: unknown) {
    const r = await create(body);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return (r.body as Ok<OpsPromotionDetail>).value;
  }
  const checkIn = (id: string, token: string) =>
    t.request<Ok<RewardItem> | Err>({
      method: 'POST',
      url: `/api/promotions/${id}/check-in`,
      headers: bearer(token),
    });
  const items = async (token: string) =>
    (await t.request<Ok<PromotionItem[]>>({ method: 'GET', url: '/api/promotions', headers: bearer(token) }))
      .body.value;
  const listed = async (token: string) => (await items(token)).map((p) => p.id);
  const refusedNotEligible = (r: { status: number; body: unknown }) =>
    expect([r.status, (r.body as Err).code, (r.body as Err).message]).toEqual([
      403,
      'promotion_not_eligible',
      'This promotion is not open to you',
    ]);

  it('the operator API checks the rules: agents of this merchant, codes that exist, a sane deposit range', async () => {
    const agent = await createMember(t, { type: MEMBER_TYPE.AGENT });
    const player = await createMember(t);
    const notAgent = await create(checkinBody('E-A1', { agents: [player.username] }));
    expect([notAgent.status, (notAgent.body as Err).value?.field]).toEqual([400, 'eligibility.agents']);
    const unknown = await create(checkinBody('E-A2', { excludes: ['NO-SUCH-CODE'] }));
    expect([unknown.status, (unknown.body as Err).value?.field]).toEqual([400, 'eligibility.excludes']);
    const self = await create(checkinBody('E-A3', { excludes: ['E-A3'] }));
    expect([self.status, (self.body as Err).value?.field]).toEqual([400, 'eligibility.excludes']);
    const range = await create(checkinBody('E-A4', { depositsMin: 3, depositsMax: 1 }));
    expect([range.status, (range.body as Err).value?.field]).toEqual([400, 'eligibility.depositsMax']);
    const extra = await create(checkinBody('E-A5', { country: 'PH' }));
    expect(extra.status).toBe(400);
    const ok = await made(
      checkinBody('E-A6', {
        agents: [agent.username.toUpperCase()],
        vipLevels: [0, 1],
        excludes: ['DEPOSIT3'],
      }),
    );
    expect(ok.eligibility).toEqual({ agents: [agent.username], vipLevels: [0, 1], excludes: ['DEPOSIT3'] });
  });

  it('new players only: a member registered within the days checks in; an older one is refused and not shown it', async () => {
    const p = await made(checkinBody('E-NEW', { newPlayersDays: 7 }));
    const fresh = await createMember(t);
    const old = await createMember(t);
    await t.ctx.db
      .updateTable('member')
      .set({ created_at: new Date(t.clock.now().getTime() - 30 * 86_400_000) })
      .where('id', '=', old.id)
      .execute();
    const [tf, to] = [await sessionFor(t, fresh), await sessionFor(t, old)];
    expect(await listed(tf)).toContain(p.id);
    // The member reads the rule with the terms.
    expect((await items(tf)).find((x) => x.id === p.id)?.rules).toMatchObject({
      newPlayersDays: 7,
      vipLevels: null,
      team: false,
      excludes: [],
    });
    expect(await listed(to)).not.toContain(p.id);
    expect((await checkIn(p.id, tf)).status).toBe(200);
    refusedNotEligible(await checkIn(p.id, to));
  });

  it('VIP levels and the deposit count: only the levels named, only members with enough paid deposits', async () => {
    const vip = await made(checkinBody('E-VIP', { vipLevels: [2, 3] }));
    const loyal = await made(checkinBody('E-DEP', { depositsMin: 1, depositsMax: 1 }));
    const a = await createMember(t);
    const b = await createMember(t);
    await t.ctx.db.updateTable('member').set({ vip_level: 2 }).where('id', '=', b.id).execute();
    const paidDeposit = (memberId: bigint) =>
      t.ctx.db
        .insertInto('deposit_order')
        .values({
          merchant_id: 1,
          member_id: memberId,
          method_code: 'test',
          kind: 'gateway',
          currency: 'PHP',
          amount: 10_000n,
          status: 'paid',
          reference: null,
          payer_name: null,
          bank_account_id: null,
          provider: null,
          provider_ref: null,
          transfer_id: null,
          decided_by: null,
          reason: null,
          promotion_code: null,
          created_at: t.clock.now(),
          updated_at: t.clock.now(),
        })
        .execute();
    const [ta, tb] = [await sessionFor(t, a), await sessionFor(t, b)];
    refusedNotEligible(await checkIn(vip.id, ta));
    expect((await checkIn(vip.id, tb)).status).toBe(200);
    // No deposit yet: refused; the first paid: open; a second: past the most.
    refusedNotEligible(await checkIn(loyal.id, ta));
    await paidDeposit(a.id);
    expect((await checkIn(loyal.id, ta)).status).toBe(200);
    await paidDeposit(b.id);
    await paidDeposit(b.id);
    refusedNotEligible(await checkIn(loyal.id, tb));
  });

  it('a segment by agency: only the agent’s team (not the agent, not another team)', async () => {
    const agent = await createMember(t, { type: MEMBER_TYPE.AGENT });
    const other = await createMember(t, { type: MEMBER_TYPE.AGENT });
    const p = await made(checkinBody('E-TEAM', { agents: [agent.username] }));
    const mine = await createMember(t, { uplineId: agent.id });
    const deeper = await createMember(t, { type: MEMBER_TYPE.AGENT, uplineId: agent.id });
    const deepest = await createMember(t, { uplineId: deeper.id });
    const theirs = await createMember(t, { uplineId: other.id });
    for (const m of [mine, deepest]) expect((await checkIn(p.id, await sessionFor(t, m))).status).toBe(200);
    for (const m of [agent, theirs]) refusedNotEligible(await checkIn(p.id, await sessionFor(t, m)));
  });

  it('mutual exclusions, both ways, only while the other bonus’s turnover is open', async () => {
    const a = await made({ ...checkinBody('E-X1', {}), turnoverMultiplier: '5.0' });
    const b = await made(checkinBody('E-X2', { excludes: ['E-X1'] }));
    const c = await made({ ...checkinBody('E-X3', {}), turnoverMultiplier: '2.0' });
    const d = await made(checkinBody('E-X4', { excludes: ['E-X3'] }));
    const m = await createMember(t);
    const tm = await sessionFor(t, m);
    // Both read that they are not combined with the other.
    const before = await items(tm);
    expect(before.find((x) => x.id === a.id)?.rules.excludes).toEqual(['Check-in E-X2']);
    expect(before.find((x) => x.id === b.id)?.rules.excludes).toEqual(['Check-in E-X1']);
    // The bonus of E-X1 carries an open turnover requirement: E-X2 (which excludes it) is closed to me.
    expect((await checkIn(a.id, tm)).status).toBe(200);
    expect(await listed(tm)).not.toContain(b.id);
    refusedNotEligible(await checkIn(b.id, tm));
    // The other way round: E-X4 names E-X3; once I hold an open E-X3 bonus, E-X4 is closed to me too.
    expect((await checkIn(c.id, tm)).status).toBe(200);
    refusedNotEligible(await checkIn(d.id, tm));
    // The turnover of E-X1's bonus met: E-X2 opens.
    await sql`update wagering_requirement set completed_at = now()
      where member_id = ${m.id}::bigint and source = 'promotion'
        and source_ref in (select c.id::text from promotion_claim c join promotion p on p.id = c.promotion_id
          where p.code = 'E-X1')`.execute(t.ctx.db);
    expect((await checkIn(b.id, tm)).status).toBe(200);
  });

  it('the daily rebate pays only the members it is open to', async () => {
    const rebate = await t.ctx.db
      .selectFrom('promotion')
      .selectAll()
      .where('code', '=', 'DAILY-REBATE')
      .executeTakeFirstOrThrow();
    const before = rebate.eligibility;
    await t.ctx.db
      .updateTable('promotion')
      .set({ eligibility: JSON.stringify({ vipLevels: [1] }) })
      .where('id', '=', rebate.id)
      .execute();
    const low = await createMember(t);
    const high = await createMember(t);
    await t.ctx.db.updateTable('member').set({ vip_level: 1 }).where('id', '=', high.id).execute();
    const day = '2026-05-20';
    for (const m of [low, high])
      await addToMemberDay(t.ctx.db, {
        merchantId: 1,
        memberId: m.id,
        at: new Date(`${day}T12:00:00Z`),
        product: 'slots',
        figures: { bets: 5_000_000n, betCount: 10 },
      });
    await runPromotionRebateDay(t.ctx.db, { id: 1, currency: 'PHP', tz: 'UTC' }, rebate, day, t.clock.now());
    const paid = await t.ctx.db
      .selectFrom('promotion_claim')
      .select('member_id')
      .where('promotion_id', '=', rebate.id)
      .where('period_key', '=', day)
      .execute();
    expect(paid.map((c) => c.member_id)).toEqual([high.id]);
    await t.ctx.db
      .updateTable('promotion')
      .set({ eligibility: JSON.stringify(before) })
      .where('id', '=', rebate.id)
      .execute();
  });
});
