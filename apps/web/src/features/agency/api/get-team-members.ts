import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { AGENT_API } from '@panalo/contract/agent-menu';
import type { TeamMember, TeamMembersPage } from '@panalo/contract/agent';
import { pagedQueryOptions } from '../../../lib/paging';
import { useSession } from '../../../lib/session';
import { agencyKeys } from './agency-keys';

export type TeamMemberSort = 'registered' | 'lastLogin' | 'username';

/**
 * GET /api/agent/team/members: the direct downlines of `parentId` (the agent itself when null), or a
 * username search over the whole team.
 */
export const teamMembersQueryOptions = (
  token: string,
  q: { parentId: string | null; search: string; sort: TeamMemberSort },
) =>
  pagedQueryOptions<TeamMember, TeamMembersPage>(
    agencyKeys.members(token, q.parentId, q.search, q.sort),
    AGENT_API.members,
    { parentId: q.parentId ?? undefined, search: q.search || undefined, sort: q.sort },
  );

export function useTeamMembers(q: { parentId: string | null; search: string; sort: TeamMemberSort }) {
  const token = useSession()?.token ?? '';
  return useInfiniteQuery({
    ...teamMembersQueryOptions(token, q),
    enabled: token !== '',
    placeholderData: keepPreviousData,
  });
}
