import { resolveConfig } from './config';
import { settleBet, type JackpotContext } from './bet';
import { parseResult } from './draw';
import type { Settlement } from './types';

/** Settles one hand-written bet against a hand-written result text with the default config. */
export function settleText(
  gameCode: string,
  resultText: string,
  betType: string,
  selection: string,
  amountMinor = 1_000n,
  units = 1,
  jackpot?: JackpotContext,
): Settlement {
  const result = parseResult(gameCode, resultText);
  if (!result) throw new Error(`bad result text ${resultText}`);
  return settleBet(
    { gameCode, betType, selection, amountMinor, units },
    result,
    resolveConfig(gameCode),
    jackpot,
  );
}

/** Payout only; -1n marks a lost bet so the tables read "lost" at a glance. */
export function payout(...args: Parameters<typeof settleText>): bigint {
  const s = settleText(...args);
  return s.won ? s.payoutMinor : -1n;
}
