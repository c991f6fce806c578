// The contract's LIABILITIES_PATHS (liabilities.ts), written again: that module builds zod schemas, and a
// value import would bring zod into the site's bundle (build/contract-imports.test.ts). The screen test
// checks the two are the same.
export const LIABILITIES_API = {
  published: '/site/liabilities',
  proof: '/members/liabilities/proof',
} as const;

/** The proof of liabilities' query keys: the publication is public, a proof is the session's. */
export const liabilitiesKeys = {
  all: ['liabilities'] as const,
  published: () => [...liabilitiesKeys.all, 'published'] as const,
  proof: (token: string, day: string) => [...liabilitiesKeys.all, 'proof', token, day] as const,
};
