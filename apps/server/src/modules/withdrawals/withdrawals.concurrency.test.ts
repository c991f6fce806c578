import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { expectLedgerClean } from '../../test-support/ledger';
import {
  as,
  type Err,
  newKey,
  PAY_PW,
  pendingOf,
  readyPlayer,
  walletOf,
  withdraw,
  withdrawalCount,
} from './withdrawals.test-helpers';
import { describeRaces } from '../../test-support/races';

// Runs in the server-pg project, on PostgreSQL with a real connection pool (PGlite queues every caller).
describeRaces('withdrawals under concurrency', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('WALLET-002 fifty identical withdrawals of the full balance at once (distinct keys): exactly one succeeds', async () => {
    const p = await readyPlayer(t, { balance: 500_000n });
    const results = await Promise.all(
      Array.from({ length: 50 }, () => withdraw(t, p, { cardId: p.card.id, amount: '5000' }, newKey())),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    expect(
      results.filter((r) => r.status === 409).every((r) => (r.body as Err).code === 'insufficient_balance'),
    ).toBe(true);
    expect(await walletOf(t, p)).toBe(0n);
    expect(await pendingOf(t, p)).toBe(500_000n);
    expect(await withdrawalCount(t, p)).toBe(1);
    await expectLedgerClean(t.ctx.db);
  });

  it('WALLET-002 the same key fired ten times at once moves the money once; every answer is the same', async () => {
    const p = await readyPlayer(t, { balance: 100_000n });
    const key = newKey();
    const results = await Promise.all(
      Array.from({ length: 10 }, () => withdraw(t, p, { cardId: p.card.id, amount: '100' }, key)),
    );
    const ok = results.filter((r) => r.status === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    // A duplicate still in flight may be told to retry (409 idempotency_in_progress), never served twice.
    for (const r of results.filter((x) => x.status !== 200)) {
      expect([r.status, (r.body as Err).code]).toEqual([409, 'idempotency_in_progress']);
    }
    for (const r of ok) expect(r.body).toEqual(ok[0]!.body);
    expect(await withdrawalCount(t, p)).toBe(1);
    expect(await walletOf(t, p)).toBe(90_000n);
    await expectLedgerClean(t.ctx.db);
  });

  it('WALLET-003 binding at once: one card number is bound once; maxCards holds', async () => {
    const a = await readyPlayer(t);
    const b = await readyPlayer(t);
    const same = await Promise.all(
      [a, b, a, b].map((p) =>
        as<Err>(t, p, 'POST', '/api/cashier/cards', {
          bankCode: 'BPI',
          cardNumber: '3530111333300000',
          paymentPassword: PAY_PW,
        }),
      ),
    );
    expect(same.filter((r) => r.status === 200)).toHaveLength(1);
    expect(same.filter((r) => r.status === 409).every((r) => r.body.code === 'card_already_bound')).toBe(
      true,
    );

    const c = await readyPlayer(t);
    const many = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        as<Err>(t, c, 'POST', '/api/cashier/cards', {
          bankCode: 'GCASH',
          cardNumber: `0917555000${i}`,
          paymentPassword: PAY_PW,
        }),
      ),
    );
    // c already has one card; maxCards is 3.
    expect(many.filter((r) => r.status === 200)).toHaveLength(2);
    expect(many.filter((r) => r.status === 409).every((r) => r.body.code === 'card_limit_reached')).toBe(
      true,
    );
  });
});
