import { queryOptions, useQuery } from '@tanstack/react-query';
import { AGENT_API } from '@panalo/contract/agent-menu';
import type { OpenDownlineRequest, OpenedDownline, QuotasView } from '@panalo/contract/agent';
import { apiGet, apiRequest } from '../../../lib/api';
import { useSession } from '../../../lib/session';

export const quotasKey = (token: string) => ['agency', 'quotas', token] as const;

/** GET /api/agent/quotas: my opening quotas per rate and the free threshold. */
export const quotasQueryOptions = (token: string) =>
  queryOptions({
    queryKey: quotasKey(token),
    queryFn: ({ signal }) => apiGet<QuotasView>(AGENT_API.quotas, { signal }),
  });

export function useQuotas() {
  const token = useSession()?.token ?? '';
  return useQuery({ ...quotasQueryOptions(token), enabled: token !== '' });
}

/** GET /api/agent/username-check: whether a username is still free. */
export const checkUsername = (username: string) =>
  apiGet<{ available: boolean }>(AGENT_API.usernameCheck, { query: { username } });

/** POST /api/agent/downlines: opens an account in my team. */
export const openDownline = (body: OpenDownlineRequest) =>
  apiRequest<OpenedDownline>('POST', AGENT_API.downlines, { body });

/** POST /api/agent/quotas/give: hands some of my quotas at a rate to a direct sub-agent; my quotas after. */
export const giveQuota = (body: { memberId: string; rate: string; count: number }) =>
  apiRequest<QuotasView>('POST', AGENT_API.giveQuota, { body });
