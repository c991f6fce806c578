import { queryOptions, useQuery } from '@tanstack/react-query';
import { AGENT_API } from '@panalo/contract/agent-menu';
import type { TeamKpiFooter } from '@panalo/contract/agent';
import { apiGet } from '../../../lib/api';
import { useSession } from '../../../lib/session';
import { agencyKeys } from './agency-keys';

/** The footer's counters, 0 for any the answer leaves out (AGENT-010). */
export function kpiCounters(footer: Partial<TeamKpiFooter> | undefined): TeamKpiFooter {
  return {
    teamLoginMemberCount: footer?.teamLoginMemberCount ?? 0,
    teamBetMemberCount: footer?.teamBetMemberCount ?? 0,
    teamRegisterMemberCount: footer?.teamRegisterMemberCount ?? 0,
    teamOnlineCount: footer?.teamOnlineCount ?? 0,
  };
}

/** GET /api/agent/team/kpi with startDate and endDate both `day` and size 0 (API-068); value.footer (API-069). */
export const teamKpiQueryOptions = (token: string, day: string) =>
  queryOptions({
    queryKey: agencyKeys.kpi(token, day),
    queryFn: async ({ signal }) =>
      kpiCounters(
        (
          await apiGet<{ footer?: Partial<TeamKpiFooter> }>(AGENT_API.kpi, {
            query: { startDate: day, endDate: day, size: 0 },
            signal,
          })
        ).footer,
      ),
  });

export function useTeamKpi(day: string) {
  const token = useSession()?.token ?? '';
  return useQuery({ ...teamKpiQueryOptions(token, day), enabled: token !== '' });
}
