import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { createMember } from '../../test-support/members';
import { expectLedgerClean } from '../../test-support/ledger';
import { databaseUrl, testDbKind } from '../../test-support/test-db';
import { postForMember } from '../records/test-ledger';
import { computeRebateDay, settleRebateDay } from './rebate-run';

// Issue 16 "Proof": a rebate run killed with SIGKILL in the middle of a payment (another process, its
// transaction open) and run again pays every (day, beneficiary) exactly once. PostgreSQL only: it needs
// a second process on the same database.

describe.skipIf(testDbKind !== 'postgres')('rebate run after kill -9', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('pays what the killed process had committed once, and the rest once', async () => {
    const day = '2026-06-01';
    const agents = [];
    for (const rate of [700, 500, 300]) {
      const a = await createMember(t, { type: 1 });
      if (agents.length > 0)
        await t.ctx.db
          .updateTable('member')
          .set({ upline_id: agents.at(-1)!.id })
          .where('id', '=', a.id)
          .execute();
      await t.ctx.db
        .insertInto('member_rebate')
        .values({
          merchant_id: 1,
          member_id: a.id,
          product: 'slots',
          rate_bp: rate,
          updated_at: t.clock.now(),
          updated_by: 't',
        })
        .execute();
      agents.push(a);
    }
    const player = await createMember(t);
    await t.ctx.db
      .updateTable('member')
      .set({ upline_id: agents[2]!.id })
      .where('id', '=', player.id)
      .execute();
    await postForMember(t.ctx.db, {
      merchantId: 1,
      memberId: player.id,
      kind: 'deposit',
      amount: 100_000n,
      at: `${day}T08:00:00Z`,
    });
    await postForMember(t.ctx.db, {
      merchantId: 1,
      memberId: player.id,
      kind: 'bet',
      amount: -40_000n,
      at: `${day}T09:00:00Z`,
      product: 'slots',
    });
    const m = { id: 1, currency: 'PHP', settings: {}, tz: 'UTC' };
    expect(await computeRebateDay(t.ctx.db, m, day, t.clock.now())).toBe(true);

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
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));

    // Its first chunk was committed; the second died with it. Run again until the server has let go.
    const paidBefore = await t.ctx.db.selectFrom('rebate_settlement').select('beneficiary_id').execute();
    expect(paidBefore).toHaveLength(1);
    for (let i = 0; i < 50; i++) {
      const r = await settleRebateDay(t.ctx.db, m, day, t.clock.now());
      if (!r.busy) break;
      await new Promise((res) => setTimeout(res, 100));
    }
    const rows = await t.ctx.db
      .selectFrom('rebate_settlement')
      .selectAll()
      .orderBy('beneficiary_id')
      .execute();
    expect(rows.map((r) => [r.beneficiary_id, r.paid])).toEqual([
      [agents[0]!.id, 800n],
      [agents[1]!.id, 800n],
      [agents[2]!.id, 1_200n],
    ]);
    const transfers = await sql<{ n: number }>`
      select count(*)::int as n from ledger_transfer where idempotency_scope = 'rebate-run'`.execute(
      t.ctx.db,
    );
    expect(transfers.rows[0]!.n).toBe(3);
    await expectLedgerClean(t.ctx.db);
  }, 60_000);
});
