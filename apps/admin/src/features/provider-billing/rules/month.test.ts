import { describe, expect, it } from 'vitest';
import {
  dayOf,
  daysInMonth,
  defaultInvoiceMonth,
  firstOfNextMonth,
  firstOfThisMonth,
  invoiceMonthOf,
  isInvoiceMonth,
  monthChoices,
  monthLabel,
  monthOf,
  shiftMonth,
} from './month';

describe('invoice months', () => {
  it('reads the browser’s own month', () => {
    expect(monthOf(new Date(2026, 0, 1, 0, 0))).toBe('2026-01');
    expect(monthOf(new Date(2026, 11, 31, 23, 59))).toBe('2026-12');
    expect(dayOf(new Date(2026, 11, 31, 23, 59))).toBe('2026-12-31');
  });

  it('moves across years both ways', () => {
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(shiftMonth('2026-03', -15)).toBe('2024-12');
    expect(shiftMonth('2026-03', 0)).toBe('2026-03');
  });

  it('shows last month without one in the address, and ignores what is no month', () => {
    const now = new Date(2026, 0, 15);
    expect(defaultInvoiceMonth(now)).toBe('2025-12');
    expect(invoiceMonthOf('', now)).toBe('2025-12');
    expect(invoiceMonthOf('2026-13', now)).toBe('2025-12');
    expect(invoiceMonthOf('2025-07', now)).toBe('2025-07');
    expect(isInvoiceMonth('2025-7')).toBe(false);
  });

  it('offers this month and the ones before it, newest first', () => {
    expect(monthChoices(new Date(2026, 1, 3), 4)).toEqual(['2026-02', '2026-01', '2025-12', '2025-11']);
  });

  it('names a month and counts its days', () => {
    expect(monthLabel('2026-10', 'en')).toBe('October 2026');
    expect(daysInMonth('2028-02')).toBe(29);
    expect(daysInMonth('2026-02')).toBe(28);
    expect(daysInMonth('2026-12')).toBe(31);
  });

  it('starts new terms on the 1st of next month, and never before this month', () => {
    expect(firstOfNextMonth(new Date(2026, 11, 20))).toBe('2027-01-01');
    expect(firstOfThisMonth(new Date(2026, 11, 20))).toBe('2026-12-01');
  });
});
