import { describe, expect, it } from 'vitest';
import { DomainError } from '../../lib/domain-error';
import type { MerchantRow } from '../merchants/merchants.repository';
import { claimTermsOf, drawAmount, needsReview, paid, rewardOf, textsIn } from './promotion-claims';
import type { ClaimRow } from './promotions.repository';

// Promotion pay's pure parts (issue 48: each at its edge): the pay function's refusals as the API's, the
// review ceiling, a random reward's bounds, the terms a claim is granted under and how the reward centre
// reads a claim.

const raised = (code: string | undefined, message: string | undefined) =>
  Object.assign(new Error(message), { code, message });

const caught = async (call: Promise<unknown>) => {
  try {
    await call;
  } catch (err) {
    return err;
  }
  throw new Error('no refusal');
};

describe('promotion pay: the pure parts', () => {
  it('the pay function’s refusals (P0001 with a known message) become the API’s, with their status and message; anything else is raised as it came', async () => {
    const budget = await caught(paid(Promise.reject(raised('P0001', 'promotion_budget_used'))));
    expect(budget).toBeInstanceOf(DomainError);
    expect(budget).toMatchObject({
      code: 'promotion_budget_used',
      status: 409,
      message: 'This promotion has given all it can',
    });
    expect(await caught(paid(Promise.reject(raised('P0001', 'reward_not_claimable'))))).toMatchObject({
      code: 'reward_not_claimable',
      status: 409,
      message: 'This reward cannot be claimed',
    });
    // Another database error that happens to carry the message, an unknown P0001, one without a message.
    for (const other of [
      raised('23505', 'promotion_budget_used'),
      raised('P0001', 'something_else'),
      raised('P0001', ''),
    ]) {
      const err = await caught(paid(Promise.reject(other)));
      expect(err).toBe(other);
      expect(err).not.toBeInstanceOf(DomainError);
    }
    expect(await paid(Promise.resolve(7))).toBe(7);
  });

  it('review_above: a claim of exactly the ceiling is paid, one centavo more waits for review; no ceiling, nothing waits', () => {
    expect(needsReview({ review_above: 10_000n }, 10_000n)).toBe(false);
    expect(needsReview({ review_above: 10_000n }, 10_001n)).toBe(true);
    expect(needsReview({ review_above: null }, 10n ** 15n)).toBe(false);
  });

  it('a random reward is drawn between its bounds, both reachable; a fixed one is its amount; other kinds draw nothing', () => {
    const seen = new Set<bigint>();
    for (let i = 0; i < 400; i++) seen.add(drawAmount({ type: 'random', min: '100', max: '102' })!);
    expect([...seen].sort()).toEqual([100n, 101n, 102n]);
    expect(drawAmount({ type: 'fixed', amount: '2500' })).toBe(2500n);
    expect(
      drawAmount({
        type: 'deposit',
        percentBp: 1000,
        max: '50000',
        minDeposit: '10000',
        firstDeposit: false,
      }),
    ).toBeNull();
  });

  it('a claim’s terms copy the titles (never the terms’ HTML), the turnover multiplier, and weights and hours only when the promotion has them', () => {
    const texts = {
      EN: { title: 'Reload', terms: '<p>long</p>' },
      TY: { title: 'Dagdag', terms: '<p>x</p>' },
    };
    expect(claimTermsOf({ texts, wagering_multiplier_tenths: 30 })).toEqual({
      title: { EN: { title: 'Reload', terms: '' }, TY: { title: 'Dagdag', terms: '' } },
      wageringTenths: 30,
    });
    expect(
      claimTermsOf({
        texts,
        wagering_multiplier_tenths: 10,
        wagering_weights: { slots: 100, live: 10 },
        wagering_hours: 72,
      }),
    ).toMatchObject({ turnoverWeights: { slots: 100, live: 10 }, turnoverHours: 72 });
    expect(textsIn({}, 'EN', 'EN')).toEqual({ title: '', terms: '' });
    expect(textsIn({ TY: { title: 'T', terms: '' } }, 'EN', 'ZH').title).toBe('T');
  });

  it('the reward centre reads an issued claim as expired from the very millisecond its window ends; a claimed one never lapses', () => {
    const now = new Date('2026-06-01T04:00:00Z');
    const merchant = { default_language: 'EN' } as MerchantRow;
    const row = (status: ClaimRow['status'], expires: Date | null): ClaimRow => ({
      id: 5n,
      promotion_id: 9n,
      status,
      amount: 1234n,
      terms: { title: { EN: { title: 'Gift', terms: '' } }, wageringTenths: 25 },
      reason: null,
      created_at: new Date('2026-05-31T04:00:00Z'),
      expires_at: expires,
    });
    expect(rewardOf(row('issued', now), merchant, 'EN', now).status).toBe('expired');
    expect(rewardOf(row('issued', new Date(now.getTime() + 1)), merchant, 'EN', now).status).toBe('issued');
    expect(rewardOf(row('issued', null), merchant, 'EN', now).status).toBe('issued');
    expect(rewardOf(row('claimed', new Date(now.getTime() - 1)), merchant, 'EN', now)).toMatchObject({
      id: '5',
      promotionId: '9',
      title: 'Gift',
      status: 'claimed',
      amount: '12.34',
      turnover: '30.85',
    });
  });
});
