import type {
  RECON_BREAK_KINDS,
  RECON_RESOLUTIONS,
  RECON_SOURCES,
  ReconBreak,
  ReconRun,
} from '@panalo/contract/reconciliation';
import type { StaffPermission } from '@panalo/contract/staff-rules';

// The contract's lists are in a zod module, which the console imports as types only: they are written
// here and the compiler keeps them equal (same members, same order).
export const RECON_SOURCE_LIST: typeof RECON_SOURCES = ['hub88', 'paymongo'];
export const BREAK_KINDS: typeof RECON_BREAK_KINDS = [
  'only_theirs',
  'only_ours',
  'amount_differs',
  'status_differs',
  'refunded',
];
export const RESOLUTIONS: typeof RECON_RESOLUTIONS = ['credit', 'debit', 'explained'];

export type ReconSource = (typeof RECON_SOURCES)[number];
export type BreakKind = (typeof RECON_BREAK_KINDS)[number];
export type Resolution = (typeof RECON_RESOLUTIONS)[number];
export type BreakStatus = ReconBreak['status'];

/** A source's name as its company writes it (a proper name: the same in every language). */
export function sourceName(source: ReconSource): string {
  switch (source) {
    case 'hub88':
      return 'Hub88';
    case 'paymongo':
      return 'PayMongo';
  }
}

/** The direction of a wire amount ('12.50', '-0.00', '-3.00'): 1, 0 or -1. */
export function amountSign(amount: string): -1 | 0 | 1 {
  const v = amount.trim();
  if (/^-?0*(\.0*)?$/.test(v)) return 0;
  return v.startsWith('-') ? -1 : 1;
}

/** A wire amount without its sign ('-12.50' → '12.50'). */
export const magnitude = (amount: string): string => amount.trim().replace(/^-/, '');

/**
 * Whether a resolution may be chosen for a break owing `owed` to the member (the server refuses the
 * rest with `recon_resolution_direction`): credit only when the member is owed money (owed > 0), debit
 * only when they hold money they are not owed (owed < 0); explained always.
 */
export function resolutionAllowed(resolution: Resolution, owed: string): boolean {
  switch (resolution) {
    case 'credit':
      return amountSign(owed) > 0;
    case 'debit':
      return amountSign(owed) < 0;
    case 'explained':
      return true;
  }
}

/** The resolutions a break owing `owed` allows, in the contract's order. */
export const allowedResolutions = (owed: string): Resolution[] =>
  RESOLUTIONS.filter((r) => resolutionAllowed(r, owed));

/** What a resolution moves to the member's wallet (negative: taken back), or null when it moves nothing. */
export const movedBy = (resolution: Resolution, owed: string): string | null =>
  resolution === 'explained' ? null : owed;

export type ReasonProblem = 'short' | 'long' | 'control';

// A control character other than tab, line feed and carriage return (the contract's `noControl`).
// eslint-disable-next-line no-control-regex -- this pattern is about control characters
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** Why a resolution's reason would be refused, or null: 3 to 200 characters once trimmed, no control. */
export function reasonProblem(reason: string): ReasonProblem | null {
  const v = reason.trim();
  if (v.length < 3) return 'short';
  if (v.length > 200) return 'long';
  return CONTROL.test(v) ? 'control' : null;
}

export const REASON_MAX = 200;

/** Whether this staff member is offered "Reconcile now" (the server asks `close.sign`). */
export const mayReconcile = (permissions: readonly StaffPermission[]): boolean =>
  permissions.includes('close.sign');

/** Whether this staff member is offered the resolve form: `close.sign`, on a break still open. */
export const mayResolve = (
  permissions: readonly StaffPermission[],
  brk: Pick<ReconBreak, 'status'>,
): boolean => permissions.includes('close.sign') && brk.status === 'open';

/** A run's status as its badge's colour (its text says it too). */
export function runColor(status: ReconRun['status']): 'green' | 'blue' | 'red' {
  switch (status) {
    case 'done':
      return 'green';
    case 'running':
      return 'blue';
    case 'failed':
      return 'red';
  }
}

/** A break's status as its badge's colour: open waits for finance, resolved is done. */
export function breakColor(status: BreakStatus): 'orange' | 'green' {
  switch (status) {
    case 'open':
      return 'orange';
    case 'resolved':
      return 'green';
  }
}

/** The queue's `?status=`: resolved when it says so, open otherwise. */
export const queueStatus = (param: string | null): BreakStatus =>
  param === 'resolved' ? 'resolved' : 'open';

/** A break's id as the API takes it (a positive integer of up to 18 digits). */
export const isBreakId = (id: string): boolean => /^[1-9][0-9]{0,17}$/.test(id);

/** The day's breaks still open: the day is not signed while there is one. */
export const openBreaks = (breaks: readonly Pick<ReconBreak, 'status'>[]): number =>
  breaks.filter((b) => b.status === 'open').length;
