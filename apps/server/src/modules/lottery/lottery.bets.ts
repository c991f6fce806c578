import { sql } from 'kysely';
import type { LotteryBet, PlaceBetsRequest } from '@panalo/contract/lottery';
import { formatAmount, parseAmount } from '@panalo/contract/money';
import type { Database } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { DomainError } from '../../lib/domain-error';
import { requestHash } from '../wallet/idempotency';
import { accountIdFor, houseKey, memberWalletKey } from '../wallet/ledger';
import { bookFor } from '../wallet/wallet.service';
import { wagering } from '../wallet/wagering';
import { validateBet } from './engine/bet';
import { findGame } from './engine/registry';
import { nextPeriod, periodByNumero, periodState, type Period } from './engine/schedule';
import { merchantConfig } from './lottery.config';
import { createPeriods, periodLock } from './lottery.periods';

export interface Player {
  merchantId: number;
  memberId: bigint;
  memberType: number;
  currency: string;
}

type BetRow = {
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

const selectBets = (db: Database) =>
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

const isUniqueViolation = (err: unknown) =>
  typeof err === 'object' && err !== null && (err as { code?: unknown }).code === '23505';

/**
 * Places one order: every item on `numero` and the follow − 1 periods after it. Checked against the
 * merchant's settings first; then, in one transaction holding the first period's lock shared (so its draw
 * waits for us and we cannot start after it), the periods are checked open by server time, the whole
 * stake is debited (conditional update), the house leg appended, and the bets written. A repeated
 * Idempotency-Key returns the first order; the same key with another order is a 409.
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
  const mg = await soldGame(db, merchantId, req.gameCode);
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
  const replay = async () => {
    const order = await db
      .selectFrom('lottery_order')
      .select(['id', 'request_hash', 'total_stake'])
      .where('merchant_id', '=', merchantId)
      .where('member_id', '=', memberId)
      .where('idempotency_key', '=', key)
      .executeTakeFirst();
    if (!order) return null;
    if (order.request_hash !== hash)
      throw new DomainError(
        'idempotency_conflict',
        409,
        'This idempotency key was used for a different request',
      );
    const bets = await selectBets(db).where('b.order_id', '=', order.id).orderBy('b.id').execute();
    const book = bookFor(player.memberType);
    const wallet = await accountIdFor(db, memberWalletKey(merchantId, memberId, player.currency, book));
    const bal = await db
      .selectFrom('ledger_account')
      .select('balance')
      .where('id', '=', wallet)
      .executeTakeFirstOrThrow();
    return {
      orderId: order.id.toString(),
      bets: bets.map(betView),
      totalStake: formatAmount(order.total_stake),
      balance: formatAmount(bal.balance),
    };
  };
  const first = await replay();
  if (first) return first;

  const now = clock.now();
  const start = periodByNumero(game, req.numero);
  if (!start) throw new DomainError('lottery_period_unknown', 400, 'There is no such period');
  if (periodState(start, now) !== 'open') throw closed();
  const periods: Period[] = [start];
  while (periods.length < req.follow) periods.push(nextPeriod(game, periods[periods.length - 1]!));
  await createPeriods(db, periods, now);
  const rows = await db
    .selectFrom('lottery_period')
    .select(['id', 'numero'])
    .where('game_code', '=', req.gameCode)
    .where(
      'numero',
      'in',
      periods.map((p) => p.numero),
    )
    .execute();
  const idOf = new Map(rows.map((r) => [r.numero, r.id]));
  const firstId = idOf.get(start.numero)!;
  const perPeriod = items.reduce((s, i) => s + i.stake, 0n);
  const total = perPeriod * BigInt(periods.length);
  const book = bookFor(player.memberType);
  const wallet = await accountIdFor(db, memberWalletKey(merchantId, memberId, player.currency, book));
  const house = await accountIdFor(db, houseKey(merchantId, memberId, player.currency, book));

  try {
    return await db.transaction().execute(async (trx) => {
      await periodLock(firstId, true).execute(trx);
      // By server time, inside the transaction: the first period on sale, the follow periods not locked.
      const open = await sql<{ n: number }>`
        select count(*)::int as n from lottery_period
        where id in (${sql.join([...idOf.values()])}) and state in ('scheduled', 'open')
          and lock_at > ${now} and (id <> ${firstId} or open_at <= ${now})`.execute(trx);
      if ((open.rows[0]?.n ?? 0) !== periods.length) throw closed();
      const transfer = await trx
        .insertInto('ledger_transfer')
        .values({
          merchant_id: merchantId,
          book,
          kind: 'lottery_bet',
          idempotency_scope: 'lottery_bet',
          idempotency_key: `${memberId}:${key}`,
          reference: `lottery:${req.gameCode}:${req.numero}`,
          created_by: `member:${memberId}`,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const debited = await trx
        .updateTable('ledger_account')
        .set({ balance: sql<bigint>`balance - ${total}` })
        .where('id', '=', wallet)
        .where('balance', '>=', total)
        .returning('balance')
        .executeTakeFirst();
      if (!debited) throw new DomainError('insufficient_balance', 409, 'Insufficient balance');
      await trx.insertInto('house_pending').values({ account_id: house, amount: total }).execute();
      await trx
        .insertInto('ledger_entry')
        .values([
          {
            transfer_id: transfer.id,
            account_id: wallet,
            amount: -total,
            balance_after: debited.balance,
            created_at: now,
          },
          {
            transfer_id: transfer.id,
            account_id: house,
            amount: total,
            balance_after: null,
            created_at: now,
          },
        ])
        .execute();
      const order = await trx
        .insertInto('lottery_order')
        .values({
          merchant_id: merchantId,
          member_id: memberId,
          book,
          game_code: req.gameCode,
          idempotency_key: key,
          request_hash: hash,
          total_stake: total,
          transfer_id: transfer.id,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const inserted = await trx
        .insertInto('lottery_bet')
        .values(
          periods.flatMap((p) =>
            items.map((it) => ({
              order_id: order.id,
              merchant_id: merchantId,
              member_id: memberId,
              book,
              period_id: idOf.get(p.numero)!,
              game_code: req.gameCode,
              numero: p.numero,
              bet_type: it.betType,
              selection: it.selection,
              amount: it.amountMinor,
              units: it.units,
              stake: it.stake,
              wallet_account_id: wallet,
              house_account_id: house,
              created_at: now,
            })),
          ),
        )
        .returning([
          'id',
          'order_id',
          'game_code',
          'numero',
          'bet_type',
          'selection',
          'amount',
          'units',
          'stake',
          'status',
          'payout',
          'created_at',
          'settled_at',
        ])
        .execute();
      if (book === 'real') await wagering.addTurnover(trx, { merchantId, memberId, stake: total, at: now });
      return {
        orderId: order.id.toString(),
        bets: inserted.map((b) => betView({ ...b, result: null })),
        totalStake: formatAmount(total),
        balance: formatAmount(debited.balance),
      };
    });
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    const again = await replay();
    if (!again) throw err;
    return again;
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
