import type { BrandCatalogue } from '@panalo/contract/provider';

// The launch form's choices from the platform's catalogue (`GET /provider/catalogue`: vendors and their
// games, lottery games, the default cashier's deposit methods): what a choice left alone (null) stands for,
// a choice changed one box at a time in the catalogue's order, and the games hidden of the vendors shown.

export type Catalogue = BrandCatalogue;
export type CatalogueVendor = Catalogue['vendors'][number];

/**
 * What a choice stands for: the one made, else the template brand's (when one is chosen: `fromTemplate`
 * not null; [] while it loads), else everything in the catalogue.
 */
export const effectiveChoice = (
  chosen: readonly string[] | null,
  fromTemplate: readonly string[] | null,
  all: readonly string[],
): string[] => [...(chosen ?? fromTemplate ?? all)];

/**
 * The list with codes switched on or off, in the catalogue's order (`order`); codes it does not hold (a
 * template's) are kept after it.
 */
export function switched<T extends string>(
  list: readonly T[],
  codes: readonly T[],
  on: boolean,
  order: readonly T[],
): T[] {
  const set = new Set(list);
  for (const c of codes) {
    if (on) set.add(c);
    else set.delete(c);
  }
  const known = order.filter((c) => set.has(c));
  return [...known, ...[...set].filter((c) => !order.includes(c))];
}

/** The vendors by category, categories in the order the catalogue first names them. */
export function vendorsByCategory(
  vendors: readonly CatalogueVendor[],
): { category: string; vendors: CatalogueVendor[] }[] {
  const groups = new Map<string, CatalogueVendor[]>();
  for (const v of vendors) groups.set(v.category, [...(groups.get(v.category) ?? []), v]);
  return [...groups].map(([category, list]) => ({ category, vendors: list }));
}

/** A game key's vendor ('JILI:123' → 'JILI'). */
export const vendorOf = (gameKey: string): string => gameKey.slice(0, gameKey.indexOf(':'));

/** The hidden games of the vendors shown (a vendor not shown hides its games with it). */
export const hiddenOfShown = (hidden: readonly string[], vendors: readonly string[]): string[] =>
  hidden.filter((k) => vendors.includes(vendorOf(k)));

/** How many of a vendor's games its players see, of how many. */
export function gamesShown(
  vendor: CatalogueVendor,
  hidden: ReadonlySet<string>,
): { shown: number; total: number } {
  return { shown: vendor.games.filter((g) => !hidden.has(g.key)).length, total: vendor.games.length };
}

/** Codes as the catalogue names them, in the list's order; a code the catalogue lacks as itself. */
export function namesOf(
  codes: readonly string[],
  items: readonly { code: string; name: string }[],
): string[] {
  const names = new Map(items.map((i) => [i.code, i.name]));
  return codes.map((c) => names.get(c) ?? c);
}
