import { isStaffType } from '@panalo/contract/member';
import type { StaffPermission } from '@panalo/contract/staff-rules';
import type { SessionContext } from '../identity/sessions.service';
import type { StaffService } from './staff.service';

/**
 * Whose records a signed-in caller may read on a route members and staff share (an image of a feedback
 * or of a promotion application): a member only their own (their id); a staff member every member's of
 * the merchant (null), when their role holds the permission the records belong to — else 403
 * no_permission, as on the console's own routes.
 */
export async function readerScope(
  staff: Pick<StaffService, 'require'>,
  merchantId: number,
  session: SessionContext,
  permission: StaffPermission,
): Promise<bigint | null> {
  if (!isStaffType(session.type)) return session.memberId;
  await staff.require(merchantId, session.memberId, permission);
  return null;
}
