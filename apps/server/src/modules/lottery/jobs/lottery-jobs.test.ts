import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Clock } from '../../../lib/clock';
import { createTestApp, type TestApp } from '../../../test-support/test-app';
import { expectLedgerClean } from '../../../test-support/ledger';
import { getGame } from '../engine/registry';
import { periodAt } from '../engine/schedule';
import { lotteryEvents, type LotteryEvent } from '../lottery.events';
import { findPeriod } from '../lottery.periods';
import { lotteryApi, lotteryPlayer, value, type Placed } from '../lottery.test-support';
import { startLotteryJobs, transitionJobId, type LotteryJobs } from './lottery-jobs';

let t: TestApp;
const START = new Date('2026-06-01T08:00:00.000Z');

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await expectLedgerClean(t.ctx.db);
  await t.close();
});

async function until(check: () => Promise<boolean>, ms: number) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 200));
  }
  return false;
}

describe('lottery jobs on pg-boss (issue 6)', () => {
  it('a job id is the same in every process for one (game, numero, transition) and differs otherwise', () => {
    const j = { gameCode: 'WINGO1', numero: '202606010961', transition: 'draw' as const };
    expect(transitionJobId(j)).toBe(transitionJobId({ ...j }));
    expect(transitionJobId(j)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-a[0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(transitionJobId({ ...j, transition: 'lock' })).not.toBe(transitionJobId(j));
    expect(transitionJobId({ ...j, numero: '202606010962' })).not.toBe(transitionJobId(j));
  });

  it('two processes on one database: each transition of a period runs once, its bets are settled once', async () => {
    const wingo1 = getGame('WINGO1');
    const p = periodAt(wingo1, START);
    let offset = 0;
    const clock: Clock = { now: () => new Date(Date.now() + offset) };
    const seen: LotteryEvent[] = [];
    const buses = [lotteryEvents(), lotteryEvents()];
    for (const bus of buses)
      bus.subscribe((e) => {
        if (e.gameCode === 'WINGO1' && e.numero === p.numero) seen.push(e);
      });
    const errors: unknown[] = [];
    const jobs: LotteryJobs[] = [];
    // pg-boss waits in real time, so the jobs' clock runs with it. Starting pg-boss takes seconds: both
    // processes start while nothing is sold (nothing planned), then only WINGO1 is sold and both plan.
    // Every seeded game is sold; `only` sells that one alone (for the test), null restores all.
    const sell = async (only: string | null) => {
      await t.ctx.db
        .updateTable('lottery_merchant_game')
        .set({ enabled: only === null })
        .execute();
      if (only !== null)
        await t.ctx.db
          .updateTable('lottery_merchant_game')
          .set({ enabled: true })
          .where('game_code', '=', only)
          .execute();
    };
    try {
      await sell('NONE');
      for (const bus of buses)
        jobs.push(
          await startLotteryJobs({
            db: t.ctx.db,
            kind: t.ctx.dbKind,
            clock,
            events: bus,
            onError: (e) => errors.push(e),
            pollSeconds: 0.5,
          }),
        );
      await sell('WINGO1');
      offset = p.lockAt.getTime() - 4_000 - Date.now();
      // The bet route reads the app's clock: put it on the jobs' time.
      t.clock.set(clock.now());
      const player = await lotteryPlayer(t, { funds: 10_000n });
      const api = lotteryApi(t);
      value<Placed>(
        await api.bet(player, {
          gameCode: 'WINGO1',
          numero: p.numero,
          items: Array.from({ length: 10 }, (_, d) => ({
            betType: 'number',
            selection: String(d),
            amount: '1.00',
          })),
        }),
      );
      await jobs[0]!.plan();
      await jobs[1]!.plan();
      // Planning takes well under the 4 s left (about 1 s on PGlite): the lock and the draw come from the queue.
      // From here this host's clock runs 1.5 s behind the one the jobs were planned by (hosts' clocks differ
      // a little): pg-boss hands the jobs over early by this clock, and they must wait, not be dropped.
      offset -= 1_500;
      expect(['open', 'locked']).toContain((await findPeriod(t.ctx.db, 'WINGO1', p.numero))!.state);
      expect(
        await until(async () => (await findPeriod(t.ctx.db, 'WINGO1', p.numero))!.state === 'locked', 8_000),
      ).toBe(true);
      expect(
        await until(
          async () => (await findPeriod(t.ctx.db, 'WINGO1', p.numero))!.state === 'settled',
          10_000,
        ),
      ).toBe(true);
      // Both processes plan again: the period's jobs exist once, and nothing runs twice.
      await jobs[0]!.plan();
      await jobs[1]!.plan();
      expect(seen.map((e) => e.type)).toEqual(['open', 'lock', 'draw', 'settle']);
      const wins = await t.ctx.db
        .selectFrom('ledger_transfer')
        .select('id')
        .where('kind', '=', 'lottery_win')
        .where('reference', '=', `lottery:WINGO1:${p.numero}`)
        .execute();
      expect(wins).toHaveLength(1);
      expect(await api.wallet(player)).toBe(10_000n - 1_000n + 900n);
      expect(errors).toEqual([]);
    } finally {
      for (const j of jobs) await j.stop();
      await sell(null);
      t.clock.set(START);
    }
  }, 120_000);
});
