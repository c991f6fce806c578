import { describe, expect, it } from 'vitest';
import type { DayRow } from './billing.repository';
import { invoiceOf, monthDays, termsOn, type Terms } from './invoice';

const brand = { code: 'bay', name: 'Bay', currency: 'PHP' };
const row = (day: string, product: string, f: Partial<DayRow>): DayRow => ({
  merchant_id: 1,
  day,
  product,
  bets: 0n,
  refunds: 0n,
  wins: 0n,
  bonuses: 0n,
  rebates: 0n,
  commissions: 0n,
  deposits: 0n,
  withdrawals: 0n,
  ...f,
});
const shares = (bp: number, over: Record<string, number> = {}) => ({
  lottery: bp,
  slots: bp,
  live: bp,
  sports: bp,
  fishing: bp,
  cards: bp,
  cockfight: bp,
  esports: bp,
  ...over,
});

describe('the provider’s invoice of a brand and month (issue 51 item 3)', () => {
  it('a month is its days; the terms of a day are the latest started on or before it', () => {
    expect(monthDays('2026-02')).toHaveLength(28);
    expect(monthDays('2028-02').at(-1)).toBe('2028-02-29');
    const a: Terms = { startsOn: '2026-01-01', shares: shares(1000), minimumFee: 0n };
    const b: Terms = { startsOn: '2026-11-15', shares: shares(2000), minimumFee: 0n };
    expect(termsOn([a, b], '2025-12-31')).toBeNull();
    expect(termsOn([a, b], '2026-11-14')).toBe(a);
    expect(termsOn([a, b], '2026-11-15')).toBe(b);
  });

  it('bills each day under the terms in force that day, per product group, rounding each fee down to the centavo', () => {
    const terms: Terms[] = [
      { startsOn: '2026-10-01', shares: shares(1000, { lottery: 1500 }), minimumFee: 0n },
      { startsOn: '2026-11-16', shares: shares(2000), minimumFee: 0n },
    ];
    const rows = [
      row('2026-11-03', 'lottery', { bets: 100_000n, wins: 60_001n }), // GGR 399.99 at 15 %
      row('2026-11-03', 'slots', { bets: 50_000n, wins: 40_000n, refunds: 1_000n }), // GGR 90.00 at 10 %
      row('2026-11-20', 'lottery', { bets: 20_000n, wins: 5_000n }), // GGR 150.00 at 20 %
    ];
    const inv = invoiceOf(brand, '2026-11', rows, terms);
    expect(inv.lines).toEqual([
      {
        product: 'lottery',
        termsFrom: '2026-10-01',
        days: 15,
        ggr: '399.99',
        deductions: '0.00',
        ngr: '399.99',
        share: '15.00',
        fee: '59.99',
      },
      {
        product: 'slots',
        termsFrom: '2026-10-01',
        days: 15,
        ggr: '90.00',
        deductions: '0.00',
        ngr: '90.00',
        share: '10.00',
        fee: '9.00',
      },
      {
        product: 'lottery',
        termsFrom: '2026-11-16',
        days: 15,
        ggr: '150.00',
        deductions: '0.00',
        ngr: '150.00',
        share: '20.00',
        fee: '30.00',
      },
    ]);
    expect(inv).toMatchObject({
      ngr: '639.99',
      shareFees: '98.99',
      due: '98.99',
      minimumApplied: false,
      daysWithoutTerms: 0,
    });
  });

  it('shares the bonuses no product carries in proportion to positive GGR (the remainder to the largest); a negative NGR pays nothing', () => {
    const terms: Terms[] = [{ startsOn: '2026-11-01', shares: shares(1000), minimumFee: 0n }];
    const rows = [
      row('2026-11-02', 'lottery', { bets: 30_000n }), // GGR 300
      row('2026-11-02', 'slots', { bets: 10_000n, rebates: 500n }), // GGR 100, own rebate 5
      row('2026-11-02', 'live', { bets: 10_000n, wins: 20_000n }), // GGR −100: no share of the bonuses
      row('2026-11-02', '', { bonuses: 10_001n, deposits: 500_000n }), // 100.01 of bonuses for no group
    ];
    const inv = invoiceOf(brand, '2026-11', rows, terms);
    const by = Object.fromEntries(inv.lines.map((l) => [l.product, l]));
    // 100.01 shared 3:1 — 75.00 and 25.00, the centavo left over to lottery (the largest).
    expect(by.lottery).toMatchObject({ ggr: '300.00', deductions: '75.01', ngr: '224.99', fee: '22.49' });
    expect(by.slots).toMatchObject({ ggr: '100.00', deductions: '30.00', ngr: '70.00', fee: '7.00' });
    expect(by.live).toMatchObject({ ggr: '-100.00', deductions: '0.00', ngr: '-100.00', fee: '0.00' });
    // The brand's NGR is the month's one definition: GGR − bonuses − rebates − commissions.
    expect(inv.ngr).toBe('194.99');
    const lineNgr = inv.lines.reduce((a, l) => a + Math.round(Number(l.ngr) * 100), 0);
    expect(lineNgr).toBe(19_499);
  });

  it('the minimum fee of the terms in force on the last day applies when the fees are less; days without terms are not billed', () => {
    const terms: Terms[] = [{ startsOn: '2026-11-21', shares: shares(1000), minimumFee: 1_000_00n }];
    const rows = [
      row('2026-11-10', 'lottery', { bets: 1_000_000n }), // before the terms: not billed
      row('2026-11-25', 'lottery', { bets: 100_000n }), // 1,000.00 at 10 % = 100.00
    ];
    const inv = invoiceOf(brand, '2026-11', rows, terms);
    expect(inv.lines).toHaveLength(1);
    expect(inv).toMatchObject({
      shareFees: '100.00',
      minimumFee: '1000.00',
      due: '1000.00',
      minimumApplied: true,
      daysWithoutTerms: 20,
    });
    expect(invoiceOf(brand, '2026-11', rows, [])).toMatchObject({
      lines: [],
      due: '0.00',
      daysWithoutTerms: 30,
    });
  });
});
