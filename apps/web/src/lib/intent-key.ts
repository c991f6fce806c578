import { newIdempotencyKey } from './money-request';

/** How a money call ended: answered (success or refusal), or unknown (the answer was lost). */
export type Outcome = 'answered' | 'lost';

export interface IntentKeys {
  /** The idempotency key for submitting `request` (a stable text of what is sent). */
  keyFor: (request: string) => string;
  /** Records how the last submit ended. */
  settle: (outcome: Outcome) => void;
}

/**
 * One idempotency key per intent. A retry of the same request after a lost answer reuses the key, so
 * the server returns the first result instead of moving money twice. Once the server has answered
 * (done, or refused: the refusal is stored under the key too), or when the member changes what they
 * send, the next submit is a new intent with a new key; reusing the key would only replay the old
 * answer or conflict with it.
 */
export function createIntentKeys(newKey: () => string = newIdempotencyKey): IntentKeys {
  let current: { request: string; key: string } | null = null;
  return {
    keyFor(request) {
      if (current?.request !== request) current = { request, key: newKey() };
      return current.key;
    },
    settle(outcome) {
      if (outcome === 'answered') current = null;
    },
  };
}
