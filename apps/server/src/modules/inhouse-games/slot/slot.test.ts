import { describe, expect, it } from 'vitest';
import { FairRng } from '../../fairness/fair-rng';
import { CtrStream } from '../../fairness/streams';
import { inhouseGame } from '../registry';
import { simulate, Z_BOUND } from '../simulate';
import { slotGame } from './slot';
import { SLOT_TITLES } from './titles';

describe('video slot titles', () => {
  it('there are three themed titles, registered as slot:<title>, each with rules keys and its stated RTP', () => {
    expect(SLOT_TITLES.map((t) => t.id)).toEqual(['pearl-of-manila', 'jeepney-gold', 'fiesta-fruits']);
    for (const t of SLOT_TITLES) {
      const g = inhouseGame(`slot:${t.id}`)!;
      expect(g.statedRtpBp).toBe(t.statedRtpBp);
      expect(g.help.rulesKeys.length).toBeGreaterThan(0);
      expect(g.help.facts.lines).toBe(20);
    }
  });

  it('free spins: a feature plays at least the award, retriggers stay under the cap and wins carry the multiplier', () => {
    const title = SLOT_TITLES[0]!;
    const game = slotGame(title);
    const rng = new FairRng(new CtrStream('features'));
    let features = 0;
    for (let i = 0; i < 20_000; i += 1) {
      const { outcome, payout } = game.play(rng, { amount: 2_000n });
      const fs = outcome.freeSpins;
      if (outcome.base.scatters >= title.freeSpins.trigger) {
        features += 1;
        expect(fs.length).toBeGreaterThanOrEqual(title.freeSpins.award);
        expect(fs.length).toBeLessThanOrEqual(title.freeSpins.cap);
        for (const s of fs) {
          const lineUnits = s.lineWins.reduce((sum, w) => sum + w.pay, 0);
          expect(s.units % title.freeSpins.multiplier).toBe(0);
          expect(s.units).toBeGreaterThanOrEqual(lineUnits * title.freeSpins.multiplier);
        }
      } else {
        expect(fs).toHaveLength(0);
      }
      expect(payout).toBe((2_000n * BigInt(outcome.units)) / 20n);
    }
    expect(features).toBeGreaterThan(0);
  });

  // Each check plays 1,000,000 rounds through the same FairRng and play() as live rounds and accepts the
  // measured RTP within Z_BOUND = 4.5 standard errors (see simulate.ts); the sample σ of a slot is ≈ 3–4.
  for (const title of SLOT_TITLES) {
    it(`slot:${title.id}: 1,000,000 simulated spins measure the stated RTP within 4.5 standard errors`, () => {
      const r = simulate(inhouseGame(`slot:${title.id}`)!, 1_000_000, 'test');
      expect(r.rounds).toBe(1_000_000);
      expect(r.expectedRtp).toBeCloseTo(title.statedRtpBp / 10_000, 5);
      expect(r.z).toBeLessThan(Z_BOUND);
    });
  }
});
