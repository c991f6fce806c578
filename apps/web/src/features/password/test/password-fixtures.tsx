import { Route, Routes } from 'react-router';
import { vi } from 'vitest';
import { passwordRoutes } from '../routes';

/** An answer a stubbed route gives: a value (200), or a refusal with its status and code. */
export class Refusal {
  constructor(
    readonly code: string,
    readonly status = 400,
  ) {}
}

export interface Call {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string | null;
  json(): unknown;
}

/** A value (200), a Refusal, or a function of the call giving either. */
type Answer = unknown;

/**
 * Stands in for the API over fetch (the only thing outside the web app in these tests). Routes are
 * 'METHOD /api/path'; an unknown route answers 404 not_found, as the server does.
 */
export function stubApi(routes: Record<string, Answer>) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(href, 'http://localhost');
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    const body = typeof init.body === 'string' ? init.body : null;
    const call: Call = {
      method: init.method ?? 'GET',
      path: url.pathname,
      headers,
      body,
      json: () => (body ? (JSON.parse(body) as unknown) : null),
    };
    calls.push(call);
    const reply = (status: number, payload: unknown) =>
      new Response(JSON.stringify(payload), { status, headers: { 'content-type': 'application/json' } });
    const route = routes[`${call.method} ${url.pathname}`];
    if (route === undefined) return reply(404, { success: false, code: 'not_found', message: 'Not found' });
    const value = typeof route === 'function' ? (route as (c: Call) => unknown)(call) : route;
    if (value instanceof Refusal)
      return reply(value.status, { success: false, code: value.code, message: 'x' });
    return reply(200, { success: true, value });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    to: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path),
  };
}

/** The password routes with a marker for home and login, to see where a screen sends the user. */
export function PasswordRoutes() {
  return (
    <Routes>
      {passwordRoutes.map(({ path, Screen }) => (
        <Route key={path} path={path} element={<Screen />} />
      ))}
      <Route path="/m/home" element={<p data-testid="home-marker">home</p>} />
      <Route path="/m/login" element={<p data-testid="login-marker">login</p>} />
      <Route path="/m/previous" element={<p data-testid="previous-marker">previous</p>} />
    </Routes>
  );
}
