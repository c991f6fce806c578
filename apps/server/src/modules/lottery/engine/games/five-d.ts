import type { BetTypeDefinition, GameDefinition } from '../types';
import { enumBetType, intIn, limitsFor, one, rtpOdds } from './shared';

const POSITIONS = ['A', 'B', 'C', 'D', 'E'] as const;
const sumOf = (d: readonly number[]) => d.reduce((a, b) => a + b, 0);

/** Number of the 100,000 outcomes whose digits add up to each sum 0…45. */
export const D5_SUM_WAYS: readonly number[] = (() => {
  let ways = [1];
  for (let i = 0; i < 5; i++) {
    const next = new Array<number>(ways.length + 9).fill(0);
    ways.forEach((w, s) => {
      for (let d = 0; d < 10; d++) next[s + d]! += w;
    });
    ways = next;
  }
  return ways;
})();

function perPosition(code: string, words: readonly string[], word: (digit: number) => string) {
  const values = POSITIONS.flatMap((p) => words.map((w) => `${p}:${w}`));
  return enumBetType<'d5'>(code, values, (r) => r.digits.map((d, i) => one(`${POSITIONS[i]}:${word(d)}`)));
}

const sumBet: BetTypeDefinition<'d5'> = {
  code: 'sum',
  match: 'exact',
  parseSelection: (s) => {
    const n = intIn(s, 0, 45);
    return n === null ? null : String(n);
  },
  // The odds key is the sum itself: rarer sums pay more.
  winners: (r) => [one(String(sumOf(r.digits)), String(sumOf(r.digits)))],
};

const CODES = ['position', 'positionSize', 'positionParity', 'sum', 'sumSize', 'sumParity'];

/** 5D: five digits A–E; bets on a position's digit, size or parity, and on the sum of all five. */
export function fiveDGame(code: string, minutes: number, lockSeconds: number): GameDefinition<'d5'> {
  return {
    code,
    kind: 'd5',
    schedule: { kind: 'interval', intervalSeconds: minutes * 60, lockSeconds, timeZone: 'Asia/Manila' },
    betTypes: {
      position: perPosition('position', ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'], (d) => String(d)),
      positionSize: perPosition('positionSize', ['big', 'small'], (d) => (d >= 5 ? 'big' : 'small')),
      positionParity: perPosition('positionParity', ['odd', 'even'], (d) => (d % 2 ? 'odd' : 'even')),
      sum: sumBet,
      // 0–22 small, 23–45 big: the sum is symmetric about 22.5, so both halves are even money.
      sumSize: enumBetType('sumSize', ['big', 'small'], (r) => [
        one(sumOf(r.digits) >= 23 ? 'big' : 'small'),
      ]),
      sumParity: enumBetType('sumParity', ['odd', 'even'], (r) => [
        one(sumOf(r.digits) % 2 ? 'odd' : 'even'),
      ]),
    },
    defaults: {
      enabled: true,
      disabledBetTypes: [],
      odds: {
        position: { default: 98_000n },
        positionSize: { default: 19_600n },
        positionParity: { default: 19_600n },
        sum: Object.fromEntries(D5_SUM_WAYS.map((w, s) => [String(s), rtpOdds(100_000, w, 9_500)])),
        sumSize: { default: 19_600n },
        sumParity: { default: 19_600n },
      },
      limits: limitsFor(CODES),
    },
    draw: (s) => ({ kind: 'd5', digits: [0, 1, 2, 3, 4].map(() => s.uniformInt(10)) }),
    format: (r) => r.digits.join(''),
    parse: (t) => (/^[0-9]{5}$/.test(t) ? { kind: 'd5', digits: [...t].map(Number) } : null),
  };
}
