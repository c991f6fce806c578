import { describe, expect, it } from 'vitest';
import { DomainError } from '../../lib/domain-error';
import { positiveAmount, signedAmount } from '../wallet/money-request';
import { checkDayRange, merchantTimeZone } from '../../lib/day-range';
import { mayTransferToUpline } from './upline.service';

const code = (f: () => unknown) => {
  try {
    f();
    return null;
  } catch (e) {
    return e instanceof DomainError ? e.code : 'not a domain error';
  }
};

describe('records rules', () => {
  it('amounts: positive for members, signed and non-zero for operators, never a float', () => {
    expect(positiveAmount('12.50')).toBe(1250n);
    expect(code(() => positiveAmount('0.00'))).toBe('amount_invalid');
    expect(code(() => positiveAmount('1e3'))).toBe('amount_invalid');
    expect(signedAmount('-0.05')).toBe(-5n);
    expect(signedAmount('7')).toBe(700n);
    expect(code(() => signedAmount('-0'))).toBe('amount_invalid');
    expect(code(() => signedAmount('--1'))).toBe('amount_invalid');
    expect(code(() => signedAmount('-99999999999999'))).toBe('amount_invalid');
  });

  it('day ranges: inclusive, reversed refused, at most 90 days when limited', () => {
    expect(code(() => checkDayRange('2026-05-01', '2026-05-01', 90))).toBeNull();
    expect(code(() => checkDayRange('2026-01-01', '2026-03-31', 90))).toBeNull();
    expect(code(() => checkDayRange('2026-01-01', '2026-04-01', 90))).toBe('range_too_long');
    expect(code(() => checkDayRange('2026-05-02', '2026-05-01'))).toBe('date_range_invalid');
    expect(code(() => checkDayRange(undefined, '2026-05-01'))).toBeNull();
    expect(code(() => checkDayRange('2020-01-01', '2026-05-01'))).toBeNull();
  });

  it('time zone: the merchant’s when set and valid, else UTC', () => {
    expect(merchantTimeZone({ settings: { timeZone: 'Asia/Manila' } })).toBe('Asia/Manila');
    expect(merchantTimeZone({ settings: { timeZone: 'Mars/Olympus' } })).toBe('UTC');
    expect(merchantTimeZone({ settings: {} })).toBe('UTC');
  });

  it('MINE-025 transfer to upline: AGETRANSFERUP3 on, toUpline set, type not 2, an active upline', () => {
    const on = { whitelabel: { AGETRANSFERUP3: true } };
    const member = { to_upline: true, type: 0, upline_id: 7n };
    const upline = { status: 'active' as const };
    expect(mayTransferToUpline(on, member, upline)).toBe(true);
    expect(mayTransferToUpline({ whitelabel: {} }, member, upline)).toBe(false);
    expect(mayTransferToUpline({ whitelabel: { AGETRANSFERUP3: false } }, member, upline)).toBe(false);
    expect(mayTransferToUpline(on, { ...member, to_upline: false }, upline)).toBe(false);
    expect(mayTransferToUpline(on, { ...member, type: 2 }, upline)).toBe(false);
    expect(mayTransferToUpline(on, { ...member, type: 1 }, upline)).toBe(true);
    expect(mayTransferToUpline(on, { ...member, upline_id: null }, upline)).toBe(false);
    expect(mayTransferToUpline(on, member, undefined)).toBe(false);
    expect(mayTransferToUpline(on, member, { status: 'disabled' })).toBe(false);
  });
});
