import type { BetItem, LotteryBetType, SelectionRule } from '@panalo/contract/lottery';
import { LOTTERY_MAX_UNITS } from '@panalo/contract/lottery-constants';
import { formatAmount, parseAmount } from '@panalo/contract/money';

/**
 * The betting screen's slip, as pure rules: the chosen selections per bet type, the stake per unit, the
 * multiplier and the follow periods. Money in bigint minor units, as the server counts it.
 */
export type Slip = Record<string, readonly string[]>;

/** Quick amounts (stake per unit). */
export const CHIPS = ['1.00', '5.00', '10.00', '50.00', '100.00'] as const;

/** Adds a selection, or removes it when it is already on the slip. */
export function toggleSelection(slip: Slip, betType: string, selection: string): Slip {
  const current = slip[betType] ?? [];
  const next = current.includes(selection) ? current.filter((s) => s !== selection) : [...current, selection];
  const { [betType]: _, ...rest } = slip;
  return next.length ? { ...rest, [betType]: next } : rest;
}

export const isSelected = (slip: Slip, betType: string, selection: string) =>
  (slip[betType] ?? []).includes(selection);

export const selectionCount = (slip: Slip) => Object.values(slip).reduce((n, s) => n + s.length, 0);

/** The odds shown on a choice: its own key (a sum, violet) or the bet type's default. */
export function oddsFor(bt: Pick<LotteryBetType, 'odds'>, selection: string): string | null {
  return bt.odds[selection] ?? bt.odds.default ?? null;
}

/** The spread of a bet type's odds ("1.5–4.5"), for the rules table. */
export function oddsRange(bt: Pick<LotteryBetType, 'odds'>): string {
  const values = Object.values(bt.odds)
    .map(Number)
    .filter((n) => Number.isFinite(n));
  if (values.length === 0) return '';
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  return lo === hi ? String(lo) : `${lo}–${hi}`;
}

/** A list value split into its position (5D "A:big") and its word. */
export function selectionParts(value: string): { position: string | null; word: string } {
  const m = /^([A-E]):(.+)$/.exec(value);
  return m ? { position: m[1]!, word: m[2]! } : { position: null, word: value };
}

/** List values grouped by position (5D: one row per position A–E), else one group. */
export function groupValues(values: readonly string[]): { position: string | null; values: string[] }[] {
  const groups: { position: string | null; values: string[] }[] = [];
  for (const v of values) {
    const { position } = selectionParts(v);
    const last = groups[groups.length - 1];
    if (last && last.position === position) last.values.push(v);
    else groups.push({ position, values: [v] });
  }
  return groups;
}

/** VN lotto: exactly `length` digits, leading zeros kept. */
export const validDigits = (text: string, length: number) => new RegExp(`^[0-9]{${length}}$`).test(text);

/** Pick-6: toggles a number while fewer than `count` are chosen (a chosen one can always be dropped). */
export function togglePick(picked: readonly number[], n: number, count: number): number[] {
  if (picked.includes(n)) return picked.filter((p) => p !== n);
  return picked.length < count ? [...picked, n] : [...picked];
}

/** A pick-6 ticket as the server's canonical text: ascending, two digits, joined by commas. */
export const ticketText = (picked: readonly number[]) =>
  [...picked]
    .sort((a, b) => a - b)
    .map((n) => String(n).padStart(2, '0'))
    .join(',');

/** `count` distinct numbers in [min, max] (a quick pick; `random` returns [0, 1)). */
export function quickPick(rule: Extract<SelectionRule, { kind: 'pick' }>, random: () => number): number[] {
  const pool = Array.from({ length: rule.max - rule.min + 1 }, (_, i) => rule.min + i);
  const out: number[] = [];
  while (out.length < rule.count && pool.length > 0) {
    out.push(pool.splice(Math.floor(random() * pool.length), 1)[0]!);
  }
  return out.sort((a, b) => a - b);
}

export type SlipProblem =
  | { key: 'empty' }
  | { key: 'amount' }
  | { key: 'units'; max: number }
  | { key: 'follow'; max: number }
  | { key: 'tooMany'; max: number }
  | { key: 'belowMin'; min: string }
  | { key: 'aboveMax'; max: string };

export interface SlipInput {
  slip: Slip;
  amount: string;
  units: number;
  follow: number;
  betTypes: readonly LotteryBetType[];
  maxItems: number;
  maxFollow: number;
}

export interface CheckedSlip {
  items: BetItem[];
  /** Stake of one bet: amount × units. */
  stakeMinor: bigint;
  /** Everything the order debits: bets × stake × follow periods. */
  totalMinor: bigint;
  total: string;
}

/** The order the slip makes, or the first reason it cannot be sent (the server checks the same). */
export function checkSlip(
  input: SlipInput,
): { ok: true; order: CheckedSlip } | { ok: false; problem: SlipProblem } {
  const entries = Object.entries(input.slip).flatMap(([betType, sels]) =>
    sels.map((selection) => ({ betType, selection })),
  );
  if (entries.length === 0) return { ok: false, problem: { key: 'empty' } };
  if (entries.length > input.maxItems) return { ok: false, problem: { key: 'tooMany', max: input.maxItems } };
  const amountMinor = parseAmount(input.amount.trim());
  if (amountMinor === null || amountMinor <= 0n) return { ok: false, problem: { key: 'amount' } };
  if (!Number.isInteger(input.units) || input.units < 1 || input.units > LOTTERY_MAX_UNITS)
    return { ok: false, problem: { key: 'units', max: LOTTERY_MAX_UNITS } };
  if (!Number.isInteger(input.follow) || input.follow < 1 || input.follow > input.maxFollow)
    return { ok: false, problem: { key: 'follow', max: input.maxFollow } };
  const stakeMinor = amountMinor * BigInt(input.units);
  for (const { betType } of entries) {
    const bt = input.betTypes.find((b) => b.betType === betType);
    if (!bt) continue; // the server refuses an unknown type with its own message
    const min = parseAmount(bt.minStake) ?? 0n;
    const max = parseAmount(bt.maxStake) ?? 0n;
    if (stakeMinor < min) return { ok: false, problem: { key: 'belowMin', min: bt.minStake } };
    if (stakeMinor > max) return { ok: false, problem: { key: 'aboveMax', max: bt.maxStake } };
  }
  const amount = formatAmount(amountMinor);
  const totalMinor = stakeMinor * BigInt(entries.length) * BigInt(input.follow);
  return {
    ok: true,
    order: {
      items: entries.map((e) => ({ ...e, amount, units: input.units })),
      stakeMinor,
      totalMinor,
      total: formatAmount(totalMinor),
    },
  };
}
