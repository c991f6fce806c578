import { LIMIT_COOLING_OFF_MS } from '@panalo/contract/protection';
import { DomainError } from '../../lib/domain-error';

/** A limit as stored: the amount in force (null: none) and a raise or removal waiting for its time. */
export interface LimitState {
  amount: bigint | null;
  pendingAmount: bigint | null;
  /** When the waiting change may be confirmed; null when nothing waits. */
  pendingFrom: Date | null;
}

const NONE: LimitState = { amount: null, pendingAmount: null, pendingFrom: null };

/**
 * A member asks for a limit of `requested` (null: no limit). Tighter takes effect at once (and drops a
 * waiting raise); looser (a raise, or a removal) waits LIMIT_COOLING_OFF_MS and then needs confirming.
 * Asking for the limit in force again cancels a waiting change.
 */
export function requestLimit(current: LimitState | null, requested: bigint | null, now: Date): LimitState {
  const s = current ?? NONE;
  // Stryker disable next-line EqualityOperator: `<=` is equivalent, the same amount again gives what the line after gives
  const tighter = requested !== null && (s.amount === null || requested < s.amount);
  if (tighter) return { amount: requested, pendingAmount: null, pendingFrom: null };
  if (requested === s.amount) return { ...s, pendingAmount: null, pendingFrom: null };
  return { ...s, pendingAmount: requested, pendingFrom: new Date(now.getTime() + LIMIT_COOLING_OFF_MS) };
}

/** The member confirms a waiting raise or removal: refused before its time, applied from then on. */
export function confirmLimit(s: LimitState, now: Date): LimitState {
  if (!s.pendingFrom) throw new DomainError('limit_nothing_pending', 409, 'No limit change is waiting');
  if (now < s.pendingFrom) {
    throw new DomainError('limit_cooling_off', 409, 'This change can be confirmed after the cooling-off', {
      from: s.pendingFrom.toISOString(),
    });
  }
  return { amount: s.pendingAmount, pendingAmount: null, pendingFrom: null };
}

/**
 * Whether `adding` fits a limit given what was counted within the span (oldest first), and if not,
 * the moment enough of it has left the span for `adding` to fit (null: it never fits, being over the
 * limit by itself).
 */
export function limitRoom(
  limit: bigint,
  counted: { at: Date; amount: bigint }[],
  adding: bigint,
  spanMs: number,
): { fits: true } | { fits: false; resetsAt: Date | null } {
  let used = counted.reduce((s, c) => s + c.amount, 0n);
  if (used + adding <= limit) return { fits: true };
  // Stryker disable next-line ConditionalExpression: a shortcut, the loop below ends at the same answer
  if (adding > limit) return { fits: false, resetsAt: null };
  for (const c of counted) {
    used -= c.amount;
    if (used + adding <= limit) return { fits: false, resetsAt: new Date(c.at.getTime() + spanMs) };
  }
  // Stryker disable next-line all: not reached (adding <= limit here, so the last step above fits); kept for the type
  return { fits: false, resetsAt: null };
}
