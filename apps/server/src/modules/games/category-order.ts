import type { CategorySorting } from '@panalo/contract/games';

/** Spec §3's e-sport and cockfight vendor codes, recognised when a vendor's gameType does not say. */
export const ESPORT_GAME_CODE = 'TF';
export const COCKFIGHT_GAME_CODE = 'DS88';

const isEsports = (v: { gameType: string; vassalage: string }) =>
  v.gameType === 'ESPORTS' || v.vassalage === ESPORT_GAME_CODE;
const isCockfight = (v: { gameType: string; vassalage: string }) =>
  v.gameType === 'COCKFIGHT' || v.vassalage === COCKFIGHT_GAME_CODE;

/**
 * Spec §4's category order: the SPORTS category's vendors split into ESPORTS (placed right after SPORTS),
 * COCKFIGHT (placed right before SPORTS) and the remaining sports vendors. Vendors an ESPORTS or COCKFIGHT
 * entry already had elsewhere join the split ones; a category left without vendors is dropped. Without a
 * SPORTS entry the list is returned as it is.
 */
export function orderCategories(sorting: readonly CategorySorting[]): CategorySorting[] {
  const sports = sorting.find((c) => c.gameCategory === 'SPORTS');
  if (!sports) return sorting.map((c) => ({ ...c, vendorNames: [...c.vendorNames] }));
  const own = (code: string) => sorting.find((c) => c.gameCategory === code)?.vendorNames ?? [];
  const esports = [...sports.vendorNames.filter(isEsports), ...own('ESPORTS')];
  const cockfight = [
    ...sports.vendorNames.filter((v) => !isEsports(v) && isCockfight(v)),
    ...own('COCKFIGHT'),
  ];
  const rest = sports.vendorNames.filter((v) => !isEsports(v) && !isCockfight(v));

  const out: CategorySorting[] = [];
  for (const c of sorting) {
    if (c.gameCategory === 'ESPORTS' || c.gameCategory === 'COCKFIGHT') continue;
    if (c.gameCategory !== 'SPORTS') {
      out.push({ ...c, vendorNames: [...c.vendorNames] });
      continue;
    }
    if (cockfight.length > 0) out.push({ gameCategory: 'COCKFIGHT', vendorNames: dedupe(cockfight) });
    if (rest.length > 0) out.push({ gameCategory: 'SPORTS', vendorNames: rest });
    if (esports.length > 0) out.push({ gameCategory: 'ESPORTS', vendorNames: dedupe(esports) });
  }
  return out;
}

function dedupe<T extends { vassalage: string }>(list: T[]): T[] {
  const seen = new Set<string>();
  return list.filter((v) => (seen.has(v.vassalage) ? false : (seen.add(v.vassalage), true)));
}

/** category → vassalage codes, in the sorting's order (the vendor config's mapping). */
export function mappingOf(sorting: readonly CategorySorting[]): Record<string, string[]> {
  return Object.fromEntries(sorting.map((c) => [c.gameCategory, c.vendorNames.map((v) => v.vassalage)]));
}

/** Spec §4's prize mode: electronic lottery when ELOTT holds TCG_LOTTO_VN or LOTT, otherwise normal. */
export function prizeModeOf(mapping: Readonly<Record<string, readonly string[]>>): 'Elott' | 'Lott' {
  const elott = mapping.ELOTT ?? [];
  return elott.includes('TCG_LOTTO_VN') || elott.includes('LOTT') ? 'Elott' : 'Lott';
}
