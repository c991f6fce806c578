import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRANSACTION_TYPES } from '@panalo/contract/cashier';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { bearer, createMember, sessionFor } from '../../test-support/members';
import { expectLedgerClean } from '../../test-support/ledger';
import { ledgerAccount, memberWalletKey, postTransfer } from '../wallet/ledger';
import { postForMember } from './test-ledger';

type Ok<T> = { success: true; value: T };
interface Tx {
  id: string;
  type: string;
  amount: string;
  balanceAfter: string;
  reference: string | null;
  memo: string | null;
  createdAt: string;
}
interface Page {
  list: Tx[];
  pageNum: number;
  totalPages: number;
  total: number;
}

describe('account record', () => {
  let t: TestApp;
  let merchantId: number;
  let memberId: bigint;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp();
    const m = await createMember(t);
    merchantId = m.merchant_id;
    memberId = m.id;
    token = await sessionFor(t, m);
    const post = (kind: string, amount: bigint, at: string, reference?: string) =>
      postForMember(t.ctx.db, {
        merchantId,
        memberId,
        kind,
        amount,
        at,
        ...(reference ? { reference } : {}),
      });
    await post('deposit', 100_000n, '2026-05-01T10:00:00Z', 'deposit:1');
    await post('deposit_bonus', 3_000n, '2026-05-01T10:00:00Z', 'deposit:1');
    await post('bet', -20_000n, '2026-05-02T09:00:00Z');
    await post('win', 50_000n, '2026-05-02T09:05:00Z');
    await post('bet', -10_000n, '2026-05-03T23:59:59Z');
    await post('rollback', 10_000n, '2026-05-04T00:00:00Z');
  });
  afterAll(async () => t.close());

  const list = (query: Record<string, string>, auth = token) =>
    t.request<Ok<Page>>({
      method: 'GET',
      url: '/api/cashier/transactions',
      query,
      headers: bearer(auth),
    });

  it('MINE-022 WALLET-008 lists the wallet’s entries newest first: type, signed amount, balance after', async () => {
    const res = await list({});
    expect(res.status).toBe(200);
    const v = res.body.value;
    expect(v.total).toBe(6);
    expect(v.pageNum).toBe(1);
    expect(v.totalPages).toBe(1);
    expect(v.list.map((x) => [x.type, x.amount, x.balanceAfter])).toEqual([
      ['rollback', '100.00', '1330.00'],
      ['bet', '-100.00', '1230.00'],
      ['win', '500.00', '1330.00'],
      ['bet', '-200.00', '830.00'],
      ['deposit_bonus', '30.00', '1030.00'],
      ['deposit', '1000.00', '1000.00'],
    ]);
    expect(v.list[5]).toMatchObject({ reference: 'deposit:1', createdAt: '2026-05-01T10:00:00.000Z' });
    await expectLedgerClean(t.ctx.db);
  });

  it('MINE-022 filters by a comma list of types', async () => {
    const res = await list({ types: 'bet,rollback' });
    expect(res.body.value.total).toBe(3);
    expect(res.body.value.list.map((x) => x.type)).toEqual(['rollback', 'bet', 'bet']);
  });

  it('MINE-022 filters by whole days, both ends inclusive (UTC when the merchant has no time zone)', async () => {
    let res = await list({ from: '2026-05-02', to: '2026-05-03' });
    expect(res.body.value.list.map((x) => x.createdAt)).toEqual([
      '2026-05-03T23:59:59.000Z',
      '2026-05-02T09:05:00.000Z',
      '2026-05-02T09:00:00.000Z',
    ]);
    res = await list({ from: '2026-05-04' });
    expect(res.body.value.list.map((x) => x.type)).toEqual(['rollback']);
    res = await list({ to: '2026-05-01', types: 'deposit' });
    expect(res.body.value.list.map((x) => x.type)).toEqual(['deposit']);
  });

  it('MINE-022 pages with pageNum, totalPages and total', async () => {
    const pages = await Promise.all(['1', '2', '3', '4'].map((page) => list({ page, pageSize: '2' })));
    expect(pages.map((p) => p.body.value.pageNum)).toEqual([1, 2, 3, 4]);
    expect(pages.every((p) => p.body.value.totalPages === 3 && p.body.value.total === 6)).toBe(true);
    expect(pages.map((p) => p.body.value.list.length)).toEqual([2, 2, 2, 0]);
    const ids = pages.flatMap((p) => p.body.value.list.map((x) => x.id));
    expect(new Set(ids).size).toBe(6);
  });

  it('refuses bad filters with 400 and needs a session', async () => {
    expect((await list({ types: 'bet,jackpot' })).status).toBe(400);
    expect((await list({ from: '2026-13-01' })).status).toBe(400);
    expect((await list({ pageSize: '500' })).status).toBe(400);
    const reversed = await list({ from: '2026-05-03', to: '2026-05-01' });
    expect(reversed.status).toBe(400);
    expect(reversed.body).toMatchObject({ success: false, code: 'date_range_invalid' });
    const visitor = await t.request({ method: 'GET', url: '/api/cashier/transactions' });
    expect(visitor.status).toBe(401);
  });

  it('isolation: member B never sees member A’s entries', async () => {
    const b = await createMember(t);
    const res = await list({}, await sessionFor(t, b));
    expect(res.body.value).toEqual({ list: [], pageNum: 1, totalPages: 0, total: 0 });
  });

  it('a transfer to the upline is transfer_upline for the sender and transfer_downline for the upline', async () => {
    const sender = await createMember(t);
    const upline = await createMember(t, { type: 1 });
    await postForMember(t.ctx.db, {
      merchantId,
      memberId: sender.id,
      kind: 'deposit',
      amount: 5_000n,
      at: '2026-05-05T00:00:00Z',
    });
    const from = await ledgerAccount(t.ctx.db, memberWalletKey(merchantId, sender.id, 'PHP'));
    const to = await ledgerAccount(t.ctx.db, memberWalletKey(merchantId, upline.id, 'PHP'));
    await t.ctx.db.transaction().execute((trx) =>
      postTransfer(trx, {
        merchantId,
        book: 'real',
        kind: 'transfer_upline',
        createdBy: 'system:test',
        at: new Date('2026-05-05T01:00:00Z'),
        legs: [
          { accountId: from, amount: -1_500n },
          { accountId: to, amount: 1_500n },
        ],
      }),
    );
    const mine = await list({ types: 'transfer_upline' }, await sessionFor(t, sender));
    expect(mine.body.value.list.map((x) => [x.type, x.amount])).toEqual([['transfer_upline', '-15.00']]);
    const theirs = await list({}, await sessionFor(t, upline));
    expect(theirs.body.value.list.map((x) => [x.type, x.amount])).toEqual([['transfer_downline', '15.00']]);
    expect((await list({ types: 'transfer_upline' }, await sessionFor(t, upline))).body.value.total).toBe(0);
    expect((await list({ types: 'transfer_downline' }, await sessionFor(t, upline))).body.value.total).toBe(
      1,
    );
    await expectLedgerClean(t.ctx.db);
  });

  it('ROLE-010 a free-trial account reads its play-money book, never a real one', async () => {
    const trial = await createMember(t, { type: 4 });
    await postForMember(t.ctx.db, {
      merchantId,
      memberId: trial.id,
      kind: 'trial_grant',
      amount: 200_000n,
      at: '2026-05-06T00:00:00Z',
      book: 'play',
    });
    await postForMember(t.ctx.db, {
      merchantId,
      memberId: trial.id,
      kind: 'adjustment',
      amount: 1n,
      at: '2026-05-06T00:00:00Z',
    });
    const res = await list({}, await sessionFor(t, trial));
    expect(res.body.value.list.map((x) => [x.type, x.amount])).toEqual([['trial_grant', '2000.00']]);
    await expectLedgerClean(t.ctx.db);
  });

  it('WALLET-008 the transaction code list is every type the record can show', async () => {
    const res = await t.request<Ok<string[]>>({
      method: 'GET',
      url: '/api/cashier/transaction-types',
      headers: bearer(token),
    });
    expect(res.body.value).toEqual([...TRANSACTION_TYPES]);
  });
});
