import { ApiError, createApiClient, type Method, type RequestOptions } from '@panalo/client/http';
import { tabSession, withoutEmpty } from './tab-session';

export { ApiError, withoutEmpty };
export { newIdempotencyKey, withQuery, type Query } from '@panalo/client/http';

/**
 * The staff session's bearer token, kept for this tab only (sessionStorage): closing the tab signs out,
 * and the server ends an idle session on its own. The provider console keeps its own
 * (`lib/provider-api.ts`, another key).
 */
export const consoleSession = tabSession('panalo.console.token');

// The console's client of the shared core (@panalo/client/http), with the staff session's token.
const client = createApiClient({ token: consoleSession.token });

/**
 * Calls the API as the signed-in staff member and returns the answer's `value` (`ApiClient.request`).
 * A filter left empty ('') is left out of the address, as if it were not set. A 401 means the session is
 * over on the server: the console's ends too (the sign-in page shows).
 */
export const api = <T>(method: Method, path: string, opts: RequestOptions = {}): Promise<T> =>
  client
    .request<T>(method, path, { ...opts, query: opts.query && withoutEmpty(opts.query) })
    .catch((err: unknown) => {
      if (err instanceof ApiError && err.status === 401) consoleSession.clear();
      throw err;
    });

/**
 * The provider's "view as" opens the console at `/admin/#view-as=<token>` (a fragment: no server log
 * sees it): the token becomes this tab's session and leaves the address at once.
 */
export function adoptViewAsToken(location: Location = window.location): void {
  const token = /^#view-as=([A-Za-z0-9_-]{20,128})$/.exec(location.hash)?.[1];
  if (!token) return;
  consoleSession.set(token);
  history.replaceState(null, '', location.pathname + location.search);
}
