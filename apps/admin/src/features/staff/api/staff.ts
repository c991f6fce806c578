import type { z } from 'zod';
import type {
  StaffMember,
  staffCreateRequest,
  staffPasswordRequest,
  staffReasonRequest,
  staffUpdateRequest,
} from '@panalo/contract/staff';
// The paths from the zod-free rules module (a value import of the schemas would bring zod).
import { STAFF_ADMIN_PATHS } from '@panalo/contract/staff-rules';
import { api } from '../../../lib/api';

export type { StaffMember };
export type StaffCreate = z.input<typeof staffCreateRequest>;
export type StaffUpdate = z.input<typeof staffUpdateRequest>;
export type StaffPassword = z.input<typeof staffPasswordRequest>;
export type StaffReason = z.input<typeof staffReasonRequest>;

const path = (p: string, id: string) => p.replace(':id', encodeURIComponent(id));

export const listStaff = () => api<StaffMember[]>('GET', STAFF_ADMIN_PATHS.list);

/** A new staff account with its first password (the authenticator is set up at the first sign-in). */
export const createStaff = (body: StaffCreate) => api<StaffMember>('POST', STAFF_ADMIN_PATHS.list, { body });

/** Another's role and status (ends their sessions). */
export const updateStaff = (id: string, body: StaffUpdate) =>
  api<StaffMember>('PUT', path(STAFF_ADMIN_PATHS.one, id), { body });

export const setStaffPassword = (id: string, body: StaffPassword) =>
  api<StaffMember>('POST', path(STAFF_ADMIN_PATHS.password, id), { body });

/** Makes them set up the authenticator again at their next sign-in. */
export const resetSecondFactor = (id: string, body: StaffReason) =>
  api<StaffMember>('POST', path(STAFF_ADMIN_PATHS.resetSecondFactor, id), { body });
