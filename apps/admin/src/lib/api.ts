import type { ErrorBody } from '@panalo/contract/common';

import { ApiError } from '@panalo/contract/api-error';

export { ApiError };

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

export type Query = Record<string, string | number | undefined | null>;

export function withQuery(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query))
    if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  const s = params.toString();
  return s ? `${path}?${s}` : path;
}

interface RequestOptions {
  query?: Query;
  body?: unknown;
  headers?: Record<string, string>;
  /** One key per intent (a dialog's confirm): a retry of the same intent is the same operation. */
  idempotencyKey?: string;
}

/**
 * Calls the API as the signed-in staff member. Answer types come from the contract; the server
 * validates every answer against the same schema. A 401 ends the console's session (sign in again).
 */
export async function api<T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  opts: RequestOptions = {},
): Promise<T> {
  const token = consoleSession.token();
  let res: Response;
  try {
    res = await fetch(withQuery(`/api${path}`, opts.query), {
      method,
      headers: {
        accept: 'application/json',
        // A form (a picture with its fields) sets its own multipart type and boundary.
        ...(opts.body !== undefined && !(opts.body instanceof FormData)
          ? { 'content-type': 'application/json' }
          : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(opts.idempotencyKey ? { 'idempotency-key': opts.idempotencyKey } : {}),
        ...opts.headers,
      },
      ...(opts.body !== undefined
        ? { body: opts.body instanceof FormData ? opts.body : JSON.stringify(opts.body) }
        : {}),
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError('no_network', 0, 'No network');
  }
  const json: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const body = json as Partial<ErrorBody> | null;
    if (res.status === 401 && token) consoleSession.clear();
    throw new ApiError(
      body?.code ?? 'unknown_error',
      res.status,
      body?.message ?? res.statusText,
      body?.value,
    );
  }
  return (json as { value: T }).value;
}

/** A fresh key for one operator intent (sent as Idempotency-Key). */
export const newIntentKey = (): string => crypto.randomUUID();
