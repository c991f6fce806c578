import type { LotteryBet, LotteryGame, WinnerEntry } from '@panalo/contract/lottery';

/** How a game draws and shows its result (the contract's lotteryKind). */
export type LotteryKind = LotteryGame['kind'];
import { parseAmount } from '@panalo/contract/money';
import { wingoColours, wingoSize } from '@panalo/contract/lottery-rules';

const groups = (result: string) => result.split('~').map((g) => g.split(',').map((n) => n.trim()));

/** The balls a result shows: digits (Wingo, 5D), dice (K3), the special prize (VN lotto), six numbers. */
export function resultBalls(kind: LotteryKind, result: string | null): string[] {
  if (!result) return [];
  switch (kind) {
    case 'wingo':
    case 'd5':
    case 'k3':
      return [...result.trim()];
    case 'vnlotto':
      return [groups(result)[0]?.[0] ?? ''].filter((s) => s !== '');
    case 'pick6':
      return groups(result)[0] ?? [];
  }
}

/** A ball's colours as the game draws them: Win Go's digits by the market's convention, others none. */
export function ballColours(kind: LotteryKind, ball: string): ('green' | 'red' | 'violet')[] {
  return kind === 'wingo' && /^[0-9]$/.test(ball) ? wingoColours(Number(ball)) : [];
}

/** What a Win Go result reads as: the digit, big or small, and its colours (null for other games). */
export function wingoReading(
  kind: LotteryKind,
  result: string,
): { digit: number; size: 'big' | 'small'; colours: ('green' | 'red' | 'violet')[] } | null {
  if (kind !== 'wingo' || !/^[0-9]$/.test(result.trim())) return null;
  const digit = Number(result.trim());
  return { digit, size: wingoSize(digit), colours: wingoColours(digit) };
}

/** The number a draw adds to the trend chart: the digit, the sum, the special prize's last two digits. */
export function trendValue(kind: LotteryKind, result: string): number | null {
  const balls = resultBalls(kind, result);
  if (balls.length === 0) return null;
  switch (kind) {
    case 'wingo':
      return Number(balls[0]);
    case 'd5':
    case 'k3':
      return balls.reduce((s, d) => s + Number(d), 0);
    case 'vnlotto':
      return Number(balls[0]!.slice(-2));
    case 'pick6':
      return balls.reduce((s, d) => s + Number(d), 0);
  }
}

/** The scale of each kind's trend value, so that charts of one game are comparable. */
export const TREND_RANGE: Record<LotteryKind, readonly [number, number]> = {
  wingo: [0, 9],
  d5: [0, 45],
  k3: [3, 18],
  vnlotto: [0, 99],
  pick6: [21, 255],
};

/** SVG polyline points for values oldest → newest, in a width × height box (larger values higher). */
export function trendPoints(
  values: readonly number[],
  [lo, hi]: readonly [number, number],
  width: number,
  height: number,
): string {
  if (values.length === 0) return '';
  const step = values.length > 1 ? width / (values.length - 1) : 0;
  const span = hi - lo || 1;
  return values
    .map((v, i) => {
      const y = height - ((Math.min(hi, Math.max(lo, v)) - lo) / span) * height;
      return `${Math.round(i * step * 10) / 10},${Math.round(y * 10) / 10}`;
    })
    .join(' ');
}

/** GAMES-057: the winner list by win amount (vo.winAmount), highest first. */
export function sortWinners(list: readonly WinnerEntry[]): WinnerEntry[] {
  const amount = (w: WinnerEntry) => parseAmount(w.vo.winAmount) ?? 0n;
  return [...list].sort((a, b) => {
    const d = amount(b) - amount(a);
    return d > 0n ? 1 : d < 0n ? -1 : 0;
  });
}

/** Bets on a period before `currentNumero` still accepted: drawn but not settled yet, worth polling. */
export const awaitingSettlement = (bets: readonly LotteryBet[], currentNumero: string) =>
  bets.some((b) => b.status === 'accepted' && b.numero < currentNumero);
