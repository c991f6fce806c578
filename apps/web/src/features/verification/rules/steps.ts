import type { KycDocument, KycStatus } from '@panalo/contract/kyc';
import type { KycDocumentKind, KycDocumentStatus } from '@panalo/contract/kyc-rules';

// Which steps of the Verification page a member's status shows. The level is the server's reading of the
// proofs (an expired document already lowered it), so the forms follow from the level and from the
// documents still waiting for a reviewer.

/** A document of these statuses waits for staff: another of its kind cannot be sent (kyc_document_waiting). */
export const WAITING_STATUSES: readonly KycDocumentStatus[] = ['pending', 'checking'];

/** The document of `kind` waiting for review, if any (the list is newest first). */
export const waitingDocument = (s: Pick<KycStatus, 'documents'>, kind: KycDocumentKind) =>
  s.documents.find((d) => d.kind === kind && WAITING_STATUSES.includes(d.status)) ?? null;

/** Level 1's step: done, a code to send to the number on the account, or a number to add first. */
export type MobileStep = 'done' | 'confirm' | 'addMobile';
export const mobileStep = (s: Pick<KycStatus, 'mobileConfirmed' | 'hasMobile'>): MobileStep =>
  s.mobileConfirmed ? 'done' : s.hasMobile ? 'confirm' : 'addMobile';

/**
 * The identity form (level 2): while no identity counts (none sent, rejected, another asked for, or
 * expired: the level is below 2) and none waits for review.
 */
export const identityFormShown = (s: Pick<KycStatus, 'level' | 'documents'>) =>
  s.level < 2 && waitingDocument(s, 'identity') === null;

/** The proof-of-address form (level 3): once level 2 is reached, while no address counts or waits. */
export const addressFormShown = (s: Pick<KycStatus, 'level' | 'documents'>) =>
  s.level === 2 && waitingDocument(s, 'address') === null;

/** An approved document whose validity ended before `today` (YYYY-MM-DD): it no longer counts. */
export const isExpired = (d: Pick<KycDocument, 'status' | 'expiresOn'>, today: string) =>
  d.status === 'approved' && d.expiresOn !== null && d.expiresOn < today;

/**
 * Why the form of `kind` asks again, from the newest document of that kind: rejected, another one
 * needed, or expired (null: a first document, or nothing to say).
 */
export type AgainReason = 'rejected' | 'more_needed' | 'expired';
export function againReason(
  s: Pick<KycStatus, 'documents'>,
  kind: KycDocumentKind,
  today: string,
): AgainReason | null {
  const newest = s.documents.find((d) => d.kind === kind);
  if (!newest) return null;
  if (newest.status === 'rejected' || newest.status === 'more_needed') return newest.status;
  return isExpired(newest, today) ? 'expired' : null;
}

/** The member's calendar day as YYYY-MM-DD (birth dates and expiries are calendar days). */
export function localDay(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
