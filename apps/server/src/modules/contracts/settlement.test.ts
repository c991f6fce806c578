import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { createMember } from '../../test-support/members';
import { expectLedgerClean } from '../../test-support/ledger';
import { postForMember } from '../records/test-ledger';
import { accountBalance, memberWalletKey } from '../wallet/ledger';
import { contractService } from './contracts.service';
import { systemMailsOf } from '../../test-support/mail';
import { runDueContracts } from './settlement';
import { platformKey } from './settlement-pay';
import { itRaces } from '../../test-support/races';

// Issue 17 items 3 and 4: the settlement runs. A top agent holds the operator's contracts; it passes
// terms to its two agents; players below them bet. Each run pays every contract in force once per
// period, from the team's aggregates, after the merchant's cut-off; uplines pay top-down; a short
// upline owes; dividends follow the net loss; missed periods are caught up.

type Member = Awaited<ReturnType<typeof createMember>>;
const tiers = (...t: [string, number, string][]) =>
  t.map(([turnover, active, rate]) => ({ turnover, active, rate }));

describe('contract settlement runs', () => {
  let t: TestApp;
  let top: Member;
  let b1: Member;
  let b2: Member;
  let p1: Member;
  let p2: Member;
  let p3: Member;
  let q: Member;
  const merchant = { id: 1, settings: {} };

  const bet = async (m: Member, amount: bigint, at: string, product = 'slots') => {
    await postForMember(t.ctx.db, { merchantId: 1, memberId: m.id, kind: 'deposit', amount, at });
    await postForMember(t.ctx.db, {
      merchantId: 1,
      memberId: m.id,
      kind: 'bet',
      amount: -amount,
      at,
      product,
    });
  };
  const win = (m: Member, amount: bigint, at: string, product = 'slots') =>
    postForMember(t.ctx.db, { merchantId: 1, memberId: m.id, kind: 'win', amount, at, product });
  const settlements = (kind: string, period: string) =>
    t.ctx.db
      .selectFrom('contract_settlement')
      .selectAll()
      .where('kind', '=', kind as 'daily_salary')
      .where('period_key', '=', period)
      .orderBy('member_id')
      .execute();
  const paidByPlatform = async () =>
    BigInt(
      (
        await t.ctx.db
          .selectFrom('contract_settlement')
          .select((eb) => eb.fn.sum<string>('amount').as('n'))
          .where('payer', '=', 'platform')
          .where('status', '=', 'paid')
          .executeTakeFirstOrThrow()
      ).n ?? 0,
    );
  const run = async (at: string) => {
    t.clock.set(at);
    return runDueContracts(t.ctx.db, t.clock, { merchantId: 1 });
  };
  const setTerms = (contracts: Record<string, unknown>) =>
    sql`update merchant set settings = settings || ${JSON.stringify({ contracts })}::jsonb where id = 1`.execute(
      t.ctx.db,
    );

  beforeAll(async () => {
    t = await createTestApp();
    const ops = await createMember(t, { type: 90 });
    top = await createMember(t, { type: 1 });
    b1 = await createMember(t, { type: 1, uplineId: top.id });
    b2 = await createMember(t, { type: 1, uplineId: top.id });
    p1 = await createMember(t, { uplineId: b1.id });
    p2 = await createMember(t, { uplineId: b2.id });
    p3 = await createMember(t, { uplineId: b1.id });
    q = await createMember(t, { uplineId: top.id });
    const c = contractService(t.ctx.db, t.clock);
    for (const kind of ['daily_salary', 'hourly_salary'] as const) {
      const own = await c.offerAsOperator(1, ops.id, {
        username: top.username,
        kind,
        scope: 'all',
        tiers: tiers(['0', 0, '1.00'], ['100000', 5, '2.00']),
        cap: '100',
        reason: 'test terms',
      });
      await c.decide(merchant, top.id, BigInt(own.id), 'accept');
      for (const b of [b1, b2]) {
        const o = await c.offer(1, top.id, {
          memberId: b.id.toString(),
          kind,
          scope: 'all',
          tiers: tiers(['0', 0, '1.00']),
          cap: '100',
        });
        await c.decide(merchant, b.id, BigInt(o.id), 'accept');
      }
    }
    const div = await c.offerAsOperator(1, ops.id, {
      username: top.username,
      kind: 'dividend',
      scope: 'all',
      tiers: tiers(['0', 0, '20'], ['1000000', 10, '30']),
      cap: null,
      reason: 'test terms',
    });
    await c.decide(merchant, top.id, BigInt(div.id), 'accept');
    const bd = await c.offer(1, top.id, {
      memberId: b1.id.toString(),
      kind: 'dividend',
      scope: 'all',
      tiers: tiers(['0', 0, '10']),
      cap: null,
    });
    await c.decide(merchant, b1.id, BigInt(bd.id), 'accept');
  });
  afterAll(async () => t.close());

  it('a daily salary is priced from the team’s day and paid once, after the cut-off, by the platform', async () => {
    await bet(p1, 2_000_000n, '2026-06-01T10:00:00Z'); // 20,000.00
    await bet(p2, 500_000n, '2026-06-01T11:00:00Z');
    await bet(p3, 50n, '2026-06-01T12:00:00Z'); // below the active threshold (1.00)
    await bet(q, 600_000n, '2026-06-01T13:00:00Z');
    // The day closes at midnight (UTC here); the merchant's cut-off is 4 hours later.
    expect((await run('2026-06-02T03:59:00Z')).filter((r) => r.kind === 'daily_salary')).toEqual([]);
    const r = await run('2026-06-02T04:00:00Z');
    expect(r.find((x) => x.kind === 'daily_salary' && x.period === '2026-06-01')).toMatchObject({
      settled: 3,
      busy: false,
    });
    const rows = await settlements('daily_salary', '2026-06-01');
    const of = (m: Member) => rows.find((x) => x.member_id === m.id)!;
    // top: team b1, b2, p1, p2, p3, q = 3,100,050 turnover, 3 active → 1 % = 31,000.50, capped at 100.00.
    expect(of(top)).toMatchObject({
      turnover: 3_100_050n,
      active: 3,
      tier: 1,
      rate_bp: 100,
      capped: true,
      amount: 10_000n,
      status: 'paid',
      payer: 'platform',
    });
    // b1: p1 and p3 → 2,000,050 → 20,000.50 capped at 100.00; b2: p2 → 5,000.00 → 50.00.
    expect(of(b1)).toMatchObject({ turnover: 2_000_050n, active: 1, amount: 10_000n, capped: true });
    expect(of(b2)).toMatchObject({ turnover: 500_000n, active: 1, amount: 5_000n, capped: false });
    // The platform's budget paid exactly what the settlements say (the hours' salaries ran too).
    const platform = async () => accountBalance(t.ctx.db, platformKey({ id: 1, currency: 'PHP' }));
    expect(await platform()).toBe(-(await paidByPlatform()));
    expect(await paidByPlatform()).toBeGreaterThan(25_000n);
    // A second run (or a retry of the job) pays nothing more.
    const before = await platform();
    await run('2026-06-02T05:00:00Z');
    expect(await settlements('daily_salary', '2026-06-01')).toHaveLength(3);
    expect(await platform()).toBe(before); // (the 03:00 hour ran too: nobody played)
    const runRow = await t.ctx.db
      .selectFrom('contract_run')
      .selectAll()
      .where('kind', '=', 'daily_salary')
      .where('period_key', '=', '2026-06-01')
      .executeTakeFirstOrThrow();
    expect(runRow).toMatchObject({ settlements: 3, paid: 25_000n, owed: 0n });
    expect(runRow.finished_at).not.toBeNull();
    // Issue 19: each agent paid is told by a system mail written with the payment, once.
    const told = (await systemMailsOf(t.ctx.db, b2.id)).filter((x) => x.template === 'settlement_paid');
    expect(told).toEqual([
      {
        template: 'settlement_paid',
        params: { kind: 'daily_salary', period: '2026-06-01', amount: '50.00' },
      },
    ]);
    await expectLedgerClean(t.ctx.db);
  });

  it('an hourly salary reads the team’s hour; a period with no tier reached is written as nil', async () => {
    const rows = await settlements('hourly_salary', '2026-06-01T10');
    // The 10:00 hour: p1's 20,000.00 → top and b1 at 1 %, capped at 100.00; b2's team did not play.
    expect(rows.map((x) => [x.member_id, x.turnover, x.amount, x.status])).toEqual([
      [top.id, 2_000_000n, 10_000n, 'paid'],
      [b1.id, 2_000_000n, 10_000n, 'paid'],
      [b2.id, 0n, 0n, 'nil'],
    ]);
    // Every hour from the first acceptance up to the last closed one ran, each once.
    const hours = await t.ctx.db
      .selectFrom('contract_run')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('kind', '=', 'hourly_salary')
      .where('finished_at', 'is not', null)
      .executeTakeFirstOrThrow();
    // 08:00 on the 1st … 03:00 on the 2nd (the last run was at 05:00: the 04:00 hour waits 10 minutes
    // after it closes).
    expect(Number(hours.n)).toBe(20);
  });

  it('when uplines pay, an agent first receives, then pays; an upline short of money owes, nothing is paid as zero', async () => {
    await setTerms({ payer: { daily_salary: 'upline' } });
    await bet(p1, 2_000_000n, '2026-06-02T10:00:00Z');
    await bet(p2, 2_000_000n, '2026-06-02T10:00:00Z');
    const topBefore = await accountBalance(t.ctx.db, memberWalletKey(1, top.id, 'PHP'));
    // top spends its money before the run.
    await postForMember(t.ctx.db, {
      merchantId: 1,
      memberId: top.id,
      kind: 'bet',
      amount: -topBefore,
      at: '2026-06-02T20:00:00Z',
    });
    await run('2026-06-03T04:00:00Z');
    const rows = await settlements('daily_salary', '2026-06-02');
    const of = (m: Member) => rows.find((x) => x.member_id === m.id)!;
    // top is paid by the platform (the operator's contract): 100.00; it pays b1 (100.00) and then has
    // nothing left for b2 (100.00): owed, named with its payer.
    expect(of(top)).toMatchObject({ status: 'paid', payer: 'platform', amount: 10_000n });
    expect(of(b1)).toMatchObject({ status: 'paid', payer: 'upline', payer_id: top.id, amount: 10_000n });
    expect(of(b2)).toMatchObject({ status: 'owed', payer: 'upline', payer_id: top.id, amount: 10_000n });
    expect(of(b2).transfer_id).toBeNull();
    // Paid by its upline: told; owed: not (yet).
    const told = async (m: Member) =>
      (await systemMailsOf(t.ctx.db, m.id)).filter((x) => x.params.period === '2026-06-02');
    expect(await told(b1)).toEqual([
      {
        template: 'settlement_paid',
        params: { kind: 'daily_salary', period: '2026-06-02', amount: '100.00' },
      },
    ]);
    expect(await told(b2)).toEqual([]);
    // All top had left after paying b1 is the 10:00 hour's salary, paid after the day's.
    expect(await accountBalance(t.ctx.db, memberWalletKey(1, top.id, 'PHP'))).toBe(10_000n);
    const runRow = await t.ctx.db
      .selectFrom('contract_run')
      .selectAll()
      .where('kind', '=', 'daily_salary')
      .where('period_key', '=', '2026-06-02')
      .executeTakeFirstOrThrow();
    expect(runRow).toMatchObject({ paid: 20_000n, owed: 10_000n });
    await setTerms({});
    await expectLedgerClean(t.ctx.db);
  });

  /** b2's daily salary of each day, and one transfer for every daily salary paid. */
  const expectDaysPaidOnce = async (days: (readonly [string, bigint])[]) => {
    for (const [day, amount] of days) {
      const rows = (await settlements('daily_salary', day)).filter((x) => x.member_id === b2.id);
      expect(rows).toMatchObject([{ amount, status: 'paid' }]);
    }
    const paid = await t.ctx.db
      .selectFrom('ledger_transfer')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('idempotency_scope', '=', 'contract-run')
      .where('idempotency_key', 'like', 'daily_salary:%')
      .executeTakeFirstOrThrow();
    const rows = await t.ctx.db
      .selectFrom('contract_settlement')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('kind', '=', 'daily_salary')
      .where('status', '=', 'paid')
      .executeTakeFirstOrThrow();
    expect(Number(paid.n)).toBe(Number(rows.n));
    await expectLedgerClean(t.ctx.db);
  };

  it('missed days are caught up oldest first after downtime; a second run pays each period no more', async () => {
    await bet(p2, 300_000n, '2026-06-03T10:00:00Z');
    await bet(p2, 400_000n, '2026-06-04T10:00:00Z');
    await bet(p2, 500_000n, '2026-06-05T10:00:00Z');
    const first = await run('2026-06-06T06:00:00Z');
    const days = first.filter((r) => r.kind === 'daily_salary' && !r.busy).map((r) => r.period);
    expect(days).toEqual(['2026-06-03', '2026-06-04', '2026-06-05']);
    expect(await run('2026-06-06T06:00:00Z')).toEqual([]);
    await expectDaysPaidOnce([
      ['2026-06-03', 3_000n],
      ['2026-06-04', 4_000n],
      ['2026-06-05', 5_000n],
    ]);
  });

  it('a dividend pays its rate of the team’s net loss for the half-month, nothing when the team won', async () => {
    // Up to the 15th: b1's team (p1, p3) lost what p1 and p3 staked; q (top's own team) won big.
    await win(q, 3_000_000n, '2026-06-10T10:00:00Z');
    await bet(p3, 100_000n, '2026-06-15T23:00:00Z');
    await run('2026-06-16T04:00:00Z');
    const rows = await settlements('dividend', '2026-06-01');
    const of = (m: Member) => rows.find((x) => x.member_id === m.id)!;
    // b1's team: p1 staked 40,000.00 and p3 1,000.50 → net loss 4,100,050 → 10 % = 410,005.
    expect(of(b1)).toMatchObject({ net_loss: 4_100_050n, rate_bp: 1000, amount: 410_005n, status: 'paid' });
    // top's team: every stake of the half-month (84,000.50) less q's win (30,000.00) and less the salaries
    // its members earned in the half-month (b1 400.00, b2 440.00, and the 15th's 20.00, paid on the 16th
    // before the dividend but counted on the 15th, the day of its play: issue 49; the published profit and
    // loss counts salaries, so the team's net loss is after them, whoever paid them) → 53,140.50 at 20 %.
    expect(of(top)).toMatchObject({ net_loss: 5_314_050n, rate_bp: 2000, amount: 1_062_810n });
    await expectLedgerClean(t.ctx.db);
  }, 120_000);

  // Last: the days it settles come after every period the tests above read.
  itRaces('after downtime, two runs at once pay each missed period once', async () => {
    await bet(p2, 300_000n, '2026-06-17T10:00:00Z');
    await bet(p2, 400_000n, '2026-06-18T10:00:00Z');
    await bet(p2, 500_000n, '2026-06-19T10:00:00Z');
    t.clock.set('2026-06-20T06:00:00Z');
    const [a, b] = await Promise.all([
      runDueContracts(t.ctx.db, t.clock, { merchantId: 1 }),
      runDueContracts(t.ctx.db, t.clock, { merchantId: 1 }),
    ]);
    const days = [...a, ...b].filter((r) => r.kind === 'daily_salary' && !r.busy).map((r) => r.period);
    expect(new Set(days)).toEqual(new Set(['2026-06-16', '2026-06-17', '2026-06-18', '2026-06-19']));
    await expectDaysPaidOnce([
      ['2026-06-17', 3_000n],
      ['2026-06-18', 4_000n],
      ['2026-06-19', 5_000n],
    ]);
  });
});
