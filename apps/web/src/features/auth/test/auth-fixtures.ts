import { vi } from 'vitest';
import type { SessionValue } from '@panalo/contract/auth';

/**
 * A stand-in for the account API over fetch (the only thing outside the web app's walls in these
 * tests). It publishes a real RSA key at /api/auth/login-key and opens the sealed envelopes the
 * client sends, so tests see the exact payload the server would decrypt.
 */

/** A refusal the stub answers with: status, message key and optional value (e.g. { captcha: true }). */
export class ApiFailure {
  constructor(
    readonly code = 'unknown_error',
    readonly status = 400,
    readonly value?: Record<string, unknown>,
  ) {}
}

/** An answer sent as it is, not in the API's envelope (the phone-verification service's own shape). */
export class RawAnswer {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {}
}

export interface ApiCall {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  /** The JSON body; for a sealed request, the decrypted payload. */
  body: Record<string, unknown> | undefined;
  sealed: boolean;
}

type Handler = (call: ApiCall) => unknown;
export type Routes = Record<string, unknown>;

let keyPair: Promise<CryptoKeyPair> | undefined;
const rsa = () =>
  (keyPair ??= crypto.subtle.generateKey(
    { name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
    true,
    ['encrypt', 'decrypt'],
  ));

const b64 = (buf: ArrayBuffer) => btoa(String.fromCharCode(...new Uint8Array(buf)));
const unb64 = (s: string) => Uint8Array.from(atob(s), (c) => c.charCodeAt(0));

async function open(env: { key: string; iv: string; data: string }): Promise<Record<string, unknown>> {
  const { privateKey } = await rsa();
  const raw = await crypto.subtle.decrypt({ name: 'RSA-OAEP' }, privateKey, unb64(env.key));
  const aes = await crypto.subtle.importKey('raw', raw, 'AES-GCM', false, ['decrypt']);
  const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: unb64(env.iv) }, aes, unb64(env.data));
  return JSON.parse(new TextDecoder().decode(plain)) as Record<string, unknown>;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A session answer like the server's. */
export const sessionValue = (patch: Partial<SessionValue> = {}): SessionValue => ({
  token: 'tok-0123456789abcdef0123456789abcdef',
  userName: 'juan123',
  customerType: 0,
  firstTimeLogin: false,
  merchantCode: 'panalo',
  expiresAt: '2026-07-01T00:00:00.000Z',
  ...patch,
});

export const CAPTCHA_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/** The default answers: every account call succeeds. `routes` keys are "METHOD /api/path". */
export function defaultRoutes(): Routes {
  let captchas = 0;
  return {
    'POST /api/auth/login': sessionValue(),
    'PUT /api/auth/register': sessionValue(),
    'GET /api/auth/captcha': () => `${CAPTCHA_PNG}#${++captchas}`,
    'POST /api/auth/sms-code': { expiredMinutes: 5 },
    'GET /api/auth/affiliate-check': (c: ApiCall) => ({ success: c.query.code === 'GOOD1234' }),
    'GET /api/auth/trial': { userName: 'guest8812', trialKey: 'trial-key-123' },
    'POST /api/auth/trial-login': sessionValue({
      userName: 'guest8812',
      customerType: 4,
      merchantCode: 'panalo-trial',
    }),
  };
}

/** Installs the stub; `routes` override the defaults (a value, a function of the call, or an ApiFailure). */
export function stubAuthApi(routes: Routes = {}) {
  const table: Routes = { ...defaultRoutes(), ...routes };
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    if (url.pathname === '/api/auth/login-key') {
      const spki = await crypto.subtle.exportKey('spki', (await rsa()).publicKey);
      return json(200, {
        success: true,
        value: { kid: 'k1', algorithm: 'RSA-OAEP-256+A256GCM', publicKey: b64(spki) },
      });
    }
    const headers = Object.fromEntries(
      Object.entries((init?.headers ?? {}) as Record<string, string>).map(([k, v]) => [k.toLowerCase(), v]),
    );
    const rawBody =
      typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined;
    const sealed = headers.encryption !== undefined;
    const body =
      sealed && rawBody ? await open(rawBody as { key: string; iv: string; data: string }) : rawBody;
    const call: ApiCall = {
      method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers,
      body,
      sealed,
    };
    calls.push(call);
    const route = table[`${method} ${url.pathname}`];
    if (route === undefined) return json(404, { success: false, code: 'not_found', message: url.pathname });
    const value: unknown = typeof route === 'function' ? (route as Handler)(call) : route;
    if (value instanceof RawAnswer) return json(value.status, value.body);
    if (value instanceof ApiFailure) {
      return json(value.status, {
        success: false,
        code: value.code,
        message: 'refused',
        ...(value.value ? { value: value.value } : {}),
      });
    }
    return json(200, { success: true, value });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    of: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path),
    last: (method: string, path: string) =>
      calls.filter((c) => c.method === method && c.path === path).at(-1),
  };
}
