import { describe, expect, it } from 'vitest';
import { ROLE_PERMISSIONS } from '@panalo/contract/staff-rules';
import { isNonZero, maySign, statusColor } from './sheet';

describe('a closed day on the console', () => {
  it('shows balanced in green and broken in red', () => {
    expect(statusColor('balanced')).toBe('green');
    expect(statusColor('broken')).toBe('red');
  });

  it('marks every difference that is not zero, whatever its sign', () => {
    expect(isNonZero('0.00')).toBe(false);
    expect(isNonZero('-0.00')).toBe(false);
    expect(isNonZero('0.01')).toBe(true);
    expect(isNonZero('-12.50')).toBe(true);
  });

  it('offers the signature to close.sign on a balanced day not signed yet', () => {
    const open = { status: 'balanced' as const, signedBy: null };
    expect(maySign(ROLE_PERMISSIONS.finance, open)).toBe(true);
    expect(maySign(ROLE_PERMISSIONS.owner, open)).toBe(true);
    expect(maySign(ROLE_PERMISSIONS.finance, { status: 'broken', signedBy: null })).toBe(false);
    expect(maySign(ROLE_PERMISSIONS.finance, { status: 'balanced', signedBy: 'finance01' })).toBe(false);
  });

  it('never to the roles that only read the books', () => {
    const open = { status: 'balanced' as const, signedBy: null };
    for (const role of ['risk', 'viewer', 'support'] as const)
      expect(maySign(ROLE_PERMISSIONS[role], open)).toBe(false);
  });
});
