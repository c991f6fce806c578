import { describe, expect, it } from 'vitest';
import { formatMatchTime, formatMoney } from './format';

describe('formatting', () => {
  it('HOME-016 match time is MM/DD HH:mm', () => {
    const d = new Date(2026, 0, 5, 7, 3);
    expect(formatMatchTime(d.toISOString())).toBe('01/05 07:03');
  });

  it('SHELL-019 balance has exactly 2 decimals, without floating point', () => {
    expect(formatMoney('0')).toBe('0.00');
    expect(formatMoney('12.5')).toBe('12.50');
    expect(formatMoney('1234567.899')).toBe('1,234,567.89');
    expect(formatMoney('90071992547409931.01')).toBe('90,071,992,547,409,931.01');
    expect(formatMoney('junk')).toBe('0.00');
  });
});
