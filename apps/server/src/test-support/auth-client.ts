import { randomBytes } from 'node:crypto';
import { ENVELOPE_ALGORITHM, type LoginKey } from '@panalo/contract/auth';
import { fresh, sealEnvelope } from '@panalo/contract/envelope-client';
import type { TestApp } from './test-app';

/** A device id as the web app makes one (kept in local storage). */
export const newDevice = () => `dev-${randomBytes(9).toString('hex')}`;

/**
 * Sends a payload the way the web app does: sealed with the server's public key (through WebCrypto),
 * with the Encryption and Device headers. `stale` moves the payload's timestamp.
 */
export async function sealedRequest<T = unknown>(
  t: TestApp,
  o: {
    method: 'POST' | 'PUT';
    url: string;
    payload: object;
    device?: string;
    headers?: Record<string, string>;
    at?: number;
  },
) {
  const key = (
    await t.request<{ value: LoginKey }>({
      method: 'GET',
      url: '/api/auth/login-key',
      headers: o.headers ?? {},
    })
  ).body.value;
  const envelope = await sealEnvelope(key, fresh(o.payload, o.at ?? t.clock.now().getTime()));
  return t.request<T>({
    method: o.method,
    url: o.url,
    headers: { encryption: ENVELOPE_ALGORITHM, device: o.device ?? newDevice(), ...o.headers },
    payload: envelope,
  });
}
