import type { LoginKey } from '@panalo/contract/auth';
import { ENVELOPE_ALGORITHM } from '@panalo/contract/auth-constants';
import { fresh, sealEnvelope } from '@panalo/contract/envelope-client';
import { ApiError, apiGet, apiRequest } from './api';
import { storage } from './storage';

let keyPromise: Promise<LoginKey> | undefined;
const loginKey = () => (keyPromise ??= apiGet<LoginKey>('/auth/login-key'));

/** This browser's device id (sent as the Device header; captchas and device credentials are bound to it). */
export function deviceId(): string {
  let id = storage.get('deviceId');
  if (!id || !/^[A-Za-z0-9_-]{8,64}$/.test(id)) {
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    id = `w${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
    storage.set('deviceId', id);
  }
  return id;
}

/**
 * Sends a payload encrypted for the server (spec §7: login and register), with the Encryption and
 * Device headers. If the server rotated its key meanwhile, fetches the new one and tries once more.
 */
export async function sealedRequest<T>(method: 'POST' | 'PUT', path: string, payload: object): Promise<T> {
  const send = async () =>
    apiRequest<T>(method, path, {
      body: await sealEnvelope(await loginKey(), fresh(payload)),
      headers: { encryption: ENVELOPE_ALGORITHM, device: deviceId() },
    });
  try {
    return await send();
  } catch (err) {
    if (err instanceof ApiError && err.code === 'envelope_key_unknown') {
      keyPromise = undefined;
      return send();
    }
    throw err;
  }
}
