import { describe, expect, it } from 'vitest';
import { checkRainDraft, claimState, emptyRainDraft, meanEnvelope } from './rain-draft';

const now = Date.parse('2026-11-27T08:00:00Z');
const draft = (p: Partial<typeof emptyRainDraft>) => ({
  ...emptyRainDraft,
  budget: '100',
  paymentPassword: '135790',
  ...p,
});

describe('red envelope rain form', () => {
  it('turns a valid draft into the request, amounts as decimal strings', () => {
    expect(
      checkRainDraft(draft({ envelopes: '10', minAmount: '0.5', perMember: '2' }), now, '500.00'),
    ).toEqual({
      request: {
        budget: '100.00',
        envelopes: 10,
        minAmount: '0.50',
        minutes: 5,
        perMember: 2,
        audience: 'team',
        memberIds: [],
        paymentPassword: '135790',
      },
    });
  });

  it('names the first problem: budget, balance, count, minimum, window, limit, start, members, password', () => {
    const key = (p: Partial<typeof emptyRainDraft>, balance: string | null = '500.00') =>
      checkRainDraft(draft(p), now, balance).problem?.key;
    expect(key({ budget: '' })).toBe('rain.form.problem.budget');
    expect(key({ budget: '1e3' })).toBe('rain.form.problem.budget');
    expect(key({ budget: '600' })).toBe('rain.form.problem.overBalance');
    expect(key({ envelopes: '0' })).toBe('rain.form.problem.envelopes');
    expect(key({ envelopes: '100001' })).toBe('rain.form.problem.envelopes');
    expect(key({ minAmount: '0' })).toBe('rain.form.problem.minAmount');
    expect(checkRainDraft(draft({ envelopes: '1000', minAmount: '1' }), now, null).problem).toEqual({
      field: 'budget',
      key: 'rain.form.problem.tooSmall',
      values: { least: '1000.00' },
    });
    expect(key({ minutes: '0' })).toBe('rain.form.problem.minutes');
    expect(key({ minutes: '1441' })).toBe('rain.form.problem.minutes');
    expect(key({ perMember: '101' })).toBe('rain.form.problem.perMember');
    expect(key({ startsAt: '2026-11-27T07:00' })).toBe('rain.form.problem.startPast');
    expect(key({ startsAt: '2026-12-27T07:00' })).toBe('rain.form.problem.startFar');
    expect(key({ audience: 'chosen' })).toBe('rain.form.problem.members');
    expect(key({ paymentPassword: '12' })).toBe('rain.form.problem.password');
  });

  it('sends a later start as an ISO time and the chosen downlines', () => {
    const r = checkRainDraft(
      draft({ startsAt: '2026-11-28T10:30', audience: 'chosen', memberIds: ['7', '9'] }),
      now,
      null,
    ).request!;
    expect(r.startsAt).toBe(new Date('2026-11-28T10:30').toISOString());
    expect(r.memberIds).toEqual(['7', '9']);
  });

  it('shows the mean envelope once budget and count are valid', () => {
    expect(meanEnvelope({ budget: '100', envelopes: '8' })).toBe('12.50');
    expect(meanEnvelope({ budget: 'x', envelopes: '8' })).toBeNull();
  });

  it('knows the next claim number, how many may still be opened, and the total won', () => {
    expect(claimState({ perMember: 3, left: 10, won: [] })).toEqual({ next: 1, mayOpen: 3, total: '0.00' });
    expect(
      claimState({
        perMember: 3,
        left: 10,
        won: [
          { claim: 1, amount: '1.25' },
          { claim: 2, amount: '0.75' },
        ],
      }),
    ).toEqual({ next: 3, mayOpen: 1, total: '2.00' });
    expect(claimState({ perMember: 1, left: 5, won: [{ claim: 1, amount: '3.00' }] }).next).toBeNull();
    expect(claimState({ perMember: 3, left: 0, won: [] })).toEqual({ next: null, mayOpen: 0, total: '0.00' });
  });
});
