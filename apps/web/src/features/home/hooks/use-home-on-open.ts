import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { balanceQueryOptions } from '../../../app/layout/use-header-balance';
import { memberInfoQueryOptions } from '../../../app/layout/use-member-info';
import { favouriteIdsQueryOptions } from '../../../lib/favourite-ids';
import { useSession } from '../../../lib/session';

const ignore = () => {};

/**
 * Spec §2 Home, on opening as a logged-in member: load the favourite games (HOME-003), refresh the
 * member info (HOME-004) and load the wallet (HOME-005). A load already in flight (the header's, on the
 * first page) is joined rather than repeated, so opening the site costs no extra request. Failures are
 * the header's to show (it reads the same queries).
 */
export function useHomeOnOpen(): void {
  const current = useSession();
  const client = useQueryClient();
  const token = current?.token;
  const user = current?.userName ?? '';
  useEffect(() => {
    if (!token) return;
    client.prefetchQuery(favouriteIdsQueryOptions(user)).catch(ignore);
    client.fetchQuery({ ...memberInfoQueryOptions(token, user), staleTime: 0 }).catch(ignore);
    client.fetchQuery({ ...balanceQueryOptions(token), staleTime: 0 }).catch(ignore);
  }, [client, token, user]);
}
