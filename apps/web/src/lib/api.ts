import type { ErrorBody } from '@panalo/contract/common';
import { session } from './session';

import { ApiError } from '@panalo/contract/api-error';

export { ApiError };

type Query = Record<string, string | number | boolean | undefined | null>;

function withQuery(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null) params.set(k, String(v));
  const s = params.toString();
  return s ? `${path}?${s}` : path;
}

/** The session token travels as a bearer token (the server keeps the session; it can revoke it). */
export function authHeader(): Record<string, string> {
  const token = session.get()?.token;
  return token ? { authorization: `Bearer ${token}` } : {};
}

interface RequestOptions {
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

/**
 * Calls the API. Response types come from the contract (`import type`): the server validates and
 * serialises every answer against the same zod schema, so the client does not ship zod to re-check it.
 */
export async function apiRequest<T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  opts: RequestOptions = {},
): Promise<T> {
  let res: Response;
  // A FormData body (an upload) goes as multipart, its boundary set by the browser; URLSearchParams
  // go form-encoded (the browser sets that content type too).
  const form =
    (typeof FormData !== 'undefined' && opts.body instanceof FormData) || opts.body instanceof URLSearchParams
      ? opts.body
      : null;
  try {
    res = await fetch(withQuery(`/api${path}`, opts.query), {
      method,
      signal: opts.signal ?? null,
      headers: {
        accept: 'application/json',
        ...(opts.body !== undefined && !form ? { 'content-type': 'application/json' } : {}),
        ...authHeader(),
        ...opts.headers,
      },
      ...(form ? { body: form } : opts.body !== undefined ? { body: JSON.stringify(opts.body) } : {}),
      credentials: 'same-origin',
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError('no_network', 0, 'No network');
  }
  const json: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    await beforeRefusal?.().catch(() => undefined);
    const body = json as Partial<ErrorBody> | null;
    throw new ApiError(
      body?.code ?? 'unknown_error',
      res.status,
      body?.message ?? res.statusText,
      body?.value,
    );
  }
  if (json === null || typeof json !== 'object' || !('value' in json)) {
    throw new ApiError('unknown_error', res.status, 'Unexpected answer from the server');
  }
  return (json as { value: T }).value;
}

let beforeRefusal: (() => Promise<unknown>) | null = null;

/**
 * Work a refused call waits for before it rejects (the i18n module fetches the refusal texts with it, so
 * that whoever shows the error finds its text). A failure of that work does not change the refusal.
 */
export function onApiError(fn: () => Promise<unknown>): void {
  beforeRefusal = fn;
}

/** GET an API path and return its `value`. */
export const apiGet = <T>(path: string, opts?: Omit<RequestOptions, 'body'>) =>
  apiRequest<T>('GET', path, opts);
