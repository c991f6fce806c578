import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { AGENT_API } from '@panalo/contract/agent-menu';
import type { TeamPnlPage, TeamPnlRow } from '@panalo/contract/agent';
import type { DateRange } from '../../../lib/date-range';
import { pagedQueryOptions } from '../../../lib/paging';
import { useSession } from '../../../lib/session';
import { agencyKeys } from './agency-keys';

export type TeamPnlSort = 'turnover' | 'profit' | 'username';

/** GET /api/agent/team/pnl?from&to: the team's total and each member with activity, paged. */
export const teamPnlQueryOptions = (
  token: string,
  range: DateRange,
  q: { search: string; sort: TeamPnlSort },
) =>
  pagedQueryOptions<TeamPnlRow, TeamPnlPage>(agencyKeys.pnl(token, range, q.search, q.sort), AGENT_API.pnl, {
    from: range.from,
    to: range.to,
    search: q.search || undefined,
    sort: q.sort,
  });

export function useTeamPnl(range: DateRange | null, q: { search: string; sort: TeamPnlSort }) {
  const token = useSession()?.token ?? '';
  return useInfiniteQuery({
    ...teamPnlQueryOptions(token, range ?? { from: '', to: '' }, q),
    enabled: token !== '' && range !== null,
    placeholderData: keepPreviousData,
  });
}
