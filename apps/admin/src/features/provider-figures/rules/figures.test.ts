import { describe, expect, it } from 'vitest';
import { daysOf, figureText, sumFigures, totalsByCurrency, type FigureValues } from './figures';

const row = (over: Partial<FigureValues> = {}): FigureValues => ({
  registrations: 1,
  activePlayers: 2,
  deposits: '100.00',
  withdrawals: '50.00',
  turnover: '1000.00',
  ggr: '80.00',
  bonuses: '10.00',
  rebates: '5.00',
  commissions: '5.00',
  ngr: '60.00',
  ...over,
});

describe('the figures’ totals', () => {
  it('adds counts as numbers and amounts in cents', () => {
    expect(sumFigures([row(), row({ ggr: '-100.05', ngr: '-120.05', activePlayers: 3 })])).toEqual({
      registrations: 2,
      activePlayers: 5,
      deposits: '200.00',
      withdrawals: '100.00',
      turnover: '2000.00',
      ggr: '-20.05',
      bonuses: '20.00',
      rebates: '10.00',
      commissions: '10.00',
      ngr: '-60.05',
    });
  });

  it('never adds two currencies: one total each, in the order they come', () => {
    const totals = totalsByCurrency([
      { ...row(), currency: 'PHP' },
      { ...row({ deposits: '1.00' }), currency: 'USD' },
      { ...row(), currency: 'PHP' },
    ]);
    expect(totals.map((t) => [t.currency, t.figures.deposits])).toEqual([
      ['PHP', '200.00'],
      ['USD', '1.00'],
    ]);
    expect(totalsByCurrency([])).toEqual([]);
  });

  it('takes one brand’s days, oldest first', () => {
    const days = [
      { brand: 'b', day: '2026-03-02' },
      { brand: 'a', day: '2026-03-02' },
      { brand: 'a', day: '2026-03-01' },
    ];
    expect(daysOf(days, 'a').map((d) => d.day)).toEqual(['2026-03-01', '2026-03-02']);
  });
});

describe('a figure as people read it', () => {
  it('groups counts and amounts by thousands, amounts with two decimals and their sign', () => {
    const r = row({ registrations: 12345, ggr: '-1234567.5', deposits: '1000000' });
    expect(figureText('registrations', r, 'en')).toBe('12,345');
    expect(figureText('ggr', r, 'en')).toBe('-1,234,567.50');
    expect(figureText('deposits', r, 'ty')).toBe('1,000,000.00');
  });
});
