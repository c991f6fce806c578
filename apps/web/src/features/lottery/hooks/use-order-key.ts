import { useRef } from 'react';
import { newIdempotencyKey } from '../../../lib/money-request';

/**
 * One idempotency key per order (the cashier's IntentKey rule): the same order sent again — a retry
 * after a lost answer — carries the same key, so the server answers with the first result instead of
 * debiting twice; another order (a different body), or any order after a success or a definite refusal,
 * gets a new key.
 */
export function useOrderKey(make: () => string = newIdempotencyKey) {
  const last = useRef<{ body: string; key: string } | null>(null);
  return {
    keyFor(body: unknown): string {
      const text = JSON.stringify(body);
      if (last.current?.body !== text) last.current = { body: text, key: make() };
      return last.current.key;
    },
    /** After a success or a refusal the server answered: the next order is a new intent. */
    done(): void {
      last.current = null;
    },
  };
}
