import { LIABILITIES_PATHS } from '@panalo/contract/liabilities-rules';

/** The API's paths (the contract's zod-free module). */
export const LIABILITIES_API = LIABILITIES_PATHS;

/** The proof of liabilities' query keys: the publication is public, a proof is the session's. */
export const liabilitiesKeys = {
  all: ['liabilities'] as const,
  published: () => [...liabilitiesKeys.all, 'published'] as const,
  proof: (token: string, day: string) => [...liabilitiesKeys.all, 'proof', token, day] as const,
};
