import type { GameVendor } from '@panalo/contract/games';
import { otherGames } from './filter';
import { listedVendors } from './vendor-strip';

/** A lobby section: a category the merchant sells and where its "see all" leads. */
export interface LobbySection {
  code: string;
  href: string;
}

const LOTTERY_LOBBY = '/m/lottery';

/**
 * The game lobby's sections: the vendor config's categories in the merchant's order (spec §4), with the
 * same rule and links as the drawer's other-games list (ELOTT left out, LOTT to the lottery lobby).
 */
export const lobbySections = (categories: readonly string[]): LobbySection[] => otherGames(categories, '');

/** A vendor tile opens the category's list fixed on that vendor; a lottery vendor opens the lottery lobby. */
export const lobbyVendorHref = (section: LobbySection, vendor: string): string =>
  section.href === LOTTERY_LOBBY
    ? LOTTERY_LOBBY
    : `/m/gameList?${new URLSearchParams({ gameType: section.code, vendor }).toString()}`;

/**
 * A section's vendor tiles: GAMES-020 keeps e-sport and cockfight vendors out as on the list's strip
 * (out of SPORTS and HOT), except in their own section, which would otherwise stand empty.
 */
export function lobbyVendors(section: LobbySection, vendors: readonly GameVendor[]): GameVendor[] {
  const kept = new Set(listedVendors(vendors));
  return vendors.filter((v) => kept.has(v) || v.gameCategory === section.code);
}
