// Punto banco tableau: card values, naturals and the standard third-card rules, shared by play() and the
// exact enumeration in the tests.

/** Baccarat value of a rank 1–13: ace 1, 2–9 face value, ten and court cards 0. */
export function cardValue(rank: number): number {
  return rank >= 10 ? 0 : rank;
}

/** Whether the banker draws, given its two-card total and the player's third card value (null if none). */
export function bankerDraws(bankerTotal: number, playerThird: number | null): boolean {
  if (playerThird === null) return bankerTotal <= 5;
  switch (bankerTotal) {
    case 0:
    case 1:
    case 2:
      return true;
    case 3:
      return playerThird !== 8;
    case 4:
      return playerThird >= 2 && playerThird <= 7;
    case 5:
      return playerThird >= 4 && playerThird <= 7;
    case 6:
      return playerThird === 6 || playerThird === 7;
    default:
      return false;
  }
}

export type BaccaratResult = 'player' | 'banker' | 'tie';

export interface Coup {
  player: number[];
  banker: number[];
  playerTotal: number;
  bankerTotal: number;
  result: BaccaratResult;
}

/**
 * Deals a coup from values drawn in shoe order (P, B, P, B, then third cards as the tableau asks).
 * `next` returns the next card's value; it is called 4 to 6 times.
 */
export function dealCoup(next: () => number): Coup {
  const player = [next()];
  const banker = [next()];
  player.push(next());
  banker.push(next());
  const total = (cards: number[]): number => cards.reduce((s, v) => s + v, 0) % 10;
  let p = total(player);
  let b = total(banker);
  if (p < 8 && b < 8) {
    let third: number | null = null;
    if (p <= 5) {
      third = next();
      player.push(third);
      p = total(player);
    }
    if (bankerDraws(b, third)) {
      banker.push(next());
      b = total(banker);
    }
  }
  return {
    player,
    banker,
    playerTotal: p,
    bankerTotal: b,
    result: p > b ? 'player' : b > p ? 'banker' : 'tie',
  };
}
