import { queryOptions, useQuery } from '@tanstack/react-query';
import { AGENT_API } from '@panalo/contract/agent-menu';
import type { ReadableNotices } from '@panalo/contract/content';
import { apiGet, apiRequest } from '../../../lib/api';
import { useSession } from '../../../lib/session';
import { useDebouncedLanguage } from '../../../lib/use-debounced-language';
import { agencyKeys } from './agency-keys';

/** GET /api/agent/notices: agent announcements with whether I read each, and value.footer.unreadCount. */
export const agentNoticesQueryOptions = (token: string, lang: string) =>
  queryOptions({
    queryKey: agencyKeys.notices(token, lang),
    queryFn: ({ signal }) => apiGet<ReadableNotices>(AGENT_API.notices, { query: { lang }, signal }),
  });

export function useAgentNotices() {
  const token = useSession()?.token ?? '';
  const lang = useDebouncedLanguage();
  return useQuery({ ...agentNoticesQueryOptions(token, lang), enabled: token !== '' });
}

/** POST /api/agent/notices/:id/read: I opened it; the unread count left. */
export const readAgentNotice = (id: number) =>
  apiRequest<{ unreadCount: number }>('POST', `${AGENT_API.notices}/${id}/read`);
