import { z } from 'zod';
import { ok } from './common';
import { STAFF_PERMISSIONS, STAFF_ROLES } from './staff-rules';

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
  /** The session ends after this many minutes without a request. */
  idleMinutes: z.number().int(),
});
export type StaffMe = z.infer<typeof staffMe>;
export const staffMeResponse = ok(staffMe);
