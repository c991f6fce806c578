// Every in-house game by id; slot titles are `slot:<title>`.
import type { InhouseGame } from './game';
import { baccarat } from './baccarat/baccarat';
import { crash } from './crash/crash';
import { dice } from './dice/dice';
import { mines } from './mines/mines';
import { plinko } from './plinko/plinko';
import { slotGame } from './slot/slot';
import { SLOT_TITLES } from './slot/titles';

// The registry is heterogeneous: callers hand it unknown bets, and only what a game's own parseBet accepted
// may reach its play(). (TypeScript's method bivariance is what lets each game widen to this type.)
export type AnyInhouseGame = InhouseGame<{ amount: bigint }, unknown>;

function erase<B extends { amount: bigint }, O>(game: InhouseGame<B, O>): AnyInhouseGame {
  return game;
}

export const INHOUSE_GAMES: readonly AnyInhouseGame[] = [
  erase(dice),
  erase(crash),
  erase(mines),
  erase(plinko),
  erase(baccarat),
  ...SLOT_TITLES.map((t) => erase(slotGame(t))),
];

const BY_ID = new Map(INHOUSE_GAMES.map((g) => [g.id, g]));

export function inhouseGame(id: string): AnyInhouseGame | undefined {
  return BY_ID.get(id);
}
