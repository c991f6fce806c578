import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { createMember, sessionFor } from '../../test-support/members';
import { expectLedgerClean } from '../../test-support/ledger';
import { issueLaunchToken } from '../game-wallet/game-launch';
import { seedGameWallet } from '../game-wallet/game-wallet.seed';
import { fundWallet, vendorCall } from '../game-wallet/vendor-client';
import { seedGames } from '../games/games.seed';
import { schedulerTick } from '../lottery/jobs/lottery-scheduler';
import { settlePeriod } from '../lottery/lottery.settlement';
import { wingo5Drawn } from '../lottery/lottery.test-support';
import { rollUpHouse } from '../wallet/house-rollup';
import { checkLedger } from '../wallet/ledger-check';
import { ledgerAccount, memberWalletKey, postTransfer } from '../wallet/ledger';
import type { Kysely } from 'kysely';
import { backfill } from '../../db/migrations/0026_member_day';
import { figureLegsOf, figuresOf } from './member-day';

describe('figuresOf: which transfer kinds are reported figures', () => {
  const wallet = (amount: bigint) => ({ amount, kind: 'member_wallet' as const, ownerMemberId: 7n });
  const house = (amount: bigint) => ({ amount, kind: 'house' as const, ownerMemberId: null });

  it('reads a bet, a win and a refund from the wallet leg', () => {
    expect(figuresOf('bet', [wallet(-500n), house(500n)])).toEqual({
      memberId: 7n,
      figures: { bets: 500n, betCount: 1 },
    });
    expect(figuresOf('lottery_win', [house(-900n), wallet(900n)])?.figures).toEqual({ wins: 900n });
    expect(figuresOf('rollback', [house(-500n), wallet(500n)])?.figures).toEqual({ refunds: 500n });
  });

  it('reads a paid withdrawal from the pending-withdrawal leg, not the wallet', () => {
    const pending = { amount: -2000n, kind: 'pending_withdrawal' as const, ownerMemberId: 9n };
    expect(figuresOf('withdrawal_paid', [pending, house(2000n)])).toEqual({
      memberId: 9n,
      figures: { withdrawals: 2000n, withdrawalCount: 1 },
    });
  });

  it('counts contract pay as commissions on every member wallet it touches: the agent paid and an upline paying', () => {
    const promotion = { amount: -3000n, kind: 'promotion' as const, ownerMemberId: null };
    expect(figureLegsOf('agent_salary', [promotion, wallet(3000n)])).toEqual([
      { memberId: 7n, figures: { commissions: 3000n } },
    ]);
    const upline = { amount: -3000n, kind: 'member_wallet' as const, ownerMemberId: 5n };
    expect(figureLegsOf('agent_dividend', [upline, wallet(3000n)])).toEqual([
      { memberId: 5n, figures: { commissions: -3000n } },
      { memberId: 7n, figures: { commissions: 3000n } },
    ]);
    expect(figureLegsOf('bet', [wallet(-500n), house(500n)])).toEqual([
      { memberId: 7n, figures: { bets: 500n, betCount: 1 } },
    ]);
    expect(figureLegsOf('transfer_upline', [wallet(-1n), house(1n)])).toEqual([]);
  });

  it('counts nothing for holds, adjustments and transfers between members', () => {
    for (const kind of ['withdrawal_hold', 'adjustment', 'transfer_upline', 'trial_grant'])
      expect(figuresOf(kind, [wallet(-1n), house(1n)])).toBeNull();
  });
});

describe('member_day: a member’s daily figures move with the money (migration 0026)', () => {
  let t: TestApp;
  let merchantId: number;
  let n = 0;

  beforeAll(async () => {
    t = await createTestApp();
    await seedGames(t.ctx.db);
    await seedGameWallet(t.ctx.db);
    merchantId = (
      await t.ctx.db
        .selectFrom('merchant')
        .select('id')
        .where('code', '=', 'panalo')
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(async () => {
    await expectLedgerClean(t.ctx.db);
    await t.close();
  });

  const days = async (memberId: bigint) =>
    (
      await sql<{
        day: string;
        product: string;
        bets: string;
        bet_count: number;
        wins: string;
        refunds: string;
      }>`
        select day, product, bets::text, bet_count, wins::text, refunds::text, deposits::text,
          deposit_count, first_deposits
        from member_day where member_id = ${memberId} order by day, product`.execute(t.ctx.db)
    ).rows;

  async function player() {
    const m = await createMember(t, {});
    await fundWallet(t.ctx.db, {
      merchantId,
      memberId: m.id,
      currency: 'PHP',
      amount: 100_000n,
      key: `md${m.id}`,
    });
    const { token } = await issueLaunchToken(t.ctx.db, t.clock, {
      merchantId,
      memberId: m.id,
      memberType: m.type,
      currency: 'PHP',
      vendorCode: 'PSIM',
      gameCode: null,
    });
    return { m, token };
  }
  const call = (kind: 'bet' | 'win' | 'rollback', body: Record<string, string>) =>
    vendorCall(t, kind, { txId: `md-${++n}`, ...body });

  async function deposit(memberId: bigint, amount: bigint, at: Date) {
    const wallet = await ledgerAccount(t.ctx.db, memberWalletKey(merchantId, memberId, 'PHP'));
    const clearing = await ledgerAccount(t.ctx.db, {
      merchantId,
      book: 'real',
      kind: 'payment_clearing',
      ref: 'TEST',
      currency: 'PHP',
    });
    await t.ctx.db.transaction().execute((trx) =>
      postTransfer(trx, {
        merchantId,
        book: 'real',
        kind: 'deposit',
        createdBy: 'system:test',
        at,
        legs: [
          { accountId: clearing, amount: -amount },
          { accountId: wallet, amount },
        ],
      }),
    );
  }

  it('counts bets, wins and refunds by product group once rolled up; deposits at once, the first one marked', async () => {
    t.clock.set(new Date('2026-06-01T03:00:00Z'));
    const { m, token } = await player();
    const live = await t.ctx.db
      .selectFrom('game')
      .select('game_id')
      .where('vendor_code', '=', 'LVA')
      .executeTakeFirstOrThrow();
    await deposit(m.id, 5_000n, t.clock.now());
    await deposit(m.id, 2_500n, t.clock.now());
    expect(await days(m.id)).toMatchObject([
      { day: '2026-06-01', product: '', deposits: '7500', deposit_count: 2, first_deposits: 1 },
    ]);

    const round = (r: string, game = live.game_id) => ({ token, roundId: `md-${m.id}-${r}`, gameCode: game });
    expect((await call('bet', { ...round('a'), amount: '10.00' })).status).toBe(200);
    expect((await call('win', { ...round('a'), amount: '25.00' })).status).toBe(200);
    const refunded = `md-${n + 1}`;
    expect((await call('bet', { ...round('b'), amount: '4.00' })).status).toBe(200);
    expect(
      (await vendorCall(t, 'rollback', { token, txId: `md-${++n}-rb`, originalTxId: refunded })).status,
    ).toBe(200);
    expect((await call('bet', { ...round('c', 'no-such-game'), amount: '1.00' })).status).toBe(200);

    // Queued, not counted yet; the ledger check counts the queue, so it already holds.
    expect((await days(m.id)).filter((d) => d.product !== '')).toEqual([]);
    expect((await checkLedger(t.ctx.db)).driftedFigures).toEqual([]);
    // Each game's day (migration 0062) moves in the same roll-up: the rollback counts on its bet's game.
    const gameDay = async (game: string) =>
      (
        await sql<{ k: string }>`
          select concat_ws(' ', sum(bets), sum(bet_count), sum(wins), sum(refunds)) as k from game_day
          where merchant_id = ${merchantId} and day = '2026-06-01' and game = ${game}`.execute(t.ctx.db)
      ).rows[0]?.k ?? '';
    const liveBefore = (await gameDay(live.game_id)).split(' ').map((x) => Number(x || 0));
    await rollUpHouse(t.ctx.db);
    expect((await days(m.id)).filter((d) => d.product !== '')).toMatchObject([
      { product: 'live', bets: '1400', bet_count: 2, wins: '2500', refunds: '400' },
      { product: 'slots', bets: '100', bet_count: 1, wins: '0', refunds: '0' },
    ]);
    expect((await gameDay(live.game_id)).split(' ').map(Number)).toEqual(
      [1400, 2, 2500, 400].map((x, i) => x + (liveBefore[i] ?? 0)),
    );
    expect(await gameDay('no-such-game')).toBe('100 1 0 0');
    await expectLedgerClean(t.ctx.db);
  });

  it("the day is the merchant's reporting day (settings.timeZone), for queued bets and posted deposits alike", async () => {
    await sql`update merchant set settings = settings || '{"timeZone":"Asia/Manila"}'::jsonb where id = ${merchantId}`.execute(
      t.ctx.db,
    );
    try {
      // 17:30 UTC on 1 June is 01:30 on 2 June in Manila.
      t.clock.set(new Date('2026-06-01T17:30:00Z'));
      const { m, token } = await player();
      await deposit(m.id, 1_000n, t.clock.now());
      expect(
        (await call('bet', { token, roundId: `md-tz-${m.id}`, gameCode: 'x', amount: '2.00' })).status,
      ).toBe(200);
      await rollUpHouse(t.ctx.db);
      expect((await days(m.id)).map((d) => [d.day, d.product])).toEqual([
        ['2026-06-02', ''],
        ['2026-06-02', 'slots'],
      ]);
    } finally {
      await sql`update merchant set settings = settings - 'timeZone' where id = ${merchantId}`.execute(
        t.ctx.db,
      );
    }
  });

  it('lottery orders and their wins count under the lottery product', async () => {
    t.clock.set(new Date('2026-06-01T08:00:00Z'));
    await schedulerTick(t.ctx.db, t.clock);
    const m = await createMember(t, {});
    await fundWallet(t.ctx.db, {
      merchantId,
      memberId: m.id,
      currency: 'PHP',
      amount: 100_000n,
      key: `mdl${m.id}`,
    });
    const p = { m, token: await sessionFor(t, m), merchant: 'panalo', book: 'real' as const };
    const periodId = await wingo5Drawn(t, [p], '7', 'big');
    await settlePeriod(t.ctx.db, periodId, t.clock.now());
    await rollUpHouse(t.ctx.db);
    const [lottery] = (await days(m.id)).filter((d) => d.product === 'lottery');
    // 10.00 on the number 7 (pays 9x) and 10.00 on big (pays 2x): 20.00 staked in one order.
    expect(lottery).toMatchObject({ bets: '2000', bet_count: 1 });
    expect(BigInt(lottery!.wins)).toBeGreaterThan(0n);
    await expectLedgerClean(t.ctx.db);
  });

  it('checkLedger names a member whose figures drift from the ledger', async () => {
    const { m } = await player();
    await deposit(m.id, 300n, t.clock.now());
    await sql`update member_day set deposits = deposits + 1 where member_id = ${m.id}`.execute(t.ctx.db);
    expect((await checkLedger(t.ctx.db)).driftedFigures).toEqual([`${m.id}:deposits`]);
    await sql`update member_day set deposits = deposits - 1 where member_id = ${m.id}`.execute(t.ctx.db);
  });

  it('the migration’s backfill rebuilds from the ledger what the live counting kept', async () => {
    await rollUpHouse(t.ctx.db);
    const snapshot = async () =>
      (
        await sql<{ k: string }>`
          select member_id || ' ' || day || ' ' || product || ' ' || bets || ' ' || bet_count || ' ' || wins
            || ' ' || refunds || ' ' || deposits || ' ' || deposit_count || ' ' || first_deposits || ' '
            || withdrawals || ' ' || withdrawal_count || ' ' || bonuses as k
          from member_day order by member_id, day, product`.execute(t.ctx.db)
      ).rows.map((r) => r.k);
    const live = await snapshot();
    expect(live.length).toBeGreaterThan(5);
    // The zone the live counting used (the Manila test's member counted 17:30 UTC as 2 June).
    await sql`update merchant set settings = settings || '{"timeZone":"Asia/Manila"}'::jsonb where id = ${merchantId}`.execute(
      t.ctx.db,
    );
    try {
      await sql`delete from member_day`.execute(t.ctx.db);
      await backfill(t.ctx.db as unknown as Kysely<unknown>);
      expect(await snapshot()).toEqual(live);
    } finally {
      await sql`update merchant set settings = settings - 'timeZone' where id = ${merchantId}`.execute(
        t.ctx.db,
      );
    }
  });
});
