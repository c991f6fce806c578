import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import type { MailDetail, MailItem, MailList } from '@panalo/contract/mail';
import { MAIL_API, mailPath } from '@panalo/contract/mail-rules';
import { unreadKeys } from '../../../app/layout/use-unread-count';
import { apiGet, apiRequest } from '../../../lib/api';
import { pagedQueryOptions } from '../../../lib/paging';
import { useSession } from '../../../lib/session';

export const mailKeys = {
  all: ['mail'] as const,
  list: (token: string) => ['mail', 'list', token] as const,
  detail: (token: string, id: string) => ['mail', 'detail', token, id] as const,
};

/** My mailbox, unread first, page by page. */
export function useMailList() {
  const token = useSession()?.token ?? '';
  return useInfiniteQuery({
    ...pagedQueryOptions<MailList['list'][number], MailList>(mailKeys.list(token), MAIL_API.list, {}),
    enabled: token !== '',
  });
}

/**
 * After a read, a delete or read-all: the unread count everywhere it shows (header, member centre, agent
 * grid) takes what the server answered, and the list loaded so far is changed in place, so that a mail
 * just opened does not jump below the unread ones while the member reads it.
 */
function useMailbox() {
  const client = useQueryClient();
  const token = useSession()?.token ?? '';
  return (unread: number, change: (list: MailItem[]) => MailItem[]) => {
    client.setQueryData(unreadKeys.count(token), unread);
    client.setQueryData<InfiniteData<MailList>>(
      mailKeys.list(token),
      (old) =>
        old && {
          ...old,
          pages: old.pages.map((p) => {
            const list = change(p.list);
            return { ...p, list, unread, total: p.total - (p.list.length - list.length) };
          }),
        },
    );
  };
}

/** One mail with its body; opening it marks it read on the server. */
export function useMail(id: string | null) {
  const token = useSession()?.token ?? '';
  const mailbox = useMailbox();
  return useQuery({
    queryKey: mailKeys.detail(token, id ?? ''),
    queryFn: async ({ signal }) => {
      const mail = await apiGet<MailDetail>(mailPath(MAIL_API.detail, id!), { signal });
      mailbox(mail.unread, (list) => list.map((m) => (m.id === mail.id ? { ...m, read: true } : m)));
      return mail;
    },
    enabled: token !== '' && id !== null,
    staleTime: Infinity,
  });
}

export function useDeleteMail() {
  const mailbox = useMailbox();
  return useMutation({
    mutationFn: (id: string) => apiRequest<{ unread: number }>('DELETE', mailPath(MAIL_API.remove, id)),
    onSuccess: (r, id) => mailbox(r.unread, (list) => list.filter((m) => m.id !== id)),
  });
}

export function useReadAll() {
  const mailbox = useMailbox();
  return useMutation({
    mutationFn: () => apiRequest<{ unread: number }>('POST', MAIL_API.readAll),
    onSuccess: (r) => mailbox(r.unread, (list) => list.map((m) => ({ ...m, read: true }))),
  });
}
