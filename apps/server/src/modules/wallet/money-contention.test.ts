import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { BankCard, Withdrawal } from '@panalo/contract/cashier';
import { getGame } from '../lottery/engine/registry';
import { periodAt } from '../lottery/engine/schedule';
import { schedulerTick } from '../lottery/jobs/lottery-scheduler';
import { findPeriod, PERIOD_LOCK_NS } from '../lottery/lottery.periods';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { expectLedgerClean } from '../../test-support/ledger';
import {
  as,
  newKey,
  operator,
  readyPlayer,
  type Ok,
  type Player,
} from '../withdrawals/withdrawals.test-helpers';
import { describeRaces } from '../../test-support/races';

// One home for money (issue 47), the four deadlocks a 30,000-operation soak met, each forced here in the
// order that made it: one request holds a member and is about to take the member's wallet, while another
// holds the wallet and needs the member for a foreign-key check (a deposit's credit, a withdrawal's
// release mail, a lottery order's row). With the member locked FOR UPDATE that was a cycle PostgreSQL
// broke by failing one request with a 500; with the member held FOR NO KEY UPDATE (which foreign-key
// checks do not wait for) the second finishes and the first follows. Each test pauses the first request
// with a lock of its own at the exact point, so the interleaving is the same on every run. A race needs
// real connections: on the embedded database every caller queues, so this runs on PostgreSQL only.
describeRaces('money under contention: one lock order (PostgreSQL)', () => {
  let t: TestApp;
  let ops: Player;
  let bankId: string;
  type Ready = Player & { card: BankCard };
  type Body = { code?: string; value?: unknown };
  type Answer = { status: number; body: Body };

  beforeAll(async () => {
    t = await createTestApp();
    await schedulerTick(t.ctx.db, t.clock);
    ops = await operator(t);
    bankId = String(
      (
        await t.ctx.db
          .selectFrom('merchant_bank_account')
          .select('id')
          .where('merchant_id', '=', ops.member.merchant_id)
          .orderBy('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
  });
  afterAll(async () => t?.close());

  /** A connection of the test's own, outside the app's pool: it holds the lock that pauses a request. */
  async function holder() {
    const pg = await import('pg');
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${(await sql<{ d: string }>`select current_database() as d`.execute(t.ctx.db)).rows[0]!.d}`;
    const c = new pg.default.Client({ connectionString: url.toString() });
    await c.connect();
    await c.query('begin');
    return {
      query: (text: string, values: unknown[] = []) => c.query(text, values),
      release: async () => {
        await c.query('commit');
        await c.end();
      },
    };
  }

  const deadlocks = async () =>
    Number(
      (
        await sql<{ n: string }>`
          select deadlocks::text as n from pg_stat_database where datname = current_database()`.execute(
          t.ctx.db,
        )
      ).rows[0]!.n,
    );

  /** Waits until `n` backends of this database wait for a lock (the paused request, then the other). */
  async function lockWaiters(n: number) {
    for (let i = 0; i < 200; i++) {
      const r = await sql<{ n: number }>`
        select count(*)::int as n from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`.execute(t.ctx.db);
      if (r.rows[0]!.n >= n) return;
      await new Promise((res) => setTimeout(res, 25));
    }
    throw new Error(`fewer than ${n} requests waiting for a lock`);
  }

  const withdraw = (p: Ready) =>
    as<Ok<Withdrawal>>(
      t,
      p,
      'POST',
      '/api/cashier/withdrawals',
      { cardId: p.card.id, amount: '100', paymentPassword: '135790' },
      { 'idempotency-key': newKey() },
    );
  const depositOrder = async (p: Player) => {
    const r = await as<Ok<{ order: { id: string } }>>(
      t,
      p,
      'POST',
      '/api/cashier/deposits',
      { methodCode: 'BANK', amount: '500', bankAccountId: bankId, reference: 'R' },
      { 'idempotency-key': newKey() },
    );
    expect(r.status).toBe(200);
    return r.body.value.order.id;
  };
  const lotteryOrder = (p: Player) =>
    as<Body>(
      t,
      p,
      'POST',
      '/api/lottery/bets',
      {
        gameCode: 'WINGO5',
        numero: periodAt(getGame('WINGO5'), t.clock.now()).numero,
        items: [{ betType: 'size', selection: 'big', amount: '10.00', units: 1 }],
      },
      { 'idempotency-key': newKey() },
    );

  /**
   * A withdrawal of `p` paused right after it took its member (its VIP level's daily count): the test
   * holds p's bank card, which the withdrawal's row refers to. `other` then runs on the same member's
   * wallet; once it waits too, the card is let go. Both answers, and the deadlocks PostgreSQL counted.
   */
  async function againstPausedWithdrawal(p: Ready, other: () => Promise<Answer>) {
    const before = await deadlocks();
    const card = await holder();
    await card.query('select 1 from member_bank_card where id = $1 for update', [p.card.id]);
    const w = withdraw(p);
    await lockWaiters(1);
    const o = other();
    // The other request either waits for the paused one (the old lock order: a cycle once it resumes)
    // or finishes (the member held without blocking its foreign-key checks).
    await Promise.race([o, lockWaiters(2)]);
    await card.release();
    const [wa, oa] = await Promise.all([w, o]);
    return { withdrawal: wa, other: oa, deadlocks: (await deadlocks()) - before };
  }

  const ok = (a: Answer) => [a.status, a.body.code ?? 'ok'];

  it('a deposit approval credits a member whose withdrawal holds the member: both answer 200, no deadlock', async () => {
    const p = await readyPlayer(t, { balance: 1_000_000n });
    const order = await depositOrder(p);
    const r = await againstPausedWithdrawal(p, () =>
      as<Body>(t, ops, 'POST', `/api/ops/deposits/${order}/approve`, {}, { 'idempotency-key': newKey() }),
    );
    expect([ok(r.withdrawal), ok(r.other), r.deadlocks]).toEqual([[200, 'ok'], [200, 'ok'], 0]);
    await expectLedgerClean(t.ctx.db);
  });

  it('a withdrawal’s rejection releases money to a member whose next withdrawal holds the member: both 200, no deadlock', async () => {
    const p = await readyPlayer(t, { balance: 1_000_000n });
    const first = await withdraw(p);
    expect(first.status).toBe(200);
    const r = await againstPausedWithdrawal(p, () =>
      as<Body>(
        t,
        ops,
        'POST',
        `/api/ops/withdrawals/${first.body.value.id}/reject`,
        { reason: 'contention' },
        { 'idempotency-key': newKey() },
      ),
    );
    expect([ok(r.withdrawal), ok(r.other), r.deadlocks]).toEqual([[200, 'ok'], [200, 'ok'], 0]);
    await expectLedgerClean(t.ctx.db);
  });

  it('a lottery order debits a member whose withdrawal holds the member: both 200, no deadlock', async () => {
    const p = await readyPlayer(t, { balance: 1_000_000n });
    const r = await againstPausedWithdrawal(p, () => lotteryOrder(p));
    expect([ok(r.withdrawal), ok(r.other), r.deadlocks]).toEqual([[200, 'ok'], [200, 'ok'], 0]);
    await expectLedgerClean(t.ctx.db);
  });

  it('a loss-limited member’s lottery order (limits counted with the member held) and a deposit approval of the same member: both 200, no deadlock', async () => {
    const p = await readyPlayer(t, { balance: 1_000_000n });
    const limited = await t.request<Body>({
      method: 'PUT',
      url: '/api/protection/limits',
      headers: p.headers,
      payload: { kind: 'loss', span: 'day', amount: '5000.00' },
    });
    expect(limited.status).toBe(200);
    const order = await depositOrder(p);
    const period = await findPeriod(t.ctx.db, 'WINGO5', periodAt(getGame('WINGO5'), t.clock.now()).numero);
    const before = await deadlocks();
    // The order is paused after its limits took the member: a draw's lock on the period (the order holds
    // its periods shared), held by the test.
    const draw = await holder();
    await draw.query('select pg_advisory_xact_lock($1::int, $2::int)', [
      PERIOD_LOCK_NS,
      Number(period!.id % 2_147_483_647n),
    ]);
    const bet = lotteryOrder(p);
    await lockWaiters(1);
    const approve = as<Body>(
      t,
      ops,
      'POST',
      `/api/ops/deposits/${order}/approve`,
      {},
      { 'idempotency-key': newKey() },
    );
    await Promise.race([approve, lockWaiters(2)]);
    await draw.release();
    const [b, a] = await Promise.all([bet, approve]);
    expect([ok(b), ok(a), (await deadlocks()) - before]).toEqual([[200, 'ok'], [200, 'ok'], 0]);
    await expectLedgerClean(t.ctx.db);
  });
});
