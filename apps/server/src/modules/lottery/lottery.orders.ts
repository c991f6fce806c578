import type { LotteryOrder, LotterySuborder } from '@panalo/contract/lottery';
import { formatAmount } from '@panalo/contract/money';
import type { Database } from '../../db/database';
import type { LotteryPeriodState } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { DomainError } from '../../lib/domain-error';
import { runIdempotent } from '../wallet/idempotency';
import { postTransfer } from '../wallet/ledger';
import { betView, selectBets, type BetRow, type Player } from './lottery.bets';
import { periodLock } from './lottery.periods';

/**
 * Orders (spec §7: list, detail, cancel suborder). An order is one POST /lottery/bets; a suborder is one
 * of its periods with that period's bets. A member cancels a suborder before the period's lock: its bets
 * become 'cancelled' and the stake goes back to the wallet in the same transaction.
 */
const notFound = () => new DomainError('lottery_order_not_found', 404, 'This order does not exist');
const notCancellable = () =>
  new DomainError('lottery_suborder_not_cancellable', 409, 'This period can no longer be cancelled');

const alreadyCancelled = () =>
  new DomainError('lottery_suborder_cancelled', 409, 'This period of the order is cancelled already');

type Row = BetRow & { period_state: LotteryPeriodState; lock_at: Date };

/** Betting on the period is still possible: by its state and by server time, as placing a bet checks. */
const beforeLock = (state: LotteryPeriodState, lockAt: Date, now: Date) =>
  (state === 'scheduled' || state === 'open') && now.getTime() < lockAt.getTime();

function suborderStatus(rows: Row[]): LotterySuborder['status'] {
  if (rows.some((b) => b.status === 'accepted')) return 'pending';
  if (rows.every((b) => b.status === 'cancelled')) return 'cancelled';
  if (rows.every((b) => b.status === 'refunded')) return 'refunded';
  return 'settled';
}

function orderView(
  o: { id: bigint; game_code: string; total_stake: bigint; created_at: Date },
  rows: Row[],
  now: Date,
  withBets: boolean,
): LotteryOrder {
  const byNumero = new Map<string, Row[]>();
  for (const b of rows) {
    const list = byNumero.get(b.numero);
    if (list) list.push(b);
    else byNumero.set(b.numero, [b]);
  }
  const suborders = [...byNumero.entries()].map(([numero, bets]): LotterySuborder => {
    const status = suborderStatus(bets);
    const first = bets[0]!;
    return {
      numero,
      status,
      stake: formatAmount(bets.reduce((s, b) => s + b.stake, 0n)),
      payout: formatAmount(bets.reduce((s, b) => s + b.payout, 0n)),
      result: first.result,
      cancellable:
        status === 'pending' &&
        bets.every((b) => b.status === 'accepted') &&
        beforeLock(first.period_state, first.lock_at, now),
      ...(withBets ? { bets: bets.map(betView) } : {}),
    };
  });
  return {
    id: o.id.toString(),
    gameCode: o.game_code,
    totalStake: formatAmount(o.total_stake),
    payout: formatAmount(rows.reduce((s, b) => s + b.payout, 0n)),
    createdAt: o.created_at.toISOString(),
    suborders,
  };
}

/** The member's orders with these ids (others' ids are ignored), newest first, with their suborders. */
async function loadOrders(
  db: Database,
  player: Player,
  ids: bigint[],
  now: Date,
  withBets: boolean,
): Promise<LotteryOrder[]> {
  if (ids.length === 0) return [];
  const [orders, bets] = await Promise.all([
    db
      .selectFrom('lottery_order')
      .select(['id', 'game_code', 'total_stake', 'created_at'])
      .where('merchant_id', '=', player.merchantId)
      .where('member_id', '=', player.memberId)
      .where('id', 'in', ids)
      .orderBy('id', 'desc')
      .execute(),
    selectBets(db)
      .select(['p.state as period_state', 'p.lock_at'])
      .where('b.merchant_id', '=', player.merchantId)
      .where('b.member_id', '=', player.memberId)
      .where('b.order_id', 'in', ids)
      .orderBy('b.id')
      .execute(),
  ]);
  return orders.map((o) =>
    orderView(
      o,
      bets.filter((b) => b.order_id === o.id),
      now,
      withBets,
    ),
  );
}

export async function listOrders(
  db: Database,
  clock: Clock,
  player: Player,
  q: { gameCode?: string | undefined; pageNo: number; pageSize: number },
) {
  let base = db
    .selectFrom('lottery_order')
    .where('merchant_id', '=', player.merchantId)
    .where('member_id', '=', player.memberId);
  if (q.gameCode) base = base.where('game_code', '=', q.gameCode);
  const [page, count] = await Promise.all([
    base
      .select('id')
      .orderBy('id', 'desc')
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    list: await loadOrders(
      db,
      player,
      page.map((r) => r.id),
      clock.now(),
      false,
    ),
    pageNum: q.pageNo,
    totalPages: Math.max(1, Math.ceil(Number(count.n) / q.pageSize)),
  };
}

export async function orderDetail(db: Database, clock: Clock, player: Player, orderId: bigint) {
  const [order] = await loadOrders(db, player, [orderId], clock.now(), true);
  if (!order) throw notFound();
  return order;
}

/**
 * Cancels one suborder. In one transaction: the period's advisory lock is held shared (as a bet holds it),
 * so its draw, which takes it alone, cannot start meanwhile; the period must still be before its lock by
 * server time; the suborder's bets are locked, marked cancelled with their stake as payout, and the stake
 * goes from the house shard back to the wallet under the transfer key (order, period). A repeat finds the
 * bets cancelled and answers the same without moving money.
 */
export async function cancelSuborder(
  db: Database,
  clock: Clock,
  player: Player,
  orderId: bigint,
  numero: string,
  key: string,
) {
  // The member's key names this one cancel: a repeat answers exactly the first answer (a refusal
  // included); the same key for another order or period is a 409 and moves nothing.
  return runIdempotent(
    db,
    {
      merchantId: player.merchantId,
      scope: `lottery.cancel:${player.memberId}`,
      key,
      request: { orderId, numero },
    },
    async (trx) => ({
      status: 200,
      body: { success: true as const, value: await cancelIn(trx, clock, player, orderId, numero) },
    }),
  );
}

async function cancelIn(trx: Database, clock: Clock, player: Player, orderId: bigint, numero: string) {
  const now = clock.now();
  const moved = await (async () => {
    const order = await trx
      .selectFrom('lottery_order')
      .select(['id', 'game_code'])
      .where('id', '=', orderId)
      .where('merchant_id', '=', player.merchantId)
      .where('member_id', '=', player.memberId)
      .executeTakeFirst();
    if (!order) throw notFound();
    const period = await trx
      .selectFrom('lottery_period')
      .select('id')
      .where('game_code', '=', order.game_code)
      .where('numero', '=', numero)
      .executeTakeFirst();
    if (!period) throw notFound();
    await periodLock(period.id, true).execute(trx);
    const p = await trx
      .selectFrom('lottery_period')
      .select(['state', 'lock_at'])
      .where('id', '=', period.id)
      .executeTakeFirstOrThrow();
    const bets = await trx
      .selectFrom('lottery_bet')
      .select(['id', 'status', 'stake', 'book', 'wallet_account_id', 'house_account_id'])
      .where('order_id', '=', order.id)
      .where('period_id', '=', period.id)
      .orderBy('id')
      .forUpdate()
      .execute();
    if (bets.length === 0) throw notFound();
    const key = `cancel:${order.id}:${numero}`;
    const refunded = bets.reduce((s, b) => s + b.stake, 0n);
    const wallet = bets[0]!.wallet_account_id;
    const house = bets[0]!.house_account_id;
    // Cancelled already, under another key: nothing moves now, and the answer must not say it did (a
    // retry under the first key gets the first answer from the idempotency record instead).
    if (bets.every((b) => b.status === 'cancelled')) throw alreadyCancelled();
    if (!bets.every((b) => b.status === 'accepted') || !beforeLock(p.state, p.lock_at, now)) {
      throw notCancellable();
    }
    if (bets.some((b) => b.wallet_account_id !== wallet || b.house_account_id !== house)) {
      throw new Error(`order ${order.id} spans several wallets`);
    }
    await trx
      .updateTable('lottery_bet')
      .set((eb) => ({ status: 'cancelled', payout: eb.ref('stake'), settled_at: now }))
      .where(
        'id',
        'in',
        bets.map((b) => b.id),
      )
      .execute();
    const posted = await postTransfer(trx, {
      merchantId: player.merchantId,
      book: bets[0]!.book,
      kind: 'lottery_refund',
      legs: [
        { accountId: house, amount: -refunded },
        { accountId: wallet, amount: refunded },
      ],
      createdBy: `member:${player.memberId}`,
      reference: `lottery:${order.game_code}:${numero}`,
      memo: 'cancelled by the member',
      idempotency: { scope: 'lottery', key },
      at: now,
    });
    return { refunded, balance: posted.balances.get(wallet)! };
  })();
  return {
    order: await orderDetail(trx, clock, player, orderId),
    refunded: formatAmount(moved.refunded),
    balance: formatAmount(moved.balance),
  };
}
