import type { DateRange } from '../../../lib/date-range';

/**
 * Query keys of the agency centre. Every entry sits under `agencyKeys.all`; the token keeps one login's
 * team from another's.
 */
export const agencyKeys = {
  all: ['agency'] as const,
  links: (token: string) => ['agency', 'links', token] as const,
  bets: (token: string, range: DateRange, username: string, product: string) =>
    ['agency', 'bets', token, range.from, range.to, username, product] as const,
  /** Every language's agent announcements (opening one changes the unread count of all). */
  noticesAll: ['agency', 'notices'] as const,
  notices: (token: string, lang: string) => ['agency', 'notices', token, lang] as const,
  registerLink: (token: string) => ['agency', 'register-link', token] as const,
  kpi: (token: string, day: string) => ['agency', 'kpi', token, day] as const,
  overview: (token: string, range: DateRange) => ['agency', 'overview', token, range.from, range.to] as const,
  members: (token: string, parentId: string | null, search: string, sort: string, searchIn = 'team') =>
    ['agency', 'members', token, parentId ?? '', search, sort, searchIn] as const,
  pnl: (token: string, range: DateRange, parentId: string | null, search: string, sort: string) =>
    ['agency', 'pnl', token, range.from, range.to, parentId, search, sort] as const,
  rebateIncome: (token: string, range: DateRange) =>
    ['agency', 'rebate-income', token, range.from, range.to] as const,
};
