import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { bearer, createMember, sessionFor } from '../test-support/members';
import { expectLedgerClean } from '../test-support/ledger';
import { holdsBadText } from './input-guard';

// Issue 22 item 6: NUL and unpaired surrogates are refused in one place, before any route reads them.
// Before the gate, the affiliate check, the game-wallet routes and their callbacks answered 500.

const NUL = '\u0000';
const LONE_HIGH = '\uD83D';
const LONE_LOW = '\uDE00';

describe('input guard (issue 22)', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = await sessionFor(t, await createMember(t, {}));
  });
  afterAll(async () => {
    await expectLedgerClean(t.ctx.db);
    await t.close();
  });

  const refused = async (o: InjectOptions) => {
    const r = await t.request<{ success: boolean; code: string; message: string }>(o);
    expect([r.status, r.body.code], JSON.stringify(o)).toEqual([400, 'text_invalid_characters']);
    expect(r.body.message).toMatch(/not allowed/);
  };

  it('the text checker finds bad text in strings, keys and nested values, and passes real characters', () => {
    expect(holdsBadText(`a${NUL}b`)).toBe(true);
    expect(holdsBadText({ a: [{ b: `x${LONE_HIGH}` }] })).toBe(true);
    expect(holdsBadText({ [`k${LONE_LOW}`]: 1 })).toBe(true);
    expect(holdsBadText(`${LONE_LOW}${LONE_HIGH}`)).toBe(true);
    expect(holdsBadText({ nick: 'Juan 😀 Dela Cruz', n: 3, ok: true, none: null })).toBe(false);
  });

  it('NUL in a query, a path or a body field is a 400 with a message key on public, member and vendor routes', async () => {
    await refused({ method: 'GET', url: '/api/auth/affiliate-check', query: { code: `PANALO${NUL}88` } });
    await refused({ method: 'GET', url: '/api/auth/affiliate-check?code=PAN%00ALO' });
    await refused({ method: 'POST', url: '/api/game-wallet/PS%00IM/balance', payload: { token: 'x' } });
    await refused({
      method: 'POST',
      url: '/api/game-wallet/PSIM/bet',
      payload: { token: `t${NUL}`, txId: 'a', roundId: 'r', gameCode: 'g', amount: '1.00' },
    });
    await refused({
      method: 'POST',
      url: '/api/lottery/bets',
      headers: { ...bearer(token), 'idempotency-key': 'input-guard-1' },
      payload: {
        gameCode: 'WINGO3',
        numero: '1',
        items: [{ betType: 'size', selection: `big${NUL}`, amount: '1.00' }],
      },
    });
    await refused({
      method: 'GET',
      url: `/api/lottery/orders/1${encodeURIComponent(NUL)}`,
      headers: bearer(token),
    });
  });

  it('unpaired surrogates in a body, a query or a header are refused the same way', async () => {
    await refused({
      method: 'POST',
      url: '/api/game-wallet/PSIM/balance',
      payload: `{"token":"a\\ud83d"}`,
      headers: { 'content-type': 'application/json' },
    });
    await refused({ method: 'GET', url: '/api/auth/affiliate-check?code=%ED%A0%BD' });
    await refused({
      method: 'GET',
      url: '/api/lottery/orders',
      headers: { ...bearer(token), 'idempotency-key': `k${LONE_LOW}` },
    });
  });

  it('good text still passes: an emoji is a pair, not a lone half', async () => {
    const r = await t.request<{ success: boolean }>({
      method: 'GET',
      url: '/api/auth/affiliate-check',
      query: { code: 'PANALO😀' },
    });
    expect(r.status).toBeLessThan(500);
    expect(r.status).not.toBe(400);
  });
});
