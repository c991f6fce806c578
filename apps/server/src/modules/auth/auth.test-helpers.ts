import type { InjectOptions } from 'fastify';
import type { SessionValue } from '@panalo/contract/auth';
import { sha256Hex } from '../../lib/crypto';
import { outboxRepository } from '../messaging/messaging';
import { newDevice, sealedRequest } from '../../test-support/auth-client';
import type { TestApp } from '../../test-support/test-app';

export type Ok<T> = { success: true; value: T };
export type Err = {
  success: false;
  code: string;
  message: string;
  requestId?: string;
  value?: Record<string, unknown>;
};
export type Answer<T> = Ok<T> | Err;

/** The same app seen from another client address (per-IP limits are per address). */
export function fromIp(t: TestApp, ip: string): TestApp {
  return { ...t, request: <T>(o: InjectOptions) => t.request<T>({ ...o, remoteAddress: ip }) };
}

let ipCounter = 0;
/** A fresh client address, so that one test's per-IP counters do not spill into another's. */
export function freshIp(t: TestApp): TestApp {
  ipCounter++;
  return fromIp(t, `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`);
}

export async function merchantId(t: TestApp, code: string): Promise<number> {
  const m = await t.ctx.db
    .selectFrom('merchant')
    .select('id')
    .where('code', '=', code)
    .executeTakeFirstOrThrow();
  return m.id;
}

/** Reads a captcha's answer the only way a client without eyes can: trying all 10,000 against its hash. */
export async function solveCaptcha(t: TestApp, merchant: number, device: string): Promise<string> {
  const row = await t.ctx.db
    .selectFrom('captcha')
    .select('answer_hash')
    .where('merchant_id', '=', merchant)
    .where('device', '=', device)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  for (let n = 0; n < 10_000; n++) {
    const a = String(n).padStart(4, '0');
    if (sha256Hex(`${merchant}:${device}:${a}`) === row.answer_hash) return a;
  }
  throw new Error('unsolvable captcha');
}

/** Fetches a captcha for the device over HTTP and solves it. */
export async function captchaFor(t: TestApp, device: string, host = 'localhost'): Promise<string> {
  const res = await t.request<Answer<string>>({
    method: 'GET',
    url: '/api/auth/captcha',
    headers: { device, host },
  });
  if (!res.body.success) throw new Error(`captcha: ${res.body.code}`);
  return solveCaptcha(t, await merchantId(t, host.startsWith('luzon') ? 'luzon' : 'panalo'), device);
}

/** The 6-digit code in the latest SMS to a recipient ('+63 9170000001'), or undefined. */
export async function lastSmsCode(
  t: TestApp,
  merchant: number,
  recipient: string,
): Promise<string | undefined> {
  const msg = await outboxRepository(t.ctx.db).latestFor(merchant, recipient);
  return msg ? /\b(\d{6})\b/.exec(msg.body)?.[1] : undefined;
}

export async function requestSmsCode(
  t: TestApp,
  body: { countryDialingCode: string; mobileNo?: string; mobileNum?: string; purpose: string },
  host = 'localhost',
) {
  return t.request<Answer<{ expiredMinutes: number }>>({
    method: 'POST',
    url: '/api/auth/sms-code',
    headers: { host },
    payload: { module: 'VERIFICATION3', ...body },
  });
}

export function login(
  t: TestApp,
  payload: Record<string, unknown>,
  o: { device?: string; host?: string; url?: string } = {},
) {
  return sealedRequest<Answer<SessionValue>>(t, {
    method: 'POST',
    url: o.url ?? '/api/auth/login',
    payload,
    device: o.device ?? newDevice(),
    headers: { host: o.host ?? 'localhost' },
  });
}

export function register(
  t: TestApp,
  payload: Record<string, unknown>,
  o: { device?: string; host?: string } = {},
) {
  // An adult's date of birth: asked where the merchant's rules ask for it (luzon), ignored elsewhere.
  const base = {
    registerMethod: 'H5',
    registerUrl: o.host ?? 'localhost',
    type: 0,
    mode: 'username',
    birthDate: '1990-05-17',
  };
  return sealedRequest<Answer<SessionValue>>(t, {
    method: 'PUT',
    url: '/api/auth/register',
    payload: { ...base, ...payload },
    device: o.device ?? newDevice(),
    headers: { host: o.host ?? 'localhost' },
  });
}

export async function memberCount(t: TestApp): Promise<number> {
  const r = await t.ctx.db
    .selectFrom('member')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

let nameCounter = 0;
/** A username that satisfies the demo rules (a letter, then 5-15 letters or digits). */
export const newUsername = (prefix = 'user') => `${prefix}${Date.now() % 1_000_000}${++nameCounter}`;
let mobileCounter = 0;
export const newMobile = () =>
  `918${String(Date.now() % 10_000).padStart(4, '0')}${String(++mobileCounter).padStart(3, '0')}`;
