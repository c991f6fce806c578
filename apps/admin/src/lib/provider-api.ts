import { ApiError, createApiClient, type Method, type Query, type RequestOptions } from '@panalo/client/http';
import { downloadFile } from './file-download';
import { tabSession, withoutEmpty } from './tab-session';

export { ApiError };
export { newIdempotencyKey } from '@panalo/client/http';

/**
 * The provider staff's bearer token (the provider console at /admin/provider/), kept for this tab only
 * under its own key: never the brand console's (`consoleSession`, lib/api.ts), so signing in to one does
 * not sign in to the other, and the server tells them apart by routes and sessions.
 */
export const providerSession = tabSession('panalo.provider.token');

const client = createApiClient({ token: providerSession.token });

/**
 * Calls the API as the signed-in provider staff member and returns the answer's `value`. A filter left
 * '' is left out of the address; a 401 ends the provider session (its sign-in page shows). Only the
 * provider areas' `api/` call it (structure.test.ts).
 */
export const providerApi = <T>(method: Method, path: string, opts: RequestOptions = {}): Promise<T> =>
  client
    .request<T>(method, path, { ...opts, query: opts.query && withoutEmpty(opts.query) })
    .catch((err: unknown) => {
      if (err instanceof ApiError && err.status === 401) providerSession.clear();
      throw err;
    });

/**
 * Downloads a file the server builds (the invoices' CSV) as the signed-in provider staff member: the
 * provider session's bearer token in a header (never in the address), saved under the server's name. A
 * 401 ends the provider session, as `providerApi` does. Only the provider areas' `api/` call it.
 */
export const providerDownload = (path: string, query?: Query): Promise<void> =>
  downloadFile(path, query, providerSession.token()).catch((err: unknown) => {
    if (err instanceof ApiError && err.status === 401) providerSession.clear();
    throw err;
  });
