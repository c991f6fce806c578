import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMBER_TYPE } from '@panalo/contract/member';
import type { MissionsView, RewardItem } from '@panalo/contract/promotions';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { bearer, createMember, sessionFor } from '../../test-support/members';
import { REBATE_GRACE_MS } from '../agents/rebate-run';
import { addToMemberDay } from '../stats/member-day';
import { issueDueRacePrizes } from './mission.service';
import { itRaces, oneAfterAnother } from '../../test-support/races';

type Ok<T> = { success: true; value: T };
type Err = { success: false; code: string };

// Issue 18 item 2: mission activity (/m/leaderBoard, MISSION). The demo's daily mission (₱1,000 of slots
// turnover → ₱5.00) and its weekly slots race (₱500, 300, 200, 100, 100), from member_day.

describe('missions and the leaderboard race', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const slots = (memberId: bigint, pesos: bigint, at = t.clock.now()) =>
    addToMemberDay(t.ctx.db, {
      merchantId: 1,
      memberId,
      at,
      product: 'slots',
      figures: { bets: pesos * 100n, betCount: 1 },
    });
  const view = async (token?: string, merchant = 'panalo') =>
    t.request<Ok<MissionsView> | Err>({
      method: 'GET',
      url: '/api/promotions/missions?lang=EN',
      headers: { merchant, ...(token ? bearer(token) : {}) },
    });
  const value = async (token?: string) => ((await view(token)).body as Ok<MissionsView>).value;
  const missionClaim = (id: string, token: string) =>
    t.request<Ok<RewardItem> | Err>({
      method: 'POST',
      url: `/api/promotions/${id}/mission-claim`,
      headers: bearer(token),
    });

  it('a mission shows my progress in its period and pays once when reached', async () => {
    const m = await createMember(t);
    const token = await sessionFor(t, m);
    await slots(m.id, 600n);
    const mission = (await value(token)).missions[0]!;
    expect(mission).toMatchObject({
      title: 'Spin ₱1,000 on slots today',
      goal: 'turnover',
      product: 'slots',
      target: '1000.00',
      done: '600.00',
      percent: 60,
      reward: '5.00',
      period: { from: '2026-06-01', to: '2026-06-01' },
      status: null,
    });
    const claim = () => missionClaim(mission.id, token);
    const early = await claim();
    expect([early.status, (early.body as Err).code]).toEqual([409, 'mission_not_reached']);
    await slots(m.id, 400n);
    const answers = await oneAfterAnother(5, () => claim());
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409).map((a) => (a.body as Err).code)).toEqual(
      Array.from({ length: 4 }, () => 'promotion_already_taken'),
    );
    expect((await value(token)).missions[0]).toMatchObject({ percent: 100, status: 'claimed' });
    // A visitor sees the missions without progress.
    expect((await value()).missions[0]).toMatchObject({ done: '0.00', status: null });
  });

  itRaces('a reached mission claimed five times at once pays once', async () => {
    const m = await createMember(t);
    const token = await sessionFor(t, m);
    await slots(m.id, 1_000n);
    const mission = (await value(token)).missions[0]!;
    const answers = await Promise.all(Array.from({ length: 5 }, () => missionClaim(mission.id, token)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409).map((a) => (a.body as Err).code)).toEqual(
      Array.from({ length: 4 }, () => 'promotion_already_taken'),
    );
    expect((await value(token)).missions[0]).toMatchObject({ percent: 100, status: 'claimed' });
  });

  it('the race ranks by valid turnover this week, masks names, skips trial accounts; the prizes are issued once after the week', async () => {
    const a = await createMember(t);
    const b = await createMember(t);
    const c = await createMember(t);
    const trial = await createMember(t, { type: MEMBER_TYPE.TRIAL });
    await slots(a.id, 900_000n);
    await slots(b.id, 700_000n, new Date('2026-06-03T10:00:00Z'));
    await slots(c.id, 800_000n);
    await slots(trial.id, 5_000_000n);
    const race = (await value(await sessionFor(t, b))).races[0]!;
    expect(race).toMatchObject({
      title: 'Weekly slots race',
      period: { from: '2026-06-01', to: '2026-06-07' },
      prizes: ['500.00', '300.00', '200.00', '100.00', '100.00'],
      me: { rank: 3, turnover: '700000.00' },
    });
    expect(race.top.slice(0, 3).map((r) => [r.rank, r.turnover, r.me])).toEqual([
      [1, '900000.00', false],
      [2, '800000.00', false],
      [3, '700000.00', true],
    ]);
    expect(race.top[0]!.name).toMatch(/^.{2}\*\*\*.$/);
    // Not before the week has closed (and its grace passed); then once.
    expect(await issueDueRacePrizes(t.ctx.db, t.clock)).toBe(0);
    t.clock.set(new Date(Date.parse('2026-06-08T00:00:00Z') + REBATE_GRACE_MS + 1_000));
    try {
      expect(await issueDueRacePrizes(t.ctx.db, t.clock)).toBeGreaterThanOrEqual(3);
      expect(await issueDueRacePrizes(t.ctx.db, t.clock)).toBe(0);
      const prizes = await t.ctx.db
        .selectFrom('promotion_claim')
        .select(['member_id', 'amount', 'status', 'period_key'])
        .where('member_id', 'in', [a.id, b.id, c.id, trial.id])
        .where('period_key', '=', '2026-W23')
        .orderBy('amount', 'desc')
        .execute();
      expect(prizes.map((p) => [p.member_id, p.amount, p.status])).toEqual([
        [a.id, 50_000n, 'issued'],
        [c.id, 30_000n, 'issued'],
        [b.id, 20_000n, 'issued'],
      ]);
    } finally {
      t.clock.set(new Date('2026-06-01T08:00:00.000Z'));
    }
  });

  it('a merchant without MISSION refuses mission activity; a visitor cannot claim', async () => {
    const off = await view(undefined, 'luzon');
    expect([off.status, (off.body as Err).code]).toEqual([403, 'mission_off']);
    expect((await t.request({ method: 'POST', url: '/api/promotions/1/mission-claim' })).status).toBe(401);
  });
});
