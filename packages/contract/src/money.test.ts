import { describe, expect, it } from 'vitest';
import {
  displayAmount,
  displayCurrency,
  displayMultiple,
  displayPercent,
  formatAmount,
  MAX_AMOUNT_MINOR,
  multipleTenths,
  parseAmount,
} from './money';

describe('money on the wire', () => {
  it('parses plain decimal amounts exactly into minor units', () => {
    expect(parseAmount('0')).toBe(0n);
    expect(parseAmount('12')).toBe(1200n);
    expect(parseAmount('12.5')).toBe(1250n);
    expect(parseAmount('12.05')).toBe(1205n);
    expect(parseAmount('0.01')).toBe(1n);
    expect(parseAmount('9999999999999.99')).toBe(MAX_AMOUNT_MINOR);
  });

  it('refuses junk, negatives, exponents, extra precision, padding and huge values', () => {
    for (const bad of [
      '',
      ' ',
      '-1',
      '+1',
      '1e3',
      '0x10',
      '1.005',
      '1.',
      '.5',
      '01',
      ' 5',
      '5 ',
      'NaN',
      'Infinity',
      '1,000',
      '10000000000000',
      '١٢',
    ]) {
      expect(parseAmount(bad), bad).toBeNull();
    }
  });

  it('formats minor units with exactly two decimals', () => {
    expect(formatAmount(0n)).toBe('0.00');
    expect(formatAmount(5n)).toBe('0.05');
    expect(formatAmount(12345n)).toBe('123.45');
    expect(formatAmount(-5n)).toBe('-0.05');
    expect(formatAmount(MAX_AMOUNT_MINOR)).toBe('9999999999999.99');
  });

  it('round-trips every cent of a range', () => {
    for (let c = 0n; c < 2000n; c++) expect(parseAmount(formatAmount(c))).toBe(c);
  });
});

describe('amounts as people read them', () => {
  it('groups thousands with exactly two decimals, never through a float; the currency’s symbol or code before it', () => {
    expect(displayAmount('5000000')).toBe('5,000,000.00');
    expect(displayAmount('3485.00')).toBe('3,485.00');
    expect(displayAmount('-1234.5')).toBe('-1,234.50');
    expect(displayAmount('999.99')).toBe('999.99');
    expect(displayAmount('007.10')).toBe('7.10');
    expect(displayAmount('9999999999999.99')).toBe('9,999,999,999,999.99');
    expect(displayAmount('abc')).toBe('0.00');
    expect(displayCurrency('2000.00', 'PHP')).toBe('₱2,000.00');
    expect(displayCurrency('-2000', 'PHP')).toBe('-₱2,000.00');
    expect(displayCurrency('5.00', 'USD')).toBe('USD 5.00');
  });

  it('a percentage and a wagering multiple are written one way for every screen and served text', () => {
    expect([10_000, 300, 250, 1005, 5, 0].map(displayPercent)).toEqual([
      '100',
      '3',
      '2.5',
      '10.05',
      '0.05',
      '0',
    ]);
    expect([30, 15, 10, 100, 0].map(displayMultiple)).toEqual(['3', '1.5', '1', '10', '0']);
    expect(['3.0', '1.5', '10', ' 2.0 '].map(multipleTenths)).toEqual([30, 15, 100, 20]);
    expect(['', '1e1', '-1', '1.55', 'x'].map(multipleTenths).every(Number.isNaN)).toBe(true);
  });
});
