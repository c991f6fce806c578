import { parseAmount } from '@panalo/contract/money';
import type { Database } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { checkPlayLimits } from '../protection/limits.service';
import { wagering } from '../wallet/wagering';
import {
  answerOf,
  applyInTransaction,
  betParts,
  checkBet,
  hashFor,
  hashOf,
  moveBase,
  noMoveAnswer,
  replay,
  winParts,
} from './game-wallet.apply';
import { gameWalletRepository as repo, type SessionRow, type VendorRow } from './game-wallet.repository';
import {
  refuse,
  sessionCache,
  walletLanes,
  BET_LANE_WIDTH,
  type AuthenticateAnswer,
  type GameCheck,
  type StoredAnswer,
  type WalletAnswer,
} from './game-wallet.support';
import type {
  BetRequest,
  EndRequest,
  RollbackRequest,
  TokenRequest,
  WinRequest,
} from './game-wallet.schemas';
import { inTransaction, withRetries } from '../../db/transaction';

/**
 * The seamless wallet the game vendors call (authenticate, balance, bet, win, rollback, end round). Each
 * money call is applied at most once per (vendor, vendor tx id) in one transaction with its ledger
 * transfer and its round record; a repeat returns the first answer and moves nothing.
 */
export function gameWalletService(
  db: Database,
  clock: Clock,
  opts: { knownGame?: GameCheck; sessionCacheMs?: number } = {},
) {
  const inWalletQueue = walletLanes(BET_LANE_WIDTH);
  const lookup = sessionCache(db, opts.sessionCacheMs ?? 0);

  /** A bet or a balance needs a live token and an active player; credits are owed even after expiry. */
  async function session(vendor: VendorRow, token: string, live: boolean): Promise<SessionRow> {
    const s = await lookup(vendor.id, token);
    if (!s || s.merchant_id !== vendor.merchant_id) throw refuse.invalidToken();
    if (live && s.expires_at.getTime() <= clock.now().getTime()) throw refuse.expired();
    if (live && s.member_status !== 'active') throw refuse.disabled();
    return s;
  }

  function amountOf(text: string, allowZero: boolean): bigint {
    const v = parseAmount(text);
    if (v === null || (!allowZero && v === 0n)) throw refuse.amount();
    return v;
  }

  function checkCurrency(s: SessionRow, currency: string | undefined) {
    if (currency !== undefined && currency !== s.currency) throw refuse.currency();
  }

  async function checkGame(vendor: VendorRow, s: SessionRow, gameCode: string) {
    if (s.game_code !== null && s.game_code !== gameCode) throw refuse.game();
    if (opts.knownGame && !(await opts.knownGame(vendor, gameCode))) throw refuse.game();
  }

  return {
    /**
     * The launch behind a token, for a protocol that names the player beside the token (Hub88's `user`)
     * and must refuse another player's token before anything moves; undefined for an unknown one.
     */
    async sessionOf(vendor: VendorRow, token: string): Promise<SessionRow | undefined> {
      const s = await lookup(vendor.id, token);
      return s && s.merchant_id === vendor.merchant_id ? s : undefined;
    },

    /**
     * How a refused call relates to a transaction id already taken (a protocol that must answer a repeat
     * as the first time even when it would now be refused, and a changed repeat as a duplicate): 'same'
     * with the first answer, 'other' when the id was used with other content, null when it is free or
     * only a rollback's tombstone.
     */
    async priorOf(
      vendor: VendorRow,
      memberId: bigint,
      txId: string,
      call:
        | { kind: 'bet'; r: BetRequest }
        | { kind: 'win'; r: WinRequest; betTxId?: string }
        | { kind: 'rollback'; r: RollbackRequest },
    ): Promise<{ same: true; answer: StoredAnswer } | { same: false } | null> {
      const prior = await repo.stored(db, vendor.id, txId);
      if (!prior || prior.status === 'tombstone') return null;
      const amount = 'amount' in call.r ? parseAmount(call.r.amount) : 0n;
      if (amount === null) return { same: false };
      const parts =
        call.kind === 'bet'
          ? betParts(call.r, amount)
          : call.kind === 'win'
            ? winParts(call.r, amount, call.betTxId)
            : [call.r.originalTxId, call.r.roundId];
      const same =
        prior.kind === call.kind &&
        prior.member_id === memberId &&
        prior.answer !== null &&
        prior.request_hash === hashFor(call.kind, memberId, parts);
      return same ? { same: true, answer: prior.answer as StoredAnswer } : { same: false };
    },

    /** The wallet's balance now (for a protocol that reports it with a refusal). */
    walletBalance: (s: SessionRow): Promise<bigint> => repo.walletBalance(db, s.wallet_account_id),

    async authenticate(vendor: VendorRow, r: TokenRequest): Promise<AuthenticateAnswer> {
      const s = await session(vendor, r.token, true);
      const balance = await repo.walletBalance(db, s.wallet_account_id);
      return {
        ...answerOf(s, { balance: balance.toString(), transactionId: null }),
        username: s.username,
        nickname: s.nickname,
      };
    },

    async balance(vendor: VendorRow, r: TokenRequest): Promise<WalletAnswer> {
      const s = await session(vendor, r.token, true);
      const balance = await repo.walletBalance(db, s.wallet_account_id);
      return answerOf(s, { balance: balance.toString(), transactionId: null });
    },

    /** Debits the stake to the house shard and counts it towards the member's wagering requirements. */
    async bet(vendor: VendorRow, r: BetRequest): Promise<WalletAnswer> {
      const s = await session(vendor, r.token, true);
      const amount = amountOf(r.amount, false);
      checkCurrency(s, r.currency);
      await checkGame(vendor, s, r.gameCode);
      const hash = hashOf('bet', s, betParts(r, amount));
      const at = clock.now();
      const fast = await inWalletQueue(s.wallet_account_id, () =>
        withRetries({ name: 'game-wallet.bet' }, () =>
          repo.betStatement(db, {
            merchantId: s.merchant_id,
            vendorId: vendor.id,
            vendorCode: vendor.code,
            txId: r.txId,
            roundId: r.roundId,
            gameCode: r.gameCode,
            memberId: s.member_id,
            book: s.book,
            amount,
            requestHash: hash,
            walletId: s.wallet_account_id,
            houseId: s.house_account_id,
            at,
          }),
        ),
      );
      if (fast.ok) {
        return answerOf(
          s,
          { balance: fast.balance.toString(), transactionId: fast.transferId.toString() },
          r.txId,
        );
      }
      switch (fast.reason) {
        case 'insufficient_funds':
          throw refuse.funds();
        case 'round_closed':
          throw refuse.roundClosed();
        case 'duplicate':
          return replay(db, vendor, s, r.txId, 'bet', hash);
        case 'bet_checks':
          break;
      }
      // The member owes turnover or has set play limits: the same bet in a transaction that checks the
      // limits (once the tx id is claimed: a repeat replays) and counts the turnover.
      return inTransaction(db, 'game-wallet.service.bet', async (trx) => {
        const applied = await applyInTransaction(trx, vendor, s, {
          kind: 'bet',
          txId: r.txId,
          roundId: r.roundId,
          gameCode: r.gameCode,
          amount,
          hash,
          at,
          check: () =>
            checkPlayLimits(trx, {
              memberId: s.member_id,
              walletId: s.wallet_account_id,
              stake: amount,
              now: at,
            }),
        });
        await wagering.addTurnover(trx, {
          merchantId: s.merchant_id,
          memberId: s.member_id,
          stake: amount,
          at,
          product: () => repo.productOf(trx, vendor.id, r.gameCode),
        });
        return applied;
      });
    },

    /**
     * Credits a win from the house shard; a zero win only records the round. With `betTxId` (a protocol
     * whose wins name their bet) a first win is refused unless that bet is this player's and stands; a
     * repeat still answers as the first time.
     */
    async win(vendor: VendorRow, r: WinRequest, opts: { betTxId?: string } = {}): Promise<WalletAnswer> {
      const s = await session(vendor, r.token, false);
      const amount = amountOf(r.amount, true);
      checkCurrency(s, r.currency);
      const hash = hashOf('win', s, winParts(r, amount, opts.betTxId));
      const at = clock.now();
      return inTransaction(db, 'game-wallet.service.win', (trx) =>
        applyInTransaction(trx, vendor, s, {
          kind: 'win',
          txId: r.txId,
          roundId: r.roundId,
          gameCode: r.gameCode ?? null,
          amount,
          hash,
          close: r.endRound ?? false,
          at,
          ...(opts.betTxId !== undefined ? { check: () => checkBet(trx, vendor, s, opts.betTxId!) } : {}),
        }),
      );
    },

    /**
     * Refunds a bet by its tx id. A bet we never saw is tombstoned (the rollback succeeds and the late
     * bet is refused); a bet already refunded or tombstoned is not refunded again.
     */
    async rollback(vendor: VendorRow, r: RollbackRequest): Promise<WalletAnswer> {
      const s = await session(vendor, r.token, false);
      const hash = hashOf('rollback', s, [r.originalTxId, r.roundId]);
      const at = clock.now();
      return inTransaction(db, 'game-wallet.service.rollback', async (trx) => {
        const base = {
          merchantId: s.merchant_id,
          vendorId: vendor.id,
          memberId: s.member_id,
          book: s.book,
          requestHash: hash,
          at,
        };
        const rowId = await repo.claim(trx, {
          ...base,
          vendorTxId: r.txId,
          kind: 'rollback',
          roundId: r.roundId ?? null,
          gameCode: null,
          amount: 0n,
          status: 'applied',
          originalTxId: r.originalTxId,
        });
        if (rowId === null) return replay(trx, vendor, s, r.txId, 'rollback', hash);
        const tombstone = await repo.claim(trx, {
          ...base,
          vendorTxId: r.originalTxId,
          kind: 'bet',
          roundId: r.roundId ?? null,
          gameCode: null,
          amount: 0n,
          status: 'tombstone',
          requestHash: '',
          rolledBackBy: r.txId,
        });
        if (tombstone !== null) return noMoveAnswer(trx, s, rowId, r.txId);
        const bet = await repo.stored(trx, vendor.id, r.originalTxId, true);
        if (!bet || bet.kind !== 'bet' || bet.member_id !== s.member_id) throw refuse.rollback();
        if (bet.status === 'tombstone' || !(await repo.markRolledBack(trx, bet.id, r.txId))) {
          return noMoveAnswer(trx, s, rowId, r.txId);
        }
        // Round first, then the money: the same lock order as bets and wins.
        if (bet.round_id !== null) {
          await repo.addToRound(trx, {
            merchantId: s.merchant_id,
            vendorId: vendor.id,
            roundId: bet.round_id,
            memberId: s.member_id,
            book: s.book,
            gameCode: null,
            refund: bet.amount,
            evenIfClosed: true,
            at,
          });
        }
        const moved = await repo.move(trx, {
          ...moveBase(vendor, s, r.txId, bet.round_id ?? r.roundId ?? '', bet.game_code),
          vendorTxRowId: rowId,
          kind: 'rollback',
          walletDelta: bet.amount,
          at,
        });
        if (!moved) throw new Error('a refund cannot be refused');
        return answerOf(
          s,
          { balance: moved.balance.toString(), transactionId: moved.transferId.toString() },
          r.txId,
        );
      });
    },

    /** Closes a round (game records show it as finished); moves no money. */
    async end(vendor: VendorRow, r: EndRequest): Promise<WalletAnswer> {
      const s = await session(vendor, r.token, false);
      const hash = hashOf('end', s, [r.roundId]);
      const at = clock.now();
      return inTransaction(db, 'game-wallet.service.end', async (trx) => {
        const rowId = await repo.claim(trx, {
          merchantId: s.merchant_id,
          vendorId: vendor.id,
          vendorTxId: r.txId,
          kind: 'end',
          roundId: r.roundId,
          gameCode: null,
          memberId: s.member_id,
          book: s.book,
          amount: 0n,
          status: 'applied',
          requestHash: hash,
          at,
        });
        if (rowId === null) return replay(trx, vendor, s, r.txId, 'end', hash);
        const ok = await repo.addToRound(trx, {
          merchantId: s.merchant_id,
          vendorId: vendor.id,
          roundId: r.roundId,
          memberId: s.member_id,
          book: s.book,
          gameCode: null,
          close: true,
          evenIfClosed: true,
          at,
        });
        if (!ok) throw refuse.roundClosed();
        return noMoveAnswer(trx, s, rowId, r.txId);
      });
    },
  };
}

export type GameWalletService = ReturnType<typeof gameWalletService>;
