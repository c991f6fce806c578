import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exclusionEnd, type ExclusionPeriod } from '@panalo/contract/protection';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { expectLedgerClean } from '../../test-support/ledger';
import { bearer, createMember, sessionFor } from '../../test-support/members';
import { freshIp, login, type Err } from '../auth/auth.test-helpers';
import { issueLaunchToken } from '../game-wallet/game-launch';
import { fundWallet, vendorCall } from '../game-wallet/vendor-client';
import { membersRepository } from '../identity/members.repository';
import { systemMailsOf } from '../../test-support/mail';
import { longer } from './exclusion.service';

// Issue 22 item 3: time-outs and self-exclusions, server-enforced on every path.

const HOUR = 3_600_000;
const START = new Date('2026-11-26T04:00:00.000Z');

describe('exclusion periods (pure)', () => {
  it('each period ends where it says; a permanent one never', () => {
    const ends = (p: ExclusionPeriod) => exclusionEnd(p, START)?.toISOString() ?? null;
    expect(ends('timeout_24h')).toBe('2026-11-27T04:00:00.000Z');
    expect(ends('timeout_7d')).toBe('2026-12-03T04:00:00.000Z');
    expect(ends('timeout_6w')).toBe('2027-01-07T04:00:00.000Z');
    expect(ends('exclusion_6m')).toBe('2027-05-26T04:00:00.000Z');
    expect(ends('exclusion_1y')).toBe('2027-11-26T04:00:00.000Z');
    expect(ends('exclusion_5y')).toBe('2031-11-26T04:00:00.000Z');
    expect(ends('exclusion_permanent')).toBeNull();
  });

  it('the one in force is never shortened: the later end wins, a permanent one always', () => {
    const day = { kind: 'timeout' as const, until: new Date(START.getTime() + 24 * HOUR) };
    const year = { kind: 'self_exclusion' as const, until: new Date(START.getTime() + 365 * 24 * HOUR) };
    const ever = { kind: 'self_exclusion' as const, until: null };
    expect(longer(day, year)).toBe(year);
    expect(longer(year, day)).toBe(year);
    expect(longer(day, ever)).toBe(ever);
    expect(longer(ever, year)).toBe(ever);
    expect(longer(day, null)).toBe(day);
  });
});

describe('time-out and self-exclusion on the server', () => {
  let t: TestApp;
  let opsToken: string;
  let luzonOpsToken: string;
  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set(START);
    const ops = await membersRepository(t.ctx.db).findByUsername(1, 'ops01');
    opsToken = await sessionFor(t, ops!);
    luzonOpsToken = await sessionFor(t, await createMember(t, { merchant: 'luzon', type: 90 }));
  });
  afterAll(async () => {
    await expectLedgerClean(t.ctx.db);
    await t.close();
  });

  const exclude = (token: string, period: string, password: string) =>
    t.request<{ success: boolean; code?: string; value?: { kind: string; until: string | null } }>({
      method: 'POST',
      url: '/api/members/self-exclusion',
      headers: bearer(token),
      payload: { period, password },
    });
  const opsExclude = (token: string, body: Record<string, unknown>, host = 'localhost') =>
    t.request<{ success: boolean; code?: string; value?: { kind: string; until: string | null } }>({
      method: 'POST',
      url: '/api/ops/exclusions',
      headers: { ...bearer(token), host },
      payload: body,
    });
  const signIn = (username: string, password: string) =>
    login(freshIp(t), { type: 'username', username, password });
  const row = (id: bigint) =>
    t.ctx.db.selectFrom('member').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('a 24-hour time-out: every session ends, login says when it ends, a vendor’s bet is refused; it lifts at its end', async () => {
    const m = await createMember(t);
    await fundWallet(t.ctx.db, {
      merchantId: m.merchant_id,
      memberId: m.id,
      currency: 'PHP',
      amount: 10_000n,
      key: `excl-${m.id}`,
    });
    const token = await sessionFor(t, m);
    const { token: launch } = await issueLaunchToken(t.ctx.db, t.clock, {
      merchantId: m.merchant_id,
      memberId: m.id,
      memberType: m.type,
      currency: 'PHP',
      vendorCode: 'PSIM',
      gameCode: 'slot-1',
    });
    const wrong = await exclude(token, 'timeout_24h', 'nope');
    expect([wrong.status, wrong.body.code]).toEqual([401, 'login_password_wrong']);
    expect((await row(m.id)).status).toBe('active');

    const r = await exclude(token, 'timeout_24h', m.password);
    expect(r.status).toBe(200);
    expect(r.body.value).toEqual({ kind: 'timeout', until: '2026-11-27T04:00:00.000Z' });
    expect(
      (await t.request({ method: 'GET', url: '/api/wallet/balance', headers: bearer(token) })).status,
    ).toBe(401);
    const refused = await signIn(m.username, m.password);
    expect(refused.status).toBe(403);
    expect(refused.body as Err).toMatchObject({
      code: 'member_excluded',
      value: { kind: 'timeout', until: '2026-11-27T04:00:00.000Z' },
    });
    const bet = await vendorCall<Err>(t, 'bet', {
      token: launch,
      txId: `excl-bet-${m.id}`,
      roundId: `excl-round-${m.id}`,
      gameCode: 'slot-1',
      amount: '10.00',
    });
    expect(bet.status).toBeGreaterThanOrEqual(400);
    expect(bet.status).toBeLessThan(500);

    // One second before its end: still refused. At its end: the login lifts it.
    t.clock.set(new Date(START.getTime() + 24 * HOUR - 1000));
    expect((await signIn(m.username, m.password)).status).toBe(403);
    t.clock.set(new Date(START.getTime() + 24 * HOUR));
    expect((await signIn(m.username, m.password)).status).toBe(200);
    expect(await row(m.id)).toMatchObject({ status: 'active', excluded_until: null, exclusion_kind: null });
    const history = await t.ctx.db
      .selectFrom('member_exclusion')
      .selectAll()
      .where('member_id', '=', m.id)
      .execute();
    expect(history.map((h) => [h.kind, h.period, h.created_by])).toEqual([
      ['timeout', 'timeout_24h', `member:${m.id}`],
    ]);
    // Issue 19: the member was told by a system mail when it was taken.
    expect(await systemMailsOf(t.ctx.db, m.id)).toEqual([
      { template: 'self_excluded', params: { kind: 'timeout', until: '2026-11-27T04:00:00.000Z' } },
    ]);
    t.clock.set(START);
  });

  it('a permanent self-exclusion never lifts; an operator’s shorter exclusion does not shorten it', async () => {
    const m = await createMember(t);
    expect((await exclude(await sessionFor(t, m), 'exclusion_permanent', m.password)).body.value).toEqual({
      kind: 'self_exclusion',
      until: null,
    });
    const ops = await opsExclude(opsToken, {
      username: m.username,
      period: 'timeout_24h',
      reason: 'asked by phone',
    });
    expect(ops.body.value).toEqual({ kind: 'self_exclusion', until: null });
    t.clock.set(new Date(START.getTime() + 10 * 365 * 24 * HOUR));
    const r = await signIn(m.username, m.password);
    expect(r.body as Err).toMatchObject({ code: 'member_excluded', value: { until: null } });
    t.clock.set(START);
  });

  it('an operator excludes with a reason, audited; only members of its own merchant; never staff', async () => {
    const m = await createMember(t);
    const token = await sessionFor(t, m);
    const short = await opsExclude(opsToken, { username: m.username, period: 'exclusion_6m', reason: 'x' });
    expect([short.status, short.body.code]).toEqual([400, 'validation_failed']);
    expect(
      (
        await opsExclude(
          luzonOpsToken,
          { username: m.username, period: 'exclusion_6m', reason: 'harm' },
          'luzon.localhost',
        )
      ).status,
    ).toBe(404);
    expect(
      (await opsExclude(opsToken, { username: 'ops01', period: 'exclusion_6m', reason: 'harm' })).status,
    ).toBe(404);
    expect(
      (await opsExclude(token, { username: m.username, period: 'exclusion_6m', reason: 'harm' })).status,
    ).toBe(403);
    const ok = await opsExclude(opsToken, {
      username: m.username,
      period: 'exclusion_6m',
      reason: 'problem gambling signs',
    });
    expect(ok.body.value).toEqual({ kind: 'self_exclusion', until: '2027-05-26T04:00:00.000Z' });
    expect((await t.request({ method: 'GET', url: '/api/members/me', headers: bearer(token) })).status).toBe(
      401,
    );
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'member.exclude')
      .where('target', '=', `member:${m.id}`)
      .executeTakeFirstOrThrow();
    expect(audit.actor).toMatch(/^operator:/);
    expect(audit.details).toMatchObject({ period: 'exclusion_6m', reason: 'problem gambling signs' });
  });
});
