import { z } from 'zod';
import { dbIdString, ok } from './common';
import { amountString, signedAmountString } from './wallet';
import { STAFF_PASSWORD, STAFF_PERMISSIONS, STAFF_ROLES, STAFF_USERNAME } from './staff-rules';

export * from './staff-rules';

export const STAFF_PATHS = {
  /** The signed-in staff member, its role and what the role may do. */
  me: '/ops/me',
} as const;

export const staffMe = z.object({
  username: z.string(),
  role: z.enum(STAFF_ROLES),
  permissions: z.array(z.enum(STAFF_PERMISSIONS)),
  merchantCode: z.string(),
  merchantName: z.string(),
  currency: z.string(),
  /** The site's languages (codes such as EN, TY), its default first: what texts are written in. */
  languages: z.array(z.string()),
  /** The session ends after this many minutes without a request. */
  idleMinutes: z.number().int(),
});
export type StaffMe = z.infer<typeof staffMe>;
export const staffMeResponse = ok(staffMe);

// ---------------------------------------------------------------------------------------------
// Maker-checker (issue 20): a balance adjustment or a withdrawal payment above the merchant's threshold
// waits for a second staff member; the one who asked can never be the one who approves.
// ---------------------------------------------------------------------------------------------
export const APPROVAL_PATHS = {
  list: '/ops/approvals',
  decide: '/ops/approvals/:id/:decision',
  thresholds: '/ops/approvals/thresholds',
} as const;

export const approvalKind = z.enum(['adjustment', 'withdrawal']);
export type ApprovalKind = z.infer<typeof approvalKind>;
export const approvalStatus = z.enum(['pending', 'approved', 'rejected']);

export const approval = z.object({
  id: dbIdString,
  kind: approvalKind,
  /** The member (adjustments) or the withdrawal (withdrawal:<id>). */
  target: z.string(),
  /** Signed for adjustments. */
  amount: signedAmountString,
  reason: z.string().nullable().describe('the maker’s reason (adjustments)'),
  maker: z.string(),
  checker: z.string().nullable(),
  status: approvalStatus,
  decisionReason: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type Approval = z.infer<typeof approval>;
export const approvalResponse = ok(approval);
/** 202: the operation waits for a second staff member (the approval to decide). */
export const approvalPendingResponse = ok(z.object({ pending: z.literal(true), approval }));
export const approvalListQuery = z.object({
  status: approvalStatus.default('pending'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const approvalListResponse = ok(
  z.object({ list: z.array(approval), total: z.number().int(), totalPages: z.number().int() }),
);
export const approvalDecisionParams = z.object({ id: dbIdString, decision: z.enum(['approve', 'reject']) });
export const approvalDecisionRequest = z.object({ reason: z.string().trim().max(200).optional() });

/** Above these amounts a second staff member must approve; null: never. */
export const approvalThresholds = z.object({
  adjustmentAbove: amountString.nullable(),
  withdrawalAbove: amountString.nullable(),
});
export type ApprovalThresholds = z.infer<typeof approvalThresholds>;
export const approvalThresholdsResponse = ok(approvalThresholds);
export const approvalThresholdsRequest = approvalThresholds.extend({
  reason: z.string().trim().min(3).max(200),
});

// ---------------------------------------------------------------------------------------------
// The staff's request log: every operator call that changed something (who, which call, its answer,
// from which address), beside the audit log's before → after and reason.
// ---------------------------------------------------------------------------------------------
export const STAFF_ACTION_PATH = '/ops/staff-actions';
export const staffAction = z.object({
  id: dbIdString,
  staff: z.string(),
  method: z.string(),
  route: z.string(),
  path: z.string(),
  status: z.number().int(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAt: z.string(),
});
export type StaffAction = z.infer<typeof staffAction>;
export const staffActionQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
});
export const staffActionListResponse = ok(
  z.object({ list: z.array(staffAction), total: z.number().int(), totalPages: z.number().int() }),
);

// ---------------------------------------------------------------------------------------------
// The owner's staff management: accounts, roles, status, password and authenticator resets.
// ---------------------------------------------------------------------------------------------
export const staffMember = z.object({
  id: dbIdString,
  username: z.string(),
  role: z.enum(STAFF_ROLES),
  status: z.enum(['active', 'disabled']),
  /** The authenticator is set up (false: the next sign-in shows the QR code). */
  secondFactor: z.boolean(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
});
export type StaffMember = z.infer<typeof staffMember>;
export const staffListResponse = ok(z.array(staffMember));
export const staffMemberResponse = ok(staffMember);
export const staffIdParams = z.object({ id: dbIdString });
const staffPassword = z.string().regex(STAFF_PASSWORD, 'staff_password_weak');
export const staffCreateRequest = z
  .object({
    username: z.string().trim().toLowerCase().regex(STAFF_USERNAME, 'staff_username_invalid'),
    password: staffPassword,
    role: z.enum(STAFF_ROLES),
  })
  .strict();
export type StaffCreateRequest = z.infer<typeof staffCreateRequest>;
export const staffUpdateRequest = z
  .object({
    role: z.enum(STAFF_ROLES),
    status: z.enum(['active', 'disabled']),
    reason: z.string().trim().min(3).max(200),
  })
  .strict();
export type StaffUpdateRequest = z.infer<typeof staffUpdateRequest>;
export const staffPasswordRequest = z
  .object({ password: staffPassword, reason: z.string().trim().min(3).max(200) })
  .strict();
export const staffReasonRequest = z.object({ reason: z.string().trim().min(3).max(200) }).strict();
