import type { HelpItem } from '@panalo/contract/content';

/**
 * CONTENT-006: the selected help item's index from the query parameter `i`. Anything that is not a
 * whole number inside the list (missing, negative, text, past the end) selects the first item.
 */
export function helpIndex(raw: string | null, count: number): number {
  if (raw === null || !/^\d{1,6}$/.test(raw)) return 0;
  const n = Number(raw);
  return n < count ? n : 0;
}

/**
 * The item /m/helpDetail shows: `?id=` names an item by its id (a link that survives reordering),
 * else `?i=` by position as on /m/help. An id that is not in the list finds nothing.
 */
export function findHelpItem(
  items: readonly HelpItem[],
  params: URLSearchParams,
): { item: HelpItem; index: number } | null {
  const id = params.get('id');
  if (id !== null) {
    const index = items.findIndex((x) => String(x.id) === id);
    const item = items[index];
    return item ? { item, index } : null;
  }
  const index = helpIndex(params.get('i'), items.length);
  const item = items[index];
  return item ? { item, index } : null;
}
