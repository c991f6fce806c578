import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { bearer, createMember, sessionFor } from '../../test-support/members';
import { setMerchantFlag } from '../../test-support/merchants';

/**
 * The member centre shows each record entry only when its white-label flag is on (spec §2); the server
 * refuses the record itself with the flag off, whatever the client shows.
 */
describe('record routes follow the merchant’s flags', () => {
  let t: TestApp;
  let token: string;
  let merchantId: number;

  beforeAll(async () => {
    t = await createTestApp();
    const m = await createMember(t);
    merchantId = m.merchant_id;
    token = await sessionFor(t, m);
  });
  afterAll(async () => t.close());

  const setFlag = (flag: string, on: boolean) => setMerchantFlag(t.ctx.db, merchantId, flag, on);

  const get = (url: string, query: Record<string, string> = {}) =>
    t.request<{ code?: string }>({ method: 'GET', url, query, headers: bearer(token) });
  const range = { from: '2026-05-01', to: '2026-05-31' };

  it.each([
    ['MINE-020', 'DEPRECM3', '/api/cashier/deposits', {}],
    ['MINE-021', 'WITHREC3', '/api/cashier/withdrawals', {}],
    ['MINE-022', 'TRANSREC3', '/api/cashier/transactions', {}],
    ['MINE-023', 'TRANSBETREPMEM3', '/api/games/records', {}],
    ['MINE-024', 'PERSREP', '/api/cashier/profit-loss', range],
  ] as const)(
    '%s ROLE-003 with %s off the server refuses %s (403 no_permission); on, it answers',
    async (_id, flag, url, query) => {
      await setFlag(flag, false);
      const off = await get(url, query);
      expect([off.status, off.body.code]).toEqual([403, 'no_permission']);
      await setFlag(flag, true);
      expect((await get(url, query)).status).toBe(200);
    },
  );

  it('a visitor still gets 401 first, before the flag is looked at', async () => {
    await setFlag('TRANSREC3', false);
    const res = await t.request<{ code?: string }>({ method: 'GET', url: '/api/cashier/transactions' });
    expect([res.status, res.body.code]).toEqual([401, 'not_logged_in']);
    await setFlag('TRANSREC3', true);
  });
});
