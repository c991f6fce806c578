import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RebateView } from '@panalo/contract/agent';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { bearer, createMember, sessionFor } from '../../test-support/members';
import { itRaces } from '../../test-support/races';

type Ok<T> = { success: true; value: T };
type Err = { success: false; code: string; value?: Record<string, unknown> };

// Issue 16 item 2: rebate rates per product group; an agent raises its direct downlines only, never
// lower, never closer to its own rate than the merchant's gap (default 0.10 %).

describe('rebate settings', () => {
  let t: TestApp;
  let top: Awaited<ReturnType<typeof createMember>>;
  let sub: typeof top;
  let player: typeof top;
  let stranger: typeof top;
  const tokens = new Map<bigint, string>();

  const setRate = (memberId: bigint, product: string, bp: number) =>
    sql`insert into member_rebate (merchant_id, member_id, product, rate_bp, updated_at, updated_by)
        values (${top.merchant_id}, ${memberId}, ${product}, ${bp}, now(), 'test')
        on conflict (member_id, product) do update set rate_bp = excluded.rate_bp`.execute(t.ctx.db);

  beforeAll(async () => {
    t = await createTestApp();
    top = await createMember(t, { type: 1 });
    sub = await createMember(t, { type: 1 });
    player = await createMember(t);
    stranger = await createMember(t, { type: 1 });
    for (const [m, up] of [
      [sub, top],
      [player, sub],
    ] as const)
      await t.ctx.db.updateTable('member').set({ upline_id: up.id }).where('id', '=', m.id).execute();
    await setRate(top.id, 'lottery', 780);
    await setRate(top.id, 'slots', 200);
    await setRate(sub.id, 'lottery', 500);
    for (const m of [top, sub, stranger]) tokens.set(m.id, await sessionFor(t, m));
  });
  afterAll(async () => t.close());

  const call = <T>(who: { id: bigint }, method: 'GET' | 'PUT', url: string, body?: Record<string, unknown>) =>
    t.request<Ok<T> | Err>({
      method,
      url,
      headers: { merchant: 'panalo', ...bearer(tokens.get(who.id)!) },
      ...(body ? { payload: body } : {}),
    });

  it('shows the agent its own rates, and a direct downline’s with the range each may be raised within', async () => {
    const r = await call<RebateView>(top, 'GET', `/api/agent/rebate?memberId=${sub.id}`);
    expect(r.status).toBe(200);
    const v = (r.body as Ok<RebateView>).value;
    expect(v.rates).toMatchObject({ lottery: '7.80', slots: '2.00', live: '0.00' });
    expect(v.minGap).toBe('0.10');
    expect(v.member?.rates).toMatchObject({ lottery: '5.00', slots: '0.00' });
    expect(v.member?.ranges.lottery).toEqual({ min: '5.00', max: '7.70' });
    expect(v.member?.ranges.slots).toEqual({ min: '0.00', max: '1.90' });
    // No room where the agent itself has nothing.
    expect(v.member?.ranges.live).toBeNull();
  });

  it('raises a downline within the range, audited; lowering and going past the gap are refused', async () => {
    const ok = await call<RebateView>(top, 'PUT', '/api/agent/rebate', {
      memberId: sub.id.toString(),
      rates: { lottery: '6.5', slots: '1.90' },
    });
    expect(ok.status).toBe(200);
    expect((ok.body as Ok<RebateView>).value.member?.rates).toMatchObject({ lottery: '6.50', slots: '1.90' });
    const logged = await t.ctx.db
      .selectFrom('audit_log')
      .select(['action', 'actor'])
      .where('target', '=', `member:${sub.id}`)
      .execute();
    expect(logged).toContainEqual({ action: 'rebate.set', actor: `member:${top.id}` });

    const lower = await call(top, 'PUT', '/api/agent/rebate', {
      memberId: sub.id.toString(),
      rates: { lottery: '6.00' },
    });
    expect([lower.status, (lower.body as Err).code]).toEqual([409, 'rebate_rate_lower']);
    const high = await call(top, 'PUT', '/api/agent/rebate', {
      memberId: sub.id.toString(),
      rates: { lottery: '7.75' },
    });
    expect([high.status, (high.body as Err).code]).toEqual([409, 'rebate_rate_too_high']);
    // Nothing half-written: slots unchanged by the refused call that named it too.
    const mixed = await call(top, 'PUT', '/api/agent/rebate', {
      memberId: sub.id.toString(),
      rates: { slots: '1.90', lottery: '9.00' },
    });
    expect(mixed.status).toBe(409);
    const rows = await t.ctx.db
      .selectFrom('member_rebate')
      .select(['product', 'rate_bp'])
      .where('member_id', '=', sub.id)
      .execute();
    expect(Object.fromEntries(rows.map((r) => [r.product, r.rate_bp]))).toEqual({ lottery: 650, slots: 190 });
  });

  it('only direct downlines: a grandchild, another team’s member and the agent itself are not found', async () => {
    for (const [who, target] of [
      [top, player],
      [stranger, sub],
      [top, top],
    ] as const) {
      const r = await call(who, 'PUT', '/api/agent/rebate', {
        memberId: target.id.toString(),
        rates: { lottery: '0.10' },
      });
      expect([r.status, (r.body as Err).code]).toEqual([404, 'team_member_unknown']);
      const g = await call(who, 'GET', `/api/agent/rebate?memberId=${target.id}`);
      expect(g.status).toBe(404);
    }
  });

  it('bad rates are clear 400s', async () => {
    for (const rates of [{ lottery: '-1' }, { lottery: '1.234' }, { lottery: 5 }, { nosuch: '1.00' }]) {
      const r = await call(top, 'PUT', '/api/agent/rebate', { memberId: sub.id.toString(), rates });
      expect(r.status, JSON.stringify(rates)).toBe(400);
    }
  });

  itRaces('two raises of one downline at once both check against the rows the other wrote', async () => {
    const both = await Promise.all(
      ['7.00', '6.80'].map((lottery) =>
        call(top, 'PUT', '/api/agent/rebate', { memberId: sub.id.toString(), rates: { lottery } }),
      ),
    );
    // Whichever ran second either raised further or was refused as a lowering: never a lower final rate.
    const row = await t.ctx.db
      .selectFrom('member_rebate')
      .select('rate_bp')
      .where('member_id', '=', sub.id)
      .where('product', '=', 'lottery')
      .executeTakeFirstOrThrow();
    expect(row.rate_bp).toBe(700);
    // 7.00 then 6.80: the second is a lowering (409); 6.80 then 7.00: both raise.
    expect(both.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    expect(both.some((r) => r.status === 200)).toBe(true);
  });
});
