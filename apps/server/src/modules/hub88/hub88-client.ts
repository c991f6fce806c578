import type { KeyObject } from 'node:crypto';
import { HUB88_SIGNATURE_HEADER, signHub88 } from './hub88-signature';

/** The Wallet API's calls, by their path under /api/hub88. */
export type Hub88Call =
  'user/info' | 'user/balance' | 'transaction/bet' | 'transaction/win' | 'transaction/rollback';

/** Hub88's answer as JSON (balance as a number: the tests' amounts stay far below 2^53). */
export interface Hub88Reply {
  user: string;
  status: string;
  request_uuid: string;
  currency: string;
  balance: number;
  country?: string;
}

interface Injectable {
  app: {
    inject(o: {
      method: 'POST';
      url: string;
      headers: Record<string, string>;
      payload: string;
    }): Promise<{ statusCode: number; body: string }>;
  };
}

/**
 * Calls our Hub88 wallet as Hub88 does (for tests): the body as given (an object is written as JSON, a
 * string is sent as it is), signed with `key` unless a signature is given (null: no header).
 */
export async function hub88Call(
  t: Injectable,
  key: KeyObject,
  call: Hub88Call,
  body: Record<string, unknown> | string,
  o: { signature?: string | null; merchant?: string } = {},
): Promise<{ http: number; body: Hub88Reply }> {
  const payload = typeof body === 'string' ? body : JSON.stringify(body);
  const signature = o.signature === undefined ? signHub88(key, payload) : o.signature;
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/hub88/${call}`,
    headers: {
      'content-type': 'application/json',
      merchant: o.merchant ?? 'panalo',
      ...(signature !== null ? { [HUB88_SIGNATURE_HEADER]: signature } : {}),
    },
    payload,
  });
  return { http: res.statusCode, body: JSON.parse(res.body) as Hub88Reply };
}
