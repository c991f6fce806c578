import { vi } from 'vitest';
import type { KycAllowance, KycDocument, KycStatus } from '@panalo/contract/kyc';

/** Level 0…3 as the server's Philippine defaults shape them (amounts as decimal strings). */
export const LEVELS: KycAllowance[] = [
  {
    depositDay: '5000.00',
    depositMonth: '20000.00',
    withdrawDay: '0.00',
    withdrawMonth: '0.00',
    methods: ['GCASH'],
    transfers: false,
  },
  {
    depositDay: '20000.00',
    depositMonth: '100000.00',
    withdrawDay: '10000.00',
    withdrawMonth: '50000.00',
    methods: null,
    transfers: false,
  },
  {
    depositDay: '100000.00',
    depositMonth: '500000.00',
    withdrawDay: '100000.00',
    withdrawMonth: '500000.00',
    methods: null,
    transfers: true,
  },
  {
    depositDay: null,
    depositMonth: null,
    withdrawDay: null,
    withdrawMonth: null,
    methods: null,
    transfers: true,
  },
];

/** A member at level 1 (mobile confirmed) of a merchant with verification on. */
export function kycStatus(p: Partial<KycStatus> = {}): KycStatus {
  return {
    enabled: true,
    level: 1,
    mobileConfirmed: true,
    hasMobile: true,
    levels: LEVELS,
    firstWithdrawalLevel: 1,
    depositsAbove: { amount: '50000.00', level: 2 },
    withdrawalAbove: { amount: '20000.00', level: 3 },
    idTypes: ['philsys', 'passport', 'drivers_licence', 'umid'],
    minAge: 21,
    documents: [],
    ...p,
  };
}

export function kycDocument(p: Partial<KycDocument> = {}): KycDocument {
  return {
    id: '41',
    kind: 'identity',
    idType: 'philsys',
    status: 'pending',
    reason: null,
    submittedAt: '2026-11-20T02:00:00.000Z',
    decidedAt: null,
    expiresOn: null,
    ...p,
  };
}

/** A refusal: status, code and the values its text interpolates. */
export class Refused {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly value?: Record<string, unknown>,
  ) {}
}

export interface KycCall {
  method: string;
  path: string;
  headers: Headers;
  /** The body as sent: a FormData for the document upload, parsed JSON otherwise. */
  body: unknown;
}

type Answer = { value: unknown } | Refused | Promise<{ value: unknown } | Refused>;

/**
 * Stands in for the API over fetch: 'METHOD /api/path' (or '/api/path' for GET) to an answer or a
 * function of the call. Refusals carry their values, and a multipart body is kept as the FormData sent.
 */
export function stubKycApi(routes: Record<string, Answer | ((call: KycCall) => Answer)>) {
  const calls: KycCall[] = [];
  const reply = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const body =
      init.body instanceof FormData
        ? init.body
        : typeof init.body === 'string'
          ? (JSON.parse(init.body) as unknown)
          : undefined;
    const call: KycCall = { method, path: url.pathname, headers: new Headers(init.headers), body };
    calls.push(call);
    const route =
      routes[`${method} ${url.pathname}`] ?? (method === 'GET' ? routes[url.pathname] : undefined);
    if (route === undefined) return reply(404, { success: false, code: 'not_found', message: url.pathname });
    const answer = await (typeof route === 'function' ? route(call) : route);
    if (answer instanceof Refused)
      return reply(answer.status, {
        success: false,
        code: answer.code,
        message: answer.code,
        ...(answer.value ? { value: answer.value } : {}),
      });
    return reply(200, { success: true, value: answer.value });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    to: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path),
  };
}

/** A small PNG file (the bytes of its signature: the site sends it as it is). */
export const png = (name = 'id.png') =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3])], name, { type: 'image/png' });
export const jpg = (name = 'selfie.jpg') =>
  new File([new Uint8Array([0xff, 0xd8, 0xff, 1, 2, 3])], name, { type: 'image/jpeg' });
