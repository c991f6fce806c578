// Monte Carlo RTP measurement shared by the simulation tests and `npm run sim:rtp`. Rounds are drawn from
// a seeded AES-CTR stream (fast, reproducible) through the same FairRng and play() that real rounds use.
import { FairRng } from '../fairness/fair-rng';
import { CtrStream } from '../fairness/streams';
import type { AnyInhouseGame } from './registry';

export interface SimulationReport {
  rounds: number;
  measuredRtp: number;
  expectedRtp: number;
  /** Standard deviation of one round's return (payout ÷ stake), from the sample. */
  sigma: number;
  /** σ/√n: the standard error of measuredRtp. */
  standardError: number;
  /** |measured − expected| in standard errors. */
  z: number;
}

/** The acceptance band, in standard errors: a false alarm has probability ≈ 7·10⁻⁶ (two-sided normal). */
export const Z_BOUND = 4.5;

export function simulate(
  game: AnyInhouseGame,
  rounds: number,
  seed: string,
  bet = game.simBet,
): SimulationReport {
  const rng = new FairRng(new CtrStream(`${game.id}:${seed}`));
  const stake = Number(bet.amount);
  let sum = 0;
  let sumSq = 0;
  for (let i = 0; i < rounds; i += 1) {
    const r = Number(game.play(rng, bet).payout) / stake;
    sum += r;
    sumSq += r * r;
  }
  const mean = sum / rounds;
  const variance = Math.max(0, sumSq / rounds - mean * mean) * (rounds / Math.max(1, rounds - 1));
  const sigma = Math.sqrt(variance);
  const standardError = sigma / Math.sqrt(rounds);
  const expectedRtp = game.rtpOf(bet);
  return {
    rounds,
    measuredRtp: mean,
    expectedRtp,
    sigma,
    standardError,
    z: standardError > 0 ? Math.abs(mean - expectedRtp) / standardError : mean === expectedRtp ? 0 : Infinity,
  };
}
