import type { GameClassification } from '@panalo/contract/games';

/** GAMES-047: the data tabs. */
export const DATA_TABS = ['all', 'hot', 'recent', 'fav'] as const;
export type DataTab = (typeof DATA_TABS)[number];

export const isDataTab = (v: string | null): v is DataTab =>
  v !== null && (DATA_TABS as readonly string[]).includes(v);

/** Tabs a visitor cannot open (ROLE-005): they need the member's own lists. */
export const tabNeedsSession = (tab: DataTab): boolean => tab === 'recent' || tab === 'fav';

/** One entry of the classify menu: a selection type or a vendor classification code. */
export interface ClassifyItem {
  code: string;
  /** Catalogue key for the fixed entries; vendor classifications carry their own (translated) name. */
  labelKey?: string;
  name?: string;
}

/**
 * GAMES-005/006/019: all, new (RNG only), hot and favourites, then the vendor classifications of the
 * category; sports leave out the ESPORTS classification (esports has its own category).
 */
export function classifyMenu(
  gameType: string,
  classifications: readonly GameClassification[],
): ClassifyItem[] {
  const fixed: ClassifyItem[] = [
    { code: 'ALL', labelKey: 'games.classify.ALL' },
    ...(gameType === 'RNG' ? [{ code: 'NEW', labelKey: 'games.classify.NEW' }] : []),
    { code: 'HOT', labelKey: 'games.classify.HOT' },
    { code: 'FAV', labelKey: 'games.classify.FAV' },
  ];
  const vendorOnes = classifications
    .filter((c) => !(gameType === 'SPORTS' && c.code === 'ESPORTS'))
    .map((c) => ({ code: c.code, name: c.name }));
  return [...fixed, ...vendorOnes];
}

/** GAMES-012/013: the classification tabs are hidden when a vendor is fixed and for FISH. */
export function showClassifyTabs(gameType: string, fixedVendor: string | undefined): boolean {
  return fixedVendor === undefined && gameType !== 'FISH';
}

/** The game-type section of the filter drawer: vendor classifications, RNG only (GAMES-026). */
export const showRngSections = (gameType: string): boolean => gameType === 'RNG';
