import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { createMember } from '../../test-support/members';
import { expectLedgerClean } from '../../test-support/ledger';
import { databaseUrl, testDbKind } from '../../test-support/test-db';
import { postForMember } from '../records/test-ledger';
import { rollUpHouse } from '../wallet/house-rollup';
import { runPromotionRebateDay } from './rebate-run';

// Issue 18 "Proof": the daily rebate run on two processes, one killed with SIGKILL inside a chunk's open
// transaction: the other is kept out while it holds the day, and the runs after it pay every member's day
// exactly once. PostgreSQL only: it needs a second process on the same database.

describe.skipIf(testDbKind !== 'postgres')('the daily rebate run on two processes and after kill -9', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('pays what the killed process committed once, and the rest once', async () => {
    const day = '2026-06-01';
    const players = [];
    for (let i = 0; i < 4; i++) {
      const p = await createMember(t);
      await postForMember(t.ctx.db, {
        merchantId: 1,
        memberId: p.id,
        kind: 'deposit',
        amount: 1_000_000n,
        at: `${day}T08:00:00Z`,
      });
      // ₱2,000, 4,000 … of slots: ₱10, 20, 30, 40 at 0.50 %.
      await postForMember(t.ctx.db, {
        merchantId: 1,
        memberId: p.id,
        kind: 'bet',
        amount: -200_000n * BigInt(i + 1),
        at: `${day}T09:00:00Z`,
        product: 'slots',
      });
      players.push(p);
    }
    await rollUpHouse(t.ctx.db);
    const promotion = await t.ctx.db
      .selectFrom('promotion')
      .selectAll()
      .where('merchant_id', '=', 1)
      .where('code', '=', 'DAILY-REBATE')
      .executeTakeFirstOrThrow();
    const m = { id: 1, currency: 'PHP', tz: 'UTC' };

    const name = (await sql<{ n: string }>`select current_database() as n`.execute(t.ctx.db)).rows[0]!.n;
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        fileURLToPath(new URL('./rebate-run.kill-child.ts', import.meta.url)),
        databaseUrl(process.env.TEST_DATABASE_URL!, name),
        day,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (d: Buffer) => d.toString().includes('in-flight') && resolve());
      child.once('exit', (code) => reject(new Error(`the child ended first (${code})`)));
    });
    // The second process finds the day held and leaves it.
    expect(await runPromotionRebateDay(t.ctx.db, m, promotion, day, t.clock.now())).toMatchObject({
      busy: true,
      claims: 0,
    });
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));

    const paid = () =>
      t.ctx.db
        .selectFrom('promotion_claim')
        .select(['member_id', 'amount'])
        .where('promotion_id', '=', promotion.id)
        .where('period_key', '=', day)
        .orderBy('member_id')
        .execute();
    // Its first chunk was committed; the second died with it. Run again until the server has let go.
    expect(await paid()).toHaveLength(1);
    for (let i = 0; i < 50; i++) {
      const r = await runPromotionRebateDay(t.ctx.db, m, promotion, day, t.clock.now());
      if (!r.busy) break;
      await new Promise((res) => setTimeout(res, 100));
    }
    await runPromotionRebateDay(t.ctx.db, m, promotion, day, t.clock.now());
    expect((await paid()).map((c) => [c.member_id, c.amount])).toEqual(
      players.map((p, i) => [p.id, 1_000n * BigInt(i + 1)]),
    );
    const transfers = await sql<{ n: number }>`
      select count(*)::int as n from ledger_transfer where created_by = 'system:promotion-rebate'`.execute(
      t.ctx.db,
    );
    expect(transfers.rows[0]!.n).toBe(4);
    await rollUpHouse(t.ctx.db);
    await expectLedgerClean(t.ctx.db);
  }, 60_000);
});
