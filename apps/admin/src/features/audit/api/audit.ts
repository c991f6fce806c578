import type { z } from 'zod';
import type { auditEntry, auditListResponse } from '@panalo/contract/cashier';
import type { StaffAction, staffActionListResponse } from '@panalo/contract/staff';
import { api } from '../../../lib/api';

export type { StaffAction };
export type AuditEntry = z.infer<typeof auditEntry>;
export type AuditPage = z.infer<typeof auditListResponse>['value'];
export type StaffActionPage = z.infer<typeof staffActionListResponse>['value'];

export const PAGE_SIZE = 50;
/** A target's trail (a member's profile) shows fewer rows. */
export const TARGET_PAGE_SIZE = 20;

/** The merchant's audit log, newest first. */
export const listAudit = (page: number) =>
  api<AuditPage>('GET', '/ops/audit', { query: { page, pageSize: PAGE_SIZE } });

/** One target's entries ("member:42"), newest first. */
export const listTargetAudit = (target: string, page: number) =>
  api<AuditPage>('GET', '/ops/audit', { query: { page, pageSize: TARGET_PAGE_SIZE, target } });

/** The staff's calls that changed something, newest first. */
export const listStaffActions = (page: number) =>
  api<StaffActionPage>('GET', '/ops/staff-actions', { query: { page, pageSize: PAGE_SIZE } });
