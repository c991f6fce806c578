import type { FastifyReply, FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../../lib/domain-error';
import { positiveAmount, requireIdempotencyKey, sendIdempotent, signedAmount } from './money-request';

// What a money request carries: its Idempotency-Key, its amount in minor units, and how an idempotent
// answer (first or replayed) is sent.
const refusal = (fn: () => unknown) => {
  try {
    return { value: fn() };
  } catch (err) {
    if (!(err instanceof DomainError)) throw err;
    return [err.status, err.code, err.message];
  }
};
const INVALID = [400, 'amount_invalid', 'Enter a valid amount'];

describe('a money request', () => {
  it('needs an Idempotency-Key of 8–80 letters, digits, _ or - (one header, not a list)', () => {
    const key = (raw: unknown) =>
      refusal(() =>
        requireIdempotencyKey({ headers: { 'idempotency-key': raw } } as unknown as FastifyRequest),
      );
    const missing = [
      400,
      'idempotency_key_required',
      'An Idempotency-Key header (8–80 letters, digits, _ or -) is required',
    ];
    expect(key('abcd-123')).toEqual({ value: 'abcd-123' });
    expect(key('a'.repeat(80))).toEqual({ value: 'a'.repeat(80) });
    for (const bad of [undefined, '', 'short12', 'a'.repeat(81), 'has space1', ['abcd-1234', 'abcd-1234']])
      expect(key(bad), String(bad)).toEqual(missing);
  });

  it('positive amounts: decimal text to minor units; zero and non-money refused', () => {
    expect(refusal(() => positiveAmount('12.50'))).toEqual({ value: 1250n });
    expect(refusal(() => positiveAmount('0.01'))).toEqual({ value: 1n });
    for (const bad of ['0', '0.00', '-1', 'abc', '1.234', ''])
      expect(
        refusal(() => positiveAmount(bad)),
        bad,
      ).toEqual(INVALID);
  });

  it('signed amounts: a leading minus makes it negative; zero, non-money and a minus elsewhere refused', () => {
    expect(refusal(() => signedAmount('12.50'))).toEqual({ value: 1250n });
    expect(refusal(() => signedAmount('-12.50'))).toEqual({ value: -1250n });
    expect(refusal(() => signedAmount('-9999999999999.99'))).toEqual({ value: -999_999_999_999_999n });
    for (const bad of ['0', '-0', '-0.00', '12.50-', '--1', 'abc', '-', ''])
      expect(
        refusal(() => signedAmount(bad)),
        bad,
      ).toEqual(INVALID);
  });

  it('an idempotent answer: a replay says so in a header; a stored refusal names this request; a success is sent as it was', () => {
    const sent: { status?: number; body?: unknown; headers: Record<string, string> } = { headers: {} };
    const reply = () => {
      sent.headers = {};
      const r = {
        request: { id: 'req-2' },
        header: (k: string, v: string) => ((sent.headers[k] = v), r),
        status: (s: number) => ((sent.status = s), r),
        send: (b: unknown) => ((sent.body = b), r),
      };
      return r as unknown as FastifyReply;
    };
    sendIdempotent(reply(), { status: 200, body: { success: true, value: 1 }, replayed: true });
    expect(sent).toEqual({
      status: 200,
      body: { success: true, value: 1 },
      headers: { 'idempotent-replayed': 'true' },
    });
    sendIdempotent(reply(), { status: 200, body: { success: true, value: 1 }, replayed: false });
    expect(sent).toEqual({ status: 200, body: { success: true, value: 1 }, headers: {} });
    sendIdempotent(reply(), {
      status: 409,
      body: { success: false, code: 'insufficient_balance' },
      replayed: true,
    });
    expect(sent.body).toEqual({ success: false, code: 'insufficient_balance', requestId: 'req-2' });
    expect(sent.status).toBe(409);
    // A 400 is a refusal too (the lowest).
    sendIdempotent(reply(), { status: 400, body: { success: false, code: 'amount_invalid' } });
    expect(sent.body).toEqual({ success: false, code: 'amount_invalid', requestId: 'req-2' });
    // A success is never given a request id; a refusal without an object body is sent as it is.
    sendIdempotent(reply(), { status: 399, body: { success: true } });
    expect(sent.body).toEqual({ success: true });
    sendIdempotent(reply(), { status: 400, body: 'text' as unknown as object });
    expect(sent.body).toBe('text');
    sendIdempotent(reply(), { status: 400, body: null as unknown as object });
    expect(sent.body).toBeNull();
  });
});
