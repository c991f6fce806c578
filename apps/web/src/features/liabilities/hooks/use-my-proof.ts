import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LiabilityProof, PublishedLiabilities } from '@panalo/contract/liabilities';
import { ApiError } from '../../../lib/api';
import { useSession } from '../../../lib/session';
import { proofQueryOptions } from '../api/get-proof';
import { proofFileName, proofFileText } from '../rules/format';
import { outcomeOf, type CheckOutcome } from '../rules/outcome';
import { verifyLiabilityProof } from '@panalo/contract/liabilities-rules';

/** How long the saved file's object URL is kept for the browser to start the download. */
const REVOKE_AFTER_MS = 10_000;

/** Saves the proof as a JSON file (through an object URL: the proof is served only with the session). */
function saveProof(proof: LiabilityProof): void {
  const url = URL.createObjectURL(new Blob([proofFileText(proof)], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = proofFileName(proof.day);
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}

const refused = (err: unknown): CheckOutcome => ({
  kind: 'refused',
  code: err instanceof ApiError ? err.code : 'unknown_error',
});

/**
 * The signed-in member's proof for the publication shown: `check` fetches it and verifies it in the
 * browser, `download` saves it; both fetch it once. `outcome` is the last check's result, or a refusal
 * of either.
 */
export function useMyProof(published: PublishedLiabilities) {
  const token = useSession()?.token ?? '';
  const client = useQueryClient();
  const [outcome, setOutcome] = useState<CheckOutcome | null>(null);
  const fetchProof = () => client.fetchQuery(proofQueryOptions(token, published.day));

  const check = useMutation({
    mutationFn: async () => {
      const proof = await fetchProof();
      return outcomeOf(proof, await verifyLiabilityProof(proof), published);
    },
    onMutate: () => setOutcome(null),
    onSuccess: setOutcome,
    onError: (err) => setOutcome(refused(err)),
  });
  const download = useMutation({
    mutationFn: async () => saveProof(await fetchProof()),
    // A refusal of an earlier try goes; a check's result stays.
    onMutate: () => setOutcome((o) => (o?.kind === 'refused' ? null : o)),
    onError: (err) => setOutcome(refused(err)),
  });
  return { outcome, check, download };
}
