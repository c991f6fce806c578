import {
  KYC_DOCUMENT_STATUSES,
  KYC_ID_TYPES,
  type KycDecision,
  type KycDocumentKind,
  type KycDocumentStatus,
  type KycIdType,
} from '@panalo/contract/kyc-rules';

// The review of a member's identity or address document: pure rules, no React, no calls.

export { KYC_DOCUMENT_STATUSES as QUEUE_STATUSES, KYC_ID_TYPES };
export type { KycDecision, KycDocumentKind, KycDocumentStatus, KycIdType };

/** The queue's `?status=`: one of the document statuses, pending otherwise. */
export const queueStatus = (param: string | null): KycDocumentStatus =>
  (KYC_DOCUMENT_STATUSES as readonly string[]).includes(param ?? '')
    ? (param as KycDocumentStatus)
    : 'pending';

/** A document's id as the API takes it (a positive integer). */
export const isDocumentId = (id: string): boolean => /^[1-9][0-9]{0,17}$/.test(id);

/** Still to be decided: waiting for a first reviewer, or approved once and waiting for a second. */
export const isWaiting = (status: KycDocumentStatus): boolean =>
  status === 'pending' || status === 'checking';

/** A status as its badge's colour (its text says it too). */
export function statusColor(status: KycDocumentStatus): 'yellow' | 'blue' | 'green' | 'red' | 'orange' {
  switch (status) {
    case 'pending':
      return 'yellow';
    case 'checking':
      return 'blue';
    case 'approved':
      return 'green';
    case 'rejected':
      return 'red';
    case 'more_needed':
      return 'orange';
  }
}

/**
 * Whether this reviewer may approve: a waiting document, and not the one who approved it first (the
 * second approval is another person's: the server refuses it with kyc_same_reviewer too).
 */
export function approveBlock(
  doc: { status: KycDocumentStatus; firstReviewer: string | null },
  username: string,
): 'decided' | 'same_reviewer' | null {
  if (!isWaiting(doc.status)) return 'decided';
  if (doc.status === 'checking' && doc.firstReviewer === username) return 'same_reviewer';
  return null;
}

/**
 * Whether this document's approval takes two reviewers under the merchant's `checkerFromLevel` (null:
 * the settings are not known).
 */
export const twoReviewers = (gives: number, checkerFromLevel: number | undefined): boolean | null =>
  checkerFromLevel === undefined ? null : gives >= checkerFromLevel;

export const REASON_MIN = 3;
export const REASON_MAX = 300;
// eslint-disable-next-line no-control-regex -- what the server refuses (the contract's noControl)
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

export type ReasonProblem = 'short' | 'long' | 'control';

/** What is wrong with a reason the member will read (3 to 300 characters once trimmed, no control). */
export function reasonProblem(reason: string): ReasonProblem | null {
  const v = reason.trim();
  if (v.length < REASON_MIN) return 'short';
  if (v.length > REASON_MAX) return 'long';
  return CONTROL.test(v) ? 'control' : null;
}

/** A day as the API writes it (YYYY-MM-DD) in the reviewer's own calendar. */
export function localDay(at: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${p(at.getMonth() + 1)}-${p(at.getDate())}`;
}

export type ExpiryProblem = 'format' | 'past';

/**
 * What is wrong with an ID's expiry date ('' is none, which is fine): a real day, after today (the
 * server refuses a day already past with kyc_document_expired).
 */
export function expiryProblem(value: string, today: string): ExpiryProblem | null {
  const v = value.trim();
  if (v === '') return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  if (!m) return 'format';
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  if (d.toISOString().slice(0, 10) !== v || v > '2999-12-31') return 'format';
  return v <= today ? 'past' : null;
}

export interface ReviewBody {
  decision: KycDecision;
  reason?: string;
  expiresOn?: string;
}

/**
 * The review's body: approve with the ID's expiry when one is given (identity documents only); reject
 * and more with the reason, trimmed.
 */
export function reviewBody(
  decision: KycDecision,
  input: { reason: string; expiresOn: string; kind: KycDocumentKind },
): ReviewBody {
  if (decision !== 'approve') return { decision, reason: input.reason.trim() };
  const expiresOn = input.expiresOn.trim();
  return input.kind === 'identity' && expiresOn ? { decision, expiresOn } : { decision };
}

/** A check's outcome: passed, failed, or not possible (the account has no birth date). */
export type CheckState = 'pass' | 'fail' | 'unknown';
export const checkState = (v: boolean | null): CheckState => (v === null ? 'unknown' : v ? 'pass' : 'fail');

/** A check's badge colour. */
export const checkColor = (s: CheckState): 'green' | 'red' | 'gray' =>
  s === 'pass' ? 'green' : s === 'fail' ? 'red' : 'gray';

/** The image views, newest first (ISO times sort as text). */
export const newestViewsFirst = <V extends { at: string }>(views: readonly V[]): V[] =>
  [...views].sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));

/** Whether a view's slot is one of the image slots (a name to translate). */
export const isSlot = (slot: string): slot is 'front' | 'back' | 'selfie' | 'document' =>
  slot === 'front' || slot === 'back' || slot === 'selfie' || slot === 'document';
