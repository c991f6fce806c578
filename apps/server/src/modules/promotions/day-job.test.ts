import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMBER_TYPE } from '@panalo/contract/member';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { createMember } from '../../test-support/members';
import { REBATE_GRACE_MS } from '../agents/rebate-run';
import { addToMemberDay } from '../stats/member-day';
import { runPromotionDays } from './day-job';

// Issue 18: the VIP level-up bonus and the referral reward are issued by the daily job once a day has
// closed, without the member opening the club or invite friends; each once however often it runs.

describe('the daily promotion job', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const DAY = '2026-06-01';
  const figures = (memberId: bigint, f: { deposits?: bigint; bets?: bigint }) =>
    Promise.all([
      addToMemberDay(t.ctx.db, {
        merchantId: 1,
        memberId,
        at: t.clock.now(),
        product: '',
        figures: { deposits: f.deposits ?? 0n, depositCount: f.deposits ? 1 : 0 },
      }),
      ...(f.bets
        ? [
            addToMemberDay(t.ctx.db, {
              merchantId: 1,
              memberId,
              at: t.clock.now(),
              product: 'slots',
              figures: { bets: f.bets, betCount: 1 },
            }),
          ]
        : []),
    ]);
  const claims = (memberId: bigint) =>
    t.ctx.db
      .selectFrom('promotion_claim')
      .select(['period_key', 'status', 'amount'])
      .where('member_id', '=', memberId)
      .orderBy('period_key')
      .execute();

  it('raises the day’s players to the level they reached and issues the referral rewards their friends earned, once', async () => {
    const player = await createMember(t);
    await figures(player.id, { deposits: 600_000n, bets: 600_000n }); // ₱6,000 each: Bronze
    const inviter = await createMember(t);
    const friend = await createMember(t);
    const trialFriend = await createMember(t, { type: MEMBER_TYPE.TRIAL });
    await t.ctx.db
      .updateTable('member')
      .set({ referrer_id: inviter.id })
      .where('id', 'in', [friend.id, trialFriend.id])
      .execute();
    await figures(friend.id, { deposits: 10_000n }); // ₱100: the demo's condition
    await figures(trialFriend.id, { deposits: 50_000n });
    // Not while the day is open.
    expect((await runPromotionDays(t.ctx.db, t.clock)).filter((r) => r.day === DAY)).toEqual([]);
    t.clock.set(new Date(Date.parse(`${DAY}T00:00:00Z`) + 86_400_000 + REBATE_GRACE_MS + 1_000));
    try {
      const report = (await runPromotionDays(t.ctx.db, t.clock)).find(
        (r) => r.day === DAY && r.merchantId === 1,
      );
      expect(report).toMatchObject({ raised: 1, referrals: 1 });
      const member = await t.ctx.db
        .selectFrom('member')
        .select('vip_level')
        .where('id', '=', player.id)
        .executeTakeFirstOrThrow();
      expect(member.vip_level).toBe(1);
      expect((await claims(player.id)).map((c) => [c.period_key, c.status, c.amount])).toEqual([
        ['level-1', 'issued', 1_800n],
      ]);
      expect((await claims(inviter.id)).map((c) => [c.period_key, c.status, c.amount])).toEqual([
        [`friend-${friend.id}`, 'issued', 2_000n],
      ]);
      // Again (a restart, a second process): the day is done and the keys hold.
      expect((await runPromotionDays(t.ctx.db, t.clock)).filter((r) => r.day === DAY)).toEqual([]);
      await t.ctx.db.deleteFrom('promotion_day_job').execute();
      await runPromotionDays(t.ctx.db, t.clock);
      expect(await claims(player.id)).toHaveLength(1);
      expect(await claims(inviter.id)).toHaveLength(1);
    } finally {
      t.clock.set(new Date('2026-06-01T08:00:00.000Z'));
    }
  });
});
