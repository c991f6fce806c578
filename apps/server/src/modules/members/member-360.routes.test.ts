import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberNote, OpsMemberActivity } from '@panalo/contract/ops-members';
import type { StaffRole } from '@panalo/contract/staff';
import { bearer, createMember, createStaffMember, sessionFor } from '../../test-support/members';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { verifyPassword } from '../identity/passwords';
import { getGame } from '../lottery/engine/registry';
import { periodAt } from '../lottery/engine/schedule';
import { schedulerTick } from '../lottery/jobs/lottery-scheduler';
import { LOTTERY_START, lotteryApi, lotteryPlayer, value as ok } from '../lottery/lottery.test-support';
import { temporaryPassword } from './member-360.service';

type Answer<T> = { success: boolean; code?: string; message?: string; value?: T };

// Issue 20 screen 3, the member's profile: the latest play and bonuses, the staff's notes, a password
// reset that staff read once and the member changes at the next sign-in.

describe('the member’s profile: activity, notes, password reset', () => {
  let t: TestApp;
  const tokens = new Map<StaffRole, string>();
  const staffIds = new Map<StaffRole, bigint>();
  let player: Awaited<ReturnType<typeof lotteryPlayer>>;
  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set(LOTTERY_START);
    await schedulerTick(t.ctx.db, t.clock);
    for (const role of ['owner', 'risk', 'support', 'marketing'] as const) {
      const staff = await createStaffMember(t, role);
      staffIds.set(role, staff.id);
      tokens.set(role, await sessionFor(t, staff));
    }
    player = await lotteryPlayer(t);
    ok(
      await lotteryApi(t).bet(player, {
        gameCode: 'WINGO1',
        numero: periodAt(getGame('WINGO1'), t.clock.now()).numero,
        items: [{ betType: 'size', selection: 'small', amount: '5.00', units: 1 }],
      }),
    );
  });
  afterAll(() => t.close());

  /** The member's own weekly loss limit, set (or, with null, removed) from the member site. */
  const weeklyLoss = (memberToken: string) => (amount: string | null) =>
    t.request({
      method: 'PUT',
      url: '/api/protection/limits',
      headers: bearer(memberToken),
      payload: { kind: 'loss', span: 'week', amount },
    });
  const call = <T>(method: 'GET' | 'POST' | 'PUT', url: string, role: StaffRole = 'owner', body?: unknown) =>
    t.request<Answer<T>>({
      method,
      url: `/api${url}`,
      headers: bearer(tokens.get(role)!),
      ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
    });

  it('shows the member’s latest lottery bets, bonuses and turnover requirements', async () => {
    const promotions = await call<{ id: string; kind: string }[]>('GET', '/ops/promotions');
    const manual = promotions.body.value!.find((p) => p.kind === 'manual')!;
    const granted = await call<{ granted: number }>('POST', `/ops/promotions/${manual.id}/grants`, 'owner', {
      usernames: [player.m.username],
      amount: '25.00',
    });
    expect(granted.body.value!.granted).toBe(1);
    const rewards = await t.request<Answer<{ issued: { id: string }[] }>>({
      method: 'GET',
      url: '/api/rewards?lang=EN',
      headers: bearer(player.token),
    });
    const reward = rewards.body.value!.issued[0]!;
    expect(
      (
        await t.request({
          method: 'POST',
          url: `/api/rewards/${reward.id}/claim`,
          headers: bearer(player.token),
        })
      ).status,
    ).toBe(200);

    const a = await call<OpsMemberActivity>('GET', `/ops/members/${player.m.id}/activity`, 'support');
    expect(a.status).toBe(200);
    expect(a.body.value!.lottery).toEqual([
      expect.objectContaining({
        gameCode: 'WINGO1',
        betType: 'size',
        selection: 'small',
        stake: '5.00',
        status: 'accepted',
      }),
    ]);
    expect(a.body.value!.bonuses).toEqual([expect.objectContaining({ amount: '25.00', status: 'claimed' })]);
    expect(a.body.value!.turnover[0]).toMatchObject({ state: 'open' });
    expect(a.body.value!.rounds).toEqual([]);
  });

  it('keeps the staff’s notes, newest first: support writes, marketing reads only; bad notes are refused', async () => {
    const url = `/ops/members/${player.m.id}/notes`;
    const first = await call<MemberNote>('POST', url, 'support', { body: 'Called about a late deposit.' });
    expect(first.status).toBe(200);
    await call('POST', url, 'support', { body: 'Deposit found; told the member.' });
    const list = await call<MemberNote[]>('GET', url, 'marketing');
    expect(list.body.value!.map((n) => n.body)).toEqual([
      'Deposit found; told the member.',
      'Called about a late deposit.',
    ]);
    expect((await call('POST', url, 'marketing', { body: 'Not allowed' })).status).toBe(403);
    for (const body of [{ body: '' }, { body: 'x'.repeat(2001) }, { body: 'a\u0000b' }, { body: 5 }, {}])
      expect((await call('POST', url, 'support', body)).status, JSON.stringify(body)).toBe(400);
    expect((await call<MemberNote[]>('GET', url)).body.value).toHaveLength(2);
    // The member never reads them: no member route serves member_note.
    const staff = await createMember(t, { type: 90 });
    expect((await call('GET', `/ops/members/${staff.id}/notes`)).status).toBe(404);
  });

  it('resets the password: staff read a temporary one once, the old one stops working, every session ends, the member changes it next', async () => {
    const m = await createMember(t);
    const token = await sessionFor(t, m);
    const me = () => t.request({ method: 'GET', url: '/api/members/me', headers: bearer(token) });
    const before = (await me()).status;
    expect(before).toBe(200);
    const noReason = await call('POST', `/ops/members/${m.id}/password/reset`, 'support', {});
    expect(noReason.status).toBe(400);
    const r = await call<{ temporaryPassword: string }>(
      'POST',
      `/ops/members/${m.id}/password/reset`,
      'support',
      {
        reason: 'Member called from the registered number',
      },
    );
    const temp = r.body.value!.temporaryPassword;
    expect(temp).toMatch(/^[A-Za-z2-9]{12}$/);
    const row = await t.ctx.db
      .selectFrom('member')
      .select(['password_hash', 'first_time_login'])
      .where('id', '=', m.id)
      .executeTakeFirstOrThrow();
    expect(await verifyPassword(row.password_hash, temp)).toBe(true);
    expect(await verifyPassword(row.password_hash, m.password)).toBe(false);
    expect(row.first_time_login).toBe(true);
    expect((await me()).status).toBe(401);
    const entry = await t.ctx.db
      .selectFrom('audit_log')
      .select(['action', 'details'])
      .where('target', '=', `member:${m.id}`)
      .executeTakeFirstOrThrow();
    expect(entry.action).toBe('member.password.reset');
    expect(JSON.stringify(entry.details)).not.toContain(temp);
    expect(
      (await call('POST', `/ops/members/${m.id}/password/reset`, 'marketing', { reason: 'Nope' })).status,
    ).toBe(403);
  });

  it('limits: staff read them as the member does, set or lower one at once (a waiting raise dropped), never raise or remove; audited', async () => {
    const m = await createMember(t);
    const memberToken = await sessionFor(t, m);
    type L = {
      limits: { kind: string; span: string; amount: string | null; pending: unknown }[];
      session: { minutes: number | null };
    };
    const of = (v: L | undefined, kind: string, span: string) =>
      v!.limits.find((l) => l.kind === kind && l.span === span)!;
    // Setting them is player protection (`protection`: owner and risk); every reader of members reads them.
    const put = (body: Record<string, unknown>, role: StaffRole = 'risk') =>
      call<L>('PUT', `/ops/members/${m.id}/limits`, role, body);
    const fresh = await call<L>('GET', `/ops/members/${m.id}/limits`, 'marketing');
    expect(fresh.status).toBe(200);
    expect((await call<L>('GET', `/ops/members/${m.id}/limits`, 'support')).status).toBe(200);
    expect(of(fresh.body.value, 'loss', 'week')).toMatchObject({ amount: null, pending: null });

    // The member sets 500.00 a week and asks to raise it to 900.00: the raise waits.
    const mine = weeklyLoss(memberToken);
    expect((await mine('500.00')).status).toBe(200);
    expect((await mine('900.00')).status).toBe(200);
    // Staff lower it to 200.00: at once, and the waiting raise is gone.
    const lowered = await put({ kind: 'loss', span: 'week', amount: '200.00', reason: 'Asked on the phone' });
    expect(lowered.status).toBe(200);
    expect(of(lowered.body.value, 'loss', 'week')).toMatchObject({ amount: '200.00', pending: null });
    // Raising is the member's own choice: refused with the limit in force; nothing changes.
    const raised = await put({ kind: 'loss', span: 'week', amount: '300.00', reason: 'Wants more' });
    expect([raised.status, raised.body.code, raised.body.value]).toEqual([
      409,
      'limit_staff_tighten_only',
      { current: '200.00' },
    ]);
    // A new deposit limit and a session limit; the member reads what staff set.
    expect((await put({ kind: 'deposit', span: 'day', amount: '1000', reason: 'Risk review' })).status).toBe(
      200,
    );
    const session = await put({ kind: 'session', minutes: 60, reason: 'Risk review' });
    expect(session.body.value!.session.minutes).toBe(60);
    expect((await put({ kind: 'session', minutes: 120, reason: 'Longer' })).body.code).toBe(
      'limit_staff_tighten_only',
    );
    const seen = await t.request<Answer<L>>({
      method: 'GET',
      url: '/api/protection/limits',
      headers: bearer(memberToken),
    });
    expect(of(seen.body.value, 'deposit', 'day').amount).toBe('1000.00');
    expect(of(seen.body.value, 'loss', 'week').amount).toBe('200.00');
    // Audited with the reason, before → after.
    const entries = await t.ctx.db
      .selectFrom('audit_log')
      .select(['action', 'details'])
      .where('target', '=', `member:${m.id}`)
      .where('action', '=', 'member.limit')
      .orderBy('id')
      .execute();
    expect(entries).toHaveLength(3);
    // The profile's audit: this member's trail only, newest first; a malformed target refused.
    const trail = await call<{ list: { action: string; target: string }[] }>(
      'GET',
      `/ops/audit?target=member:${m.id}`,
    );
    expect(trail.body.value!.list.map((e) => [e.action, e.target])).toEqual(
      entries.map(() => ['member.limit', `member:${m.id}`]),
    );
    expect((await call('GET', '/ops/audit?target=member%00')).status).toBe(400);
    expect(entries[0]!.details).toMatchObject({
      reason: 'Asked on the phone',
      kind: 'loss',
      span: 'week',
      before: { amount: '50000', pending: '90000' },
      after: { amount: '20000' },
    });
    // Bad input, staff without `protection` (support and marketing), another site's member.
    for (const body of [
      { kind: 'loss', span: 'week', amount: '0.00', reason: 'Zero' },
      { kind: 'loss', span: 'week', amount: null, reason: 'Remove' },
      { kind: 'loss', span: 'year', amount: '10.00', reason: 'Span' },
      { kind: 'session', minutes: 45, reason: 'Odd minutes' },
      { kind: 'loss', span: 'week', amount: '10.00', reason: 'a\u0000b' },
      { kind: 'loss', span: 'week', amount: '10.00' },
    ])
      expect((await put(body)).status).toBe(400);
    for (const role of ['support', 'marketing'] as const) {
      const refused = await put({ kind: 'loss', span: 'day', amount: '10.00', reason: 'Not mine' }, role);
      expect([refused.status, refused.body.code], role).toEqual([403, 'no_permission']);
    }
    const untouched = await call<L>('GET', `/ops/members/${m.id}/limits`, 'risk');
    expect(of(untouched.body.value, 'loss', 'day').amount).toBeNull();
    const luzon = await createMember(t, { merchant: 'luzon' });
    expect((await call('GET', `/ops/members/${luzon.id}/limits`)).body.code).toBe('member_not_found');
    expect(
      (
        await call('PUT', `/ops/members/${luzon.id}/limits`, 'owner', {
          kind: 'session',
          minutes: 30,
          reason: 'Not ours',
        })
      ).status,
    ).toBe(404);
  });

  it('limits at the edge: staff may set the limit in force again (a waiting removal dropped) or a centavo less, never a centavo more; each change audited before → after', async () => {
    const m = await createMember(t);
    const memberToken = await sessionFor(t, m);
    type L = {
      limits: { kind: string; span: string; amount: string | null; pending: unknown }[];
      session: { minutes: number | null; pending: unknown };
    };
    const lossWeek = (v: L | undefined) => v!.limits.find((l) => l.kind === 'loss' && l.span === 'week')!;
    const put = (body: Record<string, unknown>) =>
      call<L>('PUT', `/ops/members/${m.id}/limits`, 'risk', body);
    const tightenOnly = (current: string) => [
      409,
      'limit_staff_tighten_only',
      'Staff may set or lower a limit; only the member may raise or remove it',
      { current },
    ];
    const refusal = (r: { status: number; body: Answer<L> }) => [
      r.status,
      r.body.code,
      r.body.message,
      r.body.value,
    ];

    // The member sets 500.00 a week, then asks to remove it: the removal waits for its cooling-off.
    const mine = weeklyLoss(memberToken);
    expect((await mine('500.00')).status).toBe(200);
    expect((await mine(null)).status).toBe(200);
    // The limit in force again: accepted, and the waiting removal is gone.
    const same = await put({ kind: 'loss', span: 'week', amount: '500.00', reason: 'Keep it' });
    expect(same.status).toBe(200);
    expect(lossWeek(same.body.value)).toMatchObject({ amount: '500.00', pending: null });
    // A centavo more is a raise: refused with the limit in force, nothing changes.
    expect(refusal(await put({ kind: 'loss', span: 'week', amount: '500.01', reason: 'More' }))).toEqual(
      tightenOnly('500.00'),
    );
    // A centavo less takes effect at once.
    const less = await put({ kind: 'loss', span: 'week', amount: '499.99', reason: 'Less' });
    expect(lossWeek(less.body.value)).toMatchObject({ amount: '499.99', pending: null });
    // The session limit, in minutes: the same again passes, the next longer one is refused.
    expect((await put({ kind: 'session', minutes: 60, reason: 'Session' })).body.value!.session.minutes).toBe(
      60,
    );
    expect((await put({ kind: 'session', minutes: 60, reason: 'Same session' })).status).toBe(200);
    expect(refusal(await put({ kind: 'session', minutes: 120, reason: 'Longer' }))).toEqual(
      tightenOnly('60'),
    );

    // Audited as stored (minor units, minutes): who, why, what, and the limit before and after.
    const entries = await t.ctx.db
      .selectFrom('audit_log')
      .select(['actor', 'details'])
      .where('target', '=', `member:${m.id}`)
      .where('action', '=', 'member.limit')
      .orderBy('id')
      .execute();
    const actor = `operator:${staffIds.get('risk')}`;
    expect(entries).toEqual([
      {
        actor,
        details: {
          reason: 'Keep it',
          kind: 'loss',
          span: 'week',
          before: { amount: '50000', pending: null },
          after: { amount: '50000' },
        },
      },
      {
        actor,
        details: {
          reason: 'Less',
          kind: 'loss',
          span: 'week',
          before: { amount: '50000' },
          after: { amount: '49999' },
        },
      },
      {
        actor,
        details: {
          reason: 'Session',
          kind: 'session',
          span: 'session',
          before: null,
          after: { amount: '60' },
        },
      },
      {
        actor,
        details: {
          reason: 'Same session',
          kind: 'session',
          span: 'session',
          before: { amount: '60' },
          after: { amount: '60' },
        },
      },
    ]);
  });

  it('knows only this site’s players: other sites’ members and staff are 404', async () => {
    const luzon = await createMember(t, { merchant: 'luzon' });
    for (const path of ['activity', 'notes'])
      expect((await call('GET', `/ops/members/${luzon.id}/${path}`)).body.code).toBe('member_not_found');
    expect(
      (await call('POST', `/ops/members/${luzon.id}/password/reset`, 'owner', { reason: 'Not ours' })).status,
    ).toBe(404);
    expect((await call('POST', `/ops/members/${luzon.id}/notes`, 'owner', { body: 'Not ours' })).status).toBe(
      404,
    );
    expect((await call('GET', '/ops/members/99999999999/activity')).status).toBe(404);
  });

  it('temporary passwords are 12 characters with letters and digits, never ambiguous ones', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const p = temporaryPassword();
      expect(p).toMatch(/^(?=.*[a-zA-Z])(?=.*\d)[a-km-zA-HJ-NP-Z2-9]{12}$/);
      seen.add(p);
    }
    expect(seen.size).toBe(200);
  });
});
