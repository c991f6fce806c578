import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Balance } from '@panalo/contract/wallet';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { bearer, createMember, sessionFor } from '../../test-support/members';
import { ledgerAccount, memberWalletKey, postTransfer } from './ledger';

type Ok<T> = { success: true; value: T };

describe('wallet balance', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const credit = async (
    merchantId: number,
    memberId: bigint,
    amount: bigint,
    book: 'real' | 'play' = 'real',
  ) => {
    const wallet = await ledgerAccount(t.ctx.db, memberWalletKey(merchantId, memberId, 'PHP', book));
    const source = await ledgerAccount(t.ctx.db, { merchantId, book, kind: 'adjustment', currency: 'PHP' });
    await t.ctx.db.transaction().execute((trx) =>
      postTransfer(trx, {
        merchantId,
        book,
        kind: 'adjustment',
        createdBy: 'system',
        at: t.clock.now(),
        legs: [
          { accountId: source, amount: -amount },
          { accountId: wallet, amount },
        ],
      }),
    );
  };

  it('WALLET-004 the balance is sumBalance, a decimal string from the ledger', async () => {
    const m = await createMember(t);
    const token = await sessionFor(t, m);
    let res = await t.request<Ok<Balance>>({
      method: 'GET',
      url: '/api/wallet/balance',
      headers: bearer(token),
    });
    expect(res.body.value).toEqual({ sumBalance: '0.00', currency: 'PHP', book: 'real' });
    await credit(m.merchant_id, m.id, 123_456n);
    res = await t.request<Ok<Balance>>({ method: 'GET', url: '/api/wallet/balance', headers: bearer(token) });
    expect(res.body.value.sumBalance).toBe('1234.56');
  });

  it('a free-trial account reads its play-money book, never the real one', async () => {
    const trial = await createMember(t, { type: 4 });
    await credit(trial.merchant_id, trial.id, 500_000n, 'play');
    const res = await t.request<Ok<Balance>>({
      method: 'GET',
      url: '/api/wallet/balance',
      headers: bearer(await sessionFor(t, trial)),
    });
    expect(res.body.value).toEqual({ sumBalance: '5000.00', currency: 'PHP', book: 'play' });
  });

  it('a visitor gets 401; one member never sees another member’s balance', async () => {
    expect((await t.request({ method: 'GET', url: '/api/wallet/balance' })).status).toBe(401);
    const a = await createMember(t);
    const b = await createMember(t);
    await credit(a.merchant_id, a.id, 9_900n);
    const res = await t.request<Ok<Balance>>({
      method: 'GET',
      url: '/api/wallet/balance',
      headers: bearer(await sessionFor(t, b)),
    });
    expect(res.body.value.sumBalance).toBe('0.00');
  });
});
