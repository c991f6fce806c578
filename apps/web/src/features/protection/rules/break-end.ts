import { formatDateTime } from '../../../lib/format';

/** Where the device lands after a break is taken: the login screen, told when the break ends. */
export const breakLanding = (until: string | null) =>
  `/m/login?break=${encodeURIComponent(until ?? 'permanent')}`;

/** A break's end as the member reads it (a date and time in their language); null for a permanent one. */
export function formatBreakEnd(until: Date | string | null, language: string): string | null {
  if (until === null || until === 'permanent') return null;
  return formatDateTime(until, language);
}
