import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMBER_TYPE } from '@panalo/contract/member';
import type { MemberInfo } from '@panalo/contract/member';
import type { PromotionItem, RewardItem, VipBenefits } from '@panalo/contract/promotions';
import { vipLevelReached } from '@panalo/contract/promotion-rules';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { bearer, createMember, sessionFor } from '../../test-support/members';
import { fundFromClearing } from '../../test-support/ledger';
import { addToMemberDay } from '../stats/member-day';
import { itRaces, oneAfterAnother } from '../../test-support/races';

type Ok<T> = { success: true; value: T };
type Err = { success: false; code: string };

// Issue 18 item 5: the VIP club. Levels by cumulative deposits and valid turnover, kept once reached, a
// level-up bonus per level crossed issued once into the reward centre.

describe('the VIP club', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const benefits = (token: string, lang = 'EN', merchant = 'panalo') =>
    t.request<Ok<VipBenefits> | Err>({
      method: 'GET',
      url: `/api/members/benefits?lang=${lang}`,
      headers: { merchant, ...bearer(token) },
    });
  const value = async (token: string) => ((await benefits(token)).body as Ok<VipBenefits>).value;
  const issued = async (token: string) =>
    (
      await t.request<Ok<{ issued: RewardItem[] }>>({
        method: 'GET',
        url: '/api/rewards?lang=EN',
        headers: bearer(token),
      })
    ).body.value.issued;
  /** Valid turnover as the house roll-up counts a bet (member_day, product slots). */
  const bet = (memberId: bigint, pesos: bigint) =>
    addToMemberDay(t.ctx.db, {
      merchantId: 1,
      memberId,
      at: t.clock.now(),
      product: 'slots',
      figures: { bets: pesos * 100n, betCount: 1 },
    });

  it('vipLevelReached: the highest level whose every requirement is met', () => {
    const levels = [
      { level: 0, deposits: 0n, turnover: 0n },
      { level: 2, deposits: 500n, turnover: 3000n },
      { level: 1, deposits: 100n, turnover: 500n },
    ];
    expect(vipLevelReached(levels, 0n, 0n)).toBe(0);
    expect(vipLevelReached(levels, 100n, 499n)).toBe(0);
    expect(vipLevelReached(levels, 100n, 500n)).toBe(1);
    expect(vipLevelReached(levels, 10_000n, 2_999n)).toBe(1);
    expect(vipLevelReached(levels, 500n, 3000n)).toBe(2);
    expect(vipLevelReached([], 1n, 1n)).toBe(0);
  });

  it('PROMO-002 API-032 the club by GET: my level, what the next still needs, every level with its bonus', async () => {
    const m = await createMember(t);
    const token = await sessionFor(t, m);
    const b = await value(token);
    expect(b).toMatchObject({
      level: 0,
      name: 'Member',
      deposits: '0.00',
      turnover: '0.00',
      next: { level: 1, name: 'Bronze', depositsLeft: '1000.00', turnoverLeft: '5000.00' },
    });
    expect(b.levels.map((l) => [l.name, l.depositsRequired, l.levelUpBonus])).toEqual([
      ['Member', '0.00', '0.00'],
      ['Bronze', '1000.00', '18.00'],
      ['Silver', '5000.00', '58.00'],
      ['Gold', '20000.00', '188.00'],
      ['Platinum', '100000.00', '588.00'],
      ['Diamond', '500000.00', '1888.00'],
    ]);
    // In Tagalog, the level names are the merchant's Tagalog ones.
    expect(((await benefits(token, 'TY')).body as Ok<VipBenefits>).value.next?.name).toBe('Tanso');
  });

  it('PROMO-002 reaching a level raises me, keeps the level, and issues each level-up bonus once however often it is asked', async () => {
    const m = await createMember(t);
    const token = await sessionFor(t, m);
    await fundFromClearing(t.ctx.db, m.id, 600_000n, t.clock.now()); // ₱6,000 deposited
    await bet(m.id, 6_000n);
    const b = await value(token);
    expect(b).toMatchObject({ level: 1, name: 'Bronze', deposits: '6000.00', turnover: '6000.00' });
    expect(b.next).toMatchObject({ level: 2, depositsLeft: '0.00', turnoverLeft: '24000.00' });
    await bet(m.id, 30_000n);
    // Straight past Silver from Bronze; asked ten times: Silver's bonus once.
    const answers = await oneAfterAnother(10, () => benefits(token));
    expect(answers.every((a) => a.status === 200 && (a.body as Ok<VipBenefits>).value.level === 2)).toBe(
      true,
    );
    const rewards = await issued(token);
    expect(rewards.map((r) => [r.title, r.amount]).sort()).toEqual([
      ['VIP level-up bonus · Bronze', '18.00'],
      ['VIP level-up bonus · Silver', '58.00'],
    ]);
    // My VIP label is the level's name: the merchant's language, and each language for the site to pick.
    const me = await t.request<Ok<MemberInfo>>({
      method: 'GET',
      url: '/api/members/me',
      headers: bearer(token),
    });
    expect(me.body.value.vip).toEqual({ level: 2, name: 'Pilak', names: { EN: 'Silver', TY: 'Pilak' } });
    // Claimed like any reward; the level stays when the figures would say less (a level once reached is kept).
    for (const r of rewards)
      expect(
        (await t.request({ method: 'POST', url: `/api/rewards/${r.id}/claim`, headers: bearer(token) }))
          .status,
      ).toBe(200);
    await t.ctx.db.updateTable('member_day').set({ bets: 0n }).where('member_id', '=', m.id).execute();
    expect((await value(token)).level).toBe(2);
    expect(await issued(token)).toEqual([]);
    // (No ledger check here: the bets are figures written straight into member_day.)
  });

  itRaces(
    'PROMO-002 a level reached and asked for ten times at once issues its level-up bonuses once',
    async () => {
      const m = await createMember(t);
      const token = await sessionFor(t, m);
      await fundFromClearing(t.ctx.db, m.id, 600_000n, t.clock.now());
      await bet(m.id, 36_000n);
      const answers = await Promise.all(Array.from({ length: 10 }, () => benefits(token)));
      expect(answers.every((a) => a.status === 200 && (a.body as Ok<VipBenefits>).value.level === 2)).toBe(
        true,
      );
      expect((await issued(token)).map((r) => [r.title, r.amount]).sort()).toEqual([
        ['VIP level-up bonus · Bronze', '18.00'],
        ['VIP level-up bonus · Silver', '58.00'],
      ]);
    },
  );

  it('a free-trial account is raised but takes no level-up bonus; a merchant without VIPBENEFIT refuses the club', async () => {
    const trial = await createMember(t, { type: MEMBER_TYPE.TRIAL });
    const token = await sessionFor(t, trial);
    await bet(trial.id, 6_000n);
    await addToMemberDay(t.ctx.db, {
      merchantId: 1,
      memberId: trial.id,
      at: t.clock.now(),
      product: '',
      figures: { deposits: 100_000n },
    });
    expect((await value(token)).level).toBe(1);
    expect(await issued(token)).toEqual([]);
    const luzon = await sessionFor(t, await createMember(t, { merchant: 'luzon' }));
    const off = await benefits(luzon, 'EN', 'luzon');
    expect([off.status, (off.body as Err).code]).toEqual([403, 'vip_club_off']);
    expect((await t.request({ method: 'GET', url: '/api/members/benefits' })).status).toBe(401);
  });

  it('API-032 the available promotions by GET: open to me now, not those I took part in this period', async () => {
    const token = await sessionFor(t, await createMember(t));
    const available = async () =>
      (
        await t.request<Ok<PromotionItem[]>>({
          method: 'GET',
          url: '/api/promotions/available?lang=EN',
          headers: bearer(token),
        })
      ).body.value.map((p) => p.title);
    expect(await available()).toContain('Daily check-in');
    const checkin = (
      await t.request<Ok<PromotionItem[]>>({
        method: 'GET',
        url: '/api/promotions?lang=EN',
        headers: bearer(token),
      })
    ).body.value.find((p) => p.kind === 'checkin')!;
    await t.request({
      method: 'POST',
      url: `/api/promotions/${checkin.id}/check-in`,
      headers: bearer(token),
    });
    expect(await available()).not.toContain('Daily check-in');
    // The club's level-up bonus is not a card of the events tab.
    expect(await available()).not.toContain('VIP level-up bonus');
  });
});
