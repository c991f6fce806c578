import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { createMember } from '../../test-support/members';
import { testDbKind } from '../../test-support/test-db';
import { postForMember } from '../records/test-ledger';
import { contractService } from './contracts.service';
import { CONTRACT_QUEUE, settlementJobId, startContractJobs } from './contract-jobs';

// Issue 17 item 3: the settlement is a pg-boss job per (merchant, kind, period), planned by every
// process; one job id per period, so two planners queue it once and it pays once.

describe('contract settlement jobs on pg-boss', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('a closed day is queued once however many processes plan it, and its job pays it', async () => {
    expect(settlementJobId({ merchantId: 1, kind: 'daily_salary', key: '2026-06-01' })).toBe(
      settlementJobId({ merchantId: 1, kind: 'daily_salary', key: '2026-06-01' }),
    );
    expect(settlementJobId({ merchantId: 1, kind: 'daily_salary', key: '2026-06-01' })).not.toBe(
      settlementJobId({ merchantId: 1, kind: 'daily_salary', key: '2026-06-02' }),
    );
    const ops = await createMember(t, { type: 90 });
    const agent = await createMember(t, { type: 1 });
    const player = await createMember(t, { uplineId: agent.id });
    const c = contractService(t.ctx.db, t.clock);
    const offer = await c.offerAsOperator(1, ops.id, {
      username: agent.username,
      kind: 'daily_salary',
      scope: 'all',
      tiers: [{ turnover: '0', active: 0, rate: '1.00' }],
      cap: null,
      reason: 'test terms',
    });
    await c.decide({ id: 1, settings: {} }, agent.id, BigInt(offer.id), 'accept');
    const at = '2026-06-01T09:00:00Z';
    await postForMember(t.ctx.db, {
      merchantId: 1,
      memberId: player.id,
      kind: 'deposit',
      amount: 50_000n,
      at,
    });
    await postForMember(t.ctx.db, { merchantId: 1, memberId: player.id, kind: 'bet', amount: -50_000n, at });
    t.clock.set('2026-06-02T04:30:00Z');
    const a = await startContractJobs({
      db: t.ctx.db,
      kind: testDbKind,
      clock: t.clock,
      planEveryMs: 3_600_000,
      pollSeconds: 0.5,
    });
    const b = await startContractJobs({
      db: t.ctx.db,
      kind: testDbKind,
      clock: t.clock,
      planEveryMs: 3_600_000,
      pollSeconds: 0.5,
    });
    try {
      await Promise.all([a.plan(), b.plan()]);
      const jobs = await sql<{ n: number }>`
        select count(*)::int as n from pgboss.job where name = ${CONTRACT_QUEUE}`.execute(t.ctx.db);
      expect(jobs.rows[0]?.n).toBe(1);
      let row;
      for (let i = 0; i < 100 && !row; i++) {
        await new Promise((r) => setTimeout(r, 100));
        row = await t.ctx.db
          .selectFrom('contract_settlement')
          .selectAll()
          .where('member_id', '=', agent.id)
          .executeTakeFirst();
      }
      expect(row).toMatchObject({ period_key: '2026-06-01', amount: 500n, status: 'paid' });
    } finally {
      await a.stop();
      await b.stop();
    }
  });
});
