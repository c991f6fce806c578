import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextRealityCheckMs, type RealityCheck } from '@panalo/contract/protection';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { expectLedgerClean } from '../../test-support/ledger';
import { bearer, createMember, sessionFor } from '../../test-support/members';
import { issueLaunchToken } from '../game-wallet/game-launch';
import { fundWallet, vendorCall } from '../game-wallet/vendor-client';

// Issue 22 item 2: the reality check's interval, session time and net result, timed by the server.

const START = new Date('2026-11-26T06:00:00.000Z');
type Ok = { success: true; value: RealityCheck };

describe('reality check', () => {
  it('the next check is the next whole multiple of the interval after the time played', () => {
    expect(nextRealityCheckMs(0, 15)).toBe(15 * 60_000);
    expect(nextRealityCheckMs(15 * 60_000 - 1, 15)).toBe(15 * 60_000);
    expect(nextRealityCheckMs(15 * 60_000, 15)).toBe(30 * 60_000);
    expect(nextRealityCheckMs(61 * 60_000, 60)).toBe(120 * 60_000);
  });

  describe('on the API', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
      t.clock.set(START);
    });
    afterAll(async () => {
      await expectLedgerClean(t.ctx.db);
      await t.close();
    });

    it('off by default; set to 30 minutes; session time and this session’s net result of play only', async () => {
      const m = await createMember(t);
      await fundWallet(t.ctx.db, {
        merchantId: m.merchant_id,
        memberId: m.id,
        currency: 'PHP',
        amount: 10_000n,
        key: `rc-${m.id}`,
      });
      const token = await sessionFor(t, m);
      const get = () =>
        t.request<Ok>({ method: 'GET', url: '/api/protection/reality-check', headers: bearer(token) });
      expect((await get()).body.value).toEqual({
        intervalMinutes: null,
        sessionStartedAt: START.toISOString(),
        now: START.toISOString(),
        netResult: '0.00',
      });
      const set = await t.request<Ok>({
        method: 'PUT',
        url: '/api/protection/reality-check',
        headers: bearer(token),
        payload: { intervalMinutes: 30 },
      });
      expect(set.body.value.intervalMinutes).toBe(30);
      expect(
        (
          await t.request({
            method: 'PUT',
            url: '/api/protection/reality-check',
            headers: bearer(token),
            payload: { intervalMinutes: 20 },
          })
        ).status,
      ).toBe(400);
      // A bet of 10.00 and a win of 4.00 at a vendor: net −6.00; the deposit before does not count.
      const { token: launch } = await issueLaunchToken(t.ctx.db, t.clock, {
        merchantId: m.merchant_id,
        memberId: m.id,
        memberType: m.type,
        currency: 'PHP',
        vendorCode: 'PSIM',
        gameCode: 'slot-1',
      });
      const round = { token: launch, roundId: `rc-round-${m.id}`, gameCode: 'slot-1' };
      expect((await vendorCall(t, 'bet', { ...round, txId: `rc-bet-${m.id}`, amount: '10.00' })).status).toBe(
        200,
      );
      expect((await vendorCall(t, 'win', { ...round, txId: `rc-win-${m.id}`, amount: '4.00' })).status).toBe(
        200,
      );
      t.clock.set(new Date(START.getTime() + 31 * 60_000));
      expect((await get()).body.value).toMatchObject({
        intervalMinutes: 30,
        sessionStartedAt: START.toISOString(),
        now: new Date(START.getTime() + 31 * 60_000).toISOString(),
        netResult: '-6.00',
      });
      expect((await t.request({ method: 'GET', url: '/api/protection/reality-check' })).status).toBe(401);
      t.clock.set(START);
    });
  });
});

describe('safer play history (issue 22 item 5)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set(START);
  });
  afterAll(async () => t.close());

  it('30 days, oldest first, empty days included: deposits paid, net result of play and minutes signed in', async () => {
    const m = await createMember(t);
    await fundWallet(t.ctx.db, {
      merchantId: m.merchant_id,
      memberId: m.id,
      currency: 'PHP',
      amount: 10_000n,
      key: `h-${m.id}`,
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
    const round = { token: launch, roundId: `h-round-${m.id}`, gameCode: 'slot-1' };
    await vendorCall(t, 'bet', { ...round, txId: `h-bet-${m.id}`, amount: '25.00' });
    await vendorCall(t, 'win', { ...round, txId: `h-win-${m.id}`, amount: '5.00' });
    // The session seen 40 minutes after its login.
    await t.ctx.db
      .updateTable('member_session')
      .set({ last_seen_at: new Date(START.getTime() + 40 * 60_000) })
      .where('member_id', '=', m.id)
      .execute();
    const r = await t.request<{
      success: true;
      value: { days: { day: string; deposits: string; net: string; minutes: number }[] };
    }>({
      method: 'GET',
      url: '/api/protection/history',
      headers: bearer(token),
    });
    const days = r.body.value.days;
    expect(days).toHaveLength(30);
    expect(days[0]!.day < days[29]!.day).toBe(true);
    expect(days[29]).toEqual({ day: '2026-11-26', deposits: '0.00', net: '-20.00', minutes: 40 });
    expect(days.slice(0, 29).every((d) => d.net === '0.00' && d.minutes === 0)).toBe(true);
    expect((await t.request({ method: 'GET', url: '/api/protection/history' })).status).toBe(401);
  });
});
