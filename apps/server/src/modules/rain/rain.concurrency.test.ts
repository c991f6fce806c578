import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { createMember } from '../../test-support/members';
import { expectLedgerClean, fundFromClearing } from '../../test-support/ledger';
import { testDbKind } from '../../test-support/test-db';
import { describeRaces } from '../../test-support/races';
import { DomainError } from '../../lib/domain-error';
import { hashPassword } from '../identity/passwords';
import { accountBalance, memberWalletKey } from '../wallet/ledger';
import { endRain, rainService } from './rain.service';
import { RAIN_QUEUE, startRainJobs } from './rain-jobs';

// Issue 17 "Proof": 1,000 members claiming a 100-envelope rain at once get exactly 100 envelopes and the
// sums match the budget; a member's claim number is taken once however often it is sent at once; a rain
// ends once however many end it; the end is a pg-boss job queued once however many processes plan it.
// Ledger invariants after each. The races run on PostgreSQL only (PGlite queues every caller); the planning
// of the end's job runs on both.

const caller = (memberId: bigint) => ({ merchantId: 1, currency: 'PHP', memberId });

/** An agent with a payment password and ₱10,000, who schedules rains for its team. */
async function rainAgent(t: TestApp) {
  const agent = await createMember(t, { type: 1 });
  await t.ctx.db
    .updateTable('member')
    .set({ payment_password_hash: await hashPassword('135790') })
    .where('id', '=', agent.id)
    .execute();
  await fundFromClearing(t.ctx.db, agent.id, 1_000_000n, t.clock.now());
  const schedule = (budget: string, envelopes: number, key: string, perMember = 1) =>
    rainService(t.ctx.db, t.clock, t.ctx.limits)
      .schedule(
        caller(agent.id),
        {
          budget,
          envelopes,
          minutes: 5,
          perMember,
          audience: 'team',
          memberIds: [],
          paymentPassword: '135790',
        },
        key,
      )
      .then((r) => r.body.value);
  return { agentId: agent.id, schedule };
}

describeRaces('red envelope rain under concurrency', () => {
  let t: TestApp;
  let agentId: bigint;
  let players: bigint[];
  let schedule: Awaited<ReturnType<typeof rainAgent>>['schedule'];
  /** A refusal's message key; anything else fails the test. */
  const refusal = (e: unknown): string => {
    if (e instanceof DomainError) return e.code;
    throw e;
  };

  beforeAll(async () => {
    t = await createTestApp();
    ({ agentId, schedule } = await rainAgent(t));
    const { rows } = await sql<{ id: bigint }>`
      insert into member (merchant_id, username, password_hash, upline_id, created_at)
      select 1, 'rainp' || g, 'no-login', ${agentId}::bigint, now() from generate_series(1, 1000) g
      returning id`.execute(t.ctx.db);
    players = rows.map((r) => BigInt(r.id));
  });
  afterAll(async () => {
    await expectLedgerClean(t.ctx.db);
    await t.close();
  });

  it('1,000 members claiming a 100-envelope rain at once get exactly 100 envelopes, summing to the budget', async () => {
    const rains = rainService(t.ctx.db, t.clock, t.ctx.limits);
    const rain = await schedule('500.00', 100, 'rain-thousand');
    const outcomes = await Promise.all(
      players.map((p) =>
        rains
          .claim(caller(p), BigInt(rain.id), 1)
          .then((r) => ({ p, amount: BigInt(r.amount.replace('.', '')) }), refusal),
      ),
    );
    const won = outcomes.filter((o): o is { p: bigint; amount: bigint } => typeof o !== 'string');
    expect(won).toHaveLength(100);
    expect(outcomes.filter((o) => o === 'rain_empty')).toHaveLength(900);
    expect(won.reduce((s, w) => s + w.amount, 0n)).toBe(50_000n);
    // Each winner's wallet holds exactly its envelope; nobody got two.
    expect(new Set(won.map((w) => w.p)).size).toBe(100);
    for (const w of won.slice(0, 10))
      expect(await accountBalance(t.ctx.db, memberWalletKey(1, w.p, 'PHP'))).toBe(w.amount);
    const env = await sql<{ claimed: number; sum: string }>`
      select count(*)::int as claimed, sum(amount)::text as sum from rain_envelope
      where rain_id = ${rain.id}::bigint and member_id is not null and transfer_id is not null`.execute(
      t.ctx.db,
    );
    expect(env.rows[0]).toEqual({ claimed: 100, sum: '50000' });
    await expectLedgerClean(t.ctx.db);
  });

  it('a claim number sent many times at once takes one envelope; the limit holds', async () => {
    const rains = rainService(t.ctx.db, t.clock, t.ctx.limits);
    const rain = await schedule('100.00', 50, 'rain-repeats', 3);
    const p = players[0]!;
    const answers = await Promise.all(
      [1, 1, 1, 1, 2, 2, 2, 3, 3, 3, 4].map((no) =>
        rains.claim(caller(p), BigInt(rain.id), no).then((r) => `${r.claim}:${r.amount}`, refusal),
      ),
    );
    expect(answers.filter((a) => a === 'rain_limit_reached')).toHaveLength(1);
    const byClaim = new Map<string, Set<string>>();
    for (const a of answers.filter((x) => x.includes(':'))) {
      const [no, amount] = a.split(':') as [string, string];
      byClaim.set(no, (byClaim.get(no) ?? new Set()).add(amount));
    }
    // Every repeat of a claim number answered the same envelope.
    expect([...byClaim.keys()].sort()).toEqual(['1', '2', '3']);
    for (const amounts of byClaim.values()) expect(amounts.size).toBe(1);
    const taken = await t.ctx.db
      .selectFrom('rain_envelope')
      .select(({ fn }) => fn.countAll<number>().as('n'))
      .where('rain_id', '=', BigInt(rain.id))
      .where('member_id', '=', p)
      .executeTakeFirstOrThrow();
    expect(Number(taken.n)).toBe(3);
    await expectLedgerClean(t.ctx.db);
  });

  it('a rain ends once however many end it at once; the rest returns to the agent', async () => {
    const rain = await schedule('30.00', 3, 'rain-end-twice');
    await rainService(t.ctx.db, t.clock, t.ctx.limits).claim(caller(players[1]!), BigInt(rain.id), 1);
    const before = await accountBalance(t.ctx.db, memberWalletKey(1, agentId, 'PHP'));
    const at = new Date(t.clock.now().getTime() + 5 * 60_000);
    const ended = await Promise.all(
      [1, 2, 3].map(() => endRain(t.ctx.db, BigInt(rain.id), at, { status: 'finished' })),
    );
    expect(ended.filter(Boolean)).toHaveLength(1);
    const row = await t.ctx.db
      .selectFrom('rain')
      .select(['returned', 'status'])
      .where('id', '=', BigInt(rain.id))
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('finished');
    expect((await accountBalance(t.ctx.db, memberWalletKey(1, agentId, 'PHP'))) - before).toBe(row.returned);
    const claimed = await sql<{ sum: string }>`select sum(amount)::text as sum from rain_envelope
      where rain_id = ${rain.id}::bigint and member_id is not null`.execute(t.ctx.db);
    expect(row.returned + BigInt(claimed.rows[0]!.sum)).toBe(3_000n);
    await expectLedgerClean(t.ctx.db);
  });
});

describe('red envelope rain jobs on pg-boss', () => {
  let t: TestApp;
  let schedule: Awaited<ReturnType<typeof rainAgent>>['schedule'];
  beforeAll(async () => {
    t = await createTestApp();
    ({ schedule } = await rainAgent(t));
  });
  afterAll(async () => {
    await expectLedgerClean(t.ctx.db);
    await t.close();
  });

  it('the end of a rain is queued once however many processes plan it, and its job returns the rest', async () => {
    const rain = await schedule('4.00', 4, 'rain-job');
    t.clock.advance(6 * 60_000);
    const a = await startRainJobs({
      db: t.ctx.db,
      kind: testDbKind,
      clock: t.clock,
      planEveryMs: 3_600_000,
      pollSeconds: 0.5,
    });
    const b = await startRainJobs({
      db: t.ctx.db,
      kind: testDbKind,
      clock: t.clock,
      planEveryMs: 3_600_000,
      pollSeconds: 0.5,
    });
    try {
      await Promise.all([a.plan(), b.plan()]);
      const jobs = await sql<{ n: number }>`
        select count(*)::int as n from pgboss.job where name = ${RAIN_QUEUE}
          and data->>'rainId' = ${rain.id}`.execute(t.ctx.db);
      expect(jobs.rows[0]?.n).toBe(1);
      let row;
      for (let i = 0; i < 100 && row?.status !== 'finished'; i++) {
        await new Promise((r) => setTimeout(r, 100));
        row = await t.ctx.db
          .selectFrom('rain')
          .select(['status', 'returned'])
          .where('id', '=', BigInt(rain.id))
          .executeTakeFirstOrThrow();
      }
      expect(row).toEqual({ status: 'finished', returned: 400n });
    } finally {
      await a.stop();
      await b.stop();
    }
    await expectLedgerClean(t.ctx.db);
  });
});
