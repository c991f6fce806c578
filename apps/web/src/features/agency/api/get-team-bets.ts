import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { AGENT_API } from '@panalo/contract/agent-menu';
import type { TeamBet, TeamBetsPage } from '@panalo/contract/agent';
import type { DateRange } from '../../../lib/date-range';
import { pagedQueryOptions } from '../../../lib/paging';
import { useSession } from '../../../lib/session';
import { agencyKeys } from './agency-keys';

export type TeamBetProduct = 'all' | 'games' | 'lottery';

/** GET /api/agent/team/bets?from&to: my team's bets, newest first, paged, with totals. */
export function useTeamBets(range: DateRange | null, q: { username: string; product: TeamBetProduct }) {
  const token = useSession()?.token ?? '';
  const r = range ?? { from: '', to: '' };
  return useInfiniteQuery({
    ...pagedQueryOptions<TeamBet, TeamBetsPage>(
      agencyKeys.bets(token, r, q.username, q.product),
      AGENT_API.bets,
      {
        from: r.from,
        to: r.to,
        username: q.username || undefined,
        product: q.product,
      },
    ),
    enabled: token !== '' && range !== null,
    placeholderData: keepPreviousData,
  });
}
