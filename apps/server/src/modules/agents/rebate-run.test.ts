import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { bearer, createMember, sessionFor } from '../../test-support/members';
import { expectLedgerClean, fundFromClearing } from '../../test-support/ledger';
import { issueLaunchToken } from '../game-wallet/game-launch';
import { gameWalletService } from '../game-wallet/game-wallet.service';
import { gameWalletRepository } from '../game-wallet/game-wallet.repository';
import { seedGameWallet } from '../game-wallet/game-wallet.seed';
import type { RebateIncome } from '@panalo/contract/agent';
import { accountBalance, memberWalletKey } from '../wallet/ledger';
import { differentialRebates } from './rebate-maths';
import { rollUpHouse } from '../wallet/house-rollup';
import { REBATE_GRACE_MS, runDueRebates } from './rebate-run';

// Issue 16 item 3: the daily rebate run pays each (day, beneficiary, kind) once, as rebate-maths.ts says,
// and a later day's refunds reverse it (carried, never taken below zero).

let t: TestApp;
let game: string;
let product: string;
const DAY1 = '2026-06-01';

beforeAll(async () => {
  t = await createTestApp();
  await seedGameWallet(t.ctx.db);
  const g = await sql<{ game_id: string; product: string }>`
    select g.game_id, product_of(v.id, g.game_id) as product
    from game g, game_vendor v where v.code = 'PSIM' and g.vendor_code = 'BYN' order by g.id limit 1`.execute(
    t.ctx.db,
  );
  game = g.rows[0]!.game_id;
  product = g.rows[0]!.product;
});
afterAll(async () => {
  await expectLedgerClean(t.ctx.db);
  await t.close();
});

/** A chain top → … → bottom, each the upline of the next, with its rate in the test's product group. */
async function chain(rates: number[], types: number[]) {
  const out: { id: bigint; rate: number; type: number }[] = [];
  for (const [i, rate] of rates.entries()) {
    const m = await createMember(t, { type: types[i] ?? 1 });
    if (out.length > 0)
      await t.ctx.db
        .updateTable('member')
        .set({ upline_id: out.at(-1)!.id })
        .where('id', '=', m.id)
        .execute();
    await t.ctx.db
      .insertInto('member_rebate')
      .values({
        merchant_id: 1,
        member_id: m.id,
        product,
        rate_bp: rate,
        updated_at: t.clock.now(),
        updated_by: 'test',
      })
      .execute();
    out.push({ id: m.id, rate, type: m.type });
  }
  return out;
}

let round = 0;
/** A real round through the seamless wallet at the clock's time: a stake, then a loss (or its rollback). */
async function play(memberId: bigint, type: number, stake: bigint, rollback = false) {
  const db = t.ctx.db;
  const vendor = (await gameWalletRepository.vendor(db, 1, 'PSIM'))!;
  const { token } = await issueLaunchToken(db, t.clock, {
    merchantId: 1,
    memberId,
    memberType: type,
    currency: 'PHP',
    vendorCode: 'PSIM',
  });
  const wallet = gameWalletService(db, t.clock);
  const roundId = `rr-${++round}`;
  const amount = (Number(stake) / 100).toFixed(2);
  await wallet.bet(vendor, { token, roundId, gameCode: game, txId: `${roundId}-b`, amount, currency: 'PHP' });
  if (rollback)
    await wallet.rollback(vendor, { token, roundId, txId: `${roundId}-r`, originalTxId: `${roundId}-b` });
  else
    await wallet.win(vendor, {
      token,
      roundId,
      gameCode: game,
      txId: `${roundId}-w`,
      amount: '0',
      endRound: true,
    });
  return `${roundId}-b`;
}

const balance = (id: bigint) => accountBalance(t.ctx.db, memberWalletKey(1, id, 'PHP'));
const settlements = (ids: bigint[]) =>
  t.ctx.db
    .selectFrom('rebate_settlement')
    .selectAll()
    .where('beneficiary_id', 'in', ids)
    .orderBy('day')
    .orderBy('beneficiary_id')
    .execute();

describe('rebate run', () => {
  it('pays every upline its difference on a closed day exactly once, as the pure maths says', async () => {
    t.clock.set(`${DAY1}T09:00:00Z`);
    // Five levels: 7.80 % → 6.00 % → 4.00 % → 2.00 % → the player at 1.00 % (not paid: player rebate off).
    const c = await chain([780, 600, 400, 200, 100], [1, 1, 1, 1, 0]);
    const player = c[4]!;
    const agentD = c[3]!;
    await fundFromClearing(t.ctx.db, player.id, 1_000_000n, t.clock.now());
    await fundFromClearing(t.ctx.db, agentD.id, 1_000_000n, t.clock.now());
    await play(player.id, 0, 12_345n);
    await play(player.id, 0, 50_000n);
    await play(agentD.id, 1, 7_777n);
    const before = await Promise.all(c.map((m) => balance(m.id)));

    // Not before the day has closed and the grace has passed.
    t.clock.set(new Date(Date.parse(`${DAY1}T23:59:00Z`) + REBATE_GRACE_MS));
    expect((await runDueRebates(t.ctx.db, t.clock)).filter((r) => r.day === DAY1)).toEqual([]);
    t.clock.set(new Date(Date.parse('2026-06-02T00:00:00Z') + REBATE_GRACE_MS));
    const reports = await runDueRebates(t.ctx.db, t.clock);
    expect(reports.find((r) => r.day === DAY1)).toMatchObject({ computed: true, busy: false });

    const links = c.map((m) => ({ memberId: m.id, rateBp: m.rate })).reverse();
    const expected = new Map<bigint, bigint>();
    for (const l of [
      ...differentialRebates(62_345n, links, false),
      ...differentialRebates(7_777n, links.slice(1), false),
    ])
      expected.set(l.memberId, (expected.get(l.memberId) ?? 0n) + l.amount);
    const after = await Promise.all(c.map((m) => balance(m.id)));
    expect(c.map((m, i) => after[i]! - before[i]!)).toEqual(c.map((m) => expected.get(m.id) ?? 0n));
    // The top agent earns 7.80 − 6.00 = 1.80 % of each bettor's day, each line rounded down.
    expect(after[0]! - before[0]!).toBe((62_345n * 180n) / 10_000n + (7_777n * 180n) / 10_000n);

    // A second run, or a second process, finds nothing left to pay.
    await runDueRebates(t.ctx.db, t.clock);
    await Promise.all([runDueRebates(t.ctx.db, t.clock), runDueRebates(t.ctx.db, t.clock)]);
    expect(await Promise.all(c.map((m) => balance(m.id)))).toEqual(after);
    const paid = await settlements(c.map((m) => m.id));
    expect(paid.map((s) => [s.beneficiary_id, s.kind, s.paid])).toEqual(
      [...expected].sort(([a], [b]) => (a < b ? -1 : 1)).map(([id, a]) => [id, 'commission', a]),
    );
    expect(paid.every((s) => s.transfer_id !== null)).toBe(true);
    // The agent's commission, paid on the 2nd, counts on the 1st: the day of the play it pays for (issue 49).
    const days = await t.ctx.db
      .selectFrom('member_day')
      .select(['member_id', 'day', 'commissions'])
      .where('member_id', '=', c[0]!.id)
      .where('commissions', '<>', 0n)
      .execute();
    expect(days.map((d) => [d.member_id, d.day, d.commissions])).toEqual([
      [c[0]!.id, DAY1, expected.get(c[0]!.id)],
    ]);
    await expectLedgerClean(t.ctx.db);
  });

  it('reverses a cancelled bet on the day of its refund: carried, then netted with later earnings', async () => {
    t.clock.set('2026-06-03T10:00:00Z');
    const c = await chain([500, 300, 0], [1, 1, 0]);
    const [top, mid, player] = c as [(typeof c)[0], (typeof c)[0], (typeof c)[0]];
    await fundFromClearing(t.ctx.db, player.id, 1_000_000n, t.clock.now());
    // Day 3: a bet whose round the vendor rolls back the next day.
    const vendor = (await gameWalletRepository.vendor(t.ctx.db, 1, 'PSIM'))!;
    const { token } = await issueLaunchToken(t.ctx.db, t.clock, {
      merchantId: 1,
      memberId: player.id,
      memberType: 0,
      currency: 'PHP',
      vendorCode: 'PSIM',
    });
    const wallet = gameWalletService(t.ctx.db, t.clock);
    await wallet.bet(vendor, { token, roundId: 'late', gameCode: game, txId: 'late-b', amount: '1000.00' });
    t.clock.set(new Date(Date.parse('2026-06-04T00:00:00Z') + REBATE_GRACE_MS));
    await runDueRebates(t.ctx.db, t.clock);
    // mid earns 3.00 % of 1000, top 5.00 − 3.00 = 2.00 %.
    expect((await settlements([top.id, mid.id])).map((s) => [s.day, s.paid])).toEqual([
      ['2026-06-03', 2_000n],
      ['2026-06-03', 3_000n],
    ]);

    // Day 4: the round is rolled back (a refund of 1000) and the player bets 200 again.
    t.clock.set('2026-06-04T12:00:00Z');
    await wallet.rollback(vendor, { token, roundId: 'late', txId: 'late-r', originalTxId: 'late-b' });
    await play(player.id, 0, 20_000n);
    t.clock.set(new Date(Date.parse('2026-06-05T00:00:00Z') + REBATE_GRACE_MS));
    await runDueRebates(t.ctx.db, t.clock);
    // Day 5: 1500 of play.
    t.clock.set('2026-06-05T12:00:00Z');
    await play(player.id, 0, 150_000n);
    t.clock.set(new Date(Date.parse('2026-06-06T00:00:00Z') + REBATE_GRACE_MS));
    await runDueRebates(t.ctx.db, t.clock);

    const rows = await settlements([mid.id]);
    expect(rows.map((s) => [s.day, s.amount, s.carry_in, s.paid, s.carry_out])).toEqual([
      ['2026-06-03', 3_000n, 0n, 3_000n, 0n],
      // Net turnover −800: −24.00 reversed; nothing taken, carried.
      ['2026-06-04', -2_400n, 0n, 0n, -2_400n],
      // 1500 × 3 % = 45.00, less the carried 24.00.
      ['2026-06-05', 4_500n, -2_400n, 2_100n, 0n],
    ]);
    expect(await balance(mid.id)).toBe(3_000n + 2_100n);
    expect(await balance(top.id)).toBe(2_000n - 1_600n + 3_000n);
    // Over the three days, each earned exactly its rate difference on the turnover that stood.
    expect(await balance(mid.id)).toBe(((150_000n + 20_000n) * 300n) / 10_000n);
    await expectLedgerClean(t.ctx.db);
  });

  it('survives a process dying mid-run: the next run pays what is left, each settlement once', async () => {
    t.clock.set('2026-06-07T10:00:00Z');
    const agents = await chain([700, 500], [1, 1]);
    const players = [];
    for (let i = 0; i < 5; i++) {
      const p = await createMember(t, { type: 0 });
      await t.ctx.db.updateTable('member').set({ upline_id: agents[1]!.id }).where('id', '=', p.id).execute();
      await fundFromClearing(t.ctx.db, p.id, 100_000n, t.clock.now());
      await play(p.id, 0, 10_000n);
      players.push(p);
    }
    t.clock.set(new Date(Date.parse('2026-06-08T00:00:00Z') + REBATE_GRACE_MS));
    let n = 0;
    await expect(
      runDueRebates(t.ctx.db, t.clock, {
        hooks: {
          afterSettlement: () => {
            if (++n === 1) throw new Error('killed');
          },
        },
      }),
    ).rejects.toThrow('killed');
    // The crash rolled its chunk back whole: nothing paid for the day yet.
    expect(await settlements(agents.map((a) => a.id))).toEqual([]);
    await runDueRebates(t.ctx.db, t.clock);
    const rows = await settlements(agents.map((a) => a.id));
    expect(rows.map((s) => [s.beneficiary_id, s.paid])).toEqual([
      [agents[0]!.id, (50_000n * 200n) / 10_000n],
      [agents[1]!.id, (50_000n * 500n) / 10_000n],
    ]);
    const run = await t.ctx.db
      .selectFrom('rebate_run')
      .selectAll()
      .where('day', '=', '2026-06-07')
      .executeTakeFirstOrThrow();
    expect(run.paid_at).not.toBeNull();
    await expectLedgerClean(t.ctx.db);
  });

  it('the agent reads what the run paid it, the lines behind it, and today so far; only its own', async () => {
    t.clock.set('2026-06-10T10:00:00Z');
    const c = await chain([600, 300, 0], [1, 1, 0]);
    const [top, mid, player] = c as [(typeof c)[0], (typeof c)[0], (typeof c)[0]];
    const who = await t.ctx.db
      .selectFrom('member')
      .selectAll()
      .where('id', 'in', [top.id, mid.id, player.id])
      .orderBy('id')
      .execute();
    await fundFromClearing(t.ctx.db, player.id, 1_000_000n, t.clock.now());
    await play(player.id, 0, 100_000n);
    t.clock.set(new Date(Date.parse('2026-06-11T00:00:00Z') + REBATE_GRACE_MS));
    await runDueRebates(t.ctx.db, t.clock);
    t.clock.set('2026-06-11T12:00:00Z');
    await play(player.id, 0, 50_000n);
    await rollUpHouse(t.ctx.db); // what the API processes do every 2 s

    const income = async (m: (typeof who)[0]) =>
      t.request<{ success: true; value: RebateIncome }>({
        method: 'GET',
        url: '/api/agent/team/rebate-income?from=2026-06-10&to=2026-06-11',
        headers: { merchant: 'panalo', ...bearer(await sessionFor(t, m)) },
      });
    const r = await income(who[1]!);
    expect(r.status).toBe(200);
    expect(r.body.value).toMatchObject({
      paid: '30.00',
      earned: '30.00',
      today: { day: '2026-06-11', turnover: '500.00', amount: '15.00' },
      days: [{ day: '2026-06-10', turnover: '1000.00', amount: '30.00', paid: '30.00', carried: '0.00' }],
      list: [
        {
          day: '2026-06-10',
          source: who[2]!.username,
          own: false,
          product,
          turnover: '1000.00',
          rate: '3.00',
          amount: '30.00',
        },
      ],
      total: 1,
    });
    // The top agent's line names the branch (its direct downline), not the player below it.
    const topView = (await income(who[0]!)).body.value;
    expect(topView.list.map((l) => [l.source, l.rate, l.amount])).toEqual([
      [who[1]!.username, '3.00', '30.00'],
    ]);
    // A player has no rebate income to read.
    expect((await income(who[2]!)).status).toBe(403);
  });
});
