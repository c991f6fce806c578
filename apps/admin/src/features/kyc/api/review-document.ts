import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { KycReviewDetail, kycReviewBody } from '@panalo/contract/kyc';
import { api } from '../../../lib/api';
import { kycKeys } from './keys';
import { kycPath } from './kyc-paths';

export type KycReviewBody = z.input<typeof kycReviewBody>;

/**
 * POST /ops/kyc/documents/:id/review (`kyc`): approve (an ID's expiry may be given), reject or ask for
 * another document (with a reason the member reads); audited, and the member is mailed once it is
 * final. From the merchant's checker level the first approval makes it `checking` and another reviewer
 * approves. Refusals: 404 `kyc_document_unknown`; 409 `kyc_document_decided`, `kyc_same_reviewer`; 400
 * `kyc_document_expired`, validation.
 */
export const reviewDocument = (id: string, body: KycReviewBody) =>
  api<KycReviewDetail>('POST', kycPath('review', { id }), { body });

/**
 * A decision on a document: the answer is shown at once, then the document and every queue are read
 * again; after a refusal too (someone may have decided it meanwhile).
 */
export function useReviewDocument(id: string) {
  const queryClient = useQueryClient();
  const reread = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: kycKeys.document(id) }),
      queryClient.invalidateQueries({ queryKey: kycKeys.queues() }),
    ]);
  const mutation = useMutation({
    mutationFn: (body: KycReviewBody) => reviewDocument(id, body),
    onSuccess: async (detail) => {
      queryClient.setQueryData(kycKeys.document(id), detail);
      await reread();
    },
    onError: () => reread(),
  });
  return { review: (body: KycReviewBody) => mutation.mutateAsync(body) };
}
