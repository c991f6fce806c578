import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMBER_TYPE } from '@panalo/contract/member';
import type { OpsPromotionDetail, RewardItem } from '@panalo/contract/promotions';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { bearer, createMember, sessionFor } from '../../test-support/members';
import { expectLedgerClean } from '../../test-support/ledger';
import { accountBalance, memberWalletKey } from '../wallet/ledger';
import { wagering } from '../wallet/wagering';
import { forfeitExpiredTurnover } from './turnover-expiry';

type Ok<T> = { success: true; value: T };

// Issue 18 item 4: a bonus's turnover requirement with product weights and a time limit, copied from the
// promotion onto the claim's terms and from there onto the requirement.

describe('turnover requirements with product weights and a time limit', () => {
  let t: TestApp;
  let ops: string;
  beforeAll(async () => {
    t = await createTestApp();
    ops = await sessionFor(t, await createMember(t, { type: MEMBER_TYPE.OPERATOR }));
  });
  afterAll(async () => {
    await expectLedgerClean(t.ctx.db);
    await t.close();
  });

  /** A manual promotion with these turnover terms, granted to a new member and claimed by them. */
  async function bonusOf(code: string, terms: Record<string, unknown>) {
    const made = await t.request<Ok<OpsPromotionDetail>>({
      method: 'POST',
      url: '/api/ops/promotions',
      headers: bearer(ops),
      payload: {
        code,
        kind: 'manual',
        category: 'gift',
        texts: { EN: { title: code, terms: '' } },
        period: 'once',
        reward: { type: 'fixed', amount: '100.00' },
        budget: null,
        startsAt: '2026-05-01T00:00:00Z',
        endsAt: null,
        enabled: true,
        sort: 99,
        ...terms,
      },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const p = made.body.value;
    const m = await createMember(t);
    const token = await sessionFor(t, m);
    await t.request({
      method: 'POST',
      url: `/api/ops/promotions/${p.id}/grants`,
      headers: bearer(ops),
      payload: { usernames: [m.username] },
    });
    const reward = (
      await t.request<Ok<{ issued: RewardItem[] }>>({
        method: 'GET',
        url: '/api/rewards',
        headers: bearer(token),
      })
    ).body.value.issued[0]!;
    const claimed = await t.request({
      method: 'POST',
      url: `/api/rewards/${reward.id}/claim`,
      headers: bearer(token),
    });
    expect(claimed.status).toBe(200);
    return { p, m };
  }
  const requirement = (memberId: bigint) =>
    t.ctx.db
      .selectFrom('wagering_requirement')
      .select(['required', 'done', 'weights', 'expires_at', 'completed_at', 'forfeited_at'])
      .where('member_id', '=', memberId)
      .executeTakeFirstOrThrow();

  it('product weights: sports not counted, lottery at half, a group not named in full', async () => {
    const { p, m } = await bonusOf('WEIGHTED', {
      turnoverMultiplier: '2.0',
      turnoverWeights: { sports: 0, lottery: 50 },
    });
    expect(p.turnoverWeights).toEqual({ sports: 0, lottery: 50 });
    expect(await requirement(m.id)).toMatchObject({ required: 20_000n, done: 0n, expires_at: null });
    const bet = (stake: bigint, product: string) =>
      wagering.addTurnover(t.ctx.db, { merchantId: 1, memberId: m.id, stake, at: t.clock.now(), product });
    await bet(5_000n, 'sports');
    expect((await requirement(m.id)).done).toBe(0n);
    await bet(10_001n, 'lottery');
    expect((await requirement(m.id)).done).toBe(5_000n);
    // The product is asked for only when a requirement has weights (a game bet looks it up).
    let asked = 0;
    await wagering.addTurnover(t.ctx.db, {
      merchantId: 1,
      memberId: m.id,
      stake: 15_000n,
      at: t.clock.now(),
      product: async () => {
        asked++;
        return 'slots';
      },
    });
    expect(asked).toBe(1);
    expect(await requirement(m.id)).toMatchObject({ done: 20_000n, completed_at: t.clock.now() });
    expect((await wagering.status(t.ctx.db, 1, m.id)).remaining).toBe(0n);
  });

  it('a time limit: past it, the bonus and what it won go back to the promotion, once, and withdrawals open', async () => {
    const { m } = await bonusOf('HURRY-UP', { turnoverMultiplier: '5.0', turnoverHours: 2 });
    const claimedAt = t.clock.now();
    expect((await requirement(m.id)).expires_at).toEqual(new Date(claimedAt.getTime() + 2 * 3_600_000));
    const wallet = () => accountBalance(t.ctx.db, memberWalletKey(1, m.id, 'PHP'));
    expect(await wallet()).toBe(10_000n);
    t.clock.advance(60 * 60_000);
    expect(await forfeitExpiredTurnover(t.ctx.db, t.clock)).toBe(0);
    expect((await wagering.status(t.ctx.db, 1, m.id)).remaining).toBe(50_000n);
    t.clock.advance(61 * 60_000);
    // Past its time, a stake no longer counts towards it.
    await wagering.addTurnover(t.ctx.db, {
      merchantId: 1,
      memberId: m.id,
      stake: 1_000n,
      at: t.clock.now(),
      product: 'slots',
    });
    expect((await requirement(m.id)).done).toBe(0n);
    expect(await forfeitExpiredTurnover(t.ctx.db, t.clock)).toBe(1);
    expect(await wallet()).toBe(0n);
    expect(await requirement(m.id)).toMatchObject({ forfeited_at: t.clock.now() });
    expect((await wagering.status(t.ctx.db, 1, m.id)).remaining).toBe(0n);
    const claim = await t.ctx.db
      .selectFrom('promotion_claim')
      .select('status')
      .where('member_id', '=', m.id)
      .executeTakeFirstOrThrow();
    expect(claim.status).toBe('forfeited');
    expect(await forfeitExpiredTurnover(t.ctx.db, t.clock)).toBe(0);
    t.clock.set(new Date('2026-06-01T08:00:00Z'));
  });
});
