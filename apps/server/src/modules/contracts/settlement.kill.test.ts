import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { createMember } from '../../test-support/members';
import { expectLedgerClean } from '../../test-support/ledger';
import { databaseUrl, testDbKind } from '../../test-support/test-db';
import { postForMember } from '../records/test-ledger';
import { contractService } from './contracts.service';
import { periodAt } from './periods';
import { settleContractPeriod } from './settlement';

// Issue 17 "Proof": a settlement run killed with SIGKILL in the middle of a payment (another process, its
// transaction open) and run again pays every (member, kind, period) exactly once. PostgreSQL only: it
// needs a second process on the same database.

describe.skipIf(testDbKind !== 'postgres')('contract settlement after kill -9', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  /** Another process settling the day (see settlement.kill-child.ts). */
  const settleIn = async (mode: 'kill' | 'run', day = '2026-06-01') => {
    const name = (await sql<{ n: string }>`select current_database() as n`.execute(t.ctx.db)).rows[0]!.n;
    return spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        fileURLToPath(new URL('./settlement.kill-child.ts', import.meta.url)),
        databaseUrl(process.env.TEST_DATABASE_URL!, name),
        day,
        mode,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
  };

  it('pays what the killed process had committed once, and the rest once; two processes at once pay once', async () => {
    const day = '2026-06-01';
    const ops = await createMember(t, { type: 90 });
    const c = contractService(t.ctx.db, t.clock);
    const merchant = { id: 1, settings: {} };
    // A chain of three agents, each with a daily salary from its upline, and a player at the bottom.
    const agents = [];
    for (const rate of ['1.50', '1.00', '0.50']) {
      const up = agents.at(-1);
      const a = await createMember(t, { type: 1, ...(up ? { uplineId: up.id } : {}) });
      const terms = {
        kind: 'daily_salary' as const,
        scope: 'all' as const,
        tiers: [{ turnover: '0', active: 0, rate }],
        cap: null,
      };
      const o = up
        ? await c.offer(1, up.id, { ...terms, memberId: a.id.toString() })
        : await c.offerAsOperator(1, ops.id, { ...terms, username: a.username, reason: 'test terms' });
      await c.decide(merchant, a.id, BigInt(o.id), 'accept');
      agents.push(a);
    }
    const player = await createMember(t, { uplineId: agents[2]!.id });
    const at = `${day}T09:00:00Z`;
    await postForMember(t.ctx.db, {
      merchantId: 1,
      memberId: player.id,
      kind: 'deposit',
      amount: 80_000n,
      at,
    });
    await postForMember(t.ctx.db, { merchantId: 1, memberId: player.id, kind: 'bet', amount: -80_000n, at });

    const child = await settleIn('kill');
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (d: Buffer) => d.toString().includes('in-flight') && resolve());
      child.once('exit', (code) => reject(new Error(`the child ended first (${code})`)));
    });
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));

    // Its first chunk was committed; the second died with it. Run again until the server has let go.
    expect(await t.ctx.db.selectFrom('contract_settlement').select('member_id').execute()).toHaveLength(1);
    const m = { id: 1, currency: 'PHP', settings: {}, tz: 'UTC' };
    const p = periodAt('daily_salary', Date.parse(`${day}T12:00:00Z`), 'UTC');
    for (let i = 0; i < 50; i++) {
      const r = await settleContractPeriod(t.ctx.db, m, 'daily_salary', p, t.clock.now());
      if (!r.busy) break;
      await new Promise((res) => setTimeout(res, 100));
    }
    const rows = await t.ctx.db.selectFrom('contract_settlement').selectAll().orderBy('member_id').execute();
    // Each agent's team turnover is the player's 800.00: 1.5 %, 1 %, 0.5 %.
    expect(rows.map((r) => [r.member_id, r.amount, r.status])).toEqual([
      [agents[0]!.id, 1_200n, 'paid'],
      [agents[1]!.id, 800n, 'paid'],
      [agents[2]!.id, 400n, 'paid'],
    ]);
    const transfers = await sql<{ n: number }>`
      select count(*)::int as n from ledger_transfer where idempotency_scope = 'contract-run'`.execute(
      t.ctx.db,
    );
    expect(transfers.rows[0]!.n).toBe(3);
    await expectLedgerClean(t.ctx.db);

    // The next day, two processes settle it at once: each contract is paid once.
    const next = '2026-06-02T09:00:00Z';
    await postForMember(t.ctx.db, {
      merchantId: 1,
      memberId: player.id,
      kind: 'deposit',
      amount: 40_000n,
      at: next,
    });
    await postForMember(t.ctx.db, {
      merchantId: 1,
      memberId: player.id,
      kind: 'bet',
      amount: -40_000n,
      at: next,
    });
    const both = [await settleIn('run', '2026-06-02'), await settleIn('run', '2026-06-02')];
    const codes = await Promise.all(both.map((c) => new Promise((r) => c.once('exit', r))));
    expect(codes).toEqual([0, 0]);
    // One of them may have found the other holding the day: the run after it finishes what is left.
    await settleContractPeriod(
      t.ctx.db,
      m,
      'daily_salary',
      periodAt('daily_salary', Date.parse(next), 'UTC'),
      t.clock.now(),
    );
    const day2 = await t.ctx.db
      .selectFrom('contract_settlement')
      .select(['member_id', 'amount'])
      .where('period_key', '=', '2026-06-02')
      .orderBy('member_id')
      .execute();
    expect(day2.map((r) => r.amount)).toEqual([600n, 400n, 200n]);
    const paid = await sql<{ n: number }>`
      select count(*)::int as n from ledger_transfer where idempotency_scope = 'contract-run'`.execute(
      t.ctx.db,
    );
    expect(paid.rows[0]!.n).toBe(6);
    await expectLedgerClean(t.ctx.db);
  }, 60_000);
});
