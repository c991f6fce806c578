import { describe, expect, it } from 'vitest';
import { formatSigned, signOf } from '../../../lib/amounts';
import { isValidRange, presetRange } from '../../../lib/date-range';
import { createIntentKeys } from '../../../lib/intent-key';
import { nextPage } from '../../../lib/paging';
import { typesFromParam } from './types-param';
import { canTransferToUpline, validateUpline } from './upline';

describe('date range presets', () => {
  // 22 Nov 2026, 00:30 local: early in the day, so a 24 h step back would still be fine; 1 March and
  // a year boundary check the calendar arithmetic.
  const now = new Date(2026, 10, 22, 0, 30);

  it('WALLET-010 today, yesterday, last 7 and last 30 days (inclusive of today)', () => {
    expect(presetRange('today', now)).toEqual({ from: '2026-11-22', to: '2026-11-22' });
    expect(presetRange('yesterday', now)).toEqual({ from: '2026-11-21', to: '2026-11-21' });
    expect(presetRange('last7', now)).toEqual({ from: '2026-11-16', to: '2026-11-22' });
    expect(presetRange('last30', now)).toEqual({ from: '2026-10-24', to: '2026-11-22' });
  });

  it('crosses month and year ends by the calendar', () => {
    expect(presetRange('yesterday', new Date(2026, 2, 1, 12))).toEqual({
      from: '2026-02-28',
      to: '2026-02-28',
    });
    expect(presetRange('last7', new Date(2027, 0, 3, 23, 59))).toEqual({
      from: '2026-12-28',
      to: '2027-01-03',
    });
  });

  it('a custom range needs two dates, the first not after the second', () => {
    expect(isValidRange({ from: '2026-11-01', to: '2026-11-22' })).toBe(true);
    expect(isValidRange({ from: '2026-11-22', to: '2026-11-22' })).toBe(true);
    expect(isValidRange({ from: '2026-11-23', to: '2026-11-22' })).toBe(false);
    expect(isValidRange({ from: '', to: '2026-11-22' })).toBe(false);
    expect(isValidRange({ from: '2026-13-45', to: '2026-13-46' })).toBe(false);
  });
});

describe('signed amounts', () => {
  it('reads the sign from the text, never a float', () => {
    expect(signOf('12.50')).toBe('positive');
    expect(signOf('-0.01')).toBe('negative');
    expect(signOf('0.00')).toBe('zero');
    expect(signOf('-0.00')).toBe('zero');
    expect(signOf('junk')).toBe('zero');
  });

  it('shows money in with +, money out with -, 2 decimals and grouping', () => {
    expect(formatSigned('1234.5')).toBe('+1,234.50');
    expect(formatSigned('-5')).toBe('-5.00');
    expect(formatSigned('-0.00')).toBe('0.00');
    expect(formatSigned('9007199254740993.99')).toBe('+9,007,199,254,740,993.99');
  });
});

describe('paging', () => {
  it('asks for the next page until the last', () => {
    expect(nextPage({ pageNum: 1, totalPages: 3 })).toBe(2);
    expect(nextPage({ pageNum: 3, totalPages: 3 })).toBeUndefined();
    expect(nextPage({ pageNum: 1, totalPages: 0 })).toBeUndefined();
  });
});

describe('types parameter', () => {
  it('AGENT-012 keeps only offered types; types=A means the agency types the server offers', () => {
    const offered = ['deposit', 'bet', 'win', 'rebate', 'transfer_to_downline', 'agent_commission'];
    expect(typesFromParam('win,deposit,bogus', offered)).toEqual(['deposit', 'win']);
    expect(typesFromParam('A', offered)).toEqual(['rebate', 'transfer_to_downline', 'agent_commission']);
    expect(typesFromParam('A', ['deposit'])).toEqual([]);
    expect(typesFromParam(null, offered)).toEqual([]);
  });
});

describe('idempotency key per intent', () => {
  const seq = () => {
    let n = 0;
    return () => `key-${++n}`;
  };

  it('a retry of the same request after a lost answer reuses the key', () => {
    const keys = createIntentKeys(seq());
    expect(keys.keyFor('a')).toBe('key-1');
    keys.settle('lost');
    expect(keys.keyFor('a')).toBe('key-1');
  });

  it('an answered request, or a changed one, is a new intent with a new key', () => {
    const keys = createIntentKeys(seq());
    expect(keys.keyFor('a')).toBe('key-1');
    keys.settle('answered');
    expect(keys.keyFor('a')).toBe('key-2');
    keys.settle('lost');
    expect(keys.keyFor('b')).toBe('key-3');
  });
});

describe('transfer to upline rules', () => {
  it('MINE-025 only with AGETRANSFERUP3 on, toUpline set and type not 2', () => {
    expect(canTransferToUpline(true, { toUpline: true, type: 0 })).toBe(true);
    expect(canTransferToUpline(false, { toUpline: true, type: 0 })).toBe(false);
    expect(canTransferToUpline(true, { toUpline: false, type: 0 })).toBe(false);
    expect(canTransferToUpline(true, { toUpline: true, type: 2 })).toBe(false);
    expect(canTransferToUpline(true, null)).toBe(false);
  });

  it('needs a positive amount with at most 2 decimals, within the balance, and a 6-digit password', () => {
    expect(validateUpline('100', '123456', '500.00')).toEqual({});
    expect(validateUpline('', '123456', null)).toEqual({ amount: 'amountRequired' });
    for (const bad of ['0', '0.00', '1.005', '-5', '1e3', 'abc'])
      expect(validateUpline(bad, '123456', null).amount, bad).toBe('amountInvalid');
    expect(validateUpline('500.01', '123456', '500.00')).toEqual({ amount: 'amountOverBalance' });
    expect(validateUpline('500.01', '123456', null)).toEqual({});
    expect(validateUpline('5', '12345', null)).toEqual({ paymentPassword: 'passwordInvalid' });
  });
});
