import {
  BRAND_STATUSES,
  BRAND_TRANSITIONS,
  type BrandStatus,
  type ProviderPermission,
} from '@panalo/contract/provider-rules';

/** Each status's badge colour; the badge always carries the status's name too (never colour alone). */
export const STATUS_COLOR: Record<BrandStatus, string> = {
  draft: 'gray',
  live: 'green',
  maintenance: 'yellow',
  suspended: 'orange',
  closed: 'red',
};

/**
 * The statuses a brand may be moved to from `from` by someone holding `permissions`: the contract's
 * `BRAND_TRANSITIONS`, each move kept only when its permission is held (the server refuses the others
 * with `no_permission`, and every move not in the table with `brand_move_refused`). In the contract's
 * order of statuses.
 */
export function allowedMoves(from: BrandStatus, permissions: readonly ProviderPermission[]): BrandStatus[] {
  const moves = BRAND_TRANSITIONS[from];
  return BRAND_STATUSES.filter((to) => {
    const needs = moves[to];
    return needs !== undefined && permissions.includes(needs);
  });
}

/** A move that cannot be undone asks in red: closing is final. */
export const finalMove = (to: BrandStatus): boolean => to === 'closed';
