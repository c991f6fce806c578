import { sql } from 'kysely';
import type { LotteryBet, PlaceBetsRequest } from '@panalo/contract/lottery';
import { formatAmount, parseAmount } from '@panalo/contract/money';
import { PREPARED, type Database } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { DomainError } from '../../lib/domain-error';
import { checkPlayLimits } from '../protection/limits.service';
import { requestHash, storeRefusal, storedAnswer, storedRefusal } from '../wallet/idempotency';
import { accountIdFor, houseKey, memberWalletKey, type AccountKey } from '../wallet/ledger';
import { bookFor } from '../wallet/wallet.service';
import { wagering } from '../wallet/wagering';
import { validateBet } from './engine/bet';
import { findGame } from './engine/registry';
import { nextPeriod, periodByNumero, periodState, type Period } from './engine/schedule';
import { merchantConfig } from './lottery.config';
import { createPeriods, PERIOD_LOCK_NS } from './lottery.periods';
import { inTransaction, withRetries } from '../../db/transaction';

export interface Player {
  merchantId: number;
  memberId: bigint;
  memberType: number;
  currency: string;
}

export type BetRow = {
  id: bigint;
  order_id: bigint;
  game_code: string;
  numero: string;
  bet_type: string;
  selection: string;
  amount: bigint;
  units: number;
  stake: bigint;
  status: LotteryBet['status'];
  payout: bigint;
  created_at: Date;
  settled_at: Date | null;
  result: string | null;
};

export const betView = (b: BetRow): LotteryBet => ({
  id: b.id.toString(),
  orderId: b.order_id.toString(),
  gameCode: b.game_code,
  numero: b.numero,
  betType: b.bet_type,
  selection: b.selection,
  amount: formatAmount(b.amount),
  units: b.units,
  stake: formatAmount(b.stake),
  status: b.status,
  payout: formatAmount(b.payout),
  result: b.result,
  createdAt: b.created_at.toISOString(),
  settledAt: b.settled_at?.toISOString() ?? null,
});

const closed = () => new DomainError('lottery_period_closed', 409, 'This period is closed for betting');
const insufficient = () => new DomainError('insufficient_balance', 409, 'Insufficient balance');
const conflict = () =>
  new DomainError('idempotency_conflict', 409, 'This idempotency key was used for a different request');

/** The merchant's row of a game it sells (enabled), or a 404. */
export async function soldGame(db: Database, merchantId: number, gameCode: string) {
  const row = await db
    .selectFrom('lottery_merchant_game')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('game_code', '=', gameCode)
    .where('enabled', '=', true)
    .executeTakeFirst();
  if (!row || !findGame(gameCode))
    throw new DomainError('lottery_game_unknown', 404, 'This lottery game is not available');
  return row;
}

/** A memo per database handle (tests open several databases in one process). */
function memoOf<V>(memos: WeakMap<Database, Map<string, V>>, db: Database): Map<string, V> {
  let m = memos.get(db);
  if (!m) memos.set(db, (m = new Map<string, V>()));
  return m;
}

/**
 * The sold game's row for validating an order, kept 2 s per process: a bet needs only its odds and
 * limits from it, and lottery_place_order checks in the database that the game is still sold.
 */
const SOLD_GAME_TTL_MS = 2_000;
type SoldGame = Awaited<ReturnType<typeof soldGame>>;
const soldGameCaches = new WeakMap<Database, Map<string, { at: number; row: SoldGame }>>();
async function soldGameCached(db: Database, merchantId: number, gameCode: string) {
  const soldGameCache = memoOf(soldGameCaches, db);
  const k = `${merchantId}:${gameCode}`;
  const hit = soldGameCache.get(k);
  if (hit && Date.now() - hit.at < SOLD_GAME_TTL_MS) return hit.row;
  const row = await soldGame(db, merchantId, gameCode);
  if (soldGameCache.size > 1_000) soldGameCache.clear();
  soldGameCache.set(k, { at: Date.now(), row });
  return row;
}

/** Ledger account ids never change once an account exists: a bounded per-process memo of them. */
const accountIdMemos = new WeakMap<Database, Map<string, bigint>>();
async function accountIdCached(db: Database, k: AccountKey): Promise<bigint> {
  const accountIds = memoOf(accountIdMemos, db);
  const memo = JSON.stringify([k.merchantId, k.book, k.kind, k.ownerMemberId?.toString(), k.ref, k.currency]);
  const hit = accountIds.get(memo);
  if (hit !== undefined) return hit;
  const id = await accountIdFor(db, k);
  if (accountIds.size > 100_000) accountIds.clear();
  accountIds.set(memo, id);
  return id;
}

export const selectBets = (db: Database) =>
  db
    .selectFrom('lottery_bet as b')
    .innerJoin('lottery_period as p', 'p.id', 'b.period_id')
    .select([
      'b.id',
      'b.order_id',
      'b.game_code',
      'b.numero',
      'b.bet_type',
      'b.selection',
      'b.amount',
      'b.units',
      'b.stake',
      'b.status',
      'b.payout',
      'b.created_at',
      'b.settled_at',
      'p.result',
    ]);

/**
 * Places one order: every item on `numero` and the follow − 1 periods after it. Checked against the game's
 * rules and the merchant's settings here; then one call of lottery_place_order (db/functions/lottery_place_order.sql) checks by
 * server time, holding the first period's lock shared (so its draw waits for us), that the periods are on
 * sale, debits the whole stake (conditional update), appends the house leg and writes the order and its
 * bets. A repeated Idempotency-Key returns the first order; the same key with another order is a 409.
 */
export async function placeBets(
  db: Database,
  clock: Clock,
  player: Player,
  req: Required<Pick<PlaceBetsRequest, 'gameCode' | 'numero'>> & {
    follow: number;
    items: { betType: string; selection: string; amount: string; units: number }[];
  },
  key: string,
) {
  const { merchantId, memberId } = player;
  const mg = await soldGameCached(db, merchantId, req.gameCode);
  const game = findGame(req.gameCode)!;
  const config = merchantConfig(req.gameCode, mg.config);
  const items = req.items.map((it) => {
    const amountMinor = parseAmount(it.amount);
    if (amountMinor === null || amountMinor <= 0n)
      throw new DomainError('lottery_amount_invalid', 400, 'Enter a valid amount');
    const bet = {
      gameCode: req.gameCode,
      betType: it.betType,
      selection: it.selection,
      amountMinor,
      units: it.units,
    };
    const err = validateBet(bet, config);
    if (err) throw new DomainError(err, 400, `This bet is not valid (${err})`);
    const selection = game.betTypes[it.betType]!.parseSelection(it.selection)!;
    return { ...bet, selection, stake: amountMinor * BigInt(it.units) };
  });
  const hash = requestHash({ ...req, items });
  /**
   * The first answer to this key, exactly as it was given: a stored refusal, or the order as it was
   * placed (its bets accepted, the balance the debit left). The same key with another order is a 409.
   */
  const replay = async () => {
    const record = await storedAnswer(db, { merchantId, scope: `lottery.bet:${memberId}`, key, hash });
    if (record && record.status >= 400) throw storedRefusal(record);
    const order = await db
      .selectFrom('lottery_order')
      .select(['id', 'request_hash', 'total_stake', 'transfer_id'])
      .where('merchant_id', '=', merchantId)
      .where('member_id', '=', memberId)
      .where('idempotency_key', '=', key)
      .executeTakeFirst();
    if (!order) return null;
    if (order.request_hash !== hash) throw conflict();
    const [bets, debit] = await Promise.all([
      selectBets(db).where('b.order_id', '=', order.id).orderBy('b.id').execute(),
      db
        .selectFrom('ledger_entry')
        .select('balance_after')
        .where('transfer_id', '=', order.transfer_id)
        .where('amount', '<', 0n)
        .executeTakeFirstOrThrow(),
    ]);
    return {
      orderId: order.id.toString(),
      bets: bets.map((b) =>
        betView({ ...b, status: 'accepted', payout: 0n, settled_at: null, result: null }),
      ),
      totalStake: formatAmount(order.total_stake),
      balance: formatAmount(debit.balance_after!),
    };
  };

  const now = clock.now();
  const start = periodByNumero(game, req.numero);
  if (!start) throw new DomainError('lottery_period_unknown', 400, 'There is no such period');
  // The clock check here spares the database a doomed call; the authoritative one is in the function.
  if (periodState(start, now) !== 'open') {
    const first = await replay();
    if (first) return first;
    throw closed();
  }
  const periods: Period[] = [start];
  while (periods.length < req.follow) periods.push(nextPeriod(game, periods[periods.length - 1]!));
  const perPeriod = items.reduce((s, i) => s + i.stake, 0n);
  const total = perPeriod * BigInt(periods.length);
  const book = bookFor(player.memberType);
  const wallet = await accountIdCached(db, memberWalletKey(merchantId, memberId, player.currency, book));
  const house = await accountIdCached(db, houseKey(merchantId, memberId, player.currency, book));
  const call = (handle: Database, fast: boolean) =>
    sql<{
      order_id: bigint | null;
      wallet_balance: bigint;
      bet_ids: (string | bigint)[];
    }>`${sql.raw(PREPARED)}
      select order_id, wallet_balance, bet_ids from lottery_place_order(
        ${merchantId}::integer, ${memberId}::bigint, ${book}::text, ${req.gameCode}::text, ${key}::text,
        ${hash}::text, ${wallet}::bigint, ${house}::bigint, ${now}::timestamptz, ${PERIOD_LOCK_NS}::integer,
        ${periods.map((p) => p.numero)}::text[], ${items.map((i) => i.betType)}::text[],
        ${items.map((i) => i.selection)}::text[], ${items.map((i) => i.amountMinor.toString())}::bigint[],
        ${items.map((i) => i.units)}::integer[], ${fast}::boolean)`.execute(handle);

  /**
   * The checked path: in a transaction, a repeated key replays; the member's play limits are checked
   * (their row locked) before the call; the turnover the member owes is counted after it. A limit's
   * refusal is this key's answer from then on, as a refusal for want of balance is.
   */
  const checked = async () => {
    try {
      return await inTransaction(db, 'lottery.bets.checked', async (trx) => {
        if (await storedAnswer(trx, { merchantId, scope: `lottery.bet:${memberId}`, key, hash })) return null;
        await checkPlayLimits(trx, { memberId, walletId: wallet, stake: total, now });
        const res = await call(trx, false);
        if (res.rows[0]?.order_id != null)
          await wagering.addTurnover(trx, {
            merchantId,
            memberId,
            stake: total,
            at: now,
            product: 'lottery',
          });
        return res;
      });
    } catch (err) {
      if (!(err instanceof DomainError) || err.code !== 'play_limit_reached') throw err;
      await storeRefusal(db, { merchantId, scope: `lottery.bet:${memberId}`, key, hash, at: now }, err);
      return null;
    }
  };

  // One call in autocommit; two slower cases call again: periods beyond the scheduler's horizon are
  // created first, and a member who owes turnover or has play limits takes the checked path.
  let created = false;
  let withChecks = false;
  for (;;) {
    try {
      const r = withChecks
        ? await checked()
        : await withRetries({ name: 'lottery.placeOrder' }, () => call(db, true));
      if (r === null) {
        const first = await replay();
        if (!first) throw new Error('lottery order: no answer stored under its key');
        return first;
      }
      const row = r.rows[0];
      if (!row) throw new Error('lottery_place_order returned nothing');
      // No order: the balance did not cover it, and that refusal is now this key's answer.
      if (row.order_id === null) throw insufficient();
      const ids = row.bet_ids.map((id) => BigInt(id));
      const orderId = BigInt(row.order_id);
      let n = 0;
      return {
        orderId: orderId.toString(),
        bets: periods.flatMap((p) =>
          items.map((it) =>
            betView({
              id: ids[n++]!,
              order_id: orderId,
              game_code: req.gameCode,
              numero: p.numero,
              bet_type: it.betType,
              selection: it.selection,
              amount: it.amountMinor,
              units: it.units,
              stake: it.stake,
              status: 'accepted',
              payout: 0n,
              created_at: now,
              settled_at: null,
              result: null,
            }),
          ),
        ),
        totalStake: formatAmount(total),
        balance: formatAmount(BigInt(row.wallet_balance)),
      };
    } catch (err) {
      const e = err as { code?: string; message?: string };
      if (e.code === '23505' || (e.code === 'P0001' && e.message === 'idempotency_replay')) {
        const again = await replay();
        if (!again) throw err;
        return again;
      }
      if (e.code !== 'P0001') throw err;
      if (e.message === 'lottery_period_missing' && !created) {
        await createPeriods(db, periods, now);
        created = true;
      } else if (e.message === 'bet_checks' && !withChecks) withChecks = true;
      else if (e.message === 'lottery_period_closed') throw closed();
      else if (e.message === 'lottery_period_cancelled')
        throw new DomainError('lottery_period_cancelled', 409, 'This period is cancelled on this site');
      else if (e.message === 'lottery_game_unknown') {
        soldGameCaches.delete(db);
        throw new DomainError('lottery_game_unknown', 404, 'This lottery game is not available');
      } else throw err;
    }
  }
}

/** The caller's own bets (merchant and member bounded), newest first. */
export async function myBets(
  db: Database,
  player: Player,
  q: {
    gameCode?: string | undefined;
    numero?: string | undefined;
    status?: LotteryBet['status'] | undefined;
    pageNo: number;
    pageSize: number;
  },
) {
  let base = selectBets(db)
    .where('b.merchant_id', '=', player.merchantId)
    .where('b.member_id', '=', player.memberId);
  if (q.gameCode) base = base.where('b.game_code', '=', q.gameCode);
  if (q.numero) base = base.where('b.numero', '=', q.numero);
  if (q.status) base = base.where('b.status', '=', q.status);
  const [rows, count] = await Promise.all([
    base
      .orderBy('b.id', 'desc')
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize)
      .execute(),
    base
      .clearSelect()
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    list: rows.map(betView),
    pageNum: q.pageNo,
    totalPages: Math.max(1, Math.ceil(Number(count.n) / q.pageSize)),
  };
}
