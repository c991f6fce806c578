import type { ErrorBody } from '@panalo/contract/common';
import { ApiError } from '@panalo/contract/api-error';

// The one way a browser app of ours calls the API: the member site (apps/web/src/lib/api.ts) and the
// console (apps/admin/src/lib/api.ts) each make a client here with their own session, and add nothing
// to how a call is sent or how a refusal comes back.

export { ApiError };

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type Query = Record<string, string | number | boolean | undefined | null>;

export interface RequestOptions {
  query?: Query;
  /** JSON, or a FormData (multipart, an upload) or URLSearchParams (form-encoded) sent as it is. */
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** One key per intent (a dialog's confirm, a form's submit): a retry of it is the same operation. */
  idempotencyKey?: string;
}

export interface ClientOptions {
  /** The session's bearer token, read at each call (null: signed out). */
  token: () => string | null;
}

/** `path?query`, without the undefined and null values. */
export function withQuery(path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v != null) params.set(k, String(v));
  const s = params.toString();
  return s ? `${path}?${s}` : path;
}

export interface ApiClient {
  /**
   * Calls `/api${path}` and returns the answer's `value`. Answer types come from the contract
   * (`import type`): the server validates every answer against the same zod schema, so the browser does
   * not ship zod to check it again. A refusal throws `ApiError(code, status, message, value)`;
   * `no_network` when the request never arrived; an abort rethrows the AbortError.
   */
  request: <T>(method: Method, path: string, opts?: RequestOptions) => Promise<T>;
  /**
   * Work a refused call waits for before it rejects (the member site fetches the refusal texts with it,
   * so that whoever shows the error finds its text). A failure of that work does not change the refusal.
   */
  onRefusal: (fn: (() => Promise<unknown>) | null) => void;
}

export function createApiClient(options: ClientOptions): ApiClient {
  let beforeRefusal: (() => Promise<unknown>) | null = null;

  async function request<T>(method: Method, path: string, opts: RequestOptions = {}): Promise<T> {
    const token = options.token();
    const { body, idempotencyKey } = opts;
    // A form sets its own type (multipart with its boundary, or form-encoded); anything else is JSON.
    const json = body !== undefined && !(body instanceof FormData || body instanceof URLSearchParams);
    let res: Response;
    // Cookies go only to our own origin (fetch's default); the session travels as the bearer token.
    try {
      res = await fetch(withQuery(`/api${path}`, opts.query), {
        method,
        signal: opts.signal,
        headers: {
          accept: 'application/json',
          ...(json ? { 'content-type': 'application/json' } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
          ...opts.headers,
        },
        body: json ? JSON.stringify(body) : (body as BodyInit | undefined),
      });
    } catch (err) {
      if (err instanceof DOMException && err.name === 'AbortError') throw err;
      throw new ApiError('no_network', 0, 'No network');
    }
    const answer = (await res.json().catch(() => null)) as (Partial<ErrorBody> & { value?: T }) | null;
    if (!res.ok) {
      await beforeRefusal?.().catch(() => undefined);
      throw new ApiError(
        answer?.code ?? 'unknown_error',
        res.status,
        answer?.message ?? res.statusText,
        answer?.value,
      );
    }
    // A 2xx without a value is not an answer of ours (a proxy's page, a captive portal).
    if (answer === null || typeof answer !== 'object' || !('value' in answer))
      throw new ApiError('unknown_error', res.status, res.statusText);
    return answer.value as T;
  }

  return { request, onRefusal: (fn) => void (beforeRefusal = fn) };
}

/**
 * A fresh idempotency key for one intent (a deposit, a decision, a transfer). Make it when the person
 * starts the action and reuse it for every retry of that same action, so that a repeat after a lost
 * answer returns the first result instead of doing the work twice.
 */
export const newIdempotencyKey = (): string => crypto.randomUUID();
