// The player's current seed pair: what the service stores per player (and per game, if it wants) so that
// every round is (server seed, client seed, nonce). Rotation reveals the old server seed and commits a new
// one; the nonce restarts at 0 because a new server seed makes every stream new.
import { FairRng } from './fair-rng';
import { hashServerSeed, isClientSeed, newClientSeed, newServerSeed } from './seeds';
import { HmacStream } from './streams';

export interface SeedPair {
  /** Secret until rotated. */
  serverSeed: string;
  /** Shown to the player before any round with this seed. */
  serverSeedHash: string;
  clientSeed: string;
  /** The nonce the next round will use. */
  nonce: number;
}

/** A fresh pair; the client seed is the player's own when valid, else a random one. */
export function openSeedPair(clientSeed?: string): SeedPair {
  const serverSeed = newServerSeed();
  return {
    serverSeed,
    serverSeedHash: hashServerSeed(serverSeed),
    clientSeed: clientSeed !== undefined && isClientSeed(clientSeed) ? clientSeed : newClientSeed(),
    nonce: 0,
  };
}

/** The RNG of one round and the pair to store for the next one. */
export function nextRound(pair: SeedPair): { rng: FairRng; nonce: number; pair: SeedPair } {
  const rng = new FairRng(new HmacStream(pair.serverSeed, pair.clientSeed, pair.nonce));
  return { rng, nonce: pair.nonce, pair: { ...pair, nonce: pair.nonce + 1 } };
}

/** Ends a pair: the old server seed may now be published; the new pair keeps or replaces the client seed. */
export function rotateSeedPair(pair: SeedPair, clientSeed?: string): { revealed: SeedPair; next: SeedPair } {
  return { revealed: pair, next: openSeedPair(clientSeed ?? pair.clientSeed) };
}
