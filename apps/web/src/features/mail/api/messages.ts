import { useQuery } from '@tanstack/react-query';
import type { ReadableNotices } from '@panalo/contract/content';
import { MESSAGE_API, mailPath } from '@panalo/contract/mail-rules';
import { apiGet, apiRequest } from '../../../lib/api';
import { useSession } from '../../../lib/session';
import { useDebouncedLanguage } from '../../../lib/use-debounced-language';

export const messageKeys = {
  all: ['messages'] as const,
  list: (token: string, lang: string) => ['messages', token, lang] as const,
};

/** GET /api/messages: the merchant's site messages with whether I opened each, and the unread count. */
export function useSiteMessages() {
  const token = useSession()?.token ?? '';
  const lang = useDebouncedLanguage();
  return useQuery({
    queryKey: messageKeys.list(token, lang),
    queryFn: ({ signal }) => apiGet<ReadableNotices>(MESSAGE_API.list, { query: { lang }, signal }),
    enabled: token !== '',
  });
}

/** POST /api/messages/:id/read: I opened it; the unread count left. */
export const readSiteMessage = (id: number) =>
  apiRequest<{ unreadCount: number }>('POST', mailPath(MESSAGE_API.read, String(id)));
