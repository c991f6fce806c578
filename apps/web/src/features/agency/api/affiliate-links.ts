import { queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { AGENT_API } from '@panalo/contract/agent-menu';
import type { AffiliateLink, AffiliateLinksPage, CreateAffiliateLinkRequest } from '@panalo/contract/agent';
import { apiGet, apiRequest } from '../../../lib/api';
import { pagedQueryOptions } from '../../../lib/paging';
import { useSession } from '../../../lib/session';
import { agencyKeys } from './agency-keys';

export interface RegisterLink {
  code: string;
  path: string;
  registrations: number;
}

/** GET /api/agent/affiliate: my own invitation code and the downline register link. */
export const registerLinkQueryOptions = (token: string) =>
  queryOptions({
    queryKey: agencyKeys.registerLink(token),
    queryFn: ({ signal }) => apiGet<RegisterLink>(AGENT_API.affiliate, { signal }),
  });

export function useRegisterLink() {
  const token = useSession()?.token ?? '';
  return useQuery({ ...registerLinkQueryOptions(token), enabled: token !== '' });
}

/** GET /api/agent/affiliate-links: my open links, newest first, paged. */
export function useAffiliateLinks() {
  const token = useSession()?.token ?? '';
  return useInfiniteQuery({
    ...pagedQueryOptions<AffiliateLink, AffiliateLinksPage>(
      agencyKeys.links(token),
      AGENT_API.affiliateLinks,
      {},
    ),
    enabled: token !== '',
  });
}

/** POST /api/agent/affiliate-links: a new link. */
export const createAffiliateLink = (body: CreateAffiliateLinkRequest) =>
  apiRequest<AffiliateLink>('POST', AGENT_API.affiliateLinks, { body });

/** DELETE /api/agent/affiliate-links/:id: its code stops working; unused, its quota comes back. */
export const deleteAffiliateLink = (id: string) =>
  apiRequest<{ id: string; quotaReturned: string | null }>(
    'DELETE',
    `${AGENT_API.affiliateLinks}/${encodeURIComponent(id)}`,
  );
