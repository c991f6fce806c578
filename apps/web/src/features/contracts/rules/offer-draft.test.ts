import { describe, expect, it } from 'vitest';
import type { Contract } from '@panalo/contract/contracts';
import { draftFrom, draftProblem } from './offer-draft';

const own: Contract = {
  id: '1',
  kind: 'daily_salary',
  version: 1,
  status: 'active',
  scope: 'all',
  tiers: [
    { turnover: '10000.00', active: 5, rate: '0.50' },
    { turnover: '50000.00', active: 20, rate: '1.00' },
  ],
  cap: '5000.00',
  offeredBy: null,
  member: 'agent01',
  offeredAt: '2026-11-20T00:00:00.000Z',
  decidedAt: null,
  endsAt: null,
};

describe('a drafted offer', () => {
  it('starts from my own tiers and may keep them (nobody gives more than it has, equal is allowed)', () => {
    const draft = draftFrom(own);
    expect(draft).toEqual([
      { turnover: '10000.00', active: '5', rate: '0.50' },
      { turnover: '50000.00', active: '20', rate: '1.00' },
    ]);
    expect(draftProblem(draft, own)).toBeNull();
  });

  it('names the tier that is not filled in, the table that does not rise, and the tier above mine', () => {
    const d = draftFrom(own);
    expect(draftProblem([d[0]!, { ...d[1]!, active: 'x' }], own)).toEqual({
      key: 'contracts.offerForm.tierInvalid',
      tier: 2,
    });
    expect(draftProblem([d[1]!, d[0]!], own)).toEqual({ key: 'errors.contract_tiers_order' });
    expect(draftProblem([d[0]!, { ...d[1]!, active: '19' }], own)).toEqual({
      key: 'errors.contract_rate_too_high',
      tier: 2,
    });
    expect(draftProblem([{ ...d[0]!, rate: '0.40' }], own)).toBeNull();
  });
});
