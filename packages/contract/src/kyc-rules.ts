// Know your customer (issue 53 items 1 and 2): the verification levels, the documents a member sends and
// staff's review. No zod here: the member site imports these values.

/** 0 registered, 1 mobile confirmed, 2 identity document and selfie reviewed, 3 proof of address reviewed. */
export const KYC_LEVELS = [0, 1, 2, 3] as const;
export type KycLevel = (typeof KYC_LEVELS)[number];

/** Philippine identity documents a merchant may accept (its list is a subset). */
export const KYC_ID_TYPES = [
  'philsys',
  'passport',
  'drivers_licence',
  'umid',
  'sss',
  'prc',
  'postal',
  'voters',
  'tin',
] as const;
export type KycIdType = (typeof KYC_ID_TYPES)[number];
/** An ID of these types has one side only: no back image is asked for. */
export const KYC_ONE_SIDED: readonly KycIdType[] = ['passport'];

/** identity: an ID's front (and back) with a selfie → level 2; address: a proof of address → level 3. */
export const KYC_DOCUMENT_KINDS = ['identity', 'address'] as const;
export type KycDocumentKind = (typeof KYC_DOCUMENT_KINDS)[number];

/**
 * pending: waiting for a reviewer; checking: approved once, waiting for a second reviewer (maker-checker);
 * approved; rejected (the member sees the reason); more_needed (the member is asked for another document).
 */
export const KYC_DOCUMENT_STATUSES = ['pending', 'checking', 'approved', 'rejected', 'more_needed'] as const;
export type KycDocumentStatus = (typeof KYC_DOCUMENT_STATUSES)[number];

export const KYC_DECISIONS = ['approve', 'reject', 'more'] as const;
export type KycDecision = (typeof KYC_DECISIONS)[number];

/** The images of a document, as the multipart form's file fields. */
export const KYC_IMAGE_SLOTS = { identity: ['front', 'back', 'selfie'], address: ['document'] } as const;
export type KycImageSlot = 'front' | 'back' | 'selfie' | 'document';

/** Each image at most 10 MB (a phone's photo; the site shrinks larger ones before sending). */
export const KYC_MAX_IMAGE_BYTES = 10 * 1024 * 1024;

/** Why a money movement asks for a higher level (409 kyc_level_required's `reason`). */
export const KYC_REQUIRED_REASONS = [
  'first_withdrawal',
  'deposits_above',
  'withdrawal_above',
  'transfers',
  'method',
] as const;
export type KycRequiredReason = (typeof KYC_REQUIRED_REASONS)[number];

export const KYC_API = {
  /** GET my level, what each level allows, my documents. */
  mine: '/kyc',
  /** POST multipart: kind, idType, fullName, birthDate and the kind's images. */
  documents: '/kyc/documents',
  /** POST: an SMS code to my own mobile number; then POST the code to confirm it (level 1). */
  mobileCode: '/kyc/mobile/code',
  mobileConfirm: '/kyc/mobile/confirm',
  ops: {
    settings: '/ops/kyc/settings',
    documents: '/ops/kyc/documents',
    document: '/ops/kyc/documents/:id',
    image: '/ops/kyc/documents/:id/images/:slot',
    review: '/ops/kyc/documents/:id/review',
  },
} as const;

export const kycImagePath = (id: string, slot: KycImageSlot) =>
  `/api${KYC_API.ops.image.replace(':id', id).replace(':slot', slot)}`;
