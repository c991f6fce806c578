import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMBER_TYPE } from '@panalo/contract/member';
import type { VipBenefits } from '@panalo/contract/promotions';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { bearer, createMember, sessionFor } from '../../test-support/members';
import { merchantsRepository, type MerchantRow } from '../merchants/merchants.repository';
import { addToMemberDay } from '../stats/member-day';
import { runPromotionDays } from './day-job';
import { reviewVipMonth } from './vip.service';

type Ok<T> = { success: true; value: T };

// Issue 18 item 5: the club's retention and relegation as merchant rules per level, and the monthly
// bonus (migration 0052). The demo's Bronze keeps with ₱500 deposited and ₱2,000 turned over in a month
// and pays ₱8 a month; Silver asks ₱2,000 and ₱10,000 and pays ₱28.

describe('the VIP club month by month', () => {
  let t: TestApp;
  let merchant: MerchantRow;
  beforeAll(async () => {
    t = await createTestApp();
    merchant = (await merchantsRepository(t.ctx.db).findByCode('panalo'))!;
  });
  afterAll(async () => t.close());

  /** A member at a level since a moment, with May's figures (₱) written as the roll-up would. */
  async function clubMember(
    level: number,
    raisedAt: string,
    may: { deposits?: bigint; turnover?: bigint } = {},
    type: number = MEMBER_TYPE.PLAYER,
  ) {
    const m = await createMember(t, { type });
    await t.ctx.db
      .updateTable('member')
      .set({ vip_level: level, vip_raised_at: new Date(raisedAt) })
      .where('id', '=', m.id)
      .execute();
    await addToMemberDay(t.ctx.db, {
      merchantId: merchant.id,
      memberId: m.id,
      at: new Date('2026-05-15T10:00:00Z'),
      product: 'slots',
      figures: { bets: (may.turnover ?? 0n) * 100n, betCount: may.turnover ? 1 : 0 },
    });
    if (may.deposits)
      await addToMemberDay(t.ctx.db, {
        merchantId: merchant.id,
        memberId: m.id,
        at: new Date('2026-05-15T10:00:00Z'),
        product: '',
        figures: { deposits: may.deposits * 100n, depositCount: 1 },
      });
    return m;
  }
  const levelOf = async (id: bigint) =>
    t.ctx.db
      .selectFrom('member')
      .select(['vip_level', 'vip_since'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const monthlyClaims = (id: bigint) =>
    t.ctx.db
      .selectFrom('promotion_claim')
      .select(['period_key', 'status', 'amount'])
      .where('member_id', '=', id)
      .where('period_key', 'like', 'month-%')
      .execute();

  it('PROMO-002 a closed month: kept levels pay their monthly bonus, short ones move down one level, each member once', async () => {
    const kept = await clubMember(1, '2026-03-01T00:00:00Z', { deposits: 500n, turnover: 2_000n });
    const short = await clubMember(1, '2026-03-01T00:00:00Z', { deposits: 500n, turnover: 1_999n });
    const silver = await clubMember(2, '2026-03-01T00:00:00Z');
    const raisedInMay = await clubMember(1, '2026-05-20T00:00:00Z');
    const trial = await clubMember(
      1,
      '2026-03-01T00:00:00Z',
      { deposits: 500n, turnover: 2_000n },
      MEMBER_TYPE.TRIAL,
    );

    const first = await reviewVipMonth(t.ctx.db, merchant, '2026-05', t.clock.now());
    expect(first.relegated).toBe(2);
    expect(await levelOf(kept.id)).toEqual({ vip_level: 1, vip_since: null });
    expect(await levelOf(short.id)).toEqual({ vip_level: 0, vip_since: '2026-06-01' });
    expect(await levelOf(silver.id)).toEqual({ vip_level: 1, vip_since: '2026-06-01' });
    // Raised within the month: kept, and paid.
    expect(await levelOf(raisedInMay.id)).toEqual({ vip_level: 1, vip_since: null });
    expect(await levelOf(trial.id)).toEqual({ vip_level: 1, vip_since: null });
    for (const m of [kept, raisedInMay])
      expect(await monthlyClaims(m.id)).toEqual([
        { period_key: 'month-2026-05', status: 'issued', amount: 800n },
      ]);
    for (const m of [short, silver, trial]) expect(await monthlyClaims(m.id)).toEqual([]);
    const review = await t.ctx.db
      .selectFrom('vip_review')
      .select(['level_before', 'level_after', 'deposits', 'turnover'])
      .where('member_id', '=', short.id)
      .executeTakeFirstOrThrow();
    expect(review).toEqual({ level_before: 1, level_after: 0, deposits: 50_000n, turnover: 199_900n });

    // Reviewed again (a second process, a rerun): nobody twice, no second bonus.
    const again = await reviewVipMonth(t.ctx.db, merchant, '2026-05', t.clock.now());
    expect(again).toEqual({ kept: 0, relegated: 0, bonuses: 0 });
    expect(await levelOf(short.id)).toEqual({ vip_level: 0, vip_since: '2026-06-01' });
    expect(await monthlyClaims(kept.id)).toHaveLength(1);
  });

  it('relegated, the figures that already counted do not raise me back: the way up counts from the next month', async () => {
    const m = await clubMember(2, '2026-03-01T00:00:00Z');
    // April's figures reached Silver long ago (₱6,000 deposited, ₱30,000 turned over).
    await addToMemberDay(t.ctx.db, {
      merchantId: merchant.id,
      memberId: m.id,
      at: new Date('2026-04-10T10:00:00Z'),
      product: 'slots',
      figures: { bets: 3_000_000n, betCount: 1, deposits: 600_000n, depositCount: 1 },
    });
    await reviewVipMonth(t.ctx.db, merchant, '2026-05', t.clock.now());
    const token = await sessionFor(t, m);
    const b = (
      await t.request<Ok<VipBenefits>>({
        method: 'GET',
        url: '/api/members/benefits?lang=EN',
        headers: bearer(token),
      })
    ).body.value;
    expect(b).toMatchObject({ level: 1, name: 'Bronze', deposits: '0.00', turnover: '0.00' });
    expect(b.next).toMatchObject({ level: 2, depositsLeft: '5000.00', turnoverLeft: '30000.00' });
    // What keeps Bronze through June, and every level's rule.
    expect(b.retention).toEqual({
      month: '2026-06',
      deposits: '0.00',
      turnover: '0.00',
      depositsLeft: '500.00',
      turnoverLeft: '2000.00',
    });
    expect(b.levels[1]).toMatchObject({
      retainDeposits: '500.00',
      retainTurnover: '2000.00',
      monthlyBonus: '8.00',
    });
    expect(b.levels[0]).toMatchObject({ retainDeposits: '0.00', monthlyBonus: '0.00' });
  });

  it('the daily promotion job reviews the month that closed, once', async () => {
    const m = await clubMember(1, '2026-03-01T00:00:00Z');
    await runPromotionDays(t.ctx.db, t.clock);
    expect(await levelOf(m.id)).toEqual({ vip_level: 0, vip_since: '2026-06-01' });
    const job = await t.ctx.db
      .selectFrom('vip_month_job')
      .select(['month', 'relegated'])
      .where('merchant_id', '=', merchant.id)
      .execute();
    expect(job).toEqual([{ month: '2026-05', relegated: 1 }]);
    // The month is done: a member put back at Bronze is not reviewed again by the next run.
    await t.ctx.db.updateTable('member').set({ vip_level: 1 }).where('id', '=', m.id).execute();
    await runPromotionDays(t.ctx.db, t.clock);
    expect((await levelOf(m.id)).vip_level).toBe(1);
  });
});
