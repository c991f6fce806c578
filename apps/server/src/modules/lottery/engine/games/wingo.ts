import type { GameDefinition, Schedule, WinnerRow } from '../types';
import { wingoColours, wingoSize } from '@panalo/contract/lottery-rules';
import { enumBetType, limitsFor, one } from './shared';

// The colours and the size of a digit are the contract's (the site draws them the same way).
export { wingoColours };

const DIGITS = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'];

function colourWinners(digit: number): WinnerRow[] {
  // Green or red on a violet digit pays the reduced "half" odds: the usual Wingo rule.
  const half = digit === 0 || digit === 5;
  return wingoColours(digit).map((c) => one(c, c === 'violet' ? 'violet' : half ? 'half' : 'default'));
}

/** The fast number/colour game (digit 0–9) every `minutes` minutes. */
export function wingoGame(code: string, minutes: number, lockSeconds: number): GameDefinition<'wingo'> {
  const schedule: Schedule = {
    kind: 'interval',
    intervalSeconds: minutes * 60,
    lockSeconds,
    timeZone: 'Asia/Manila',
  };
  return {
    code,
    kind: 'wingo',
    schedule,
    betTypes: {
      number: enumBetType('number', DIGITS, (r) => [one(String(r.digit))]),
      colour: enumBetType('colour', ['green', 'red', 'violet'], (r) => colourWinners(r.digit)),
      size: enumBetType('size', ['big', 'small'], (r) => [one(wingoSize(r.digit))]),
    },
    defaults: {
      enabled: true,
      disabledBetTypes: [],
      odds: {
        number: { default: 90_000n },
        colour: { default: 20_000n, half: 15_000n, violet: 45_000n },
        size: { default: 19_600n },
      },
      limits: limitsFor(['number', 'colour', 'size']),
    },
    draw: (s) => ({ kind: 'wingo', digit: s.uniformInt(10) }),
    format: (r) => String(r.digit),
    parse: (t) => (/^[0-9]$/.test(t) ? { kind: 'wingo', digit: Number(t) } : null),
  };
}
