import { describe, expect, it } from 'vitest';
import { replay } from '../inhouse-games/replay';
import { nextRound, openSeedPair, rotateSeedPair } from './seed-pair';
import { verifyServerSeed } from './seeds';
import { dice } from '../inhouse-games/dice/dice';

describe('seed pair lifecycle', () => {
  it('commits the hash first, counts nonces per round, and after rotation the revealed seed verifies every round', () => {
    let pair = openSeedPair('my-lucky-seed');
    expect(pair.clientSeed).toBe('my-lucky-seed');
    expect(pair.nonce).toBe(0);
    const shownHash = pair.serverSeedHash;
    const bet = { amount: 100n, target: 5000, direction: 'under' as const };
    const played = [];
    for (let i = 0; i < 3; i += 1) {
      const round = nextRound(pair);
      played.push({ nonce: round.nonce, round: dice.play(round.rng, bet) });
      pair = round.pair;
    }
    expect(played.map((p) => p.nonce)).toEqual([0, 1, 2]);
    const { revealed, next } = rotateSeedPair(pair);
    expect(verifyServerSeed(revealed.serverSeed, shownHash)).toBe(true);
    for (const p of played) {
      const again = replay(revealed.serverSeed, revealed.clientSeed, p.nonce, 'dice', bet);
      expect(again.ok && again.round).toEqual(p.round);
    }
    expect(next.serverSeed).not.toBe(revealed.serverSeed);
    expect(next.nonce).toBe(0);
    expect(next.clientSeed).toBe('my-lucky-seed');
  });

  it('an invalid player seed is replaced by a random one', () => {
    expect(openSeedPair('bad:seed').clientSeed).toMatch(/^[0-9a-f]{16}$/);
    expect(openSeedPair().clientSeed).toMatch(/^[0-9a-f]{16}$/);
  });
});
