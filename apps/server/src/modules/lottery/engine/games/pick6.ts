import type { BetTypeDefinition, GameDefinition } from '../types';
import { limitsFor } from './shared';

export const PICK6_BALLS = 45;
export const PICK6_SIZE = 6;
/** The tier that shares the jackpot instead of paying fixed odds. */
export const JACKPOT_MATCHES = 6;

const ALL_BALLS: readonly number[] = Array.from({ length: PICK6_BALLS }, (_, i) => i + 1);
const pad = (n: number) => String(n).padStart(2, '0');

/** Six distinct numbers 1–45 in any order and padding → "03,07,12,22,31,45", or null. */
export function parseTicket(s: string): number[] | null {
  const parts = s.split(',');
  if (parts.length !== PICK6_SIZE || !parts.every((p) => /^[0-9]{1,2}$/.test(p))) return null;
  const nums = parts.map(Number).sort((a, b) => a - b);
  const valid = nums.every((n, i) => n >= 1 && n <= PICK6_BALLS && (i === 0 || n !== nums[i - 1]));
  return valid ? nums : null;
}

const ticket: BetTypeDefinition<'pick6'> = {
  code: 'pick6',
  match: 'count',
  parseSelection: (s) => parseTicket(s)?.map(pad).join(',') ?? null,
  winners: (r) => r.numbers.map((n) => ({ selection: pad(n), hits: 1, oddsKey: 'default' })),
};

/** Daily pick-6 of 45 with a rolling jackpot for six matches. */
export function pick6Game(code: string, drawTime: string, lockSeconds: number): GameDefinition<'pick6'> {
  return {
    code,
    kind: 'pick6',
    schedule: { kind: 'daily', drawTime, lockSeconds, timeZone: 'Asia/Manila' },
    betTypes: { pick6: ticket },
    defaults: {
      enabled: true,
      disabledBetTypes: [],
      // Odds key = number of matches; six matches share the jackpot (see jackpot.ts).
      odds: { pick6: { '3': 30_000n, '4': 300_000n, '5': 10_000_000n } },
      limits: limitsFor(['pick6']),
      jackpot: { contributionBps: 3_000, seedMinor: 500_000_000n },
    },
    draw: (s) => {
      // Partial Fisher–Yates: each of the C(45,6) sets is equally likely.
      const balls = ALL_BALLS.slice();
      for (let i = 0; i < PICK6_SIZE; i++) {
        const j = i + s.uniformInt(PICK6_BALLS - i);
        [balls[i], balls[j]] = [balls[j]!, balls[i]!];
      }
      return { kind: 'pick6', numbers: balls.slice(0, PICK6_SIZE).sort((a, b) => a - b) };
    },
    format: (r) => r.numbers.map(pad).join(','),
    parse: (t) => {
      const nums = parseTicket(t);
      return nums && nums.map(pad).join(',') === t ? { kind: 'pick6', numbers: nums } : null;
    },
  };
}
