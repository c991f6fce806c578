import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  MissionsView,
  OpsApplication,
  OpsPromotionDetail,
  PromotionItem,
  RewardItem,
} from '@panalo/contract/promotions';
import { MEMBER_TYPE } from '@panalo/contract/member';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { bearer, createMember, sessionFor } from '../../test-support/members';
import { accountBalance, memberWalletKey } from '../wallet/ledger';
import { addToMemberDay } from '../stats/member-day';
import { itRaces } from '../../test-support/races';

type Ok<T> = { success: true; value: T };

// Issue 18 item 6: one bonus per person. A check-in or a mission taken by an account linked to one that
// already took it this period (member_links: here, the same registration address) is not paid: it waits
// in the application queue with the linked member shown, and an operator decides.

describe('one bonus per person on check-in and missions', () => {
  let t: TestApp;
  let ops: string;
  beforeAll(async () => {
    t = await createTestApp();
    ops = await sessionFor(t, await createMember(t, { type: MEMBER_TYPE.OPERATOR }));
  });
  afterAll(async () => t.close());

  /** Two accounts registered from one address, each with a session. */
  async function pair(ip: string) {
    const a = await createMember(t);
    const b = await createMember(t);
    await t.ctx.db.updateTable('member').set({ register_ip: ip }).where('id', 'in', [a.id, b.id]).execute();
    return { a, b, ta: await sessionFor(t, a), tb: await sessionFor(t, b) };
  }
  const wallet = (id: bigint) => accountBalance(t.ctx.db, memberWalletKey(1, id, 'PHP'));
  const queue = async () =>
    (
      await t.request<Ok<{ list: OpsApplication[] }>>({
        method: 'GET',
        url: '/api/ops/promotions/applications?status=applying',
        headers: bearer(ops),
      })
    ).body.value.list;

  it('the second account’s check-in is signed (its streak goes on) but its reward waits for review', async () => {
    const { a, b, ta, tb } = await pair('198.51.100.10');
    const list = await t.request<Ok<PromotionItem[]>>({
      method: 'GET',
      url: '/api/promotions?lang=EN',
      headers: bearer(ta),
    });
    const checkin = list.body.value.find((p) => p.kind === 'checkin')!;
    const checkIn = (token: string) =>
      t.request<Ok<RewardItem>>({
        method: 'POST',
        url: `/api/promotions/${checkin.id}/check-in`,
        headers: bearer(token),
      });
    expect((await checkIn(ta)).body.value).toMatchObject({ status: 'signed', amount: '1.00' });
    expect(await wallet(a.id)).toBe(100n);
    const held = await checkIn(tb);
    expect(held.body.value).toMatchObject({ status: 'applying', amount: '1.00' });
    expect(await wallet(b.id)).toBe(0n);
    // Done for today on the events tab, not offered again.
    const mine = (
      await t.request<Ok<PromotionItem[]>>({ method: 'GET', url: '/api/promotions', headers: bearer(tb) })
    ).body.value.find((p) => p.id === checkin.id)!;
    expect(mine.status).toBe('applying');
    expect(mine.checkIn?.today).toBe(true);
    expect((await checkIn(tb)).status).toBe(409);
    const item = (await queue()).find((x) => x.username === b.username);
    expect(item).toMatchObject({ amount: '1.00', linked: [{ username: a.username, via: ['address'] }] });
    // The next day: the held check-in kept the streak (day 2 pays ₱2), and it is held again.
    t.clock.advance(24 * 3_600_000);
    expect((await checkIn(ta)).body.value).toMatchObject({ status: 'signed', amount: '2.00' });
    expect((await checkIn(tb)).body.value).toMatchObject({ status: 'applying', amount: '2.00' });
    t.clock.set(new Date('2026-06-01T08:00:00Z'));
  });

  itRaces(
    'two linked accounts checking in at the same moment: one is paid, the other waits for review',
    async () => {
      const { a, b, ta, tb } = await pair('198.51.100.30');
      const list = await t.request<Ok<PromotionItem[]>>({
        method: 'GET',
        url: '/api/promotions?lang=EN',
        headers: bearer(ta),
      });
      const checkin = list.body.value.find((p) => p.kind === 'checkin')!;
      for (let round = 0; round < 3; round++) {
        const answers = await Promise.all(
          [ta, tb].map((token) =>
            t.request<Ok<RewardItem>>({
              method: 'POST',
              url: `/api/promotions/${checkin.id}/check-in`,
              headers: bearer(token),
            }),
          ),
        );
        expect(answers.map((r) => r.body.value.status).sort()).toEqual(['applying', 'signed']);
        t.clock.advance(24 * 3_600_000);
      }
      // Three days, three rewards paid in all (₱1 + ₱2 + ₱3), each day's to one of the two.
      expect((await wallet(a.id)) + (await wallet(b.id))).toBe(600n);
      t.clock.set(new Date('2026-06-01T08:00:00Z'));
    },
  );

  it('the second account’s mission reward waits for review; approved, it is claimed in the reward centre', async () => {
    const { a, b, ta, tb } = await pair('198.51.100.20');
    for (const m of [a, b])
      await addToMemberDay(t.ctx.db, {
        merchantId: 1,
        memberId: m.id,
        at: t.clock.now(),
        product: 'slots',
        figures: { bets: 100_000n, betCount: 1 },
      });
    const view = async (token: string) =>
      (
        await t.request<Ok<MissionsView>>({
          method: 'GET',
          url: '/api/promotions/missions?lang=EN',
          headers: bearer(token),
        })
      ).body.value.missions[0]!;
    const mission = await view(ta);
    const claim = (token: string) =>
      t.request<Ok<RewardItem>>({
        method: 'POST',
        url: `/api/promotions/${mission.id}/mission-claim`,
        headers: bearer(token),
      });
    expect((await claim(ta)).body.value).toMatchObject({ status: 'claimed', amount: '5.00' });
    expect((await claim(tb)).body.value).toMatchObject({ status: 'applying', amount: '5.00' });
    expect((await view(tb)).status).toBe('applying');
    expect(await wallet(b.id)).toBe(0n);
    const item = (await queue()).find((x) => x.username === b.username)!;
    expect(item.linked).toEqual([{ username: a.username, via: ['address'] }]);
    const approved = await t.request({
      method: 'POST',
      url: `/api/ops/promotions/applications/${item.id}/review`,
      headers: bearer(ops),
      payload: { approve: true },
    });
    expect(approved.status).toBe(200);
    const claimed = await t.request<Ok<RewardItem>>({
      method: 'POST',
      url: `/api/rewards/${item.id}/claim`,
      headers: bearer(tb),
    });
    expect(claimed.body.value).toMatchObject({ status: 'claimed', amount: '5.00' });
    expect(await wallet(b.id)).toBe(500n);
  });

  it('an auto-approve ceiling: a check-in worth more waits for review like an application; under it, paid at once', async () => {
    const create = (code: string, reviewAbove: string) =>
      t.request<Ok<OpsPromotionDetail>>({
        method: 'POST',
        url: '/api/ops/promotions',
        headers: bearer(ops),
        payload: {
          code,
          kind: 'checkin',
          category: 'daily',
          texts: { EN: { title: code, terms: '' } },
          period: 'daily',
          reward: { type: 'streak', amounts: ['1.00'] },
          turnoverMultiplier: '1.0',
          budget: null,
          startsAt: '2026-05-01T00:00:00Z',
          endsAt: null,
          enabled: true,
          sort: 95,
          reviewAbove,
        },
      });
    const strict = (await create('CEIL-LOW', '0.50')).body.value;
    const loose = (await create('CEIL-HIGH', '5.00')).body.value;
    expect([strict.reviewAbove, loose.reviewAbove]).toEqual(['0.50', '5.00']);
    const m = await createMember(t);
    const tm = await sessionFor(t, m);
    const checkIn = (id: string) =>
      t.request<Ok<RewardItem>>({
        method: 'POST',
        url: `/api/promotions/${id}/check-in`,
        headers: bearer(tm),
      });
    expect((await checkIn(loose.id)).body.value).toMatchObject({ status: 'signed', amount: '1.00' });
    expect(await wallet(m.id)).toBe(100n);
    expect((await checkIn(strict.id)).body.value).toMatchObject({ status: 'applying', amount: '1.00' });
    expect(await wallet(m.id)).toBe(100n);
    const item = (await queue()).find((x) => x.username === m.username)!;
    expect(item).toMatchObject({ amount: '1.00', linked: [] });
    expect(
      (
        await t.request({
          method: 'POST',
          url: `/api/ops/promotions/applications/${item.id}/review`,
          headers: bearer(ops),
          payload: { approve: true },
        })
      ).status,
    ).toBe(200);
    await t.request({ method: 'POST', url: `/api/rewards/${item.id}/claim`, headers: bearer(tm) });
    expect(await wallet(m.id)).toBe(200n);
  });

  it('accounts that share nothing are each paid at once', async () => {
    const a = await createMember(t);
    const b = await createMember(t);
    for (const m of [a, b])
      await addToMemberDay(t.ctx.db, {
        merchantId: 1,
        memberId: m.id,
        at: t.clock.now(),
        product: 'slots',
        figures: { bets: 100_000n, betCount: 1 },
      });
    const missions = await t.request<Ok<MissionsView>>({
      method: 'GET',
      url: '/api/promotions/missions',
      headers: bearer(await sessionFor(t, a)),
    });
    const id = missions.body.value.missions[0]!.id;
    for (const m of [a, b]) {
      const r = await t.request<Ok<RewardItem>>({
        method: 'POST',
        url: `/api/promotions/${id}/mission-claim`,
        headers: bearer(await sessionFor(t, m)),
      });
      expect(r.body.value.status).toBe('claimed');
    }
  });
});
