import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import type { LotteryBet, PlaceBetsRequest } from '@panalo/contract/lottery';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { expectLedgerClean } from '../../test-support/ledger';
import { bearer, createMember, sessionFor } from '../../test-support/members';
import { fundWallet } from '../game-wallet/vendor-client';
import { accountBalance, memberWalletKey } from '../wallet/ledger';
import { parseResult } from './engine/draw';
import { schedulerTick } from './jobs/lottery-scheduler';
import { getGame } from './engine/registry';
import { periodAt } from './engine/schedule';
import { findPeriod, storeResult } from './lottery.periods';
import { inTransaction } from '../../db/transaction';

export type Ok<T> = { success: true; value: T };
export type Err = { success: false; code: string };
export type Placed = { orderId: string; bets: LotteryBet[]; totalStake: string; balance: string };

let keySeq = 0;
export const newKey = () => `lott-key-${Date.now()}-${++keySeq}`;

/** A member of `merchant` with `funds` (minor units) in the wallet (play book for type 4), and a session. */
export async function lotteryPlayer(
  t: TestApp,
  o: { funds?: bigint; type?: number; merchant?: string } = {},
) {
  const merchant = o.merchant ?? 'panalo';
  const m = await createMember(t, { type: o.type ?? 0, merchant });
  const funds = o.funds ?? 1_000_000n;
  const book = o.type === 4 ? ('play' as const) : ('real' as const);
  if (funds > 0n)
    await fundWallet(t.ctx.db, {
      merchantId: m.merchant_id,
      memberId: m.id,
      currency: 'PHP',
      amount: funds,
      key: `lott-fund-${m.id}`,
      book,
    });
  return { m, token: await sessionFor(t, m), merchant, book };
}
export type LotteryPlayer = Awaited<ReturnType<typeof lotteryPlayer>>;

export function lotteryApi(t: TestApp) {
  const call = <T>(
    p: LotteryPlayer | null,
    method: 'GET' | 'POST',
    url: string,
    body?: unknown,
    idem?: string,
    merchant?: string,
  ) =>
    t.request<Ok<T> | Err>({
      method,
      url,
      headers: {
        merchant: merchant ?? p?.merchant ?? 'panalo',
        ...(p ? bearer(p.token) : {}),
        ...(idem ? { 'idempotency-key': idem } : {}),
      },
      ...(body !== undefined ? { payload: body as Record<string, unknown> } : {}),
    });
  return {
    call,
    bet: (p: LotteryPlayer, body: PlaceBetsRequest, key = newKey()) =>
      call<Placed>(p, 'POST', '/api/lottery/bets', body, key),
    wallet: (p: LotteryPlayer) =>
      accountBalance(t.ctx.db, memberWalletKey(p.m.merchant_id, p.m.id, 'PHP', p.book)),
  };
}

export const value = <T>(r: { body: Ok<T> | Err }): T => {
  expect(r.body.success, JSON.stringify(r.body)).toBe(true);
  return (r.body as Ok<T>).value;
};
export const code = (r: { status: number; body: unknown }) => [r.status, (r.body as Err).code] as const;

/** Stores a hand-written result for a period the way the draw does (instead of the seed's result). */
export async function storeHandResult(t: TestApp, gameCode: string, numero: string, text: string) {
  const p = await findPeriod(t.ctx.db, gameCode, numero);
  if (!p) throw new Error(`no period ${gameCode} ${numero}`);
  const result = parseResult(gameCode, text);
  if (!result) throw new Error(`bad result ${text}`);
  await inTransaction(t.ctx.db, 'lottery.test-support.storeHandResult', (trx) =>
    storeResult(trx, p, result, t.clock.now()),
  );
  return p.id;
}

/** The server clock of the Wingo test files at the start of every test. */
export const LOTTERY_START = new Date('2026-06-01T08:00:00.000Z');

/**
 * One test app for a file, handed to `use` once made: periods created, and after every test the ledger
 * checked and the clock put back to LOTTERY_START.
 */
export function useLotteryApp(use: (t: TestApp, api: ReturnType<typeof lotteryApi>) => void): void {
  let app: TestApp | undefined;
  beforeAll(async () => {
    app = await createTestApp();
    use(app, lotteryApi(app));
    await schedulerTick(app.ctx.db, app.clock);
  });
  afterEach(async () => {
    await expectLedgerClean(app!.ctx.db);
    app!.clock.set(LOTTERY_START);
  });
  afterAll(() => app?.close());
}

/**
 * Each player bets 10.00 on the number `digit` and 10.00 on `size` in the current WINGO5 period, whose
 * result is then stored as `digit` (drawn, not settled yet); the period's id.
 */
export async function wingo5Drawn(
  t: TestApp,
  players: LotteryPlayer[],
  digit: string,
  size: 'big' | 'small',
): Promise<bigint> {
  const api = lotteryApi(t);
  const { numero } = periodAt(getGame('WINGO5'), t.clock.now());
  for (const p of players)
    value<Placed>(
      await api.bet(p, {
        gameCode: 'WINGO5',
        numero,
        items: [
          { betType: 'number', selection: digit, amount: '10.00', units: 1 },
          { betType: 'size', selection: size, amount: '10.00', units: 1 },
        ],
      }),
    );
  return storeHandResult(t, 'WINGO5', numero, digit);
}

/** One test app for a describe block, its ledger checked before it closes. */
export function useCheckedApp(use: (t: TestApp) => void): void {
  let app: TestApp | undefined;
  beforeAll(async () => {
    app = await createTestApp();
    use(app);
  });
  afterAll(async () => {
    await expectLedgerClean(app!.ctx.db);
    await app!.close();
  });
}
