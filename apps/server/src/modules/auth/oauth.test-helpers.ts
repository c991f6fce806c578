import { expect } from 'vitest';
import type { TestApp } from '../../test-support/test-app';

/** A browser's walk through a social login: the app by inject, the provider over real HTTP. */
export interface FlowResult {
  /** Where the app's start sent the browser (the provider's /authorize). */
  authorizeUrl: URL;
  /** The callback the provider sent the browser back to (path and query). */
  callback: string;
  /** The state cookie the start route set. */
  cookie: string;
  /** Where the callback sent the browser next. */
  landing: URL;
}

const hostHeaders = (host?: string) => (host ? { host } : {});

/** GET /api/auth/oauth/<p>/start at `host` and read the redirect and the state cookie. */
export async function startLogin(t: TestApp, provider: string, host?: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/auth/oauth/${provider}/start`,
    headers: hostHeaders(host),
  });
  return res;
}

/** Asks the provider to authorize (it auto-approves) and returns its redirect back to us. */
export async function authorize(authorizeUrl: URL): Promise<string> {
  const res = await fetch(authorizeUrl, { redirect: 'manual' });
  expect(res.status).toBe(302);
  const back = new URL(res.headers.get('location')!);
  return back.pathname + back.search;
}

export async function callback(t: TestApp, path: string, cookie: string | null, host?: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: path,
    headers: { ...hostHeaders(host), ...(cookie ? { cookie } : {}) },
  });
  expect(res.statusCode).toBe(302);
  return new URL(String(res.headers.location), 'http://app.test');
}

/** start → provider → callback, stopping before the exchange. `beforeCallback` may tamper. */
export async function runFlow(
  t: TestApp,
  o: { provider?: string; host?: string; beforeCallback?: (state: string) => Promise<void> } = {},
): Promise<FlowResult> {
  const provider = o.provider ?? 'google';
  const start = await startLogin(t, provider, o.host);
  expect(start.statusCode).toBe(302);
  const authorizeUrl = new URL(String(start.headers.location));
  const cookie = String(start.headers['set-cookie']).split(';')[0]!;
  const cb = await authorize(authorizeUrl);
  await o.beforeCallback?.(authorizeUrl.searchParams.get('state')!);
  const landing = await callback(t, cb, cookie, o.host);
  return { authorizeUrl, callback: cb, cookie, landing };
}

export async function exchange<T = unknown>(t: TestApp, code: string, host?: string) {
  return t.request<T>({
    method: 'POST',
    url: '/api/auth/oauth/exchange',
    headers: hostHeaders(host),
    payload: { code },
  });
}
