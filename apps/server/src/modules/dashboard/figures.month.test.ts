import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { houseFigures, teamProfit, type PlaySums } from '@panalo/contract/figures';
import { formatAmount } from '@panalo/contract/money';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { createMember } from '../../test-support/members';
import { expectLedgerClean } from '../../test-support/ledger';
import { postForMember } from '../records/test-ledger';
import { rollUpHouse } from '../wallet/house-rollup';
import { runDueRebates } from '../agents/rebate-run';
import { teamService } from '../agents/team.service';
import { runDuePromotionRebates } from '../promotions/rebate-run';
import { rebateService } from '../promotions/rebate.service';
import { merchantsRepository } from '../merchants/merchants.repository';
import { contractService } from '../contracts/contracts.service';
import { runDueContracts } from '../contracts/settlement';
import { dashboardService } from './dashboard.service';
import { reportsService } from './reports.service';

// Issue 49 item 2: each money figure is defined once (contract figures.ts) and counted on the day the play
// happened. A month of play is made through the real runs — the agency's daily commissions, the daily
// rebate promotion (run and manual claim), a daily salary contract paid by the platform and by an upline —
// and then every figure is computed the long way, from the ledger's entries alone, each on the day of the
// play it belongs to; the console's reports and dashboard and the agent's team P&L must agree with it to
// the centavo. Merchant 1 reports in UTC in the tests.

type Member = Awaited<ReturnType<typeof createMember>>;
const DAYS = Array.from({ length: 30 }, (_, i) => `2026-06-${String(i + 1).padStart(2, '0')}`);
const nextDay = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
const ZERO: PlaySums = { bets: 0n, refunds: 0n, wins: 0n, bonuses: 0n, rebates: 0n, commissions: 0n };
const plus = (a: PlaySums, b: PlaySums): PlaySums => ({
  bets: a.bets + b.bets,
  refunds: a.refunds + b.refunds,
  wins: a.wins + b.wins,
  bonuses: a.bonuses + b.bonuses,
  rebates: a.rebates + b.rebates,
  commissions: a.commissions + b.commissions,
});

describe('the figures of a month, the long way', () => {
  let t: TestApp;
  let top: Member;
  let sub: Member;
  let players: Member[];
  /** Per member and day (of the play): the sums read from the ledger's entries. */
  let longWay: Map<string, PlaySums>;
  /** Transfers the runs paid on a later day than the play they pay for. */
  let paidLater = 0;

  const sumOf = (members: bigint[] | 'all', days: string[]) => {
    let s = ZERO;
    for (const [k, v] of longWay) {
      const [member, day] = k.split('|') as [string, string];
      if (days.includes(day) && (members === 'all' || members.includes(BigInt(member)))) s = plus(s, v);
    }
    return s;
  };

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.ctx.db;
    const ops = await createMember(t, { type: 90 });
    top = await createMember(t, { type: 1 });
    sub = await createMember(t, { type: 1, uplineId: top.id });
    players = [
      await createMember(t, { uplineId: sub.id }),
      await createMember(t, { uplineId: sub.id }),
      await createMember(t, { uplineId: top.id }),
    ];
    // The agency's commission rates in slots: top 3 %, sub 2 %, the players none.
    for (const [m, rate] of [
      [top, 300],
      [sub, 200],
    ] as const)
      await db
        .insertInto('member_rebate')
        .values({
          merchant_id: 1,
          member_id: m.id,
          product: 'slots',
          rate_bp: rate,
          updated_at: t.clock.now(),
          updated_by: 'test',
        })
        .execute();
    // A daily salary: the operator pays top, top pays sub (an upline's wallet paying: − on top's figures).
    const c = contractService(db, t.clock);
    const tiers = [{ turnover: '0', active: 0, rate: '1.00' }];
    const own = await c.offerAsOperator(1, ops.id, {
      username: top.username,
      kind: 'daily_salary',
      scope: 'all',
      tiers,
      cap: '50',
      reason: 'month test',
    });
    await c.decide({ id: 1, settings: {} }, top.id, BigInt(own.id), 'accept');
    const o = await c.offer(1, top.id, {
      memberId: sub.id.toString(),
      kind: 'daily_salary',
      scope: 'all',
      tiers: [{ turnover: '0', active: 0, rate: '0.50' }],
      cap: '20',
    });
    await c.decide({ id: 1, settings: {} }, sub.id, BigInt(o.id), 'accept');
    const merchant = (await merchantsRepository(db).findByCode('panalo'))!;
    // top's wallet pays sub's salary.
    await postForMember(db, {
      merchantId: 1,
      memberId: top.id,
      kind: 'deposit',
      amount: 10_000_000n,
      at: '2026-06-01T00:30:00Z',
    });

    for (const [d, day] of DAYS.entries()) {
      for (const [i, p] of players.entries()) {
        // Stakes vary by day and player; every third day a player wins back more than it staked.
        const stake = BigInt(20_000 + ((d * 7 + i * 13) % 11) * 5_000);
        const at = `${day}T${String(9 + i).padStart(2, '0')}:00:00Z`;
        await postForMember(db, { merchantId: 1, memberId: p.id, kind: 'deposit', amount: stake, at });
        await postForMember(db, {
          merchantId: 1,
          memberId: p.id,
          kind: 'bet',
          amount: -stake,
          at,
          product: 'slots',
        });
        const win = (d + i) % 3 === 0 ? stake + 7_500n : stake / 4n;
        await postForMember(db, {
          merchantId: 1,
          memberId: p.id,
          kind: 'win',
          amount: win,
          at,
          product: 'slots',
        });
        // A cancelled round once a week: staked and given back.
        if ((d + i) % 7 === 3) {
          await postForMember(db, {
            merchantId: 1,
            memberId: p.id,
            kind: 'bet',
            amount: -5_000n,
            at,
            product: 'slots',
          });
          await postForMember(db, {
            merchantId: 1,
            memberId: p.id,
            kind: 'rollback',
            amount: 5_000n,
            at,
            product: 'slots',
          });
        }
      }
      // A deposit bonus now and then; on the 10th a player takes the day's rebate so far (manual rebate).
      if (d % 5 === 1)
        await postForMember(db, {
          merchantId: 1,
          memberId: players[d % 3]!.id,
          kind: 'deposit_bonus',
          amount: 2_500n,
          at: `${day}T15:00:00Z`,
        });
      if (day === '2026-06-10') {
        t.clock.set(`${day}T20:00:00Z`);
        await rebateService(db, t.clock).claim(merchant, players[0]!.id);
      }
      // The next morning, after the grace and the contracts' cut-off: the runs pay the day.
      t.clock.set(`${nextDay(day)}T05:00:00Z`);
      await runDueRebates(db, t.clock, { merchantId: 1 });
      await runDuePromotionRebates(db, t.clock, { merchantId: 1 });
      await runDueContracts(db, t.clock, { merchantId: 1 });
    }
    await rollUpHouse(db);

    // The long way: every real-money entry of a member's wallet, on the day of the play it belongs to —
    // a run's payment on the day its source record names, anything else on the day it was posted.
    const entries = await sql<{
      member_id: string;
      kind: string;
      amount: string;
      posted: string;
      run_day: string | null;
      claim_day: string | null;
      period_last_day: string | null;
    }>`
      select a.owner_member_id::text as member_id, t.kind, e.amount::text as amount,
        to_char(t.created_at at time zone 'UTC', 'YYYY-MM-DD') as posted,
        case when t.reference like 'rebate:%' then substr(t.reference, 8, 10) end as run_day,
        (select left(c.period_key, 10) from promotion_claim c where c.transfer_id = t.id) as claim_day,
        (select to_char((s.period_end - interval '1 millisecond') at time zone 'UTC', 'YYYY-MM-DD')
         from contract_settlement s where s.transfer_id = t.id) as period_last_day
      from ledger_entry e join ledger_account a on a.id = e.account_id join ledger_transfer t on t.id = e.transfer_id
      where a.merchant_id = 1 and a.book = 'real' and a.kind = 'member_wallet' and a.owner_member_id is not null`.execute(
      db,
    );
    longWay = new Map();
    for (const e of entries.rows) {
      const amount = BigInt(e.amount);
      const f: Partial<PlaySums> = {};
      let day = e.posted;
      if (e.kind === 'bet' || e.kind === 'lottery_bet') f.bets = -amount;
      else if (e.kind === 'win' || e.kind === 'lottery_win') f.wins = amount;
      else if (e.kind === 'rollback' || e.kind === 'lottery_refund') f.refunds = amount;
      else if (['deposit_bonus', 'promotion_bonus', 'bonus_forfeit'].includes(e.kind)) f.bonuses = amount;
      else if (e.kind === 'rebate') {
        f.rebates = amount;
        day = e.run_day ?? e.claim_day ?? e.posted;
      } else if (e.kind === 'agent_commission') {
        f.commissions = amount;
        day = e.run_day ?? e.posted;
      } else if (e.kind === 'agent_salary' || e.kind === 'agent_dividend') {
        f.commissions = amount;
        day = e.period_last_day ?? e.posted;
      } else continue;
      if (day !== e.posted) paidLater++;
      const k = `${e.member_id}|${day}`;
      longWay.set(k, plus(longWay.get(k) ?? ZERO, { ...ZERO, ...f }));
    }
  }, 600_000);
  afterAll(async () => {
    await expectLedgerClean(t.ctx.db);
    await t.close();
  });

  it('the month really paid rebates, commissions and salaries, most of them the day after the play', () => {
    const month = sumOf('all', DAYS);
    expect(month.rebates).toBeGreaterThan(0n);
    expect(month.commissions).toBeGreaterThan(0n);
    expect(month.bonuses).toBeGreaterThan(0n);
    expect(month.refunds).toBeGreaterThan(0n);
    expect(paidLater).toBeGreaterThan(60);
    // Nothing of June counts on July 1st, the day the last of it was paid.
    expect(sumOf('all', ['2026-07-01'])).toEqual(ZERO);
  });

  it('the daily rebate promotion’s payments (run and manual claim) are rebates, not bonuses', async () => {
    const paid = await sql<{ n: string; amount: string }>`
      select count(*)::text as n, coalesce(sum(c.amount), 0)::text as amount
      from promotion_claim c join promotion p on p.id = c.promotion_id
      where p.code = 'DAILY-REBATE' and c.status = 'claimed' and c.member_id = any(${players.map((p) => p.id)}::bigint[])`.execute(
      t.ctx.db,
    );
    expect(Number(paid.rows[0]!.n)).toBeGreaterThan(30);
    // The players have no agency rebate rate: every rebate of theirs is the promotion's.
    expect(
      sumOf(
        players.map((p) => p.id),
        DAYS,
      ).rebates,
    ).toBe(BigInt(paid.rows[0]!.amount));
    const kinds = await sql<{ kind: string }>`
      select distinct t.kind from promotion_claim c join promotion p on p.id = c.promotion_id
      join ledger_transfer t on t.id = c.transfer_id where p.code = 'DAILY-REBATE'`.execute(t.ctx.db);
    expect(kinds.rows.map((r) => r.kind)).toEqual(['rebate']);
  });

  it('the reports by day agree with the ledger on every day: turnover, GGR, bonuses, rebates, commissions, NGR', async () => {
    const report = await reportsService(t.ctx.db, t.clock).pnl(1, {
      from: DAYS[0],
      to: DAYS.at(-1),
      by: 'day',
    });
    for (const day of DAYS) {
      const row = report.rows.find((r) => r.key === day)!;
      const s = sumOf('all', [day]);
      const f = houseFigures(s);
      expect({ day, ...row }).toMatchObject({
        day,
        turnover: formatAmount(f.turnover),
        ggr: formatAmount(f.ggr),
        bonuses: formatAmount(s.bonuses),
        rebates: formatAmount(s.rebates),
        commissions: formatAmount(s.commissions),
        ngr: formatAmount(f.ngr),
      });
    }
    const month = houseFigures(sumOf('all', DAYS));
    expect(report.total.ngr).toBe(formatAmount(month.ngr));
  });

  it('the dashboard’s today and last 30 days agree with the ledger, NGR after commissions', async () => {
    t.clock.set('2026-07-01T06:00:00Z');
    const dash = await dashboardService(t.ctx.db, t.clock).read(1);
    const span = [...DAYS.slice(1), '2026-07-01'];
    for (const [period, days] of [
      ['last30', span],
      ['today', ['2026-07-01']],
    ] as const) {
      const s = sumOf('all', [...days]);
      const f = houseFigures(s);
      expect(dash.periods[period]).toMatchObject({
        turnover: formatAmount(f.turnover),
        ggr: formatAmount(f.ggr),
        bonuses: formatAmount(s.bonuses),
        rebates: formatAmount(s.rebates),
        commissions: formatAmount(s.commissions),
        ngr: formatAmount(f.ngr),
      });
    }
  });

  it('the agent’s team P&L agrees with the ledger each day and over the month: its profit is the NGR turned', async () => {
    const team = teamService(t.ctx.db, t.clock);
    const agent = { merchantId: 1, currency: 'PHP', agentId: top.id };
    const below = [sub.id, ...players.map((p) => p.id)];
    const subTeam = [sub.id, players[0]!.id, players[1]!.id];
    const money = (s: PlaySums) => ({
      turnover: formatAmount(houseFigures(s).turnover),
      wins: formatAmount(s.wins),
      bonuses: formatAmount(s.bonuses),
      rebates: formatAmount(s.rebates),
      commissions: formatAmount(s.commissions),
      profit: formatAmount(teamProfit(s)),
    });
    for (const days of [...DAYS.map((d) => [d]), DAYS]) {
      const from = days[0]!;
      const to = days.at(-1)!;
      const page = await team.pnl(agent, { from, to, sort: 'turnover', page: 1, pageSize: 100 });
      expect({ from, ...page.team }).toMatchObject({ from, ...money(sumOf(below, days)) });
      const line = page.list.find((l) => l.id === sub.id.toString())!;
      expect({ from, ...line }).toMatchObject({ from, ...money(sumOf(subTeam, days)) });
      expect({ from, ...line.own }).toMatchObject({ from, ...money(sumOf([sub.id], days)) });
    }
  });
});
