import { describe, expect, it } from 'vitest';
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- a test, never bundled: the form's request must pass the API's own schema
import { createPromotionRequest, type OpsPromotionDetail } from '@panalo/contract/promotions';
import { newPromotionForm, promotionForm, withKind, type PromotionForm } from './promotion-form';
import { promotionRequest } from './promotion-request';

const NOW = new Date('2026-11-28T10:00:00Z');
const filled = (change: Partial<PromotionForm> = {}): PromotionForm => ({
  ...newPromotionForm(['EN', 'TY'], NOW),
  code: 'WEEKEND-10',
  texts: { EN: { title: 'Weekend ten', terms: '<p>Ten pesos</p>' }, TY: { title: '', terms: '' } },
  reward: { ...newPromotionForm(['EN'], NOW).reward, type: 'fixed', amount: '10' },
  ...change,
});
const problemsOf = (form: PromotionForm) => {
  const r = promotionRequest(form);
  return 'problems' in r ? r.problems.map((p) => `${p.field}:${p.key}`) : [];
};

describe('the console’s promotion form', () => {
  it('turns a filled form into a request the API’s schema accepts, without the languages left empty', () => {
    const r = promotionRequest(filled({ endsAt: '2026-12-31T23:00', budget: '5000', claimHours: '48' }));
    if (!('body' in r)) throw new Error(JSON.stringify(r.problems));
    expect(createPromotionRequest.parse(r.body)).toMatchObject({
      code: 'WEEKEND-10',
      kind: 'manual',
      texts: { EN: { title: 'Weekend ten' } },
      reward: { type: 'fixed', amount: '10' },
      budget: '5000',
      claimHours: 48,
      eligibility: {},
      turnoverWeights: null,
    });
    expect(Object.keys(r.body.texts)).toEqual(['EN']);
    expect(Date.parse(r.body.endsAt!)).toBeGreaterThan(Date.parse(r.body.startsAt));
  });

  it('names each field that is wrong instead of sending it', () => {
    expect(
      problemsOf(
        filled({
          code: 'bad code',
          texts: { EN: { title: ' ', terms: '' } },
          budget: '1.234',
          endsAt: '2026-11-01T00:00',
          turnoverMultiplier: '1.25',
          depositsMin: '5',
          depositsMax: '2',
          vipLevels: '1, 99',
          weights: { ...newPromotionForm([]).weights, slots: '150' },
        }),
      ),
    ).toEqual([
      'code:promotionEdit.codeInvalid',
      'texts:promotionEdit.textsNeeded',
      'turnoverMultiplier:promotionEdit.multiplierInvalid',
      'budget:promotionEdit.amountInvalid',
      'endsAt:promotionEdit.endBeforeStart',
      'vipLevels:promotionEdit.levelsInvalid',
      'depositsMax:promotionEdit.maxBelowMin',
      'weights.slots:promotionEdit.wholeInvalid',
    ]);
  });

  it('keeps each kind’s rules: a rebate has no budget, only a deposit bonus pays on every deposit, a first-deposit bonus is paid once', () => {
    const rebate = withKind(filled({ budget: '100' }), 'rebate');
    expect(rebate.reward.type).toBe('rebate');
    expect(rebate.budget).toBe('');
    expect(problemsOf({ ...rebate, budget: '100' })).toContain('budget:promotionEdit.rebateNoBudget');
    expect(problemsOf(rebate)).toEqual([
      'reward.rates:promotionEdit.ratesNeeded',
      'reward.min:promotionEdit.amountInvalid',
      'reward.max:promotionEdit.amountInvalid',
    ]);
    expect(problemsOf({ ...filled(), period: 'every' })).toContain('period:promotionEdit.everyDepositOnly');
    const deposit = withKind(filled({ period: 'daily' }), 'deposit');
    const bonus = { ...deposit.reward, percent: '100', max: '500', minDeposit: '100', firstDeposit: true };
    expect(problemsOf({ ...deposit, reward: bonus })).toEqual(['period:promotionEdit.firstDepositOnce']);
    expect(problemsOf({ ...deposit, reward: bonus, period: 'once' })).toEqual([]);
    expect(withKind({ ...deposit, period: 'every' }, 'checkin').period).toBe('once');
  });

  it('writes the lists of a reward from commas or spaces: check-in days, rebate rates by level, deposit tiers', () => {
    const checkin = withKind(filled(), 'checkin');
    const r1 = promotionRequest({
      ...checkin,
      period: 'daily',
      reward: { ...checkin.reward, amounts: '1, 2 3;5' },
    });
    expect('body' in r1 && r1.body.reward).toEqual({ type: 'streak', amounts: ['1', '2', '3', '5'] });

    const rebate = withKind(filled(), 'rebate');
    const rates = { ...rebate.reward.rates, slots: '0.5, 0.8 1' };
    const r2 = promotionRequest({ ...rebate, reward: { ...rebate.reward, rates, min: '1', max: '500' } });
    expect('body' in r2 && r2.body.reward).toEqual({
      type: 'rebate',
      rates: { slots: ['0.5', '0.8', '1'] },
      min: '1',
      max: '500',
    });
    expect(
      problemsOf({
        ...rebate,
        reward: { ...rebate.reward, rates: { ...rates, live: '0.5, abc' }, min: '1', max: '5' },
      }),
    ).toEqual(['reward.rates.live:promotionEdit.ratesInvalid']);

    const deposit = withKind(filled(), 'deposit');
    const tiers = [
      { from: '500', amount: '50' },
      { from: '1000', amount: '150' },
    ];
    const r3 = promotionRequest({
      ...deposit,
      reward: { ...deposit.reward, tiers, max: '150', minDeposit: '500' },
    });
    expect('body' in r3 && r3.body.reward).toEqual({
      type: 'deposit',
      percent: '0',
      tiers,
      max: '150',
      minDeposit: '500',
      firstDeposit: false,
    });
  });

  it('reads back what the server holds: the form of a saved promotion gives the same request', () => {
    const saved: OpsPromotionDetail = {
      id: '7',
      code: 'MISSION-1',
      kind: 'mission',
      title: 'Spin more',
      enabled: true,
      budget: '10000.00',
      granted: '0.00',
      startsAt: '2026-11-01T00:00:00.000Z',
      endsAt: null,
      eligibility: { vipLevels: [1, 2], agents: ['agent01'], excludes: ['OTHER'], newPlayersDays: 30 },
      claimHours: 24,
      reviewAbove: '100.00',
      turnoverWeights: { slots: 50 },
      turnoverHours: 72,
      category: 'event',
      texts: { EN: { title: 'Spin more', terms: '<p>x</p>' } },
      period: 'weekly',
      reward: { type: 'mission', goal: 'turnover', product: 'slots', target: '1000.00', amount: '20.00' },
      turnoverMultiplier: '2.0',
      sort: 3,
    };
    const form = promotionForm(saved, ['EN', 'TY']);
    expect(Object.keys(form.texts)).toEqual(['EN', 'TY']);
    const r = promotionRequest(form);
    if (!('body' in r)) throw new Error(JSON.stringify(r.problems));
    const { code: _code, kind: _kind, ...update } = r.body;
    expect(update).toEqual({
      category: 'event',
      sort: 3,
      enabled: true,
      texts: { EN: { title: 'Spin more', terms: '<p>x</p>' } },
      period: 'weekly',
      reward: saved.reward,
      turnoverMultiplier: '2.0',
      budget: '10000.00',
      startsAt: saved.startsAt,
      endsAt: null,
      claimHours: 24,
      turnoverHours: 72,
      reviewAbove: '100.00',
      eligibility: { newPlayersDays: 30, vipLevels: [1, 2], agents: ['agent01'], excludes: ['OTHER'] },
      turnoverWeights: { slots: 50 },
    });
  });
});
