import type { RECON_PATHS } from '@panalo/contract/reconciliation';

/**
 * The reconciliation's paths: the contract's `RECON_PATHS`. Its module holds zod schemas, which the
 * console imports as types only, so they are written here and the compiler keeps them equal to the
 * contract's.
 */
const PATHS: typeof RECON_PATHS = {
  day: '/ops/daily-close/:day/reconciliation',
  run: '/ops/daily-close/:day/reconcile',
  breaks: '/ops/reconciliation/breaks',
  break: '/ops/reconciliation/breaks/:id',
  resolve: '/ops/reconciliation/breaks/:id/resolve',
};

/** A reconciliation path with its `:day` or `:id` filled in (encoded). */
export function reconPath(which: keyof typeof RECON_PATHS, params: { day?: string; id?: string } = {}) {
  return PATHS[which].replace(/:(day|id)\b/g, (_, name: 'day' | 'id') =>
    encodeURIComponent(params[name] ?? ''),
  );
}
