import { useQuery } from '@tanstack/react-query';
import { contractCallPath } from '@panalo/contract/contract-terms';
import type { Contract } from '@panalo/contract/contracts';
import { apiGet } from '../../../lib/api';
import { useSession } from '../../../lib/session';

/** GET /api/agent/dividend/info (spec §7, "dividend info"): my dividend contract, when I hold one. */
export function useDividendInfo(enabled: boolean) {
  const token = useSession()?.token ?? '';
  return useQuery({
    queryKey: ['contracts', 'dividend-info', token] as const,
    queryFn: ({ signal }) =>
      apiGet<{ active: Contract | null }>(contractCallPath('dividend', 'info'), { signal }),
    enabled: enabled && token !== '',
  });
}
