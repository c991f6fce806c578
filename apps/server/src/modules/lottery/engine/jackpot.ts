import type { GameConfig } from './types';

function jackpotOf(config: GameConfig) {
  if (!config.jackpot) throw new Error('game has no jackpot');
  return config.jackpot;
}

/** The jackpot a period pays: what was carried in plus the configured share of this period's sales. */
export function jackpotPool(carryMinor: bigint, salesMinor: bigint, config: GameConfig): bigint {
  return carryMinor + (salesMinor * BigInt(jackpotOf(config).contributionBps)) / 10_000n;
}

/** One winning bet's part of the jackpot: shared in proportion to stake, rounded down. */
export function jackpotShare(poolMinor: bigint, stakeMinor: bigint, winningStakeMinor: bigint): bigint {
  if (winningStakeMinor <= 0n) return 0n;
  return (poolMinor * stakeMinor) / winningStakeMinor;
}

/**
 * What the next period starts from: the whole pool when nobody won; otherwise a fresh seed plus the
 * rounding left over from sharing (so no minor unit is lost).
 */
export function jackpotCarry(poolMinor: bigint, paidMinor: bigint, config: GameConfig): bigint {
  return paidMinor > 0n ? jackpotOf(config).seedMinor + (poolMinor - paidMinor) : poolMinor;
}
