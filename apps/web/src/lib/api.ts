import { createApiClient, type RequestOptions } from '@panalo/client/http';
import { session } from './session';

export { ApiError } from '@panalo/client/http';

// The member's client of the shared core (@panalo/client/http): the session's token as a bearer token
// (the server keeps the session and can revoke it).
const client = createApiClient({ token: () => session.get()?.token ?? null });

/** Calls the API and returns the answer's `value` (see `ApiClient.request`). */
export const apiRequest = client.request;

/**
 * Work a refused call waits for before it rejects (the i18n module fetches the refusal texts with it, so
 * that whoever shows the error finds its text). A failure of that work does not change the refusal.
 */
export const onApiError = client.onRefusal;

/** GET an API path and return its `value`. */
export const apiGet = <T>(path: string, opts?: Omit<RequestOptions, 'body'>) =>
  apiRequest<T>('GET', path, opts);
