import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test-support/test-app';
import { expectLedgerClean } from '../../../test-support/ledger';
import { drawResult, formatResult } from '../engine/draw';
import { getGame } from '../engine/registry';
import { nextPeriod, periodAt, type Period } from '../engine/schedule';
import { lotteryEvents, type LotteryEvent } from '../lottery.events';
import { cancelPeriod, drawPeriod, findPeriod, PERIOD_HORIZON_MS } from '../lottery.periods';
import { settlePeriod } from '../lottery.settlement';
import { lotteryApi, lotteryPlayer, value, type LotteryPlayer, type Placed } from '../lottery.test-support';
import { schedulerTick } from './lottery-scheduler';

let t: TestApp;
let api: ReturnType<typeof lotteryApi>;
const START = new Date('2026-06-01T08:00:00.000Z');
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

beforeAll(async () => {
  t = await createTestApp();
  api = lotteryApi(t);
});
afterEach(() => expectLedgerClean(t.ctx.db));
afterAll(() => t.close());

const rowsOf = (gameCode: string) =>
  t.ctx.db
    .selectFrom('lottery_period')
    .select(['id', 'numero', 'state', 'seed', 'seed_hash', 'result', 'draw_at', 'open_at'])
    .where('game_code', '=', gameCode)
    .orderBy('draw_at')
    .execute();

/** An order of 1 unit on every digit of a Wingo period: whatever is drawn, exactly one bet wins 9 × amount. */
async function everyDigit(p: LotteryPlayer, gameCode: string, numero: string, amount: string) {
  return value<Placed>(
    await api.bet(p, {
      gameCode,
      numero,
      items: Array.from({ length: 10 }, (_, d) => ({ betType: 'number', selection: String(d), amount })),
    }),
  );
}

async function winTransfers(gameCode: string, numero: string) {
  return t.ctx.db
    .selectFrom('ledger_transfer as tr')
    .innerJoin('ledger_entry as e', 'e.transfer_id', 'tr.id')
    .innerJoin('ledger_account as a', 'a.id', 'e.account_id')
    .select(['tr.id', 'e.amount', 'a.owner_member_id'])
    .where('tr.kind', '=', 'lottery_win')
    .where('tr.reference', '=', `lottery:${gameCode}:${numero}`)
    .where('a.owner_member_id', 'is not', null)
    .execute();
}

describe('lottery scheduler (issue 6)', () => {
  it('a tick creates the periods ahead with their seeds committed: hashes stored, the period on sale open', async () => {
    expect(await schedulerTick(t.ctx.db, t.clock)).toBeGreaterThan(0);
    const sold = ['WINGO1', 'WINGO3', 'WINGO5', '5D', 'K3', 'VNLOTTO', 'JACKPOT645'];
    for (const code of sold) {
      const rows = await rowsOf(code);
      const game = getGame(code);
      const now = periodAt(game, START);
      expect(rows.length, code).toBeGreaterThanOrEqual(2);
      expect(rows[0]!.numero, code).toBe(now.numero);
      // Up to the horizon: every period opening within it exists.
      const lastOpen = rows[rows.length - 1]!.open_at.getTime();
      expect(nextPeriod(game, periodAt(game, new Date(lastOpen))).openAt.getTime(), code).toBeGreaterThan(
        START.getTime() + PERIOD_HORIZON_MS,
      );
      for (const r of rows) {
        expect(sha256(r.seed), `${code} ${r.numero}`).toBe(r.seed_hash);
        expect(r.result).toBeNull();
      }
      expect(rows.map((r) => r.state)).toEqual(rows.map((_, i) => (i === 0 ? 'open' : 'scheduled')));
    }
    // A second tick at the same time changes nothing (no new seeds, nothing to run).
    const before = await rowsOf('WINGO1');
    expect(await schedulerTick(t.ctx.db, t.clock)).toBe(0);
    expect(await rowsOf('WINGO1')).toEqual(before);
  });

  it('advancing the clock opens, locks, draws and settles with the seed whose hash was stored before the opening', async () => {
    const wingo1 = getGame('WINGO1');
    const p = nextPeriod(wingo1, periodAt(wingo1, START));
    const hashBefore = (await findPeriod(t.ctx.db, 'WINGO1', p.numero))!.seed_hash;
    const events: LotteryEvent[] = [];
    const bus = lotteryEvents();
    bus.subscribe((e) => {
      if (e.gameCode === 'WINGO1' && e.numero === p.numero) events.push(e);
    });
    const player = await lotteryPlayer(t, { funds: 10_000n });
    const state = async () => (await findPeriod(t.ctx.db, 'WINGO1', p.numero))!.state;

    t.clock.set(p.openAt);
    await schedulerTick(t.ctx.db, t.clock, bus);
    expect(await state()).toBe('open');
    await everyDigit(player, 'WINGO1', p.numero, '1.00');
    expect(await api.wallet(player)).toBe(9_000n);

    t.clock.set(p.lockAt);
    await schedulerTick(t.ctx.db, t.clock, bus);
    expect(await state()).toBe('locked');

    t.clock.set(new Date(p.drawAt.getTime() - 1));
    await schedulerTick(t.ctx.db, t.clock, bus);
    expect(await state()).toBe('locked');

    t.clock.set(p.drawAt);
    await schedulerTick(t.ctx.db, t.clock, bus);
    const row = (await findPeriod(t.ctx.db, 'WINGO1', p.numero))!;
    expect(row.state).toBe('settled');
    expect(row.seed_hash).toBe(hashBefore);
    expect(sha256(row.seed)).toBe(hashBefore);
    expect(row.result).toBe(formatResult('WINGO1', drawResult(row.seed, 'WINGO1', p.numero)));
    expect(events.map((e) => e.type)).toEqual(['open', 'lock', 'draw', 'settle']);
    expect(events[2]!.result).toBe(row.result);

    const bets = await t.ctx.db
      .selectFrom('lottery_bet')
      .select(['selection', 'status', 'payout'])
      .where('period_id', '=', row.id)
      .execute();
    expect(bets.filter((b) => b.status === 'won')).toEqual([
      { selection: row.result, status: 'won', payout: 900n },
    ]);
    expect(bets.filter((b) => b.status === 'lost')).toHaveLength(9);
    expect(await api.wallet(player)).toBe(9_900n);
    expect(await winTransfers('WINGO1', p.numero)).toHaveLength(1);
  });

  it('catch-up: periods whose draw passed while down are drawn with the seeds committed before, and settled on the next tick', async () => {
    const wingo3 = getGame('WINGO3');
    t.clock.set(START);
    await schedulerTick(t.ctx.db, t.clock);
    const before = new Map((await rowsOf('WINGO3')).map((r) => [r.numero, r]));
    // A bet on the period on sale, and one on the next: both are drawn during the outage.
    const onSale = periodAt(wingo3, START);
    const after = nextPeriod(wingo3, onSale);
    const player = await lotteryPlayer(t, { funds: 10_000n });
    await everyDigit(player, 'WINGO3', onSale.numero, '2.00');
    // No tick from here on: the next period is on sale by time alone, and the outage starts.
    t.clock.set(after.openAt);
    await everyDigit(player, 'WINGO3', after.numero, '1.00');
    const afterBets = await api.wallet(player);

    // Down for 20 minutes, then one tick.
    const back = new Date(after.openAt.getTime() + 20 * 60_000);
    t.clock.set(back);
    await schedulerTick(t.ctx.db, t.clock);
    const missed: Period[] = [];
    for (let p = onSale; p.drawAt <= back; p = nextPeriod(wingo3, p)) missed.push(p);
    expect(missed.length).toBeGreaterThanOrEqual(7);
    for (const m of missed) {
      const row = (await findPeriod(t.ctx.db, 'WINGO3', m.numero))!;
      const committed = before.get(m.numero);
      expect(committed, m.numero).toBeDefined();
      expect(row.state, m.numero).toBe('settled');
      expect(row.seed).toBe(committed!.seed);
      expect(sha256(row.seed)).toBe(committed!.seed_hash);
      expect(row.result).toBe(formatResult('WINGO3', drawResult(row.seed, 'WINGO3', m.numero)));
    }
    // Every bet settled once: one win of 9 × the amount on each period, one transfer each.
    expect(await api.wallet(player)).toBe(afterBets + 1_800n + 900n);
    expect(await winTransfers('WINGO3', onSale.numero)).toHaveLength(1);
    expect(await winTransfers('WINGO3', after.numero)).toHaveLength(1);
    const open = await t.ctx.db
      .selectFrom('lottery_bet')
      .select('id')
      .where('member_id', '=', player.m.id)
      .where('status', '=', 'accepted')
      .execute();
    expect(open).toEqual([]);
    // Nothing left to do at that time.
    expect(await schedulerTick(t.ctx.db, t.clock)).toBe(0);
    expect(await api.wallet(player)).toBe(afterBets + 2_700n);
  });

  it('a settlement killed part-way is undone, and the next tick settles every bet exactly once', async () => {
    const wingo5 = getGame('WINGO5');
    const now = t.clock.now();
    await schedulerTick(t.ctx.db, t.clock);
    const p = periodAt(wingo5, now);
    const a = await lotteryPlayer(t, { funds: 10_000n });
    const b = await lotteryPlayer(t, { funds: 10_000n });
    await everyDigit(a, 'WINGO5', p.numero, '1.00');
    await everyDigit(b, 'WINGO5', p.numero, '3.00');
    await everyDigit(b, 'WINGO5', p.numero, '1.00');
    t.clock.set(p.drawAt);
    const row = (await findPeriod(t.ctx.db, 'WINGO5', p.numero))!;
    await drawPeriod(t.ctx.db, row.id, t.clock.now());
    await expect(
      settlePeriod(t.ctx.db, row.id, t.clock.now(), undefined, {
        afterBets: () => {
          throw new Error('killed');
        },
      }),
    ).rejects.toThrow('killed');
    expect((await findPeriod(t.ctx.db, 'WINGO5', p.numero))!.state).toBe('drawn');
    const accepted = await t.ctx.db
      .selectFrom('lottery_bet')
      .select('status')
      .where('period_id', '=', row.id)
      .execute();
    expect(accepted.every((x) => x.status === 'accepted')).toBe(true);
    expect(await api.wallet(a)).toBe(9_000n);
    expect(await api.wallet(b)).toBe(6_000n);
    expect(await winTransfers('WINGO5', p.numero)).toEqual([]);

    await schedulerTick(t.ctx.db, t.clock);
    await schedulerTick(t.ctx.db, t.clock);
    expect((await findPeriod(t.ctx.db, 'WINGO5', p.numero))!.state).toBe('settled');
    expect(await api.wallet(a)).toBe(9_000n + 900n);
    expect(await api.wallet(b)).toBe(6_000n + 2_700n + 900n);
    const wins = await winTransfers('WINGO5', p.numero);
    // One transfer per wallet, however many of its bets won.
    expect(wins.map((w) => [w.owner_member_id, w.amount]).sort((x, y) => Number(x[1]! - y[1]!))).toEqual([
      [a.m.id, 900n],
      [b.m.id, 3_600n],
    ]);
    expect(new Set(wins.map((w) => w.id)).size).toBe(2);
    const statuses = await t.ctx.db
      .selectFrom('lottery_bet')
      .select(['status'])
      .where('period_id', '=', row.id)
      .execute();
    expect(statuses.filter((s) => s.status === 'won')).toHaveLength(3);
    expect(statuses.filter((s) => s.status === 'lost')).toHaveLength(27);
  });
  it('a cancelled period takes no more bets, and the next tick refunds every bet once', async () => {
    await schedulerTick(t.ctx.db, t.clock);
    const p = periodAt(getGame('WINGO1'), t.clock.now());
    const player = await lotteryPlayer(t, { funds: 10_000n });
    await everyDigit(player, 'WINGO1', p.numero, '1.00');
    await everyDigit(player, 'WINGO1', p.numero, '2.00');
    const row = (await findPeriod(t.ctx.db, 'WINGO1', p.numero))!;
    const events: LotteryEvent[] = [];
    const bus = lotteryEvents();
    bus.subscribe((e) => events.push(e));
    expect(await cancelPeriod(t.ctx.db, row.id, t.clock.now(), bus)).toBe(true);
    expect(await cancelPeriod(t.ctx.db, row.id, t.clock.now(), bus)).toBe(false);
    const late = await api.bet(player, {
      gameCode: 'WINGO1',
      numero: p.numero,
      items: [{ betType: 'size', selection: 'big', amount: '1.00' }],
    });
    expect(late.status).toBe(409);
    expect(await api.wallet(player)).toBe(7_000n);
    await schedulerTick(t.ctx.db, t.clock, bus);
    await schedulerTick(t.ctx.db, t.clock, bus);
    expect((await findPeriod(t.ctx.db, 'WINGO1', p.numero))!.state).toBe('refunded');
    expect(await api.wallet(player)).toBe(10_000n);
    const bets = await t.ctx.db
      .selectFrom('lottery_bet')
      .select(['status', 'payout', 'stake'])
      .where('period_id', '=', row.id)
      .execute();
    expect(bets).toHaveLength(20);
    expect(bets.every((b) => b.status === 'refunded' && b.payout === b.stake)).toBe(true);
    const refunds = await t.ctx.db
      .selectFrom('ledger_transfer')
      .select('id')
      .where('kind', '=', 'lottery_refund')
      .where('reference', '=', `lottery:WINGO1:${p.numero}`)
      .execute();
    expect(refunds).toHaveLength(1);
    expect(events.filter((e) => e.numero === p.numero).map((e) => e.type)).toEqual(['cancel', 'settle']);
  });
  it('a period whose settlement keeps failing does not stop the others: they are drawn and settled, it waits', async () => {
    // The next WINGO1 period (the one on sale now was cancelled above).
    t.clock.set(periodAt(getGame('WINGO1'), t.clock.now()).drawAt);
    await schedulerTick(t.ctx.db, t.clock);
    const w1 = periodAt(getGame('WINGO1'), t.clock.now());
    const w3 = periodAt(getGame('WINGO3'), t.clock.now());
    const poisoned = (await findPeriod(t.ctx.db, 'WINGO1', w1.numero))!;
    // A fault in the database for this one period: its move to settled fails, every time.
    await sql
      .raw(
        `create function lottery_test_poison() returns trigger language plpgsql as $$
         begin
           if new.id = ${poisoned.id} and new.state = 'settled' then raise exception 'poisoned'; end if;
           return new;
         end $$`,
      )
      .execute(t.ctx.db);
    await sql
      .raw(
        `create trigger lottery_test_poison before update on lottery_period
         for each row execute function lottery_test_poison()`,
      )
      .execute(t.ctx.db);
    try {
      t.clock.set(new Date(Math.max(w1.drawAt.getTime(), w3.drawAt.getTime())));
      const errors: unknown[] = [];
      await schedulerTick(t.ctx.db, t.clock, undefined, (err) => errors.push(err));
      expect(errors.length).toBeGreaterThanOrEqual(1);
      expect(String(errors[0])).toContain('poisoned');
      expect((await findPeriod(t.ctx.db, 'WINGO1', w1.numero))!.state).toBe('drawn');
      expect((await findPeriod(t.ctx.db, 'WINGO3', w3.numero))!.state).toBe('settled');
      // Without a handler the tick still does the rest, then reports the failure.
      await expect(schedulerTick(t.ctx.db, t.clock)).rejects.toThrow('poisoned');
    } finally {
      await sql.raw('drop trigger lottery_test_poison on lottery_period').execute(t.ctx.db);
      await sql.raw('drop function lottery_test_poison()').execute(t.ctx.db);
    }
    await schedulerTick(t.ctx.db, t.clock);
    expect((await findPeriod(t.ctx.db, 'WINGO1', w1.numero))!.state).toBe('settled');
  });
});
