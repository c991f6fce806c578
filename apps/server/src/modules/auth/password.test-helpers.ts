import type { InjectOptions } from 'fastify';
import type { TestApp } from '../../test-support/test-app';
import { verifyPassword } from '../identity/passwords';

export type Ok = { success: true; value: Record<string, never> };
export type Err = { success: false; code: string; message: string; value?: Record<string, unknown> };

/** POST JSON and read the envelope. */
export const postJson = (t: TestApp, url: string, payload: object, headers: InjectOptions['headers'] = {}) =>
  t.request<Ok | Err>({ method: 'POST', url, payload, headers });

/** Does the member's stored hash accept this password now? */
export async function passwordIs(t: TestApp, memberId: bigint, password: string): Promise<boolean> {
  const row = await t.ctx.db
    .selectFrom('member')
    .select('password_hash')
    .where('id', '=', memberId)
    .executeTakeFirstOrThrow();
  return verifyPassword(row.password_hash, password);
}

/** Is this bearer token still a live session? */
export async function sessionAlive(t: TestApp, token: string): Promise<boolean> {
  const res = await t.request({
    method: 'GET',
    url: '/api/members/me',
    headers: { authorization: `Bearer ${token}` },
  });
  return res.status === 200;
}

/** A device credential (remember password) for the member, as a login with remember would give. */
export const deviceCredentialFor = (t: TestApp, m: { merchant_id: number; id: bigint }) =>
  t.ctx.sessions.issueDevice({
    merchantId: m.merchant_id,
    memberId: m.id,
    device: `test-device-${m.id}`,
    ip: '127.0.0.1',
    userAgent: 'vitest',
  });

/** Is this device credential still usable? (Using it rotates it, which is fine for a check.) */
export async function deviceAlive(t: TestApp, merchantId: number, token: string): Promise<boolean> {
  return (await t.ctx.sessions.consumeDevice(merchantId, token)) !== null;
}
