import { describe, expect, it } from 'vitest';
import type { Limits } from '@panalo/contract/protection';
import { getGame } from '../lottery/engine/registry';
import { periodAt } from '../lottery/engine/schedule';
import {
  code,
  LOTTERY_START,
  lotteryPlayer,
  newKey,
  useLotteryApp,
  value,
  type LotteryPlayer,
  type Placed,
} from '../lottery/lottery.test-support';
import type { lotteryApi } from '../lottery/lottery.test-support';
import { bearer } from '../../test-support/members';
import type { TestApp } from '../../test-support/test-app';
import { issueLaunchToken } from '../game-wallet/game-launch';
import { vendorCall } from '../game-wallet/vendor-client';
import { limitRoom } from './limits';
import { itRaces } from '../../test-support/races';

// Issue 22 item 1: wager, loss and session limits, enforced inside every bet path (vendor wallet
// callbacks, in-house rounds through the same wallet, lottery orders) with the member's row locked.

const HOUR = 3_600_000;
type Err = { success: false; code: string; value?: Record<string, unknown> };
type Answer = { balance?: string; code?: string; value?: Record<string, unknown> };

describe('loss room in a rolling window (pure)', () => {
  it('wins count against losses; the room comes back when enough of the window has passed', () => {
    const t0 = new Date('2026-11-26T00:00:00.000Z');
    const at = (h: number) => new Date(t0.getTime() + h * HOUR);
    // Lost 300, won 100 back, lost 500: a net loss of 700.
    const counted = [
      { at: at(0), amount: 300n },
      { at: at(1), amount: -100n },
      { at: at(5), amount: 500n },
    ];
    expect(limitRoom(1000n, counted, 300n, 24 * HOUR)).toEqual({ fits: true });
    expect(limitRoom(1000n, counted, 400n, 24 * HOUR)).toEqual({ fits: false, resetsAt: at(24) });
    // Once the first loss leaves, the win leaving takes room away again: the later loss must leave too.
    expect(limitRoom(1000n, counted, 900n, 24 * HOUR)).toEqual({ fits: false, resetsAt: at(29) });
  });
});

describe('play limits on every bet path', () => {
  let t: TestApp;
  let api: ReturnType<typeof lotteryApi>;
  useLotteryApp((app, a) => {
    t = app;
    api = a;
  });

  const headers = (p: LotteryPlayer) => ({ merchant: p.merchant, ...bearer(p.token) });
  const setLimit = (p: LotteryPlayer, kind: string, span: string, amount: string | null) =>
    t.request<{ success: true; value: Limits } | Err>({
      method: 'PUT',
      url: '/api/protection/limits',
      headers: headers(p),
      payload: { kind, span, amount },
    });
  const setSession = (p: LotteryPlayer, minutes: number | null) =>
    t.request<{ success: true; value: Limits } | Err>({
      method: 'PUT',
      url: '/api/protection/session-limit',
      headers: headers(p),
      payload: { minutes },
    });
  const launch = async (p: LotteryPlayer) =>
    (
      await issueLaunchToken(t.ctx.db, t.clock, {
        merchantId: p.m.merchant_id,
        memberId: p.m.id,
        memberType: p.m.type,
        currency: 'PHP',
        vendorCode: 'PSIM',
        gameCode: 'slot-1',
        ttlMs: 48 * HOUR,
      })
    ).token;
  let seq = 0;
  const vendorBet = (token: string, amount: string, txId = `pl-bet-${++seq}`) =>
    vendorCall<Answer>(t, 'bet', { token, txId, roundId: `pl-round-${txId}`, gameCode: 'slot-1', amount });
  const vendorWin = (token: string, betTx: string, amount: string) =>
    vendorCall<Answer>(t, 'win', {
      token,
      txId: `${betTx}-win`,
      roundId: `pl-round-${betTx}`,
      gameCode: 'slot-1',
      amount,
      endRound: true,
    });
  const lotteryBet = (
    p: LotteryPlayer,
    amount: string,
    key = newKey(),
    numero = periodAt(getGame('WINGO5'), t.clock.now()).numero,
  ) =>
    api.bet(
      p,
      { gameCode: 'WINGO5', numero, items: [{ betType: 'size', selection: 'big', amount, units: 1 }] },
      key,
    );
  const limitOf = (r: { body: { success: true; value: Limits } | Err }, kind: string, span: string) =>
    (r.body as { value: Limits }).value.limits.find((l) => l.kind === kind && l.span === span)!;

  it('a wager limit refuses the vendor bet and the lottery order that would pass it, with when it resets', async () => {
    const p = await lotteryPlayer(t);
    expect(limitOf(await setLimit(p, 'wager', 'day', '100.00'), 'wager', 'day')).toEqual({
      kind: 'wager',
      span: 'day',
      amount: '100.00',
      used: '0.00',
      pending: null,
    });
    const token = await launch(p);
    expect((await vendorBet(token, '60.00')).status).toBe(200);
    t.clock.set(new Date(LOTTERY_START.getTime() + HOUR));
    const over = await vendorBet(token, '50.00');
    expect([over.status, over.body.code]).toEqual([409, 'play_limit_reached']);
    expect(over.body.value).toEqual({
      kind: 'wager',
      span: 'day',
      limit: '100.00',
      used: '60.00',
      resetsAt: new Date(LOTTERY_START.getTime() + 24 * HOUR).toISOString(),
    });
    // The lottery counts the same stakes: 40 more fit, 41 do not.
    const lOver = await lotteryBet(p, '41.00');
    expect(code(lOver)).toEqual([409, 'play_limit_reached']);
    value<Placed>(await lotteryBet(p, '40.00'));
    expect(limitOf(await setLimit(p, 'wager', 'day', '100.00'), 'wager', 'day').used).toBe('100.00');
    // A stake above the limit by itself never fits: no reset time.
    expect((await vendorBet(token, '100.01')).body.value).toMatchObject({ resetsAt: null });
    // A day after the first bet, its stake has left the window.
    t.clock.set(new Date(LOTTERY_START.getTime() + 24 * HOUR + 1000));
    expect((await vendorBet(token, '50.00')).status).toBe(200);
  });

  it('a refused lottery order keeps its refusal under its key; an accepted vendor bet replays past the limit', async () => {
    const p = await lotteryPlayer(t);
    await setLimit(p, 'wager', 'week', '50.00');
    const token = await launch(p);
    const first = await vendorBet(token, '50.00', `pl-replay-${p.m.id}`);
    expect(first.status).toBe(200);
    // The same tx id again: the first answer, though the limit is now used up.
    const again = await vendorBet(token, '50.00', `pl-replay-${p.m.id}`);
    expect([again.status, again.body.balance]).toEqual([200, first.body.balance]);
    const key = newKey();
    const numero = periodAt(getGame('WINGO5'), t.clock.now()).numero;
    expect(code(await lotteryBet(p, '10.00', key, numero))).toEqual([409, 'play_limit_reached']);
    // Raising the limit waits; removing it after the cooling-off lets new orders in, not this key.
    await setLimit(p, 'wager', 'week', null);
    t.clock.set(new Date(LOTTERY_START.getTime() + 24 * HOUR));
    await t.request({
      method: 'POST',
      url: '/api/protection/limits/confirm',
      headers: headers(p),
      payload: { kind: 'wager', span: 'week' },
    });
    // (The stored refusal answers even though the period it named has closed since.)
    expect(code(await lotteryBet(p, '10.00', key, numero))).toEqual([409, 'play_limit_reached']);
    value<Placed>(await lotteryBet(p, '10.00'));
  });

  it('a loss limit counts stakes less wins: a win makes room, and a stake counts as lost until settled', async () => {
    const p = await lotteryPlayer(t);
    await setLimit(p, 'loss', 'day', '100.00');
    const token = await launch(p);
    const tx = `pl-loss-${p.m.id}`;
    expect((await vendorBet(token, '80.00', tx)).status).toBe(200);
    expect((await vendorBet(token, '30.00')).body.code).toBe('play_limit_reached');
    expect((await vendorWin(token, tx, '50.00')).status).toBe(200);
    // Lost 80, won 50: a net loss of 30, so 70 more may be staked.
    expect(limitOf(await setLimit(p, 'loss', 'day', '100.00'), 'loss', 'day').used).toBe('30.00');
    expect((await vendorBet(token, '70.01')).body.value).toMatchObject({ kind: 'loss', used: '30.00' });
    expect((await vendorBet(token, '70.00')).status).toBe(200);
  });

  it('a net win reads as no loss used, never below zero; two limits of one span keep their own amounts; a money limit ends no session', async () => {
    const p = await lotteryPlayer(t);
    await setLimit(p, 'deposit', 'week', '1.00');
    await setLimit(p, 'loss', 'week', '500.00');
    // Raising the loss limit waits; the deposit limit of the same span is another limit, left as it is.
    const raised = await setLimit(p, 'loss', 'week', '900.00');
    expect(limitOf(raised, 'loss', 'week')).toMatchObject({
      amount: '500.00',
      pending: { amount: '900.00' },
    });
    expect(limitOf(raised, 'deposit', 'week')).toMatchObject({ amount: '1.00', pending: null });
    // Staked 10, won 50: no loss at all (not a loss of −40).
    const token = await launch(p);
    const tx = `pl-netwin-${p.m.id}`;
    expect((await vendorBet(token, '10.00', tx)).status).toBe(200);
    expect((await vendorWin(token, tx, '50.00')).status).toBe(200);
    expect(limitOf(await setLimit(p, 'loss', 'day', '100.00'), 'loss', 'day').used).toBe('0.00');
    // Two hours into the session, a deposit limit of ₱0.50 is money, not minutes: the session goes on.
    const now = t.clock.now();
    t.clock.advance(2 * HOUR);
    try {
      expect((await setLimit(p, 'deposit', 'day', '0.50')).status).toBe(200);
      const still = await t.request({ method: 'GET', url: '/api/protection/limits', headers: headers(p) });
      expect(still.status).toBe(200);
    } finally {
      t.clock.set(now);
    }
  });

  itRaces(
    'fifty parallel bets against a loss limit: exactly as many as fit are taken, never more',
    async () => {
      const p = await lotteryPlayer(t);
      await setLimit(p, 'loss', 'day', '1000.00');
      const token = await launch(p);
      const answers = await Promise.all(Array.from({ length: 50 }, () => vendorBet(token, '100.00')));
      expect(answers.filter((a) => a.status === 200)).toHaveLength(10);
      expect(answers.filter((a) => a.status === 409 && a.body.code === 'play_limit_reached')).toHaveLength(
        40,
      );
      expect(await api.wallet(p)).toBe(1_000_000n - 100_000n);
      // And mixed with lottery orders, still never past the limit.
      const q = await lotteryPlayer(t);
      await setLimit(q, 'loss', 'day', '1000.00');
      const qToken = await launch(q);
      const mixed = await Promise.all(
        Array.from({ length: 50 }, (_, i) => (i % 2 ? vendorBet(qToken, '100.00') : lotteryBet(q, '100.00'))),
      );
      expect(mixed.filter((a) => a.status === 200)).toHaveLength(10);
      expect(await api.wallet(q)).toBe(1_000_000n - 100_000n);
    },
  );

  it('a session limit ends each session that long after its login; bets without a live session are refused', async () => {
    const p = await lotteryPlayer(t);
    const token = await launch(p);
    const set = await setSession(p, 30);
    expect((set.body as { value: Limits }).value.session).toEqual({ minutes: 30, pending: null });
    t.clock.set(new Date(LOTTERY_START.getTime() + 29 * 60_000));
    expect((await vendorBet(token, '10.00')).status).toBe(200);
    t.clock.set(new Date(LOTTERY_START.getTime() + 31 * 60_000));
    // The session the limit was set in has ended too: the site says why, and the games refuse.
    expect(code(await t.request({ method: 'GET', url: '/api/wallet/balance', headers: headers(p) }))).toEqual(
      [401, 'session_limit_ended'],
    );
    const refused = await vendorBet(token, '10.00');
    expect([refused.status, refused.body.code, refused.body.value?.kind]).toEqual([
      409,
      'play_limit_reached',
      'session',
    ]);
    // A longer limit waits for its cooling-off; a new login gets a session of the limit in force.
    const { sessionFor } = await import('../../test-support/members');
    const fresh = { ...p, token: await sessionFor(t, p.m) };
    const longer = await setSession(fresh, 120);
    expect((longer.body as { value: Limits }).value.session).toMatchObject({
      minutes: 30,
      pending: { minutes: 120 },
    });
    expect((await vendorBet(token, '10.00')).status).toBe(200);
  });

  it('a money limit leaves the sessions alone, and without a session limit a round plays on after the site’s session ended', async () => {
    const p = await lotteryPlayer(t);
    const token = await launch(p);
    const expiry = () =>
      t.ctx.db
        .selectFrom('member_session')
        .select('expires_at')
        .where('member_id', '=', p.m.id)
        .orderBy('id')
        .execute();
    const before = await expiry();
    // A wager limit of 1.00 is not a session limit of 100 minutes.
    await setLimit(p, 'wager', 'day', '1.00');
    await setLimit(p, 'loss', 'week', '500.00');
    expect(await expiry()).toEqual(before);
    // The member signs out of the site; the game's round is still the member's to play, within its limits.
    await t.ctx.db
      .updateTable('member_session')
      .set({ revoked_at: t.clock.now() })
      .where('member_id', '=', p.m.id)
      .execute();
    expect((await vendorBet(token, '1.00')).status).toBe(200);
    expect((await vendorBet(token, '0.01')).body.value).toMatchObject({ kind: 'wager', used: '1.00' });
  });

  it('a session limit’s removal waits its cooling-off like a raise, and is confirmed from then on, ending no session', async () => {
    const { sessionFor } = await import('../../test-support/members');
    const p = await lotteryPlayer(t);
    const start = t.clock.now();
    await setSession(p, 60);
    const removal = await setSession(p, null);
    expect((removal.body as { value: Limits }).value.session).toEqual({
      minutes: 60,
      pending: { minutes: null, from: new Date(start.getTime() + 24 * HOUR).toISOString() },
    });
    t.clock.set(new Date(start.getTime() + 24 * HOUR));
    const again = { ...p, token: await sessionFor(t, p.m) };
    t.clock.set(new Date(start.getTime() + 24 * HOUR + 60_000));
    const confirmed = await t.request<{ success: true; value: Limits }>({
      method: 'POST',
      url: '/api/protection/session-limit/confirm',
      headers: headers(again),
    });
    expect(confirmed.body.value.session).toEqual({ minutes: null, pending: null });
    // No limit now: the session a minute old goes on (it is not capped at no minutes).
    const still = await t.request({ method: 'GET', url: '/api/protection/limits', headers: headers(again) });
    expect(still.status).toBe(200);
    t.clock.set(start);
  });

  it('bad limit input is refused with a message key', async () => {
    const p = await lotteryPlayer(t);
    expect(code(await setLimit(p, 'wager', 'day', '-1'))).toEqual([400, 'validation_failed']);
    expect(code(await setLimit(p, 'spending', 'day', '10'))).toEqual([400, 'validation_failed']);
    expect(code(await setSession(p, 45))).toEqual([400, 'validation_failed']);
    expect(code(await setSession(p, 1e12))).toEqual([400, 'validation_failed']);
    expect(
      code(
        await t.request({
          method: 'POST',
          url: '/api/protection/session-limit/confirm',
          headers: headers(p),
        }),
      ),
    ).toEqual([409, 'limit_nothing_pending']);
  });
});
