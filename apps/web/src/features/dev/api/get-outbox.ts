import { queryOptions } from '@tanstack/react-query';
import type { OutboxMessage } from '@panalo/contract/dev';
import { apiGet } from '../../../lib/api';

/** The development outbox: the latest 50 messages, newest first, optionally for one recipient. */
export const outboxQuery = (recipient: string) =>
  queryOptions({
    queryKey: ['dev', 'outbox', recipient],
    queryFn: ({ signal }) =>
      apiGet<OutboxMessage[]>('/dev/outbox', { query: { recipient: recipient || undefined }, signal }),
    staleTime: 0,
    retry: false,
  });
