import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { AGENT_API } from '@panalo/contract/agent-menu';
import type { TeamOverview } from '@panalo/contract/agent';
import { apiGet } from '../../../lib/api';
import type { DateRange } from '../../../lib/date-range';
import { useSession } from '../../../lib/session';
import { agencyKeys } from './agency-keys';

/** GET /api/agent/team/overview?from&to: the team's sizes, registrations and money, and a series per day. */
export const teamOverviewQueryOptions = (token: string, range: DateRange) =>
  queryOptions({
    queryKey: agencyKeys.overview(token, range),
    queryFn: ({ signal }) =>
      apiGet<TeamOverview>(AGENT_API.overview, {
        query: { from: range.from, to: range.to },
        signal,
      }),
  });

export function useTeamOverview(range: DateRange | null) {
  const token = useSession()?.token ?? '';
  return useQuery({
    ...teamOverviewQueryOptions(token, range ?? { from: '', to: '' }),
    enabled: token !== '' && range !== null,
    placeholderData: keepPreviousData,
  });
}
