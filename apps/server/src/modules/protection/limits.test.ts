import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Limits as LimitsValue } from '@panalo/contract/protection';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { createDeposit, player, type Err, type Ok } from '../deposits/deposits.test-helpers';
import { confirmLimit, limitRoom, requestLimit } from './limits';
import { itRaces } from '../../test-support/races';

// Issue 22 item 1: deposit limits. The rules with an injected clock, then on the API.

const T0 = new Date('2026-11-26T00:00:00.000Z');
const at = (h: number) => new Date(T0.getTime() + h * 3_600_000);

describe('limit rules (pure, injected clock)', () => {
  it('a first limit and a lower one take effect at once; a higher one or a removal waits 24 hours', () => {
    const set = requestLimit(null, 100n, T0);
    expect(set).toEqual({ amount: 100n, pendingAmount: null, pendingFrom: null });
    expect(requestLimit(set, 50n, T0)).toEqual({ amount: 50n, pendingAmount: null, pendingFrom: null });
    const raise = requestLimit(set, 500n, T0);
    expect(raise).toEqual({ amount: 100n, pendingAmount: 500n, pendingFrom: at(24) });
    expect(requestLimit(set, null, T0)).toEqual({ amount: 100n, pendingAmount: null, pendingFrom: at(24) });
    // Lowering while a raise waits drops the raise; asking for the limit in force cancels it too.
    expect(requestLimit(raise, 80n, at(1))).toEqual({ amount: 80n, pendingAmount: null, pendingFrom: null });
    expect(requestLimit(raise, 100n, at(1))).toEqual({
      amount: 100n,
      pendingAmount: null,
      pendingFrom: null,
    });
  });

  it('a waiting change is confirmed only from its time on, and applies then', () => {
    const raise = requestLimit({ amount: 100n, pendingAmount: null, pendingFrom: null }, 500n, T0);
    expect(() => confirmLimit(raise, at(23.99))).toThrow(/cooling-off/);
    expect(confirmLimit(raise, at(24))).toEqual({ amount: 500n, pendingAmount: null, pendingFrom: null });
    const removal = requestLimit({ amount: 100n, pendingAmount: null, pendingFrom: null }, null, T0);
    expect(confirmLimit(removal, at(30))).toEqual({ amount: null, pendingAmount: null, pendingFrom: null });
    expect(() => confirmLimit({ amount: 1n, pendingAmount: null, pendingFrom: null }, T0)).toThrow(/waiting/);
  });

  it('room in a rolling window: a deposit fits, or the moment enough of the window has passed', () => {
    const day = 24 * 3_600_000;
    const counted = [
      { at: at(0), amount: 300n },
      { at: at(5), amount: 500n },
    ];
    expect(limitRoom(1000n, counted, 200n, day)).toEqual({ fits: true });
    expect(limitRoom(1000n, counted, 300n, day)).toEqual({ fits: false, resetsAt: at(24) });
    expect(limitRoom(1000n, counted, 600n, day)).toEqual({ fits: false, resetsAt: at(29) });
    expect(limitRoom(1000n, counted, 1001n, day)).toEqual({ fits: false, resetsAt: null });
    // At its edges: a deposit that meets the limit exactly once the first leaves, and one of the whole limit.
    expect(limitRoom(1000n, counted, 500n, day)).toEqual({ fits: false, resetsAt: at(24) });
    expect(limitRoom(1000n, counted, 1000n, day)).toEqual({ fits: false, resetsAt: at(29) });
    expect(limitRoom(1000n, [], 1000n, day)).toEqual({ fits: true });
  });

  it('refusals name themselves: nothing waiting, and a confirmation too early says from when', () => {
    const refusal = (fn: () => unknown) => {
      try {
        fn();
        return null;
      } catch (e) {
        const d = e as { code: string; status: number; value?: unknown };
        return [d.status, d.code, d.value];
      }
    };
    expect(refusal(() => confirmLimit({ amount: 1n, pendingAmount: null, pendingFrom: null }, T0))).toEqual([
      409,
      'limit_nothing_pending',
      undefined,
    ]);
    const raise = requestLimit({ amount: 100n, pendingAmount: null, pendingFrom: null }, 500n, T0);
    expect(refusal(() => confirmLimit(raise, at(1)))).toEqual([
      409,
      'limit_cooling_off',
      { from: at(24).toISOString() },
    ]);
  });
});

describe('deposit limits on the API', () => {
  let t: TestApp;
  let bankId: string;
  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set(T0);
    const p = await player(t);
    const opts = await t.request<Ok<{ methods: { code: string; bankAccounts: { id: string }[] }[] }>>({
      method: 'GET',
      url: '/api/cashier/deposit/options',
      headers: p.headers,
    });
    bankId = opts.body.value.methods.find((m) => m.code === 'BANK')!.bankAccounts[0]!.id;
  });
  afterAll(async () => t.close());

  type Limits = Ok<LimitsValue>;
  const setLimit = (h: Record<string, string>, span: string, amount: string | null) =>
    t.request<Limits | Err>({
      method: 'PUT',
      url: '/api/protection/limits',
      headers: h,
      payload: { span, amount },
    });
  const confirm = (h: Record<string, string>, span: string) =>
    t.request<Limits | Err>({
      method: 'POST',
      url: '/api/protection/limits/confirm',
      headers: h,
      payload: { span },
    });
  const deposit = (h: Record<string, string>, amount: string) =>
    createDeposit(t, h, { methodCode: 'BANK', amount, bankAccountId: bankId });
  const day = (r: { body: Limits | Err }) =>
    (r.body as Limits).value.limits.find((l) => l.kind === 'deposit' && l.span === 'day')!;

  it('a limit refuses the deposit that would pass it, with the limit and when it resets; a raise waits', async () => {
    const p = await player(t);
    expect(day(await setLimit(p.headers, 'day', '1000.00'))).toEqual({
      kind: 'deposit',
      span: 'day',
      amount: '1000.00',
      used: '0.00',
      pending: null,
    });
    expect((await deposit(p.headers, '600')).status).toBe(200);
    t.clock.set(at(2));
    const over = await deposit(p.headers, '500');
    expect(over.status).toBe(409);
    expect(over.body as unknown as Err).toMatchObject({
      code: 'deposit_limit_reached',
      value: { span: 'day', limit: '1000.00', used: '600.00', resetsAt: at(24).toISOString() },
    });
    expect((await deposit(p.headers, '400')).status).toBe(200);
    // A raise waits 24 hours and a confirmation; meanwhile the old limit holds.
    const raised = day(await setLimit(p.headers, 'day', '5000.00'));
    expect(raised).toMatchObject({
      amount: '1000.00',
      used: '1000.00',
      pending: { amount: '5000.00', from: at(26).toISOString() },
    });
    expect((await confirm(p.headers, 'day')).body as Err).toMatchObject({ code: 'limit_cooling_off' });
    expect((await deposit(p.headers, '100')).status).toBe(409);
    t.clock.set(at(26));
    expect(day(await confirm(p.headers, 'day')).amount).toBe('5000.00');
    expect((await deposit(p.headers, '3000')).status).toBe(200);
    t.clock.set(T0);
  });

  it('day, week and month limits are each listed and checked over their own span; a deposit leaves the day exactly 24 hours later; a removal waits, then the limit is gone', async () => {
    t.clock.set(T0);
    const p = await player(t);
    await setLimit(p.headers, 'day', '1000.00');
    await setLimit(p.headers, 'week', '1500.00');
    const all = await setLimit(p.headers, 'month', '5000.00');
    const deposits = (r: { body: Limits | Err }) =>
      (r.body as Limits).value.limits
        .filter((l) => l.kind === 'deposit')
        .map((l) => [l.span, l.amount, l.used]);
    expect(deposits(all)).toEqual([
      ['day', '1000.00', '0.00'],
      ['week', '1500.00', '0.00'],
      ['month', '5000.00', '0.00'],
    ]);
    expect((await deposit(p.headers, '800')).status).toBe(200);
    // Exactly a day later the first deposit is out of the day, still in the week.
    t.clock.set(at(24));
    expect((await deposit(p.headers, '600')).status).toBe(200);
    const listed = await t.request<Limits>({
      method: 'GET',
      url: '/api/protection/limits',
      headers: p.headers,
    });
    expect(deposits(listed)).toEqual([
      ['day', '1000.00', '600.00'],
      ['week', '1500.00', '1400.00'],
      ['month', '5000.00', '1400.00'],
    ]);
    const week = await deposit(p.headers, '200');
    expect(week.body as unknown as Err).toMatchObject({
      code: 'deposit_limit_reached',
      value: { span: 'week', limit: '1500.00', used: '1400.00', resetsAt: at(168).toISOString() },
    });
    // More than a limit by itself never fits: no time it resets.
    const never = await deposit(p.headers, '6000');
    expect(never.body as unknown as Err).toMatchObject({
      code: 'deposit_limit_reached',
      value: { span: 'day', used: '600.00', resetsAt: null },
    });
    // A removal waits its cooling-off, listed as a change to no limit; confirmed, the limit is gone.
    const removal = await setLimit(p.headers, 'week', null);
    expect((removal.body as Limits).value.limits.find((l) => l.span === 'week')).toMatchObject({
      amount: '1500.00',
      pending: { amount: null, from: at(48).toISOString() },
    });
    t.clock.set(at(48));
    const gone = await confirm(p.headers, 'week');
    expect((gone.body as Limits).value.limits.find((l) => l.span === 'week')).toMatchObject({
      amount: null,
      pending: null,
    });
    const stored = await t.ctx.db
      .selectFrom('protection_limit')
      .select(['kind', 'span'])
      .where('member_id', '=', p.m.id)
      .orderBy('span')
      .execute();
    expect(stored).toEqual([
      { kind: 'deposit', span: 'day' },
      { kind: 'deposit', span: 'month' },
    ]);
    t.clock.set(T0);
  });

  itRaces('ten deposits at once against a limit: exactly as many as fit are taken', async () => {
    const p = await player(t);
    await setLimit(p.headers, 'week', '1000.00');
    const answers = await Promise.all(Array.from({ length: 10 }, () => deposit(p.headers, '300')));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(3);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(7);
  });

  it('bad input and other callers are refused', async () => {
    const p = await player(t);
    expect((await setLimit(p.headers, 'day', '0')).status).toBe(400);
    expect((await setLimit(p.headers, 'year', '10')).status).toBe(400);
    expect((await setLimit(p.headers, 'day', '-5')).status).toBe(400);
    expect((await setLimit({}, 'day', '10')).status).toBe(401);
    const trial = await player(t, 'panalo', 4);
    expect((await setLimit(trial.headers, 'day', '10')).status).toBe(403);
  });
});
