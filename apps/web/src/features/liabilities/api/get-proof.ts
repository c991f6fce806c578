import { queryOptions } from '@tanstack/react-query';
import type { LiabilityProof } from '@panalo/contract/liabilities';
import { apiGet } from '../../../lib/api';
import { LIABILITIES_API, liabilitiesKeys } from './liabilities-keys';

/**
 * The signed-in member's inclusion proof for a closed day. Fetched on demand (the check and the
 * download share it); a day's proof never changes, so it is kept for the visit.
 */
export const proofQueryOptions = (token: string, day: string) =>
  queryOptions({
    queryKey: liabilitiesKeys.proof(token, day),
    queryFn: ({ signal }) => apiGet<LiabilityProof>(LIABILITIES_API.proof, { query: { day }, signal }),
    staleTime: Infinity,
    retry: false,
  });
