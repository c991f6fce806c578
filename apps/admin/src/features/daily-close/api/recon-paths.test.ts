import { describe, expect, it } from 'vitest';
import { reconPath } from './recon-paths';

describe('the reconciliation’s paths', () => {
  it('fills in the day and the break, encoded', () => {
    expect(reconPath('day', { day: '2026-11-27' })).toBe('/ops/daily-close/2026-11-27/reconciliation');
    expect(reconPath('run', { day: '2026-11-27' })).toBe('/ops/daily-close/2026-11-27/reconcile');
    expect(reconPath('breaks')).toBe('/ops/reconciliation/breaks');
    expect(reconPath('break', { id: '7' })).toBe('/ops/reconciliation/breaks/7');
    expect(reconPath('resolve', { id: '7' })).toBe('/ops/reconciliation/breaks/7/resolve');
    expect(reconPath('break', { id: '7/../x' })).toBe('/ops/reconciliation/breaks/7%2F..%2Fx');
  });
});
