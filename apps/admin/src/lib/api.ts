import { ApiError, createApiClient, type Method, type Query, type RequestOptions } from '@panalo/client/http';

export { ApiError };
export { newIdempotencyKey, withQuery, type Query } from '@panalo/client/http';

const TOKEN_KEY = 'panalo.console.token';
type Listener = () => void;
const listeners = new Set<Listener>();

/**
 * The staff session's bearer token, kept for this tab only (sessionStorage): closing the tab signs out,
 * and the server ends an idle session on its own.
 */
export const consoleSession = {
  token: (): string | null => sessionStorage.getItem(TOKEN_KEY),
  set: (token: string) => {
    sessionStorage.setItem(TOKEN_KEY, token);
    listeners.forEach((l) => l());
  },
  clear: () => {
    if (sessionStorage.getItem(TOKEN_KEY) === null) return;
    sessionStorage.removeItem(TOKEN_KEY);
    listeners.forEach((l) => l());
  },
  subscribe: (l: Listener): (() => void) => {
    listeners.add(l);
    return () => listeners.delete(l);
  },
};

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

/** A query without its '' values: a filter left empty is not set. */
export const withoutEmpty = (query: Query): Query =>
  Object.fromEntries(Object.entries(query).filter(([, v]) => v !== ''));
