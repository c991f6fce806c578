import { describe, expect, it } from 'vitest';
import type { BrandTerms } from '@panalo/contract/provider';
import {
  effectiveShares,
  newTermsForm,
  refusalProblem,
  termsProblems,
  termsRequest,
  type TermsForm,
} from './terms-form';

const now = new Date(2026, 10, 20); // 20 November 2026
const newest: BrandTerms = {
  startsOn: '2026-01-01',
  shares: {
    lottery: '15.00',
    slots: '20.00',
    live: '15.00',
    sports: '15.00',
    fishing: '15.00',
    cards: '15.00',
    cockfight: '15.00',
    esports: '15.00',
  },
  minimumFee: '50000.00',
  note: 'first',
  by: 'finance01',
  at: '2025-12-20T10:00:00Z',
};
const form = (over: Partial<TermsForm> = {}): TermsForm => ({
  startsOn: '2026-12-01',
  defaultShare: '15',
  overrides: {},
  minimumFee: '50000',
  note: '',
  ...over,
});

describe('the commercial terms form', () => {
  it('starts on the 1st of next month, empty, or from the newest version', () => {
    expect(newTermsForm(now)).toEqual(form({ defaultShare: '', minimumFee: '' }));
    expect(newTermsForm(now, newest)).toEqual(form({ overrides: { slots: '20' }, minimumFee: '50000.00' }));
  });

  it('takes a filled form as it is', () => {
    expect(termsProblems(form({ overrides: { slots: '22.5' }, note: 'x' }), now, ['2026-01-01'])).toEqual({});
    // This month is not the past: a version may still start on its days.
    expect(termsProblems(form({ startsOn: '2026-11-01' }), now, [])).toEqual({});
  });

  it('names each field’s problem', () => {
    expect(
      termsProblems(
        form({ startsOn: '', defaultShare: '', minimumFee: '', overrides: { live: '100' } }),
        now,
        [],
      ),
    ).toEqual({
      startsOn: 'required',
      defaultShare: 'required',
      minimumFee: 'required',
      'share.live': 'share',
    });
    expect(termsProblems(form({ startsOn: '2026-02-30' }), now, []).startsOn).toBe('day');
    expect(termsProblems(form({ startsOn: '2026-10-31' }), now, []).startsOn).toBe('inPast');
    expect(termsProblems(form({ startsOn: '2026-12-01' }), now, ['2026-12-01']).startsOn).toBe('startTaken');
    expect(termsProblems(form({ defaultShare: '12.345' }), now, []).defaultShare).toBe('share');
    expect(termsProblems(form({ defaultShare: '-1' }), now, []).defaultShare).toBe('share');
    expect(termsProblems(form({ minimumFee: '1,000' }), now, []).minimumFee).toBe('amount');
    expect(termsProblems(form({ note: 'x'.repeat(301) }), now, []).note).toBe('noteLong');
  });

  it('sends only the groups that differ from the default, and no empty note', () => {
    expect(
      termsRequest(form({ overrides: { slots: ' 20 ', live: '', sports: '15.00' }, note: '  ' })),
    ).toEqual({ startsOn: '2026-12-01', defaultShare: '15', shares: { slots: '20' }, minimumFee: '50000' });
    expect(termsRequest(form({ note: ' renewed ' })).note).toBe('renewed');
  });

  it('shows every group’s share the form would give', () => {
    const shares = effectiveShares(form({ defaultShare: '15.50', overrides: { slots: '20.00' } }));
    expect(shares.slots).toBe('20');
    expect(shares.lottery).toBe('15.5');
  });

  it('puts the server’s refusals of the start day under it, the rest above the form', () => {
    expect(refusalProblem('terms_start_taken')).toEqual({ field: 'startsOn', problem: 'startTaken' });
    expect(refusalProblem('terms_in_past')).toEqual({ field: 'startsOn', problem: 'inPast' });
    expect(refusalProblem('validation_failed')).toBeNull();
    expect(refusalProblem('brand_unknown')).toBeNull();
  });

  it('puts a validation refusal under the field it names', () => {
    expect(refusalProblem('validation_failed', { field: 'minimumFee' })).toEqual({
      field: 'minimumFee',
      problem: 'amount',
    });
    expect(refusalProblem('validation_failed', { field: 'defaultShare' })).toEqual({
      field: 'defaultShare',
      problem: 'share',
    });
    expect(refusalProblem('validation_failed', { field: 'shares.slots' })).toEqual({
      field: 'share.slots',
      problem: 'share',
    });
    expect(refusalProblem('validation_failed', { field: 'shares.poker' })).toBeNull();
  });
});
