import { z } from 'zod';
import { calendarDay, ok } from './common';
import { amountString } from './wallet';
import { PROOF_HEX, PROOF_MAX_PATH, PROOF_MINOR, type LiabilityProof } from './liabilities-rules';

// Proof of liabilities (issue 52 item 5): the API's schemas. What every side runs — the paths, the
// hashes' texts, the verifier — is liabilities-rules.ts (zod-free), re-exported here.
export * from './liabilities-rules';

const hex = z.string().regex(PROOF_HEX);
const minor = z.string().regex(PROOF_MINOR);

export const publishedLiabilities = z.object({
  day: z.string(),
  currency: z.string(),
  root: hex,
  /** The sum of every member's closing balance, as an amount. */
  total: amountString,
  members: z.number().int(),
  publishedAt: z.string(),
});
export type PublishedLiabilities = z.infer<typeof publishedLiabilities>;
export const publishedLiabilitiesResponse = ok(publishedLiabilities.nullable());

export const liabilityProofQuery = z.object({ day: calendarDay.optional() });
export const liabilityProof = z.object({
  day: z.string(),
  currency: z.string(),
  root: hex,
  total: minor,
  leaf: z.object({ salt: hex, memberId: minor, balance: minor }),
  path: z.array(z.object({ side: z.enum(['left', 'right']), hash: hex, sum: minor })).max(PROOF_MAX_PATH),
}) satisfies z.ZodType<LiabilityProof>;
export const liabilityProofResponse = ok(liabilityProof);
