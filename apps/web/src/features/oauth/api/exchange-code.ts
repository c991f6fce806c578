import type { SessionValue } from '@panalo/contract/auth';
import type { OAuthExchangeRequest } from '@panalo/contract/oauth';
import { apiRequest } from '../../../lib/api';

/** POST /api/auth/oauth/exchange: the one-time login code of a social login for a session. */
export const exchangeLoginCode = (code: string) =>
  apiRequest<SessionValue>('POST', '/auth/oauth/exchange', { body: { code } satisfies OAuthExchangeRequest });

// A code works once: React's development double effects (and a double mount) must share one request.
const pending = new Map<string, Promise<SessionValue>>();

/** The exchange for this code, started at most once per page. */
export function exchangeOnce(code: string): Promise<SessionValue> {
  let p = pending.get(code);
  if (!p) {
    p = exchangeLoginCode(code);
    pending.set(code, p);
  }
  return p;
}
