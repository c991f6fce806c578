import { describe, expect, it } from 'vitest';
import { fromCents, sumAmounts, toCents } from './amounts';

describe('amounts added in cents, never through a float', () => {
  it('reads the wire’s decimals, signed or not', () => {
    expect(toCents('1234.50')).toBe(123450n);
    expect(toCents('-12.00')).toBe(-1200n);
    expect(toCents('7')).toBe(700n);
    expect(toCents('0.5')).toBe(50n);
    expect(toCents('abc')).toBe(0n);
  });

  it('writes cents back as the wire does', () => {
    expect(fromCents(0n)).toBe('0.00');
    expect(fromCents(-5n)).toBe('-0.05');
    expect(fromCents(123456789n)).toBe('1234567.89');
  });

  it('adds what a float would not add exactly', () => {
    expect(sumAmounts(['0.10', '0.20'])).toBe('0.30');
    expect(sumAmounts(['100.00', '-250.50', '0.50'])).toBe('-150.00');
    expect(sumAmounts(['9007199254740993.00', '1.00'])).toBe('9007199254740994.00');
    expect(sumAmounts([])).toBe('0.00');
  });
});
