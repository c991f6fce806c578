import type { LiabilityProof, ProofCheck, PublishedLiabilities } from '@panalo/contract/liabilities';
import { parseAmount } from '@panalo/contract/money';
import { formatDay, formatMinor } from './format';

/** Why a proof does not hold: the verifier's reasons, and a proof of another root than the published one. */
export type FailureReason = Extract<ProofCheck, { ok: false }>['reason'] | 'not_published';

/** What checking my balance came to. */
export type CheckOutcome =
  | { kind: 'verified'; proof: LiabilityProof; balance: bigint }
  | { kind: 'failed'; reason: FailureReason }
  /** The server refused to give the proof (its error code, e.g. proof_none). */
  | { kind: 'refused'; code: string };

/**
 * The outcome of a verified proof. A proof that holds is also held against the publication the page
 * shows: a proof of the same day must lead to the published root and total, or it proves nothing about
 * what was published.
 */
export function outcomeOf(
  proof: LiabilityProof,
  check: ProofCheck,
  published: PublishedLiabilities | null,
): CheckOutcome {
  if (!check.ok) return { kind: 'failed', reason: check.reason };
  if (published && published.day === proof.day) {
    const total = parseAmount(published.total);
    if (proof.root !== published.root || total !== check.total)
      return { kind: 'failed', reason: 'not_published' };
  }
  return { kind: 'verified', proof, balance: check.balance };
}

/** The status message's text: a catalogue key and its values, or the server's refusal code. */
export type CheckMessage =
  { tone: 'ok' | 'bad'; key: string; values?: Record<string, string> } | { tone: 'bad'; refusal: string };

const FAILURE_KEYS: Record<FailureReason, string> = {
  malformed: 'liabilities.check.failed.malformed',
  negative: 'liabilities.check.failed.negative',
  root_mismatch: 'liabilities.check.failed.root_mismatch',
  total_mismatch: 'liabilities.check.failed.total_mismatch',
  not_published: 'liabilities.check.failed.not_published',
};

/** Which message the outcome shows, with the amount and day formatted in the member's language. */
export function checkMessage(outcome: CheckOutcome, language: string): CheckMessage {
  switch (outcome.kind) {
    case 'verified':
      return {
        tone: 'ok',
        key: 'liabilities.check.verified',
        values: {
          amount: formatMinor(outcome.balance, outcome.proof.currency),
          day: formatDay(outcome.proof.day, language),
        },
      };
    case 'failed':
      return { tone: 'bad', key: FAILURE_KEYS[outcome.reason] };
    case 'refused':
      return outcome.code === 'proof_none'
        ? { tone: 'bad', key: 'liabilities.check.none' }
        : { tone: 'bad', refusal: outcome.code };
  }
}
