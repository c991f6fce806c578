import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { OpenRain, RainClaim, RainSummary } from '@panalo/contract/rain';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { bearer, createMember, sessionFor } from '../../test-support/members';
import { expectLedgerClean, fundFromClearing } from '../../test-support/ledger';
import { hashPassword } from '../identity/passwords';
import { accountBalance, memberWalletKey } from '../wallet/ledger';
import { endDueRains } from './rain.service';

type Ok<T> = { success: true; value: T };
type Err = { success: false; code: string; value?: Record<string, unknown> };
type Member = Awaited<ReturnType<typeof createMember>>;

// Issue 17, red envelope rain (/m/redRain): an agent funds a rain for its team or chosen downlines; the
// budget leaves its wallet at once; members of the audience claim envelopes in the window; the rest
// returns at the end. Authorisation from the session: nobody claims from, reads or cancels a rain that is
// not theirs.

describe('red envelope rain over the API', () => {
  let t: TestApp;
  let agent: Member;
  let agentToken: string;
  let a: Member;
  let aToken: string;
  let sub: Member;
  let subToken: string;
  let b: Member;
  let bToken: string;
  let stranger: string;
  let otherAgent: string;
  let n = 0;

  const call = <T>(method: 'GET' | 'POST', url: string, as: string, payload?: unknown, key?: string) =>
    t.request<Ok<T> | Err>({
      method,
      url,
      headers: {
        merchant: 'panalo',
        ...bearer(as),
        ...(method === 'POST' ? { 'idempotency-key': key ?? `rain-key-${++n}` } : {}),
      },
      ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
    });
  const value = <T>(r: { status: number; body: Ok<T> | Err }): T => {
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return (r.body as Ok<T>).value;
  };
  const refused = (r: { status: number; body: unknown }, status: number, code: string) =>
    expect([r.status, (r.body as Err).code], JSON.stringify(r.body)).toEqual([status, code]);
  const balance = (m: Member) => accountBalance(t.ctx.db, memberWalletKey(1, m.id, 'PHP'));
  const schedule = (body: Record<string, unknown>, key?: string) =>
    call<RainSummary>(
      'POST',
      '/api/agent/rains',
      agentToken,
      { budget: '10.00', envelopes: 10, minutes: 10, paymentPassword: '135790', ...body },
      key,
    );
  const claim = (as: string, id: string, no: number) =>
    call<{ claim: number; amount: string; sumBalance: string }>('POST', `/api/rains/${id}/claim`, as, {
      claim: no,
    });
  const heldOf = async (id: string) =>
    (
      await sql<{ sum: string }>`select coalesce(sum(balance), 0)::text as sum from ledger_account
        where kind = 'held' and ref like ${`rain:${id}:%`}`.execute(t.ctx.db)
    ).rows[0]!.sum;

  beforeAll(async () => {
    t = await createTestApp();
    agent = await createMember(t, { type: 1 });
    await t.ctx.db
      .updateTable('member')
      .set({ payment_password_hash: await hashPassword('135790') })
      .where('id', '=', agent.id)
      .execute();
    agentToken = await sessionFor(t, agent);
    a = await createMember(t, { uplineId: agent.id });
    aToken = await sessionFor(t, a);
    sub = await createMember(t, { type: 1, uplineId: agent.id });
    subToken = await sessionFor(t, sub);
    b = await createMember(t, { uplineId: sub.id });
    bToken = await sessionFor(t, b);
    stranger = await sessionFor(t, await createMember(t));
    otherAgent = await sessionFor(t, await createMember(t, { type: 1 }));
    await fundFromClearing(t.ctx.db, agent.id, 100_000n, t.clock.now());
  });
  afterAll(async () => {
    await expectLedgerClean(t.ctx.db);
    await t.close();
  });

  it('schedules a rain: the budget leaves the agent’s wallet into the rain’s held accounts, split into envelopes', async () => {
    const before = await balance(agent);
    const r = value(await schedule({ budget: '25.00', envelopes: 7, minAmount: '0.50', perMember: 2 }));
    expect(r).toMatchObject({
      budget: '25.00',
      envelopes: 7,
      minAmount: '0.50',
      perMember: 2,
      audience: 'team',
      status: 'scheduled',
      claimed: 0,
      startsAt: t.clock.now().toISOString(),
      endsAt: new Date(t.clock.now().getTime() + 600_000).toISOString(),
    });
    expect(before - (await balance(agent))).toBe(2_500n);
    expect(await heldOf(r.id)).toBe('2500');
    const env = await t.ctx.db
      .selectFrom('rain_envelope')
      .select('amount')
      .where('rain_id', '=', BigInt(r.id))
      .execute();
    expect(env).toHaveLength(7);
    expect(env.reduce((s, e) => s + e.amount, 0n)).toBe(2_500n);
    expect(env.every((e) => e.amount >= 50n)).toBe(true);
  });

  it('is idempotent: the same key again answers the same rain and takes the budget once', async () => {
    const before = await balance(agent);
    const first = value(await schedule({ budget: '3.00', envelopes: 3 }, 'rain-same-key'));
    const again = await schedule({ budget: '3.00', envelopes: 3 }, 'rain-same-key');
    expect(value(again).id).toBe(first.id);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(before - (await balance(agent))).toBe(300n);
  });

  it('refuses bad terms with a clear key, writing nothing', async () => {
    const count = async () =>
      Number((await sql<{ n: string }>`select count(*) as n from rain`.execute(t.ctx.db)).rows[0]!.n);
    // Nor a rain's held accounts (they were made before the money moved, and stayed on a refusal).
    const accounts = async () =>
      Number(
        (await sql<{ n: string }>`select count(*) as n from ledger_account`.execute(t.ctx.db)).rows[0]!.n,
      );
    const was = await count();
    const accountsWere = await accounts();
    const before = await balance(agent);
    refused(await schedule({ budget: '0.99', envelopes: 100 }), 400, 'rain_budget_too_small');
    refused(await schedule({ paymentPassword: '000000' }), 400, 'payment_password_wrong');
    refused(await schedule({ budget: '99999.00' }), 409, 'insufficient_balance');
    refused(await schedule({ startsAt: '2020-01-01T00:00:00Z' }), 400, 'rain_start_past');
    refused(await schedule({ startsAt: '2027-01-01T00:00:00Z' }), 400, 'rain_start_too_far');
    refused(await schedule({ audience: 'chosen' }), 400, 'rain_no_members');
    refused(await schedule({ audience: 'chosen', memberIds: ['999999'] }), 404, 'team_member_unknown');
    refused(await schedule({ envelopes: 'ten' }), 400, 'validation_failed');
    refused(await schedule({ budget: '1e9' }), 400, 'validation_failed');
    refused(await schedule({ envelopes: 100_001 }), 400, 'validation_failed');
    refused(await schedule({ paymentPassword: 'a\u0000b' }), 400, 'text_invalid_characters');
    expect(await count()).toBe(was);
    expect(await accounts()).toBe(accountsWere);
    expect(await balance(agent)).toBe(before);
    // Only agents (with the merchant's permission) schedule.
    refused(
      await call('POST', '/api/agent/rains', aToken, {
        budget: '1.00',
        envelopes: 1,
        minutes: 1,
        paymentPassword: 'x',
      }),
      403,
      'no_permission',
    );
  });

  it('lets the team claim in the window, each claim number once; the same claim again answers the same envelope', async () => {
    const r = value(await schedule({ budget: '6.00', envelopes: 3, minAmount: '1.00', perMember: 2 }));
    // a (direct) and b (two levels down) are in the team; a stranger is not.
    const aBefore = await balance(a);
    const first = value(await claim(aToken, r.id, 1));
    expect(await balance(a)).toBe(aBefore + BigInt(first.amount.replace('.', '')));
    expect(first.sumBalance).toBe(
      ((Number(aBefore) + Number(first.amount.replace('.', ''))) / 100).toFixed(2),
    );
    const repeat = value(await claim(aToken, r.id, 1));
    expect(repeat.amount).toBe(first.amount);
    expect(await balance(a)).toBe(aBefore + BigInt(first.amount.replace('.', '')));
    refused(await claim(aToken, r.id, 3), 409, 'rain_limit_reached');
    value(await claim(bToken, r.id, 1));
    value(await claim(aToken, r.id, 2));
    refused(await claim(subToken, r.id, 1), 409, 'rain_empty');
    refused(await claim(stranger, r.id, 1), 404, 'rain_unknown');
    refused(await claim(agentToken, r.id, 1), 404, 'rain_unknown');
    refused(await claim(aToken, '99999999', 1), 404, 'rain_unknown');
    refused(await claim(aToken, r.id, 0), 400, 'validation_failed');
    refused(await call('POST', `/api/rains/${r.id}/claim`, aToken, { claim: '1' }), 400, 'validation_failed');
    expect(await heldOf(r.id)).toBe('0');

    const open = value(await call<{ list: OpenRain[] }>('GET', '/api/rains', aToken)).list.find(
      (o) => o.id === r.id,
    )!;
    expect(open).toMatchObject({ from: agent.username, perMember: 2, envelopes: 3, left: 0 });
    expect(open.won.map((w) => w.claim)).toEqual([1, 2]);
    expect(value(await call<{ list: OpenRain[] }>('GET', '/api/rains', stranger)).list).toEqual([]);

    const detail = value(
      await call<{ rain: RainSummary; claims: RainClaim[] }>('GET', `/api/agent/rains/${r.id}`, agentToken),
    );
    expect(detail.rain).toMatchObject({ claimed: 3, claimedAmount: '6.00', claimants: 2 });
    expect(detail.claims.map((c) => c.username).sort()).toEqual([a.username, a.username, b.username].sort());
    refused(await call('GET', `/api/agent/rains/${r.id}`, otherAgent), 404, 'rain_unknown');
    refused(await call('GET', `/api/agent/rains/${r.id}`, subToken), 404, 'rain_unknown');
  });

  it('keeps a rain for chosen downlines to them', async () => {
    const r = value(
      await schedule({ budget: '2.00', envelopes: 2, audience: 'chosen', memberIds: [b.id.toString()] }),
    );
    expect(r).toMatchObject({ audience: 'chosen', chosen: 1 });
    refused(await claim(aToken, r.id, 1), 404, 'rain_unknown');
    value(await claim(bToken, r.id, 1));
    expect(
      value(await call<{ list: OpenRain[] }>('GET', '/api/rains', aToken)).list.map((o) => o.id),
    ).not.toContain(r.id);
  });

  it('opens at its start, ends at its end: the rest returns to the agent once, claims after are refused', async () => {
    const startsAt = new Date(t.clock.now().getTime() + 3_600_000).toISOString();
    const r = value(
      await schedule({ budget: '5.00', envelopes: 5, minAmount: '1.00', startsAt, minutes: 5 }),
    );
    refused(await claim(aToken, r.id, 1), 409, 'rain_not_started');
    t.clock.advance(3_600_000);
    const won = value(await claim(aToken, r.id, 1));
    refused(await call('POST', `/api/agent/rains/${r.id}/cancel`, agentToken), 409, 'rain_already_started');
    // The earlier tests' rains are over by now and end; this one is open and stays.
    await endDueRains(t.ctx.db, t.clock.now());
    const status = () =>
      t.ctx.db.selectFrom('rain').select('status').where('id', '=', BigInt(r.id)).executeTakeFirstOrThrow();
    expect(await status()).toEqual({ status: 'scheduled' });
    t.clock.advance(5 * 60_000);
    const before = await balance(agent);
    expect(await endDueRains(t.ctx.db, t.clock.now())).toBe(1);
    expect(await endDueRains(t.ctx.db, t.clock.now())).toBe(0);
    expect(await status()).toEqual({ status: 'finished' });
    expect((await balance(agent)) - before).toBe(400n);
    expect(await heldOf(r.id)).toBe('0');
    refused(await claim(bToken, r.id, 1), 409, 'rain_over');
    // The claim a already made still answers its envelope.
    expect(value(await claim(aToken, r.id, 1)).amount).toBe(won.amount);
    const s = value(await call<{ rain: RainSummary }>('GET', `/api/agent/rains/${r.id}`, agentToken)).rain;
    expect(s).toMatchObject({ status: 'finished', claimed: 1, claimedAmount: '1.00', returned: '4.00' });
  });

  it('cancels a rain before it starts: the whole budget returns; only its agent may', async () => {
    const startsAt = new Date(t.clock.now().getTime() + 600_000).toISOString();
    const before = await balance(agent);
    const r = value(await schedule({ budget: '8.00', envelopes: 4, startsAt }));
    refused(await call('POST', `/api/agent/rains/${r.id}/cancel`, otherAgent), 404, 'rain_unknown');
    const c = value(await call<RainSummary>('POST', `/api/agent/rains/${r.id}/cancel`, agentToken));
    expect(c).toMatchObject({ status: 'cancelled', returned: '8.00', claimed: 0 });
    expect(await balance(agent)).toBe(before);
    refused(await call('POST', `/api/agent/rains/${r.id}/cancel`, agentToken), 409, 'rain_already_started');
    const mine = value(await call<{ list: RainSummary[] }>('GET', '/api/agent/rains', agentToken)).list;
    expect(mine[0]!.id).toBe(r.id);
    expect(mine.length).toBeGreaterThanOrEqual(5);
  });
});
