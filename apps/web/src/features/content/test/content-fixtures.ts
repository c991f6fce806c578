import { vi } from 'vitest';
import type { HelpItem, NoticeItem } from '@panalo/contract/content';

/** Help items shaped like the seeded ones (EN), one with markup the browser must strip again. */
export const helpItems = (): HelpItem[] => [
  { id: 11, title: 'How do I deposit?', content: '<p>Open <b>Deposit</b> and choose GCash.</p>' },
  {
    id: 12,
    title: 'How long does a withdrawal take?',
    content: '<p>Most withdrawals are paid within 15 minutes.</p>',
  },
  {
    id: 13,
    title: 'Is the lottery fair?',
    content: '<p>Every draw publishes a seed hash.</p><a href="/m/lottery">Open the lottery</a>',
  },
];

export const notices = (): NoticeItem[] => [
  {
    id: 21,
    title: 'Panalo: deposits and withdrawals 24/7',
    content: '<p>Cash in and cash out any time.</p>',
    date: new Date(2026, 5, 1, 8, 5).toISOString(),
  },
  {
    id: 22,
    title: 'Scheduled maintenance on Sunday 02:00–03:00',
    content: '<p>Deposits pause for one hour.</p>',
    date: new Date(2026, 4, 26, 14, 30).toISOString(),
  },
];

export const agreement = () => ({
  slug: 'useragreement',
  title: 'User agreement',
  content: '<h3>1. Eligibility</h3><p>You must be of legal age to play.</p>',
});

/** An error a route can return to make the API answer with this status and code. */
export class ApiFailure {
  constructor(
    readonly code = 'unknown_error',
    readonly status = 500,
  ) {}
}

type Route = unknown;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * Stands in for the API over fetch (the only thing outside the web app's walls in these tests):
 * `routes` maps an /api path to its value, a function of the URL, or an ApiFailure.
 */
export function stubApi(routes: Record<string, Route>) {
  const calls: URL[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    calls.push(url);
    const route = routes[url.pathname];
    if (route === undefined) return json(404, { success: false, code: 'not_found', message: url.pathname });
    const value: unknown = typeof route === 'function' ? (route as (u: URL) => unknown)(url) : route;
    if (value instanceof ApiFailure) {
      return json(value.status, { success: false, code: value.code, message: 'x' });
    }
    return json(200, { success: true, value });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock, of: (path: string) => calls.filter((u) => u.pathname === path) };
}

export const CONTENT_API = {
  help: '/api/content/help',
  notices: '/api/content/notices',
  agreement: '/api/content/pages/useragreement',
} as const;
