import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Contract } from '@panalo/contract/contracts';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { systemMailsOf } from '../../test-support/mail';
import { bearer, createMember, sessionFor } from '../../test-support/members';
import { itRaces } from '../../test-support/races';

type Ok<T> = { success: true; value: T };
type Err = { success: false; code: string; value?: Record<string, unknown> };

// Issue 17 items 1 and 2: contract terms and their lifecycle. The operator offers a top agent its daily
// salary; the agent accepts it and offers its direct downline less; the downline sees the request,
// accepts (replacing nothing), then a second offer replaces the first; refusals, withdrawals and
// terminations; nobody gives more than it has; nobody touches another's contracts.

const tiers = (...t: [string, number, string][]) =>
  t.map(([turnover, active, rate]) => ({ turnover, active, rate }));

describe('agent contracts: terms and lifecycle', () => {
  let t: TestApp;
  let ops: string;
  let top: Awaited<ReturnType<typeof createMember>>;
  let topToken: string;
  let down: Awaited<ReturnType<typeof createMember>>;
  let downToken: string;
  let grand: Awaited<ReturnType<typeof createMember>>;
  let stranger: string;

  beforeAll(async () => {
    t = await createTestApp();
    ops = await sessionFor(t, await createMember(t, { type: 90 }));
    top = await createMember(t, { type: 1 });
    topToken = await sessionFor(t, top);
    down = await createMember(t, { type: 1, uplineId: top.id });
    downToken = await sessionFor(t, down);
    grand = await createMember(t, { type: 0, uplineId: down.id });
    stranger = await sessionFor(t, await createMember(t, { type: 1 }));
  });
  afterAll(async () => t.close());

  const call = <T>(
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    as: string,
    payload?: Record<string, unknown>,
  ) =>
    t.request<Ok<T> | Err>({
      method,
      url,
      headers: { merchant: 'panalo', ...bearer(as) },
      ...(payload !== undefined ? { payload } : {}),
    });
  const value = <T>(r: { status: number; body: Ok<T> | Err }): T => {
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return (r.body as Ok<T>).value;
  };
  const refused = (r: { status: number; body: Ok<unknown> | Err }, status: number, code: string) => {
    expect([r.status, (r.body as Err).code], JSON.stringify(r.body)).toEqual([status, code]);
    return r.body as Err;
  };
  const decide = (id: string, decision: string, as: string) =>
    call<Contract>('POST', `/api/agent/contracts/${id}/${decision}`, as);
  const offer = (as: string, body: Record<string, unknown>) =>
    call<Contract>('POST', '/api/agent/contracts/offers', as, body);

  it('AGENT-003 the operator offers a top agent a daily salary contract, which it accepts', async () => {
    const c = value(
      await call<Contract>('POST', '/api/ops/contracts', ops, {
        username: top.username,
        kind: 'daily_salary',
        tiers: tiers(['10000', 5, '0.50'], ['50000', 20, '1.00']),
        cap: '5000',
        reason: 'launch terms',
      }),
    );
    expect(c).toMatchObject({
      kind: 'daily_salary',
      version: 1,
      status: 'pending',
      offeredBy: null,
      cap: '5000.00',
    });
    expect(c.tiers).toEqual(tiers(['10000.00', 5, '0.50'], ['50000.00', 20, '1.00']));
    // Issue 19: the agent is told of the offer by a system mail.
    expect(await systemMailsOf(t.ctx.db, top.id)).toContainEqual({
      template: 'contract_offered',
      params: { kind: 'daily_salary' },
    });
    const active = value(await decide(c.id, 'accept', topToken));
    expect(active.status).toBe('active');
    // The operator offers only top agents: the downline's terms come from its upline.
    refused(
      await call('POST', '/api/ops/contracts', ops, {
        username: down.username,
        kind: 'daily_salary',
        tiers: tiers(['10000', 5, '0.10']),
        reason: 'x',
      }),
      409,
      'contract_not_top',
    );
  });

  it('AGENT-029 API-066 an upline offers its direct downline less than it has; the request reply names the offer until it is answered', async () => {
    const none = value(await call<Record<string, string>>('GET', '/api/agent/contracts/requests', downToken));
    expect(none).toEqual({ dailysalreqtype: '', divtypecompperiodreq: '', contracthoursalreq: '' });
    const c = value(
      await offer(topToken, {
        memberId: down.id.toString(),
        kind: 'daily_salary',
        tiers: tiers(['10000', 5, '0.30'], ['60000', 25, '0.80']),
        cap: '3000',
      }),
    );
    expect(c).toMatchObject({
      status: 'pending',
      version: 1,
      offeredBy: top.username,
      member: down.username,
    });
    const waiting = value(
      await call<Record<string, string>>('GET', '/api/agent/contracts/requests', downToken),
    );
    expect(waiting).toEqual({ dailysalreqtype: c.id, divtypecompperiodreq: '', contracthoursalreq: '' });
    // A second offer of the kind while one waits is refused; the upline sees its offer on the downline.
    refused(
      await offer(topToken, {
        memberId: down.id.toString(),
        kind: 'daily_salary',
        tiers: tiers(['10000', 5, '0.10']),
        cap: '10',
      }),
      409,
      'contract_pending_exists',
    );
    const seen = value(
      await call<{ list: Contract[] }>('GET', `/api/agent/contracts/downline?memberId=${down.id}`, topToken),
    );
    expect(seen.list.map((x) => x.id)).toEqual([c.id]);
    expect(value(await decide(c.id, 'accept', downToken)).status).toBe('active');
    const after = value(
      await call<Record<string, string>>('GET', '/api/agent/contracts/requests', downToken),
    );
    expect(after.dailysalreqtype).toBe('');
  });

  it('nobody gives more than it has: rate, scope, cap, no own contract, and only direct downlines', async () => {
    const base = { memberId: down.id.toString(), kind: 'daily_salary', cap: '3000' };
    // 0.60 % from 10,000 / 5: the upline's own contract pays 0.50 % there.
    const high = refused(
      await offer(topToken, { ...base, tiers: tiers(['10000', 5, '0.60']) }),
      409,
      'contract_rate_too_high',
    );
    expect(high.value).toEqual({ tier: 1 });
    // From 50,000 / 20 the upline has 1.00 %; asking from 50,000 / 19 it has only 0.50 %.
    refused(
      await offer(topToken, { ...base, tiers: tiers(['50000', 19, '0.90']) }),
      409,
      'contract_rate_too_high',
    );
    refused(
      await offer(topToken, { ...base, cap: null, tiers: tiers(['10000', 5, '0.10']) }),
      409,
      'contract_cap_too_high',
    );
    refused(
      await offer(topToken, { ...base, cap: '5000.01', tiers: tiers(['10000', 5, '0.10']) }),
      409,
      'contract_cap_too_high',
    );
    // No dividend contract of its own: nothing to share.
    refused(
      await offer(topToken, { memberId: down.id.toString(), kind: 'dividend', tiers: tiers(['0', 0, '10']) }),
      409,
      'contract_upline_none',
    );
    // Not a direct downline (a grandchild, a stranger's member): not found, nothing told.
    refused(
      await offer(topToken, { ...base, memberId: grand.id.toString(), tiers: tiers(['10000', 5, '0.10']) }),
      404,
      'team_member_unknown',
    );
    refused(
      await offer(stranger, { ...base, tiers: tiers(['10000', 5, '0.10']) }),
      404,
      'team_member_unknown',
    );
    refused(
      await call('GET', `/api/agent/contracts/downline?memberId=${down.id}`, stranger),
      404,
      'team_member_unknown',
    );
  });

  it('bad tiers and bad input are refused with a message key, never a 500', async () => {
    const base = { memberId: down.id.toString(), kind: 'daily_salary', cap: '10' };
    refused(
      await offer(topToken, { ...base, tiers: tiers(['100', 1, '0.20'], ['50', 2, '0.30']) }),
      400,
      'contract_tiers_order',
    );
    refused(
      await offer(topToken, { ...base, tiers: tiers(['100', 1, '0.20'], ['200', 2, '0.20']) }),
      400,
      'contract_tiers_order',
    );
    refused(await offer(topToken, { ...base, tiers: tiers(['0', 0, '0']) }), 400, 'contract_tiers_order');
    refused(
      await offer(topToken, { ...base, kind: 'dividend', tiers: tiers(['0', 0, '10']) }),
      400,
      'contract_cap_dividend',
    );
    for (const bad of [
      { ...base, tiers: [] },
      { ...base, tiers: tiers(['1e9', 0, '0.1']) },
      { ...base, tiers: tiers(['99999999999999999', 0, '0.1']) },
      { ...base, tiers: [{ turnover: '10', active: 'five', rate: '0.1' }] },
      { ...base, memberId: 'x\u0000', tiers: tiers(['0', 0, '0.1']) },
      { ...base, kind: 'weekly_salary', tiers: tiers(['0', 0, '0.1']) },
    ]) {
      const r = await offer(topToken, bad);
      expect(r.status, JSON.stringify(bad)).toBe(400);
    }
    refused(await decide('123456789', 'accept', downToken), 404, 'contract_unknown');
    expect((await decide('1', 'approve', downToken)).status).toBe(400);
  });

  it('a new accepted version replaces the active one; a refused one leaves it; an upline withdraws its own offer only', async () => {
    const v2 = value(
      await offer(topToken, {
        memberId: down.id.toString(),
        kind: 'daily_salary',
        tiers: tiers(['10000', 5, '0.40']),
        cap: '3000',
      }),
    );
    expect(v2.version).toBe(2);
    // Only the member the offer is for answers it; only its upline withdraws it.
    refused(await decide(v2.id, 'accept', topToken), 403, 'contract_not_yours');
    refused(await decide(v2.id, 'withdraw', downToken), 403, 'contract_not_yours');
    refused(await decide(v2.id, 'accept', stranger), 404, 'contract_unknown');
    expect(value(await decide(v2.id, 'refuse', downToken)).status).toBe('refused');
    refused(await decide(v2.id, 'accept', downToken), 409, 'contract_not_pending');
    const v3 = value(
      await offer(topToken, {
        memberId: down.id.toString(),
        kind: 'daily_salary',
        tiers: tiers(['10000', 5, '0.45']),
        cap: '3000',
      }),
    );
    expect(value(await decide(v3.id, 'withdraw', topToken)).status).toBe('withdrawn');
    const v4 = value(
      await offer(topToken, {
        memberId: down.id.toString(),
        kind: 'daily_salary',
        tiers: tiers(['20000', 5, '0.45']),
        cap: '3000',
      }),
    );
    expect(value(await decide(v4.id, 'accept', downToken)).status).toBe('active');
    const mine = value(await call<{ list: Contract[] }>('GET', '/api/agent/contracts', downToken)).list;
    expect(mine.map((c) => [c.version, c.status])).toEqual([
      [4, 'active'],
      [3, 'withdrawn'],
      [2, 'refused'],
      [1, 'replaced'],
    ]);
    expect(mine.find((c) => c.version === 1)!.endsAt).not.toBeNull();
  });

  it('an accepted offer is checked again: the upline’s terms may have fallen since it was made', async () => {
    const offered = value(
      await offer(topToken, {
        memberId: down.id.toString(),
        kind: 'daily_salary',
        tiers: tiers(['10000', 5, '0.50']),
        cap: '3000',
      }),
    );
    // The operator gives the top agent lower terms, which it accepts.
    const lower = value(
      await call<Contract>('POST', '/api/ops/contracts', ops, {
        username: top.username,
        kind: 'daily_salary',
        tiers: tiers(['10000', 5, '0.20']),
        cap: '5000',
        reason: 'review',
      }),
    );
    value(await decide(lower.id, 'accept', topToken));
    refused(await decide(offered.id, 'accept', downToken), 409, 'contract_offer_stale');
    value(await decide(offered.id, 'withdraw', topToken));
  });

  itRaces(
    'offers racing for one member and kind: one waits, the others are refused (a unique index, not a check)',
    async () => {
      const m = await createMember(t, { type: 1, uplineId: top.id });
      const body = {
        memberId: m.id.toString(),
        kind: 'daily_salary',
        tiers: tiers(['10000', 5, '0.10']),
        cap: '10',
      };
      const rs = await Promise.all(Array.from({ length: 8 }, () => offer(topToken, body)));
      expect(rs.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
      for (const r of rs.filter((x) => x.status === 409))
        expect((r.body as Err).code).toBe('contract_pending_exists');
      const rows = await t.ctx.db
        .selectFrom('contract')
        .select(['version', 'status'])
        .where('member_id', '=', m.id)
        .execute();
      expect(rows).toEqual([{ version: 1, status: 'pending' }]);
    },
  );

  it('either side ends an active contract: it pays until the end of its current period', async () => {
    const active = value(
      await call<{ list: Contract[] }>('GET', '/api/agent/contracts', downToken),
    ).list.find((c) => c.status === 'active')!;
    refused(await decide(active.id, 'terminate', stranger), 404, 'contract_unknown');
    const ended = value(await decide(active.id, 'terminate', topToken));
    expect(ended.status).toBe('terminated');
    // The panalo merchant reports in UTC: a daily salary's day ends at the next UTC midnight.
    const now = t.clock.now();
    const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
    expect(Date.parse(ended.endsAt!)).toBe(midnight);
    refused(await decide(active.id, 'terminate', downToken), 409, 'contract_not_active');
  });

  it('a dividend ended under a monthly cadence pays to the end of its month, not of a half-month', async () => {
    value(
      await call('PUT', '/api/ops/contracts/terms', ops, { dividendCadence: 'monthly', reason: 'monthly' }),
    );
    try {
      const m = await createMember(t, { type: 1 });
      const token = await sessionFor(t, m);
      const c = value(
        await call<Contract>('POST', '/api/ops/contracts', ops, {
          username: m.username,
          kind: 'dividend',
          tiers: tiers(['0', 0, '10']),
          reason: 'monthly dividend',
        }),
      );
      value(await decide(c.id, 'accept', token));
      const ended = value(await decide(c.id, 'terminate', token));
      // The clock stands on the 1st: the half-month would end on the 16th, the month ends on the 1st next.
      const now = t.clock.now();
      expect(now.getUTCDate()).toBeLessThan(16);
      expect(Date.parse(ended.endsAt!)).toBe(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
    } finally {
      value(
        await call('PUT', '/api/ops/contracts/terms', ops, { dividendCadence: 'half_month', reason: 'back' }),
      );
    }
  });

  it('AGENT-028 members of types 4, 40, 41 and 42 get an empty request reply and cannot be offered contracts', async () => {
    const requests = async (m: Awaited<ReturnType<typeof createMember>>) =>
      value(
        await call<Record<string, string>>('GET', '/api/agent/contracts/requests', await sessionFor(t, m)),
      );
    for (const type of [4, 40, 41, 42]) {
      // Offers of every kind waiting for the member, made while it was still an agent (type 1): the
      // reply names them; once its type is one without contracts, the reply is empty all the same.
      const m = await createMember(t, { type: 1, uplineId: top.id });
      const ids = await t.ctx.db
        .insertInto('contract')
        .values(
          (['daily_salary', 'dividend', 'hourly_salary'] as const).map((kind) => ({
            merchant_id: m.merchant_id,
            member_id: m.id,
            kind,
            version: 1,
            upline_id: top.id,
            offered_by_staff: null,
            scope: 'all' as const,
            tiers: JSON.stringify([{ turnover: '0', active: 0, rate: 10 }]),
            cap: null,
            status: 'pending' as const,
            offered_at: t.clock.now(),
          })),
        )
        .returning('id')
        .execute();
      const [daily, dividend, hourly] = ids.map((r) => r.id.toString());
      expect(await requests(m)).toEqual({
        dailysalreqtype: daily,
        divtypecompperiodreq: dividend,
        contracthoursalreq: hourly,
      });
      await t.ctx.db.updateTable('member').set({ type }).where('id', '=', m.id).execute();
      expect(await requests(m)).toEqual({
        dailysalreqtype: '',
        divtypecompperiodreq: '',
        contracthoursalreq: '',
      });
      refused(
        await offer(topToken, {
          memberId: m.id.toString(),
          kind: 'daily_salary',
          tiers: tiers(['10000', 5, '0.10']),
          cap: '10',
        }),
        409,
        'contract_not_allowed',
      );
    }
    expect(
      (
        await t.request({
          method: 'GET',
          url: '/api/agent/contracts/requests',
          headers: { merchant: 'panalo' },
        })
      ).status,
    ).toBe(401);
    // Members cannot use the operator's call.
    expect(
      (
        await call('POST', '/api/ops/contracts', topToken, {
          username: top.username,
          kind: 'dividend',
          tiers: tiers(['0', 0, '10']),
          reason: 'x',
        })
      ).status,
    ).toBe(403);
  });
});
