import type { GameVendor } from '@panalo/contract/games';

/** GAMES-015/018 (spec §9): 4 vendors per view and per group, 5 px apart. */
export const VENDOR_STRIP_PER_PAGE = 4;
export const VENDOR_STRIP_GAP_PX = 5;

/** The e-sport and cockfight codes of spec §3 (CONST), and their categories. */
const EXCLUDED_CODES = new Set(['TF', 'DS88']);
const EXCLUDED_CATEGORIES = new Set(['ESPORTS', 'COCKFIGHT']);

/** GAMES-020: esports and cockfight vendors never appear in the vendor list. */
export function listedVendors(vendors: readonly GameVendor[]): GameVendor[] {
  return vendors.filter((v) => !EXCLUDED_CODES.has(v.vassalage) && !EXCLUDED_CATEGORIES.has(v.gameCategory));
}

/** An item of the strip: the All item (null) or a vendor code. */
export type StripItem = string | null;

export interface StripLayout {
  pages: StripItem[][];
  /** Paging (arrows and swipe) only with more than one vendor (GAMES-016). */
  paged: boolean;
}

/** GAMES-014/015/016: the All item first, then the vendors, in groups of 4 when there is more than one. */
export function stripLayout(vendorCodes: readonly string[]): StripLayout {
  const items: StripItem[] = [null, ...vendorCodes];
  if (vendorCodes.length <= 1) return { pages: [items], paged: false };
  const pages: StripItem[][] = [];
  for (let i = 0; i < items.length; i += VENDOR_STRIP_PER_PAGE)
    pages.push(items.slice(i, i + VENDOR_STRIP_PER_PAGE));
  return { pages, paged: pages.length > 1 };
}

/** The page holding the selected vendor, so the strip opens where the selection is. */
export function pageOf(layout: StripLayout, selected: string | undefined): number {
  const i = layout.pages.findIndex((p) => p.includes(selected ?? null));
  return i < 0 ? 0 : i;
}

/** Arrow and swipe moves stay within the pages (GAMES-017). */
export function movePage(current: number, delta: -1 | 1, count: number): number {
  return Math.min(Math.max(current + delta, 0), Math.max(count - 1, 0));
}
