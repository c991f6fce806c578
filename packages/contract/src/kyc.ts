import { z } from 'zod';
import { calendarDay, dbIdString, ok } from './common';
import { noControl } from './content-ops';
import {
  KYC_DECISIONS,
  KYC_DOCUMENT_KINDS,
  KYC_DOCUMENT_STATUSES,
  KYC_ID_TYPES,
  KYC_REQUIRED_REASONS,
} from './kyc-rules';
import { amountString } from './wallet';

// Know your customer (issue 53 items 1 and 2): schemas of the member's and the console's calls.

const level = z.number().int().min(0).max(3);

/** What a level allows: ceilings per day and per month (null: none), deposit methods, member transfers. */
export const kycAllowance = z.object({
  depositDay: amountString.nullable(),
  depositMonth: amountString.nullable(),
  withdrawDay: amountString.nullable(),
  withdrawMonth: amountString.nullable(),
  /** Deposit method codes allowed at the level; null: every method. */
  methods: z.array(z.string().min(1).max(40)).max(50).nullable(),
  /** Money to and from other members: transfers to downlines or the upline, funding and grabbing rain. */
  transfers: z.boolean(),
});
export type KycAllowance = z.infer<typeof kycAllowance>;

/** A level that an amount asks for: past `amount`, `level` is required. */
const levelAbove = z.object({ amount: amountString, level }).nullable();

export const kycSettings = z.object({
  enabled: z.boolean(),
  /** What levels 0…3 allow, in order. */
  levels: z.array(kycAllowance).length(4),
  /** The level a member's first withdrawal needs. */
  firstWithdrawalLevel: level,
  /** Once the member's deposits add up past `amount` (all time), `level` is needed to deposit more. */
  depositsAbove: levelAbove,
  /** A single withdrawal above `amount` needs `level`. */
  withdrawalAbove: levelAbove,
  idTypes: z.array(z.enum(KYC_ID_TYPES)).min(1),
  minAge: z.number().int().min(18).max(25),
  /** A document that gives this level or more is approved by two different reviewers (4: never). */
  checkerFromLevel: z.number().int().min(2).max(4),
  /** A proof of address counts for this many months after its approval. */
  addressValidMonths: z.number().int().min(1).max(36),
});
export type KycSettings = z.infer<typeof kycSettings>;
export const kycSettingsResponse = ok(kycSettings);

export const kycDocument = z.object({
  id: z.string(),
  kind: z.enum(KYC_DOCUMENT_KINDS),
  idType: z.enum(KYC_ID_TYPES).nullable(),
  status: z.enum(KYC_DOCUMENT_STATUSES),
  /** Why it was rejected or what else is needed: for the member. */
  reason: z.string().nullable(),
  submittedAt: z.string(),
  decidedAt: z.string().nullable(),
  /** After this day it no longer counts (an ID's expiry, an address proof's validity). */
  expiresOn: z.string().nullable(),
});
export type KycDocument = z.infer<typeof kycDocument>;

export const kycStatus = z.object({
  enabled: z.boolean(),
  level,
  mobileConfirmed: z.boolean(),
  /** Whether the member has a mobile number to confirm. */
  hasMobile: z.boolean(),
  levels: z.array(kycAllowance),
  firstWithdrawalLevel: level,
  depositsAbove: levelAbove,
  withdrawalAbove: levelAbove,
  idTypes: z.array(z.enum(KYC_ID_TYPES)),
  minAge: z.number().int(),
  documents: z.array(kycDocument),
});
export type KycStatus = z.infer<typeof kycStatus>;
export const kycStatusResponse = ok(kycStatus);

/** The text fields of the multipart POST (its file fields: front, back, selfie; or document). */
export const kycDocumentFields = z.object({
  kind: z.enum(KYC_DOCUMENT_KINDS),
  idType: z.enum(KYC_ID_TYPES).optional(),
  fullName: z.string().trim().min(2).max(100).refine(noControl, 'valid.text'),
  birthDate: calendarDay,
});
export const kycDocumentResponse = ok(kycDocument);

export const kycMobileConfirmBody = z.object({ code: z.string().regex(/^\d{4,8}$/, 'valid.code') });

/** 409 kyc_level_required's values. */
export const kycRequired = z.object({
  level,
  current: level,
  reason: z.enum(KYC_REQUIRED_REASONS),
});

// The console's review queue.
export const kycOpsQuery = z.object({ status: z.enum(KYC_DOCUMENT_STATUSES).optional() });
export const kycOpsParams = z.object({ id: dbIdString });
export const kycImageParams = z.object({
  id: dbIdString,
  slot: z.enum(['front', 'back', 'selfie', 'document']),
});

export const kycReviewItem = kycDocument.extend({
  memberId: z.string(),
  username: z.string(),
  /** The level the member holds now, and the level this document gives. */
  memberLevel: level,
  gives: level,
  /** Who approved first (maker-checker: the second reviewer must be someone else). */
  firstReviewer: z.string().nullable(),
});
export const kycReviewListResponse = ok(z.object({ list: z.array(kycReviewItem) }));

export const kycReviewDetail = kycReviewItem.extend({
  fullName: z.string(),
  birthDate: z.string(),
  slots: z.array(z.enum(['front', 'back', 'selfie', 'document'])),
  /** What the account says, to compare with the document. */
  account: z.object({
    payeeNames: z.array(z.string()),
    birthDate: z.string().nullable(),
    registeredAt: z.string(),
  }),
  checks: z.object({
    /** The name on the document is a payee name of the member's bank cards (case and spaces ignored). */
    nameMatchesPayee: z.boolean(),
    /** The birth date given is the account's (null: the account has none). */
    birthDateMatches: z.boolean().nullable(),
    age: z.number().int(),
    ageOk: z.boolean(),
  }),
  reviewedBy: z.string().nullable(),
  /** Staff who opened this document's images, and when (every view is audited). */
  views: z.array(z.object({ by: z.string(), slot: z.string(), at: z.string() })),
});
export type KycReviewDetail = z.infer<typeof kycReviewDetail>;
export const kycReviewDetailResponse = ok(kycReviewDetail);

export const kycReviewBody = z
  .object({
    decision: z.enum(KYC_DECISIONS),
    /** Shown to the member for reject and more: required there. */
    reason: z.string().trim().min(3).max(300).refine(noControl, 'valid.text').optional(),
    /** The ID's own expiry, when it has one (identity documents). */
    expiresOn: calendarDay.optional(),
  })
  .refine((b) => b.decision === 'approve' || b.reason !== undefined, {
    message: 'valid.reason',
    path: ['reason'],
  });
