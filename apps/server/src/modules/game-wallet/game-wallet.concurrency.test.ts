import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { createMember } from '../../test-support/members';
import { expectLedgerClean } from '../../test-support/ledger';
import { accountBalance, memberWalletKey } from '../wallet/ledger';
import { issueLaunchToken } from './game-launch';
import { seedGameWallet } from './game-wallet.seed';
import { fundWallet, vendorCall, type Callback } from './vendor-client';
import { describeRaces } from '../../test-support/races';

interface Op {
  callback: Callback;
  body: Record<string, unknown>;
}
interface Answer {
  status: number;
  body: { success: boolean; code?: string; value?: unknown };
}

async function runPool(ops: Op[], width: number, call: (op: Op) => Promise<Answer>) {
  const answers: Answer[] = new Array<Answer>(ops.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < ops.length) {
        const i = next++;
        answers[i] = await call(ops[i]!);
      }
    }),
  );
  return answers;
}

function shuffle<T>(list: T[]): T[] {
  for (let i = list.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [list[i], list[j]] = [list[j]!, list[i]!];
  }
  return list;
}

// Concurrency needs real connections: PostgreSQL only (PGlite runs one transaction at a time).
describeRaces('seamless wallet under concurrent vendor callbacks', () => {
  let t: TestApp;
  let merchantId: number;
  beforeAll(async () => {
    t = await createTestApp();
    await seedGameWallet(t.ctx.db);
    merchantId = (
      await t.ctx.db
        .selectFrom('merchant')
        .select('id')
        .where('code', '=', 'panalo')
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(async () => {
    await t.close();
  });

  it('duplicated (5%), out-of-order and rollback-before-bet callbacks: each applied once, every balance recomputes', async () => {
    const FUNDS = 100_000n;
    const players = [];
    for (let i = 0; i < 16; i++) {
      const m = await createMember(t);
      await fundWallet(t.ctx.db, {
        merchantId,
        memberId: m.id,
        currency: 'PHP',
        amount: FUNDS,
        key: `c${m.id}`,
      });
      const { token } = await issueLaunchToken(t.ctx.db, t.clock, {
        merchantId,
        memberId: m.id,
        memberType: 0,
        currency: 'PHP',
        vendorCode: 'PSIM',
      });
      players.push({ m, token });
    }
    const early: Op[] = [];
    const main: Op[] = [];
    const cancelledBets = new Set<string>();
    players.forEach(({ m, token }, p) => {
      for (let r = 0; r < 25; r++) {
        const roundId = `c-${m.id}-${r}`;
        const bet = {
          token,
          txId: `b-${p}-${r}`,
          roundId,
          gameCode: 'slot-1',
          amount: `${randomInt(1, 20)}.${randomInt(10, 99)}`,
        };
        const roll = randomInt(100);
        if (roll < 5) {
          // The vendor cancels before we ever see the bet: a tombstone, and the late bet must be refused.
          early.push({ callback: 'rollback', body: { token, txId: `rb-${p}-${r}`, originalTxId: bet.txId } });
          cancelledBets.add(bet.txId);
        } else if (roll < 15) {
          main.push({ callback: 'rollback', body: { token, txId: `rb-${p}-${r}`, originalTxId: bet.txId } });
        }
        main.push({ callback: 'bet', body: bet });
        if (randomInt(2) === 0) {
          main.push({
            callback: 'win',
            body: { token, txId: `w-${p}-${r}`, roundId, amount: `${randomInt(0, 30)}.00` },
          });
        }
      }
    });
    const dupes = main.filter(() => randomInt(100) < 5);
    const ops = shuffle([...main, ...dupes]);
    const call = async (op: Op) => vendorCall<Answer['body']>(t, op.callback, op.body);

    const started = Date.now();
    const earlyAnswers = await runPool(early, 32, call);
    const answers = await runPool(ops, 32, call);
    expect(Date.now() - started).toBeLessThan(20_000);

    expect(earlyAnswers.every((a) => a.status === 200)).toBe(true);
    for (const [i, a] of answers.entries()) {
      const op = ops[i]!;
      const cancelled = op.callback === 'bet' && cancelledBets.has(String(op.body.txId));
      if (cancelled) expect(a.body.code).toBe('transaction_cancelled');
      // A bet may also lose the race to its own rollback (out of order): then it is cancelled too.
      else if (op.callback === 'bet' && a.status !== 200) expect(a.body.code).toBe('transaction_cancelled');
      else expect([op.callback, a.status, a.body.code]).toEqual([op.callback, 200, undefined]);
    }
    // Every repeat of a successful call got the very first answer.
    const byKey = new Map<string, unknown>();
    for (const [i, a] of answers.entries()) {
      if (a.status !== 200) continue;
      const key = `${ops[i]!.callback}:${String(ops[i]!.body.txId)}`;
      if (byKey.has(key)) expect(a.body.value).toEqual(byKey.get(key));
      else byKey.set(key, a.body.value);
    }

    await expectLedgerClean(t.ctx.db);
    // Nothing applied twice: one transfer per vendor tx that moved money, none for tombstoned bets.
    const txs = await t.ctx.db
      .selectFrom('vendor_transaction')
      .selectAll()
      .where('merchant_id', '=', merchantId)
      .execute();
    const transfers = await t.ctx.db
      .selectFrom('ledger_transfer')
      .select(['idempotency_key', 'kind'])
      .where('idempotency_scope', '=', 'vendor:PSIM')
      .where('merchant_id', '=', merchantId)
      .execute();
    expect(transfers.length).toBe(txs.filter((x) => x.transfer_id !== null).length);
    for (const id of cancelledBets) {
      expect(txs.find((x) => x.vendor_tx_id === id)).toMatchObject({
        status: 'tombstone',
        transfer_id: null,
      });
    }
    // Every wallet equals its recomputation from the vendor's applied calls.
    for (const { m } of players) {
      const mine = txs.filter((x) => x.member_id === m.id && x.status === 'applied');
      const sum = (f: (x: (typeof mine)[number]) => bigint) => mine.reduce((s, x) => s + f(x), 0n);
      const expected =
        FUNDS -
        sum((x) => (x.kind === 'bet' ? x.amount : 0n)) +
        sum((x) => (x.kind === 'win' ? x.amount : 0n)) +
        sum((x) => (x.kind === 'bet' && x.rolled_back_by !== null ? x.amount : 0n));
      expect(await accountBalance(t.ctx.db, memberWalletKey(merchantId, m.id, 'PHP'))).toBe(expected);
    }
  });

  it('identical bets fired at once on one wallet are applied once; bets for more than the balance never overdraw', async () => {
    const m = await createMember(t);
    await fundWallet(t.ctx.db, {
      merchantId,
      memberId: m.id,
      currency: 'PHP',
      amount: 10_000n,
      key: `d${m.id}`,
    });
    const { token } = await issueLaunchToken(t.ctx.db, t.clock, {
      merchantId,
      memberId: m.id,
      memberType: 0,
      currency: 'PHP',
      vendorCode: 'PSIM',
    });
    const same = { token, txId: 'same-1', roundId: 'same-r', gameCode: 'g', amount: '10.00' };
    const dup = await Promise.all(
      Array.from({ length: 20 }, () => vendorCall<Answer['body']>(t, 'bet', same)),
    );
    expect(dup.every((a) => a.status === 200)).toBe(true);
    expect(new Set(dup.map((a) => JSON.stringify(a.body.value))).size).toBe(1);
    // ₱90 left; 30 different ₱10 bets at once: exactly 9 pass.
    const many = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        vendorCall<Answer['body']>(t, 'bet', { ...same, txId: `many-${i}`, roundId: `many-r-${i}` }),
      ),
    );
    expect(many.filter((a) => a.status === 200).length).toBe(9);
    expect(many.filter((a) => a.body.code === 'insufficient_funds').length).toBe(21);
    expect(await accountBalance(t.ctx.db, memberWalletKey(merchantId, m.id, 'PHP'))).toBe(0n);
    await expectLedgerClean(t.ctx.db);
  });
});
