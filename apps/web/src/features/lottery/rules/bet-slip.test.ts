import { describe, expect, it } from 'vitest';
import { betType, wingoBetTypes } from '../test/fixtures';
import {
  checkSlip,
  groupValues,
  oddsFor,
  oddsRange,
  quickPick,
  selectionCount,
  ticketText,
  togglePick,
  toggleSelection,
  validDigits,
  type SlipInput,
} from './bet-slip';
import {
  awaitingSettlement,
  ballColours,
  resultBalls,
  sortWinners,
  trendPoints,
  trendValue,
  wingoReading,
} from './results';
import { bet } from '../test/fixtures';

const base: SlipInput = {
  slip: { colour: ['green'] },
  amount: '10.00',
  units: 1,
  follow: 1,
  betTypes: wingoBetTypes,
  maxItems: 50,
  maxFollow: 30,
};

describe('bet slip', () => {
  it('toggles selections per bet type and counts them', () => {
    let s = toggleSelection({}, 'colour', 'green');
    s = toggleSelection(s, 'number', '7');
    s = toggleSelection(s, 'colour', 'red');
    expect(s).toEqual({ colour: ['green', 'red'], number: ['7'] });
    expect(selectionCount(s)).toBe(3);
    s = toggleSelection(s, 'number', '7');
    expect(s).toEqual({ colour: ['green', 'red'] });
  });

  it('the order: items of amount × units, total = bets × stake × follow periods (bigint, no floats)', () => {
    const r = checkSlip({
      ...base,
      slip: { colour: ['green', 'violet'], size: ['big'] },
      amount: '0.50',
      units: 3,
      follow: 7,
    });
    expect(r.ok && r.order).toMatchObject({
      items: [
        { betType: 'colour', selection: 'green', amount: '0.50', units: 3 },
        { betType: 'colour', selection: 'violet', amount: '0.50', units: 3 },
        { betType: 'size', selection: 'big', amount: '0.50', units: 3 },
      ],
      stakeMinor: 150n,
      totalMinor: 3150n,
      total: '31.50',
    });
  });

  it('refuses what the server would: empty slip, bad amount, limits, too many, follow and units bounds', () => {
    const problem = (p: Partial<SlipInput>) => {
      const r = checkSlip({ ...base, ...p });
      return r.ok ? null : r.problem;
    };
    expect(problem({ slip: {} })).toEqual({ key: 'empty' });
    expect(problem({ amount: '1.005' })).toEqual({ key: 'amount' });
    expect(problem({ amount: '0' })).toEqual({ key: 'amount' });
    expect(problem({ amount: '-1' })).toEqual({ key: 'amount' });
    expect(problem({ amount: '0.50' })).toEqual({ key: 'belowMin', min: '1.00' });
    expect(problem({ amount: '50000.00', units: 2 })).toEqual({ key: 'aboveMax', max: '50000.00' });
    expect(problem({ units: 0 })).toEqual({ key: 'units', max: 10_000 });
    expect(problem({ follow: 31 })).toEqual({ key: 'follow', max: 30 });
    expect(problem({ maxItems: 1, slip: { colour: ['green', 'red'] } })).toEqual({ key: 'tooMany', max: 1 });
    expect(problem({})).toBeNull();
  });

  it('odds per choice: its own key (violet, a sum) or the default; the range for the rules table', () => {
    const colour = wingoBetTypes[1]!;
    expect(oddsFor(colour, 'violet')).toBe('4.5');
    expect(oddsFor(colour, 'green')).toBe('2');
    expect(oddsRange(colour)).toBe('1.5–4.5');
    expect(oddsRange(betType({ betType: 'x', odds: { default: '1.96' } }))).toBe('1.96');
  });

  it('5D values are grouped by position; VN digits keep leading zeros', () => {
    expect(groupValues(['A:big', 'A:small', 'B:big', 'B:small'])).toEqual([
      { position: 'A', values: ['A:big', 'A:small'] },
      { position: 'B', values: ['B:big', 'B:small'] },
    ]);
    expect(groupValues(['1', '2'])).toEqual([{ position: null, values: ['1', '2'] }]);
    expect(validDigits('07', 2)).toBe(true);
    expect(validDigits('7', 2)).toBe(false);
    expect(validDigits('0a', 2)).toBe(false);
  });

  it('pick-6: at most `count` numbers, canonical ticket text, quick pick distinct in range', () => {
    let p: number[] = [];
    for (const n of [44, 3, 19, 11, 27, 35, 40]) p = togglePick(p, n, 6);
    expect(p).toEqual([44, 3, 19, 11, 27, 35]);
    expect(ticketText(p)).toBe('03,11,19,27,35,44');
    expect(togglePick(p, 3, 6)).toEqual([44, 19, 11, 27, 35]);
    let i = 0;
    const seq = [0.99, 0, 0.5, 0.25, 0.75, 0.1];
    const q = quickPick({ kind: 'pick', count: 6, min: 1, max: 45 }, () => seq[i++]!);
    expect(new Set(q).size).toBe(6);
    expect(q.every((n) => n >= 1 && n <= 45)).toBe(true);
    expect(q).toEqual([...q].sort((a, b) => a - b));
  });
});

describe('results', () => {
  it('Win Go reads a digit as the market does: its colours and its size; other games have plain balls', () => {
    expect(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'].map((d) => ballColours('wingo', d))).toEqual([
      ['red', 'violet'],
      ['green'],
      ['red'],
      ['green'],
      ['red'],
      ['green', 'violet'],
      ['red'],
      ['green'],
      ['red'],
      ['green'],
    ]);
    expect(ballColours('d5', '3')).toEqual([]);
    expect(wingoReading('wingo', '4')).toEqual({ digit: 4, size: 'small', colours: ['red'] });
    expect(wingoReading('wingo', '5')).toEqual({ digit: 5, size: 'big', colours: ['green', 'violet'] });
    expect(wingoReading('k3', '256')).toBeNull();
  });

  it('balls and trend values per kind', () => {
    expect(resultBalls('wingo', '7')).toEqual(['7']);
    expect(resultBalls('d5', '38105')).toEqual(['3', '8', '1', '0', '5']);
    expect(resultBalls('k3', '256')).toEqual(['2', '5', '6']);
    expect(resultBalls('vnlotto', '12345~67890~11123,45623')).toEqual(['12345']);
    expect(resultBalls('pick6', '03,11,19,27,35,44')).toEqual(['03', '11', '19', '27', '35', '44']);
    expect(resultBalls('wingo', null)).toEqual([]);
    expect(trendValue('wingo', '7')).toBe(7);
    expect(trendValue('d5', '38105')).toBe(17);
    expect(trendValue('k3', '256')).toBe(13);
    expect(trendValue('vnlotto', '12345~67890')).toBe(45);
    expect(trendValue('pick6', '03,11,19,27,35,44')).toBe(139);
  });

  it('trend points span the box, larger values higher', () => {
    expect(trendPoints([0, 9, 4.5], [0, 9], 100, 90)).toBe('0,90 50,0 100,45');
    expect(trendPoints([], [0, 9], 100, 90)).toBe('');
  });

  it('GAMES-057 API-065 the winner list is sorted by vo.winAmount, highest first', () => {
    const w = (userName: string, winAmount: string) => ({
      vo: {
        userName,
        gameCode: 'K3',
        remark: 'K3',
        numero: '202611240001',
        winAmount,
        winTime: '2026-11-24T00:00:00.000Z',
      },
    });
    const sorted = sortWinners([w('a', '9.50'), w('b', '1200.00'), w('c', '99.99'), w('d', '1200.01')]);
    expect(sorted.map((x) => x.vo.userName)).toEqual(['d', 'b', 'c', 'a']);
  });

  it('bets of a past period still accepted are waiting for settlement', () => {
    expect(awaitingSettlement([bet({ numero: '202611240041' })], '202611240042')).toBe(true);
    expect(awaitingSettlement([bet({ numero: '202611240042' })], '202611240042')).toBe(false);
    expect(awaitingSettlement([bet({ numero: '202611240041', status: 'won' })], '202611240042')).toBe(false);
  });
});
