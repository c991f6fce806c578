import { describe, expect, it } from 'vitest';
import {
  allAmount,
  bonusPreview,
  cardDigits,
  checkAmount,
  isCardNumber,
  isPaymentPassword,
  multipleText,
  percentText,
  quickAmounts,
} from './amount';

const limits = { min: '100.00', max: '50000.00' };
const promo = { percentBp: 300, maxBonus: '1000.00', minDeposit: '100.00', wageringMultiplierTenths: 10 };

describe('cashier amount rules', () => {
  it('WALLET-001 refuses empty, malformed, zero and over-precise amounts', () => {
    expect(checkAmount('', limits)).toEqual({ ok: false, problem: { key: 'required' } });
    for (const bad of ['abc', '1e3', '-5', '12.345', '0', '0.00', '1.2.3', '.5'])
      expect(checkAmount(bad, limits), bad).toEqual({ ok: false, problem: { key: 'format' } });
  });

  it('WALLET-001 WALLET-002 keeps the amount within min and max (inclusive)', () => {
    expect(checkAmount('99.99', limits)).toEqual({ ok: false, problem: { key: 'min', min: '100.00' } });
    expect(checkAmount('50000.01', limits)).toEqual({ ok: false, problem: { key: 'max', max: '50000.00' } });
    expect(checkAmount('100', limits)).toEqual({ ok: true, minor: 10_000n });
    expect(checkAmount('50000.00', limits)).toEqual({ ok: true, minor: 5_000_000n });
    expect(checkAmount(' 250.5 ', limits)).toEqual({ ok: true, minor: 25_050n });
  });

  it('WALLET-002 a withdrawal cannot exceed the balance', () => {
    expect(checkAmount('300', { ...limits, balance: '250.00' })).toEqual({
      ok: false,
      problem: { key: 'balance', balance: '250.00' },
    });
    expect(checkAmount('250', { ...limits, balance: '250.00' }).ok).toBe(true);
  });

  it('offers quick amounts within the limits only', () => {
    expect(quickAmounts('100.00', '50000.00')).toEqual([
      '100.00',
      '200.00',
      '500.00',
      '1000.00',
      '2000.00',
      '5000.00',
    ]);
    expect(quickAmounts('300.00', '1500.00')).toEqual(['500.00', '1000.00']);
  });

  it('All is the balance capped at the maximum, without floats', () => {
    expect(allAmount('1234.56', '50000.00')).toBe('1234.56');
    expect(allAmount('90000.10', '50000.00')).toBe('50000.00');
    expect(allAmount('-3.00', '50000.00')).toBe('0.00');
  });

  it('the +3% bonus: basis points, rounded down, capped, with its turnover', () => {
    expect(bonusPreview(100_000n, promo)).toEqual({ eligible: true, bonus: '30.00', turnover: '1030.00' });
    // 3% of 333.33 = 9.9999 → 9.99 (rounded down to the centavo).
    expect(bonusPreview(33_333n, promo).bonus).toBe('9.99');
    // Capped at 1,000.00: 3% of 50,000 would be 1,500.
    expect(bonusPreview(5_000_000n, promo)).toEqual({
      eligible: true,
      bonus: '1000.00',
      turnover: '51000.00',
    });
    expect(bonusPreview(9_999n, promo)).toEqual({ eligible: false, bonus: '0.00', turnover: '0.00' });
    expect(bonusPreview(100_000n, { ...promo, wageringMultiplierTenths: 15 }).turnover).toBe('1545.00');
  });

  it('percent and multiple texts', () => {
    expect(percentText(300)).toBe('3');
    expect(percentText(250)).toBe('2.5');
    expect(percentText(1005)).toBe('10.05');
    expect(multipleText(10)).toBe('1');
    expect(multipleText(15)).toBe('1.5');
  });

  it('WALLET-003 card numbers have 10-19 digits; a payment password has 6', () => {
    expect(cardDigits('1234 5678-9012')).toBe('123456789012');
    expect(isCardNumber('123456789')).toBe(false);
    expect(isCardNumber('1234567890')).toBe(true);
    expect(isCardNumber('1234567890123456789')).toBe(true);
    expect(isCardNumber('12345678901234567890')).toBe(false);
    expect(isPaymentPassword('123456')).toBe(true);
    for (const bad of ['12345', '1234567', '12345a', '']) expect(isPaymentPassword(bad)).toBe(false);
  });
});
