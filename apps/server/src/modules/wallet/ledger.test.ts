import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database';
import { DomainError } from '../../lib/domain-error';
import { openTestDatabase, TEST_NOW } from '../../test-support/test-db';
import { expectLedgerClean, fundFromClearing } from '../../test-support/ledger';
import {
  accountBalance,
  HOUSE_SHARDS,
  houseKey,
  ledgerAccount,
  memberWalletKey,
  postTransfer,
} from './ledger';
import { runIdempotent } from './idempotency';
import { checkLedger } from './ledger-check';
import { mulberry32 } from '../../lib/mulberry32';
import { itRaces } from '../../test-support/races';

const at = new Date(TEST_NOW);

describe('double-entry ledger', () => {
  let h: DatabaseHandle;
  let member = 0n;
  beforeAll(async () => {
    h = await openTestDatabase();
  });
  afterAll(async () => h.close());

  // Wallet accounts need a member row (foreign key); members are cheap to make directly.
  const newMember = async () => {
    const r = await h.db
      .insertInto('member')
      .values({ merchant_id: 1, username: `ledger${++member}`, password_hash: 'x' })
      .returning('id')
      .executeTakeFirstOrThrow();
    return r.id;
  };
  const fund = (memberId: bigint, amount: bigint) => fundFromClearing(h.db, memberId, amount, at);

  it('moves money between accounts with entries that sum to zero and running balances', async () => {
    const m = await newMember();
    const wallet = await fund(m, 10_000n);
    const house = await ledgerAccount(h.db, houseKey(1, m, 'PHP'));
    const posted = await h.db.transaction().execute((trx) =>
      postTransfer(trx, {
        merchantId: 1,
        book: 'real',
        kind: 'bet',
        createdBy: `member:${m}`,
        at,
        legs: [
          { accountId: wallet, amount: -2_550n },
          { accountId: house, amount: 2_550n },
        ],
      }),
    );
    expect(posted.balances.get(wallet)).toBe(7_450n);
    expect(await accountBalance(h.db, memberWalletKey(1, m, 'PHP'))).toBe(7_450n);
    const entries = await h.db
      .selectFrom('ledger_entry')
      .select(['amount', 'balance_after'])
      .where('transfer_id', '=', posted.transferId)
      .execute();
    expect(entries.reduce((s, e) => s + e.amount, 0n)).toBe(0n);
    await expectLedgerClean(h.db);
  });

  it('refuses to take a wallet below zero and writes nothing', async () => {
    const m = await newMember();
    const wallet = await fund(m, 1_000n);
    const house = await ledgerAccount(h.db, houseKey(1, m, 'PHP'));
    const before = await h.db
      .selectFrom('ledger_transfer')
      .select(sql<string>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    const err = await h.db
      .transaction()
      .execute((trx) =>
        postTransfer(trx, {
          merchantId: 1,
          book: 'real',
          kind: 'bet',
          createdBy: 'x',
          at,
          legs: [
            { accountId: wallet, amount: -1_001n },
            { accountId: house, amount: 1_001n },
          ],
        }),
      )
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DomainError);
    expect((err as DomainError).code).toBe('insufficient_balance');
    expect(await accountBalance(h.db, memberWalletKey(1, m, 'PHP'))).toBe(1_000n);
    const after = await h.db
      .selectFrom('ledger_transfer')
      .select(sql<string>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
    await expectLedgerClean(h.db);
  });

  it('refuses unbalanced, one-legged, zero or repeated-account transfers', async () => {
    const m = await newMember();
    const wallet = await fund(m, 500n);
    const house = await ledgerAccount(h.db, houseKey(1, m, 'PHP'));
    const bad = [
      [
        { accountId: wallet, amount: -100n },
        { accountId: house, amount: 99n },
      ],
      [{ accountId: wallet, amount: -100n }],
      [
        { accountId: wallet, amount: 0n },
        { accountId: house, amount: 0n },
      ],
      [
        { accountId: wallet, amount: -100n },
        { accountId: wallet, amount: 100n },
      ],
    ];
    for (const legs of bad) {
      await expect(
        h.db
          .transaction()
          .execute((trx) =>
            postTransfer(trx, { merchantId: 1, book: 'real', kind: 'x', createdBy: 'x', at, legs }),
          ),
      ).rejects.toThrow();
    }
    expect(await accountBalance(h.db, memberWalletKey(1, m, 'PHP'))).toBe(500n);
    await expectLedgerClean(h.db);
  });

  it('the house is sharded: members spread over several house accounts', async () => {
    const shards = new Set<string>();
    for (let id = 1n; id <= 64n; id++) shards.add(houseKey(1, id, 'PHP').ref ?? '');
    expect(shards.size).toBe(HOUSE_SHARDS);
  });

  itRaces(
    '50 concurrent debits of the full balance: exactly one succeeds, the wallet never goes below 0',
    async () => {
      const m = await newMember();
      const wallet = await fund(m, 5_000n);
      const house = await ledgerAccount(h.db, houseKey(1, m, 'PHP'));
      const results = await Promise.allSettled(
        Array.from({ length: 50 }, () =>
          h.db.transaction().execute((trx) =>
            postTransfer(trx, {
              merchantId: 1,
              book: 'real',
              kind: 'withdrawal_hold',
              createdBy: 'x',
              at,
              legs: [
                { accountId: wallet, amount: -5_000n },
                { accountId: house, amount: 5_000n },
              ],
            }),
          ),
        ),
      );
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      expect(await accountBalance(h.db, memberWalletKey(1, m, 'PHP'))).toBe(0n);
      await expectLedgerClean(h.db);
    },
  );

  describe('idempotency', () => {
    const debit = (wallet: bigint, house: bigint, amount: bigint, key: string) =>
      runIdempotent(h.db, { merchantId: 1, scope: 'test.debit', key, request: { amount } }, async (trx) => {
        const p = await postTransfer(trx, {
          merchantId: 1,
          book: 'real',
          kind: 'bet',
          createdBy: 'x',
          at,
          idempotency: { scope: 'test.debit', key },
          legs: [
            { accountId: wallet, amount: -amount },
            { accountId: house, amount },
          ],
        });
        return {
          status: 200,
          body: { transferId: p.transferId.toString(), balance: (p.balances.get(wallet) ?? 0n).toString() },
        };
      });

    it('a repeat returns the first answer and moves nothing; another request with the key is refused', async () => {
      const m = await newMember();
      const wallet = await fund(m, 1_000n);
      const house = await ledgerAccount(h.db, houseKey(1, m, 'PHP'));
      const first = await debit(wallet, house, 300n, `k-${m}`);
      const again = await debit(wallet, house, 300n, `k-${m}`);
      expect(again).toEqual({ ...first, replayed: true });
      expect(first.replayed).toBe(false);
      expect(await accountBalance(h.db, memberWalletKey(1, m, 'PHP'))).toBe(700n);
      const other = await debit(wallet, house, 400n, `k-${m}`).catch((e: unknown) => e);
      expect((other as DomainError).code).toBe('idempotency_conflict');
      expect((other as DomainError).status).toBe(409);
      await expectLedgerClean(h.db);
    });

    itRaces('20 concurrent duplicates of one request move the money once', async () => {
      const m = await newMember();
      const wallet = await fund(m, 1_000n);
      const house = await ledgerAccount(h.db, houseKey(1, m, 'PHP'));
      const all = await Promise.allSettled(
        Array.from({ length: 20 }, () => debit(wallet, house, 250n, `dup-${m}`)),
      );
      const bodies = all.flatMap((r) => (r.status === 'fulfilled' ? [r.value.body] : []));
      expect(new Set(bodies.map((b) => b.transferId)).size).toBe(1);
      expect(await accountBalance(h.db, memberWalletKey(1, m, 'PHP'))).toBe(750n);
      await expectLedgerClean(h.db);
    });

    it('a refusal is remembered too: the retry gets the same refusal and nothing moves', async () => {
      const m = await newMember();
      const wallet = await fund(m, 100n);
      const house = await ledgerAccount(h.db, houseKey(1, m, 'PHP'));
      const first = await debit(wallet, house, 500n, `poor-${m}`).catch((e: unknown) => e);
      expect((first as DomainError).code).toBe('insufficient_balance');
      const retry = await debit(wallet, house, 500n, `poor-${m}`);
      expect(retry).toMatchObject({ status: 409, replayed: true, body: { code: 'insufficient_balance' } });
      expect(await accountBalance(h.db, memberWalletKey(1, m, 'PHP'))).toBe(100n);
    });
  });

  it('a randomised run of 1,500 credits, debits and replays on 8 wallets gives each the outcome a model predicts', async () => {
    const wallets: { wallet: bigint; house: bigint; balance: bigint }[] = [];
    for (let i = 0; i < 8; i++) {
      const m = await newMember();
      wallets.push({
        wallet: await fund(m, 2_000n),
        house: await ledgerAccount(h.db, houseKey(1, m, 'PHP')),
        balance: 2_000n,
      });
    }
    const rand = mulberry32(42);
    const pick = (n: number) => Math.floor(rand() * n);
    type Op = { w: (typeof wallets)[number]; amount: bigint; key: string };
    const run = (op: Op) =>
      runIdempotent(
        h.db,
        { merchantId: 1, scope: 'test.random', key: op.key, request: { a: op.amount } },
        async (trx) => {
          const p = await postTransfer(trx, {
            merchantId: 1,
            book: 'real',
            kind: op.amount < 0n ? 'bet' : 'win',
            createdBy: 'x',
            at,
            idempotency: { scope: 'test.random', key: op.key },
            legs: [
              { accountId: op.w.wallet, amount: op.amount },
              { accountId: op.w.house, amount: -op.amount },
            ],
          });
          return { status: 200, body: { id: p.transferId.toString() } };
        },
      );
    // What each key came to the first time: a transfer id, or the refusal (remembered for replays).
    const first = new Map<string, { id: string } | 'refused'>();
    const tally = { moved: 0, refused: 0, replayed: 0, replayedRefusals: 0 };
    // Batches of 8 concurrent operations, one per wallet, so that no outcome depends on the order the
    // database happened to run a batch in; a replay repeats a key of an earlier batch. Debits outweigh
    // credits, so wallets run dry and refusals are part of the run.
    const ops: Op[] = [];
    for (let batch = 0; batch < 1_500 / 8; batch++) {
      const current = wallets.map((w, k): Op => {
        if (ops.length > 0 && pick(5) === 0) {
          const earlier = ops.filter((o) => o.w === w);
          if (earlier.length > 0) return earlier[pick(earlier.length)]!;
        }
        const amount = BigInt(pick(2_500) - 1_500);
        return { w, amount: amount === 0n ? 1n : amount, key: `r-${batch}-${k}` };
      });
      const results = await Promise.allSettled(current.map(run));
      current.forEach((op, k) => {
        const r = results[k]!;
        const seen = first.get(op.key);
        if (seen === undefined) {
          if (op.w.balance + op.amount < 0n) {
            // A refusal: the first call throws it; nothing moves.
            expect(r.status).toBe('rejected');
            expect(r.status === 'rejected' && (r.reason as DomainError).code).toBe('insufficient_balance');
            first.set(op.key, 'refused');
            tally.refused++;
          } else {
            expect(r).toMatchObject({ status: 'fulfilled', value: { status: 200, replayed: false } });
            if (r.status === 'fulfilled') first.set(op.key, r.value.body);
            op.w.balance += op.amount;
            tally.moved++;
          }
          ops.push(op);
        } else if (seen === 'refused') {
          expect(r).toMatchObject({
            status: 'fulfilled',
            value: { status: 409, replayed: true, body: { code: 'insufficient_balance' } },
          });
          tally.replayedRefusals++;
        } else {
          expect(r).toMatchObject({
            status: 'fulfilled',
            value: { status: 200, replayed: true, body: seen },
          });
          tally.replayed++;
        }
      });
    }
    // Every kind of outcome happened, and each wallet holds what the model says.
    expect(Object.values(tally).every((n) => n > 0)).toBe(true);
    for (const w of wallets) {
      const row = await h.db
        .selectFrom('ledger_account')
        .select('balance')
        .where('id', '=', w.wallet)
        .executeTakeFirstOrThrow();
      expect(row.balance).toBe(w.balance);
    }
    const violations = await checkLedger(h.db);
    expect(violations).toEqual({
      unbalancedTransfers: [],
      driftedAccounts: [],
      negativeWallets: [],
      brokenRunningBalances: [],
      duplicateKeys: [],
      orphanEntries: [],
      driftedFigures: [],
      driftedMerchantDays: [],
    });
    // Each key moved money at most once.
    const perKey = await h.db
      .selectFrom('ledger_transfer')
      .select(['idempotency_key', sql<string>`count(*)`.as('n')])
      .where('idempotency_scope', '=', 'test.random')
      .groupBy('idempotency_key')
      .having(sql`count(*)`, '>', 1)
      .execute();
    expect(perKey).toEqual([]);
  }, 120_000);
});
