import { allOpsQueries } from '../../../lib/query-keys';

/** Query keys of the identity review and the verification settings (`all` is every one's prefix). */
export const kycKeys = {
  all: [...allOpsQueries, 'kyc'] as const,
  /** Every queue of documents (each status). */
  queues: () => [...allOpsQueries, 'kyc', 'documents', 'list'] as const,
  queue: (status: string) => [...allOpsQueries, 'kyc', 'documents', 'list', status] as const,
  /** One document with the account it is compared with and who viewed it. */
  document: (id: string) => [...allOpsQueries, 'kyc', 'documents', 'one', id] as const,
  settings: () => [...allOpsQueries, 'kyc', 'settings'] as const,
};
