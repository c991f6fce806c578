import { sql } from 'kysely';
import { PREPARED, type Database } from '../../db/database';
import type { LedgerBook, VendorTxKind } from '../../db/schema';

export interface VendorRow {
  id: number;
  merchant_id: number;
  code: string;
  name: string;
  hmac_secret: string;
  allowed_ips: string[];
  enabled: boolean;
}

export interface SessionRow {
  id: bigint;
  merchant_id: number;
  vendor_id: number;
  member_id: bigint;
  book: LedgerBook;
  currency: string;
  game_code: string | null;
  wallet_account_id: bigint;
  house_account_id: bigint;
  expires_at: Date;
  username: string;
  nickname: string | null;
  member_status: 'active' | 'disabled' | 'self_excluded';
}

export interface StoredTx {
  id: bigint;
  kind: VendorTxKind;
  member_id: bigint;
  status: 'applied' | 'tombstone';
  request_hash: string;
  amount: bigint;
  round_id: string | null;
  game_code: string | null;
  rolled_back_by: string | null;
  answer: unknown;
}

export interface ClaimSpec {
  merchantId: number;
  vendorId: number;
  vendorTxId: string;
  kind: VendorTxKind;
  roundId: string | null;
  gameCode: string | null;
  memberId: bigint;
  book: LedgerBook;
  amount: bigint;
  status: 'applied' | 'tombstone';
  requestHash: string;
  originalTxId?: string | null;
  rolledBackBy?: string | null;
  at: Date;
}

export type BetRefusal = 'insufficient_funds' | 'round_closed' | 'bet_checks' | 'duplicate';
const BET_REFUSALS: ReadonlySet<BetRefusal> = new Set([
  'insufficient_funds',
  'round_closed',
  'bet_checks',
  'duplicate',
]);

export interface MoveSpec {
  merchantId: number;
  book: LedgerBook;
  kind: 'bet' | 'win' | 'rollback';
  walletId: bigint;
  houseId: bigint;
  /** Signed change of the member's wallet; the house shard takes the opposite. */
  walletDelta: bigint;
  idempotencyScope: string;
  idempotencyKey: string;
  reference: string;
  createdBy: string;
  /** The vendor_transaction row that receives the transfer id and the answer. */
  vendorTxRowId: bigint;
  /** Whose money and which game: the house leg's queue row carries them to member_day (migration 0026). */
  memberId: bigint;
  vendorId: number;
  gameCode: string | null;
  at: Date;
}

/** The game wallet's SQL (Kysely); every function takes the handle or transaction it runs on. */
export const gameWalletRepository = {
  vendor(db: Database, merchantId: number, code: string): Promise<VendorRow | undefined> {
    return db
      .selectFrom('game_vendor')
      .select(['id', 'merchant_id', 'code', 'name', 'hmac_secret', 'allowed_ips', 'enabled'])
      .where('merchant_id', '=', merchantId)
      .where('code', '=', code)
      .executeTakeFirst();
  },

  session(db: Database, vendorId: number, tokenHash: string): Promise<SessionRow | undefined> {
    return db
      .selectFrom('game_session as s')
      .innerJoin('member as m', 'm.id', 's.member_id')
      .select([
        's.id',
        's.merchant_id',
        's.vendor_id',
        's.member_id',
        's.book',
        's.currency',
        's.game_code',
        's.wallet_account_id',
        's.house_account_id',
        's.expires_at',
        'm.username',
        'm.nickname',
        'm.status as member_status',
      ])
      .where('s.token_hash', '=', tokenHash)
      .where('s.vendor_id', '=', vendorId)
      .executeTakeFirst();
  },

  async walletBalance(db: Database, accountId: bigint): Promise<bigint> {
    const r = await db
      .selectFrom('ledger_account')
      .select('balance')
      .where('id', '=', accountId)
      .executeTakeFirstOrThrow();
    return r.balance;
  },

  /** Claims (vendor, tx id): the row id, or null when the id is already taken (a repeat or a tombstone). */
  async claim(trx: Database, c: ClaimSpec): Promise<bigint | null> {
    const row = await trx
      .insertInto('vendor_transaction')
      .values({
        merchant_id: c.merchantId,
        vendor_id: c.vendorId,
        vendor_tx_id: c.vendorTxId,
        kind: c.kind,
        round_id: c.roundId,
        game_code: c.gameCode,
        member_id: c.memberId,
        book: c.book,
        amount: c.amount,
        status: c.status,
        request_hash: c.requestHash,
        original_tx_id: c.originalTxId ?? null,
        rolled_back_by: c.rolledBackBy ?? null,
        created_at: c.at,
      })
      .onConflict((oc) => oc.columns(['vendor_id', 'vendor_tx_id']).doNothing())
      .returning('id')
      .executeTakeFirst();
    return row?.id ?? null;
  },

  /**
   * The whole bet in ONE autocommitted call of game_wallet_bet (db/functions/game_wallet_bet.sql): claim, debit, house
   * credit, transfer, entries, answer and round. The wallet's row lock is then held only inside the
   * database, never across a round trip to this process, which lets one busy wallet keep pace with the
   * database's own ceiling. A refusal aborts the call (nothing is written): 'insufficient_funds',
   * 'round_closed', 'bet_checks' (the member owes turnover or has set a wager, loss or session limit: the
   * caller takes the transactional path where the limits are checked and the turnover counted),
   * 'duplicate' (the tx id is taken).
   */
  async betStatement(
    db: Database,
    b: {
      merchantId: number;
      vendorId: number;
      vendorCode: string;
      txId: string;
      roundId: string;
      gameCode: string;
      memberId: bigint;
      book: LedgerBook;
      amount: bigint;
      requestHash: string;
      walletId: bigint;
      houseId: bigint;
      at: Date;
    },
  ): Promise<{ ok: true; transferId: bigint; balance: bigint } | { ok: false; reason: BetRefusal }> {
    try {
      const res = await sql<{ transfer_id: bigint; wallet_balance: bigint }>`${sql.raw(PREPARED)}
        select transfer_id, wallet_balance from game_wallet_bet(${b.merchantId}::integer, ${b.vendorId}::integer,
          ${b.vendorCode}::text, ${b.txId}::text, ${b.roundId}::text, ${b.gameCode}::text, ${b.memberId}::bigint,
          ${b.book}::text, ${b.amount}::bigint, ${b.requestHash}::text, ${b.walletId}::bigint, ${b.houseId}::bigint,
          ${b.at}::timestamptz)`.execute(db);
      const row = res.rows[0];
      if (!row) throw new Error('game_wallet_bet returned nothing');
      return { ok: true, transferId: BigInt(row.transfer_id), balance: BigInt(row.wallet_balance) };
    } catch (err) {
      const e = err as { code?: string; message?: string; constraint?: string };
      // The tx id is taken: by the transfer's idempotency key or by the vendor transaction (a tombstone).
      if (
        e.code === '23505' &&
        (e.constraint === 'ledger_transfer_idempotency' || e.constraint === 'vendor_transaction_id')
      ) {
        return { ok: false, reason: 'duplicate' };
      }
      if (e.code === 'P0001' && BET_REFUSALS.has(e.message as BetRefusal)) {
        return { ok: false, reason: e.message as BetRefusal };
      }
      throw err;
    }
  },

  stored(trx: Database, vendorId: number, vendorTxId: string, lock = false): Promise<StoredTx | undefined> {
    const q = trx
      .selectFrom('vendor_transaction')
      .select([
        'id',
        'kind',
        'member_id',
        'status',
        'request_hash',
        'amount',
        'round_id',
        'game_code',
        'rolled_back_by',
        'answer',
      ])
      .where('vendor_id', '=', vendorId)
      .where('vendor_tx_id', '=', vendorTxId);
    return (lock ? q.forUpdate() : q).executeTakeFirst();
  },

  async setAnswer(trx: Database, rowId: bigint, answer: unknown): Promise<void> {
    await trx
      .updateTable('vendor_transaction')
      .set({ answer: JSON.stringify(answer) })
      .where('id', '=', rowId)
      .execute();
  },

  async markRolledBack(trx: Database, rowId: bigint, by: string): Promise<boolean> {
    const r = await trx
      .updateTable('vendor_transaction')
      .set({ rolled_back_by: by })
      .where('id', '=', rowId)
      .where('rolled_back_by', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },

  /**
   * Adds to a round (created on first use). Returns false when the round is closed or belongs to
   * another member: a bet or win cannot land there.
   */
  async addToRound(
    trx: Database,
    r: {
      merchantId: number;
      vendorId: number;
      roundId: string;
      memberId: bigint;
      book: LedgerBook;
      gameCode: string | null;
      bet?: bigint;
      win?: bigint;
      refund?: bigint;
      close?: boolean;
      /** Refunds land on closed rounds too (the vendor cancels after the fact). */
      evenIfClosed?: boolean;
      at: Date;
    },
  ): Promise<boolean> {
    const bet = r.bet ?? 0n;
    const win = r.win ?? 0n;
    const refund = r.refund ?? 0n;
    const close = r.close ?? false;
    const res = await sql<{ id: bigint }>`
      insert into game_round (merchant_id, vendor_id, round_id, member_id, book, game_code, bet_total,
        win_total, refund_total, status, started_at, updated_at, ended_at)
      values (${r.merchantId}, ${r.vendorId}, ${r.roundId}, ${r.memberId}, ${r.book}, ${r.gameCode},
        ${bet}::bigint, ${win}::bigint, ${refund}::bigint, ${close ? 'closed' : 'open'}, ${r.at}, ${r.at},
        ${close ? r.at : null})
      on conflict (vendor_id, round_id) do update set
        bet_total = game_round.bet_total + excluded.bet_total,
        win_total = game_round.win_total + excluded.win_total,
        refund_total = game_round.refund_total + excluded.refund_total,
        game_code = coalesce(game_round.game_code, excluded.game_code),
        status = case when ${close} then 'closed' else game_round.status end,
        ended_at = case when ${close} then coalesce(game_round.ended_at, excluded.updated_at) else game_round.ended_at end,
        updated_at = excluded.updated_at
      where game_round.member_id = excluded.member_id
        and (${r.evenIfClosed ?? false} or game_round.status = 'open')
      returning id`.execute(trx);
    return res.rows.length === 1;
  },

  /**
   * Moves money between the member's wallet and its house shard through the one posting function
   * (db/functions/ledger_post.sql) and stores the answer on the vendor transaction, all in ONE statement:
   * the wallet's row lock is held only for that statement and the commit, so a busy wallet's callbacks
   * follow each other closely. The wallet's update is conditional (no read-then-write); the house leg is
   * appended to house_pending with whose money it is (as game_wallet_bet's is), so no house row is locked
   * and the member's daily figures follow. Returns null when a debit would take the wallet below zero.
   */
  async move(trx: Database, m: MoveSpec): Promise<{ transferId: bigint; balance: bigint } | null> {
    const queued = m.kind === 'rollback' ? 'refund' : m.kind;
    const res = await sql<{ transfer_id: bigint; balance: bigint }>`${sql.raw(PREPARED)}
      with p as (
        select transfer_id, balances[1] as balance from ledger_post(${m.merchantId}::integer, ${m.book}::text,
          ${m.kind}::text, array[${m.walletId}::bigint, ${m.houseId}::bigint],
          array[${m.walletDelta}::bigint, ${-m.walletDelta}::bigint], ${m.createdBy}::text, ${m.at}::timestamptz,
          p_scope => ${m.idempotencyScope}::text, p_key => ${m.idempotencyKey}::text,
          p_reference => ${m.reference}::text, p_deferred => ${m.houseId}::bigint,
          p_figure_member => ${m.book === 'real' ? m.memberId : null}::bigint, p_figure_kind => ${queued}::text,
          p_vendor => ${m.vendorId}::integer, p_game => ${m.gameCode}::text)
      ), v as (
        update vendor_transaction set transfer_id = p.transfer_id,
          answer = jsonb_build_object('balance', p.balance::text, 'transactionId', p.transfer_id::text)
        from p where p.transfer_id is not null and vendor_transaction.id = ${m.vendorTxRowId}::bigint
      )
      select transfer_id, balance from p where transfer_id is not null`.execute(trx);
    const row = res.rows[0];
    return row ? { transferId: BigInt(row.transfer_id), balance: BigInt(row.balance) } : null;
  },

  /** The product group a vendor's game counts under for wagering ('' when the database names none). */
  async productOf(trx: Database, vendorId: number, gameCode: string): Promise<string> {
    return (
      (
        await sql<{
          product: string;
        }>`select product_of(${vendorId}::int, ${gameCode}) as product`.execute(trx)
      ).rows[0]?.product ?? ''
    );
  },
};
