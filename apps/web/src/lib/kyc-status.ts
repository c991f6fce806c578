import { queryOptions, useQuery } from '@tanstack/react-query';
import type { KycStatus } from '@panalo/contract/kyc';
import { KYC_API } from '@panalo/contract/kyc-rules';
import { isTrialType } from '@panalo/contract/member-types';
import { apiGet } from './api';
import { useSession } from './session';

// The member's verification status (GET /api/kyc), read by two features: the Verification page and the
// member centre's entry with the level. One query key, so either one's answer serves the other.

export const kycStatusKeys = {
  all: ['kyc'] as const,
  mine: (token: string) => [...kycStatusKeys.all, 'mine', token] as const,
};

export const kycStatusQuery = (token: string) =>
  queryOptions({
    queryKey: kycStatusKeys.mine(token),
    queryFn: ({ signal }) => apiGet<KycStatus>(KYC_API.mine, { signal }),
  });

/**
 * My level, what each level allows and my documents. Asked only with a real member's session: a
 * visitor has no level and the server refuses free-trial accounts (free_reject).
 */
export function useKycStatus() {
  const current = useSession();
  const token = current?.token ?? '';
  return useQuery({
    ...kycStatusQuery(token),
    enabled: current !== null && !isTrialType(current.type),
  });
}
