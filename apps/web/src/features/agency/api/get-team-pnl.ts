import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { AGENT_API } from '@panalo/contract/agent-menu';
import type { TeamPnlPage, TeamPnlRow } from '@panalo/contract/agent';
import type { DateRange } from '../../../lib/date-range';
import { pagedQueryOptions } from '../../../lib/paging';
import { useSession } from '../../../lib/session';
import { agencyKeys } from './agency-keys';

export type TeamPnlSort = 'turnover' | 'profit' | 'username';

interface PnlQuery {
  /** Whose direct downlines' lines to list: the agent itself when null. */
  parentId: string | null;
  search: string;
  sort: TeamPnlSort;
}

/** GET /api/agent/team/pnl?from&to: the (parent's) team total and each line with activity, paged. */
export const teamPnlQueryOptions = (token: string, range: DateRange, q: PnlQuery) =>
  pagedQueryOptions<TeamPnlRow, TeamPnlPage>(
    agencyKeys.pnl(token, range, q.parentId, q.search, q.sort),
    AGENT_API.pnl,
    {
      from: range.from,
      to: range.to,
      parentId: q.parentId ?? undefined,
      search: q.search || undefined,
      sort: q.sort,
    },
  );

export function useTeamPnl(range: DateRange | null, q: PnlQuery) {
  const token = useSession()?.token ?? '';
  return useInfiniteQuery({
    ...teamPnlQueryOptions(token, range ?? { from: '', to: '' }, q),
    enabled: token !== '' && range !== null,
    placeholderData: keepPreviousData,
  });
}
