import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { KycReviewDetail, kycReviewListResponse } from '@panalo/contract/kyc';
import type { KycDocumentStatus } from '@panalo/contract/kyc-rules';
import { api } from '../../../lib/api';
import { kycKeys } from './keys';
import { kycPath } from './kyc-paths';

export type { KycReviewDetail };
export type KycReviewList = z.infer<typeof kycReviewListResponse>['value'];
export type KycReviewItem = KycReviewList['list'][number];

/**
 * GET /ops/kyc/documents?status= (`kyc`): the documents of that status — waiting ones oldest first,
 * decided ones newest first, at most 500. No image is loaded for the queue.
 */
export const listDocuments = (status: KycDocumentStatus) =>
  api<KycReviewList>('GET', kycPath('documents'), { query: { status } });

/** The review queue of one status. */
export const useKycQueue = (status: KycDocumentStatus) =>
  useQuery({ queryKey: kycKeys.queue(status), queryFn: () => listDocuments(status) });

/**
 * GET /ops/kyc/documents/:id (`kyc`): the document with the form's name and birth date, its image slots,
 * the account it is compared with, the checks, the reviewers and who viewed its images. 404
 * `kyc_document_unknown`.
 */
export const getDocument = (id: string) => api<KycReviewDetail>('GET', kycPath('document', { id }));

/** One document; not asked for an address that names none (`enabled`). */
export const useKycDocument = (id: string, enabled: boolean) =>
  useQuery({ queryKey: kycKeys.document(id), queryFn: () => getDocument(id), enabled, retry: false });
