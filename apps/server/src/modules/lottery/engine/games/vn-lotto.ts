import type { BetTypeDefinition, GameDefinition, WinnerRow } from '../types';
import { digitsSelection, limitsFor } from './shared';

/**
 * The northern (Hà Nội) prize table: [digits, how many numbers] for the special prize, then the
 * first to seventh prizes: 27 numbers in all.
 */
export const VN_PRIZES: readonly (readonly [digits: number, count: number])[] = [
  [5, 1],
  [5, 1],
  [5, 2],
  [5, 6],
  [4, 4],
  [4, 6],
  [3, 3],
  [2, 4],
];

const VN_DIGITS = VN_PRIZES.reduce((n, [len, count]) => n + len * count, 0);

/** "lo n": every prize number with at least n digits whose last n digits are the selection, counted. */
function lo(n: number): BetTypeDefinition<'vnlotto'> {
  return {
    code: `lo${n}`,
    match: 'exact',
    parseSelection: digitsSelection(n),
    winners: (r) => {
      const hits = new Map<string, number>();
      for (const num of r.prizes.flat()) {
        if (num.length < n) continue;
        const tail = num.slice(-n);
        hits.set(tail, (hits.get(tail) ?? 0) + 1);
      }
      return [...hits].map(([selection, h]): WinnerRow => ({ selection, hits: h, oddsKey: 'default' }));
    },
  };
}

/** "de n": the last n digits of the special prize. */
function de(n: number): BetTypeDefinition<'vnlotto'> {
  return {
    code: `de${n}`,
    match: 'exact',
    parseSelection: digitsSelection(n),
    winners: (r) => [{ selection: r.prizes[0]![0]!.slice(-n), hits: 1, oddsKey: 'default' }],
  };
}

const CODES = ['lo2', 'lo3', 'lo4', 'de2', 'de3', 'de4'];

/** Vietnamese-style lotto, drawn daily at `drawTime` in Vietnam. */
export function vnLottoGame(code: string, drawTime: string, lockSeconds: number): GameDefinition<'vnlotto'> {
  return {
    code,
    kind: 'vnlotto',
    schedule: { kind: 'daily', drawTime, lockSeconds, timeZone: 'Asia/Ho_Chi_Minh' },
    betTypes: { lo2: lo(2), lo3: lo(3), lo4: lo(4), de2: de(2), de3: de(3), de4: de(4) },
    defaults: {
      enabled: true,
      disabledBetTypes: [],
      // Per hit, stake included. lo2: 27 numbers × 1/100 × 3.5 = 94.5 % return; the others are near 95 %.
      odds: {
        lo2: { default: 35_000n },
        lo3: { default: 410_000n },
        lo4: { default: 4_700_000n },
        de2: { default: 950_000n },
        de3: { default: 9_000_000n },
        de4: { default: 90_000_000n },
      },
      limits: limitsFor(CODES),
    },
    draw: (s) => {
      // All 107 digits come from 12-digit chunks (uniformInt(10^12) from 5 bytes, zero-padded, most
      // significant first), read in prize order: every digit stays uniform and independent, and a draw
      // needs two HMAC blocks instead of three.
      const digits = new Uint8Array(VN_DIGITS + 12);
      for (let n = 0; n < VN_DIGITS; n += 12) {
        let v = s.uniformInt(1e12);
        for (let i = 11; i >= 0; i--) {
          digits[n + i] = v % 10;
          v = Math.floor(v / 10);
        }
      }
      let at = 0;
      const prizes = VN_PRIZES.map(([len, count]) => {
        const group: string[] = [];
        for (let c = 0; c < count; c++) {
          let num = '';
          for (let k = 0; k < len; k++) num += String.fromCharCode(48 + digits[at++]!);
          group.push(num);
        }
        return group;
      });
      return { kind: 'vnlotto', prizes };
    },
    format: (r) => r.prizes.map((g) => g.join(',')).join('~'),
    parse: (t) => {
      const groups = t.split('~').map((g) => g.split(','));
      const ok =
        groups.length === VN_PRIZES.length &&
        groups.every(
          (g, i) =>
            g.length === VN_PRIZES[i]![1] &&
            g.every((n) => new RegExp(`^[0-9]{${VN_PRIZES[i]![0]}}$`).test(n)),
        );
      return ok ? { kind: 'vnlotto', prizes: groups } : null;
    },
  };
}
