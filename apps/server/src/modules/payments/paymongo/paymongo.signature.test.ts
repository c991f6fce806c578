import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signPayMongo, verifyPayMongoSignature } from './paymongo.signature';

const SECRET = 'whsk_test_Panalo0000000000000000';
const AT = new Date('2026-11-28T04:00:00Z');
/** The HMAC PayMongo writes, computed here by hand over `t + "." + body`. */
const hmac = (t: string, raw: string) => createHmac('sha256', SECRET).update(`${t}.${raw}`).digest('hex');
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

  it('refuses a timestamp that is not all digits, even under an HMAC computed over it', () => {
    // Number('x123') is NaN and NaN > 300 is false: only the digits check keeps such a t from skipping
    // the freshness check.
    const t = String(AT.getTime() / 1000);
    const ok = { livemode: false, now: AT };
    for (const bad of [`x${t}`, `${t}x`]) {
      const header = `t=${bad},te=${hmac(bad, body)},li=`;
      expect(verifyPayMongoSignature(SECRET, body, header, ok), header).toBe(false);
    }
  });

  it('refuses te with anything before or after its 64 hex digits, without throwing', () => {
    const t = String(AT.getTime() / 1000);
    const sig = hmac(t, body);
    const ok = { livemode: false, now: AT };
    expect(verifyPayMongoSignature(SECRET, body, `t=${t},te=${sig},li=`, ok)).toBe(true);
    for (const bad of [`zz${sig}`, `${sig}zz`]) {
      const header = `t=${t},te=${bad},li=`;
      expect(verifyPayMongoSignature(SECRET, body, header, ok), header).toBe(false);
    }
  });

  it('is fresh up to exactly 300 s either way, stale a millisecond beyond', () => {
    const h = signPayMongo(SECRET, body, AT, false);
    const at = (ms: number) => ({ livemode: false, now: new Date(AT.getTime() + ms) });
    expect(verifyPayMongoSignature(SECRET, body, h, at(300_000))).toBe(true);
    expect(verifyPayMongoSignature(SECRET, body, h, at(-300_000))).toBe(true);
    expect(verifyPayMongoSignature(SECRET, body, h, at(300_001))).toBe(false);
    expect(verifyPayMongoSignature(SECRET, body, h, at(-300_001))).toBe(false);
  });

  it('ignores a part without "=": it does not replace t or te', () => {
    const h = signPayMongo(SECRET, body, AT, false);
    const ok = { livemode: false, now: AT };
    for (const extra of ['tex', 'te', 'junk'])
      expect(verifyPayMongoSignature(SECRET, body, `${h},${extra}`, ok), extra).toBe(true);
  });

  it('reads the comma-separated parts leniently: spaces after the commas and around "=" are ignored', () => {
    const t = String(AT.getTime() / 1000);
    const sig = hmac(t, body);
    const ok = { livemode: false, now: AT };
    expect(verifyPayMongoSignature(SECRET, body, `t=${t}, te=${sig}, li=`, ok)).toBe(true);
    expect(verifyPayMongoSignature(SECRET, body, `t = ${t} , te = ${sig} , li = `, ok)).toBe(true);
  });

  it('reads a header of up to 512 characters and refuses a longer one, good signature or not', () => {
    const h = signPayMongo(SECRET, body, AT, false);
    const padded = (length: number) => `${h},pad=${'0'.repeat(length - h.length - 5)}`;
    expect(padded(512)).toHaveLength(512);
    const ok = { livemode: false, now: AT };
    expect(verifyPayMongoSignature(SECRET, body, padded(512), ok)).toBe(true);
    expect(verifyPayMongoSignature(SECRET, body, padded(513), ok)).toBe(false);
  });
});
