import type { StaffPermission } from '@panalo/contract/staff-rules';
import type { DailyCloseSummary } from '@panalo/contract/daily-close';

export type CloseStatus = DailyCloseSummary['status'];

/** A closed day's status as its badge's colour (the badge's text says it too: never colour alone). */
export function statusColor(status: CloseStatus): 'green' | 'red' {
  switch (status) {
    case 'balanced':
      return 'green';
    case 'broken':
      return 'red';
  }
}

/** A wire amount ('0.00', '-0.00', '12.50') that is not zero: a difference to show up. */
export const isNonZero = (amount: string): boolean => !/^-?0+(\.0+)?$/.test(amount.trim());

/**
 * Whether this staff member is offered "Sign the day": they hold `close.sign`, and the day is balanced
 * and not signed yet. The server checks it again, and refuses one who made a manual correction that day
 * (`close_sign_maker`), which the console cannot know beforehand.
 */
export function maySign(
  permissions: readonly StaffPermission[],
  close: Pick<DailyCloseSummary, 'status' | 'signedBy'>,
): boolean {
  return permissions.includes('close.sign') && close.status === 'balanced' && close.signedBy === null;
}

/** Closed by the nightly job (`system:daily-close`) rather than by a staff member's manual run. */
export const closedBySystem = (runBy: string): boolean => runBy.startsWith('system:');
