import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { KycStatus } from '@panalo/contract/kyc';
import { KYC_API } from '@panalo/contract/kyc-rules';
import { apiRequest } from '../../../lib/api';
import { kycStatusKeys } from '../../../lib/kyc-status';
import { useSession } from '../../../lib/session';

/** Level 1: a code by SMS to the mobile number on my account; answers how long it is valid. */
export function useSendMobileCode() {
  return useMutation({
    mutationFn: () => apiRequest<{ expiredMinutes: number }>('POST', KYC_API.mobileCode),
  });
}

/** Level 1: the code sent, which confirms the number; the answer is my new status. */
export function useConfirmMobile() {
  const client = useQueryClient();
  const token = useSession()?.token ?? '';
  return useMutation({
    mutationFn: (code: string) => apiRequest<KycStatus>('POST', KYC_API.mobileConfirm, { body: { code } }),
    // The same query serves this page and the member centre's entry with the level.
    onSuccess: (status) => client.setQueryData(kycStatusKeys.mine(token), status),
  });
}
