import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { AGENT_API } from '@panalo/contract/agent-menu';
import type { TeamMember, TeamMembersPage } from '@panalo/contract/agent';
import { pagedQueryOptions } from '../../../lib/paging';
import { useSession } from '../../../lib/session';
import { agencyKeys } from './agency-keys';

export type TeamMemberSort = 'registered' | 'lastLogin' | 'username';

export interface TeamMembersAsk {
  parentId: string | null;
  search: string;
  sort: TeamMemberSort;
  /** Where a search looks: the whole team (the default) or the parent's direct downlines only. */
  searchIn?: 'team' | 'direct';
}

/**
 * GET /api/agent/team/members: the direct downlines of `parentId` (the agent itself when null), or a
 * username search over the whole team.
 */
export const teamMembersQueryOptions = (token: string, q: TeamMembersAsk) =>
  pagedQueryOptions<TeamMember, TeamMembersPage>(
    agencyKeys.members(token, q.parentId, q.search, q.sort, q.searchIn ?? 'team'),
    AGENT_API.members,
    {
      parentId: q.parentId ?? undefined,
      search: q.search || undefined,
      sort: q.sort,
      searchIn: q.search && q.searchIn === 'direct' ? 'direct' : undefined,
    },
  );

export function useTeamMembers(q: TeamMembersAsk) {
  const token = useSession()?.token ?? '';
  return useInfiniteQuery({
    ...teamMembersQueryOptions(token, q),
    enabled: token !== '',
    placeholderData: keepPreviousData,
  });
}
