import { vi } from 'vitest';
import type { MemberInfo } from '@panalo/contract/member';

/** A route's answer: a value (200), or a status with an error code. */
export type StubAnswer = { value: unknown } | { status: number; code: string };
type Route = StubAnswer | ((req: { url: URL; init: RequestInit | undefined }) => StubAnswer);

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * Stands in for the API over fetch (the only thing outside the web app's walls in these tests): `routes`
 * maps 'METHOD /api/path' (or just '/api/path' for GET) to an answer. Unknown routes answer 404.
 */
export function stubApi(routes: Record<string, Route>) {
  const calls: { method: string; url: URL; headers: Headers; body: unknown }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, url, headers: new Headers(init?.headers), body });
    const route =
      routes[`${method} ${url.pathname}`] ?? (method === 'GET' ? routes[url.pathname] : undefined);
    if (route === undefined) return json(404, { success: false, code: 'not_found', message: url.pathname });
    const answer = typeof route === 'function' ? route({ url, init }) : route;
    return 'value' in answer
      ? json(200, { success: true, value: answer.value })
      : json(answer.status, { success: false, code: answer.code, message: answer.code });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

export const DAY_MS = 86_400_000;

/** Member info as GET /api/members/me gives it for the fixture session's member. */
export function memberInfo(p: Partial<MemberInfo> = {}): MemberInfo {
  return {
    id: '101',
    account: 'juan123',
    nickname: null,
    type: 0,
    regDate: Date.UTC(2026, 4, 1),
    toUpline: false,
    vip: { level: 2, name: 'Silver' },
    mobileNum: null,
    email: null,
    firstTimeLogin: false,
    headIcon: null,
    ...p,
  };
}
