import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signPayMongo, verifyPayMongoSignature } from './paymongo.signature';

const SECRET = 'whsk_test_Panalo0000000000000000';
const AT = new Date('2026-11-28T04:00:00Z');
const body = JSON.stringify({ data: { id: 'evt_1', attributes: { type: 'checkout_session.payment.paid' } } });

describe('PayMongo webhook signatures (Paymongo-Signature: t, te, li)', () => {
  it('is HMAC-SHA256 with the webhook secret over t + "." + the raw body, as PayMongo documents it', () => {
    const t = String(AT.getTime() / 1000);
    const expected = createHmac('sha256', SECRET).update(`${t}.${body}`).digest('hex');
    expect(signPayMongo(SECRET, body, AT, false)).toBe(`t=${t},te=${expected},li=`);
    expect(signPayMongo(SECRET, body, AT, true)).toBe(`t=${t},te=,li=${expected}`);
  });

  it('verifies te in test mode and li in live mode, never the other part', () => {
    const test = signPayMongo(SECRET, body, AT, false);
    const live = signPayMongo(SECRET, body, AT, true);
    expect(verifyPayMongoSignature(SECRET, body, test, { livemode: false, now: AT })).toBe(true);
    expect(verifyPayMongoSignature(SECRET, body, live, { livemode: true, now: AT })).toBe(true);
    expect(verifyPayMongoSignature(SECRET, body, test, { livemode: true, now: AT })).toBe(false);
    expect(verifyPayMongoSignature(SECRET, body, live, { livemode: false, now: AT })).toBe(false);
  });

  it('refuses a tampered body, another secret, a stale or future timestamp, and malformed headers', () => {
    const h = signPayMongo(SECRET, body, AT, false);
    const ok = { livemode: false, now: AT };
    expect(verifyPayMongoSignature(SECRET, `${body} `, h, ok)).toBe(false);
    expect(verifyPayMongoSignature('whsk_other', body, h, ok)).toBe(false);
    const later = (s: number) => ({ livemode: false, now: new Date(AT.getTime() + s * 1000) });
    expect(verifyPayMongoSignature(SECRET, body, h, later(299))).toBe(true);
    expect(verifyPayMongoSignature(SECRET, body, h, later(301))).toBe(false);
    expect(verifyPayMongoSignature(SECRET, body, h, later(-301))).toBe(false);
    for (const bad of [
      undefined,
      '',
      't=,te=,li=',
      `te=${'a'.repeat(64)}`,
      h.replace(/te=[0-9a-f]+/, 'te=zz'),
      'x'.repeat(600),
    ])
      expect(verifyPayMongoSignature(SECRET, body, bad, ok), String(bad)).toBe(false);
  });
});
