import type { QueryClient } from '@tanstack/react-query';
import type { LiveBalance } from '@panalo/contract/live';
import type { Balance } from '@panalo/contract/wallet';
import { subscribeLive } from '../../lib/live-stream';
import { session } from '../../lib/session';
import { balanceKeys } from './use-header-balance';
import { unreadKeys } from './use-unread-count';

/**
 * What the member's page hears without polling (issue 19 item 4): a balance change anywhere puts the new
 * balance in the header; new mail refreshes the unread count (header, member centre, agent grid) and the
 * mail list. Loaded only with a session, after the first page (no bytes for a visitor's first load).
 */
export function startLiveUpdates(client: QueryClient): () => void {
  const stops = [
    subscribeLive('balance', (data) => {
      const token = session.get()?.token;
      const b = data as LiveBalance;
      if (!token) return;
      client.setQueryData<Balance>(balanceKeys.of(token), (old) =>
        old && old.book === b.book && (old.currency === '' || old.currency === b.currency)
          ? { ...old, sumBalance: b.balance }
          : old,
      );
    }),
    subscribeLive('mail', () => {
      const token = session.get()?.token;
      if (!token) return;
      void client.invalidateQueries({ queryKey: unreadKeys.count(token) });
      void client.invalidateQueries({ queryKey: ['mail', 'list'] });
    }),
  ];
  return () => stops.forEach((s) => s());
}
