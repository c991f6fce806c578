import type { BetTypeDefinition, GameDefinition, WinnerRow } from '../types';
import { enumBetType, intIn, limitsFor, one, rtpOdds } from './shared';

const sumOf = (d: readonly number[]) => d.reduce((a, b) => a + b, 0);
const FACES = [1, 2, 3, 4, 5, 6];

/** Number of the 216 outcomes of three dice adding up to each sum (index = sum, 3…18). */
export const K3_SUM_WAYS: readonly number[] = (() => {
  const ways = new Array<number>(19).fill(0);
  for (const a of FACES) for (const b of FACES) for (const c of FACES) ways[a + b + c]! += 1;
  return ways;
})();

/** Distinct faces written ascending ("12", "123"), or null when the text is not `n` distinct faces. */
function distinctFaces(n: number): (s: string) => string | null {
  return (s) => {
    if (!new RegExp(`^[1-6]{${n}}$`).test(s)) return null;
    const sorted = [...s].sort().join('');
    return new Set(sorted).size === n ? sorted : null;
  };
}

function counts(dice: readonly number[]): Map<number, number> {
  const m = new Map<number, number>();
  for (const d of dice) m.set(d, (m.get(d) ?? 0) + 1);
  return m;
}

const bet = (
  code: string,
  parseSelection: (s: string) => string | null,
  winners: (dice: number[]) => WinnerRow[],
): BetTypeDefinition<'k3'> => ({ code, match: 'exact', parseSelection, winners: (r) => winners(r.dice) });

const CODES = [
  'sum',
  'sumSize',
  'sumParity',
  'tripleAny',
  'triple',
  'pair',
  'threeDifferent',
  'twoDifferent',
];

/** K3: three dice. */
export function k3Game(code: string, minutes: number, lockSeconds: number): GameDefinition<'k3'> {
  return {
    code,
    kind: 'k3',
    schedule: { kind: 'interval', intervalSeconds: minutes * 60, lockSeconds, timeZone: 'Asia/Manila' },
    betTypes: {
      sum: bet(
        'sum',
        (s) => {
          const n = intIn(s, 3, 18);
          return n === null ? null : String(n);
        },
        (d) => [one(String(sumOf(d)), String(sumOf(d)))],
      ),
      // 3–10 small, 11–18 big; triples are not excluded (the sum is symmetric, so both are even money).
      sumSize: enumBetType('sumSize', ['big', 'small'], (r) => [one(sumOf(r.dice) >= 11 ? 'big' : 'small')]),
      sumParity: enumBetType('sumParity', ['odd', 'even'], (r) => [one(sumOf(r.dice) % 2 ? 'odd' : 'even')]),
      tripleAny: bet(
        'tripleAny',
        (s) => (s === 'any' ? s : null),
        (d) => (counts(d).size === 1 ? [one('any')] : []),
      ),
      triple: bet(
        'triple',
        (s) => (/^([1-6])\1\1$/.test(s) ? s : null),
        (d) => (counts(d).size === 1 ? [one(d.join(''))] : []),
      ),
      // Exactly two dice show the face: a triple is its own bet and does not count as a pair.
      pair: bet(
        'pair',
        (s) => (/^([1-6])\1$/.test(s) ? s : null),
        (d) => [...counts(d)].filter(([, n]) => n === 2).map(([f]) => one(`${f}${f}`)),
      ),
      threeDifferent: bet('threeDifferent', distinctFaces(3), (d) =>
        counts(d).size === 3 ? [one([...d].sort().join(''))] : [],
      ),
      // Both faces appear among the three dice: every pair of distinct faces present wins.
      twoDifferent: bet('twoDifferent', distinctFaces(2), (d) => {
        const faces = [...counts(d).keys()].sort();
        const rows: WinnerRow[] = [];
        for (let i = 0; i < faces.length; i++)
          for (let j = i + 1; j < faces.length; j++) rows.push(one(`${faces[i]}${faces[j]}`));
        return rows;
      }),
    },
    defaults: {
      enabled: true,
      disabledBetTypes: [],
      odds: {
        sum: Object.fromEntries(
          K3_SUM_WAYS.flatMap((w, s) => (w > 0 ? [[String(s), rtpOdds(216, w, 9_600)]] : [])),
        ),
        sumSize: { default: 19_600n },
        sumParity: { default: 19_600n },
        tripleAny: { default: rtpOdds(216, 6, 9_600) },
        triple: { default: rtpOdds(216, 1, 9_600) },
        pair: { default: rtpOdds(216, 15, 9_600) },
        threeDifferent: { default: rtpOdds(216, 6, 9_600) },
        twoDifferent: { default: rtpOdds(216, 30, 9_600) },
      },
      limits: limitsFor(CODES),
    },
    draw: (s) => ({ kind: 'k3', dice: [0, 1, 2].map(() => 1 + s.uniformInt(6)) }),
    format: (r) => r.dice.join(''),
    parse: (t) => (/^[1-6]{3}$/.test(t) ? { kind: 'k3', dice: [...t].map(Number) } : null),
  };
}
