import type { Engine } from './engine-kit';
import { fishEngine } from './fish-engine';
import { slotEngine } from './slot-engine';
import { cardsEngine, matchEngine } from './table-engines';

/** The simulator's engine for a catalogue category: one shared engine per kind, tuned per title. */
export function engineFor(gameType: string, gameCode: string): Engine {
  switch (gameType) {
    case 'FISH':
      return fishEngine(gameCode);
    case 'LIVE':
    case 'PVP':
      return cardsEngine();
    case 'SPORTS':
    case 'ESPORTS':
    case 'COCKFIGHT':
      return matchEngine(gameCode, gameType);
    default:
      // RNG and anything new: a slot.
      return slotEngine(gameCode);
  }
}
