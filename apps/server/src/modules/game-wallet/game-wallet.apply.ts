import { formatAmount } from '@panalo/contract/money';
import type { Database } from '../../db/database';
import type { VendorTxKind } from '../../db/schema';
import { sha256Hex } from '../../lib/crypto';
import { gameWalletRepository as repo, type SessionRow, type VendorRow } from './game-wallet.repository';
import { refuse, type StoredAnswer, type WalletAnswer } from './game-wallet.support';
import type { BetRequest, WinRequest } from './game-wallet.schemas';

/**
 * The steps of a money call inside its transaction (the service holds the calls and their transactions):
 * the request hash a repeat is compared by, the replay of a tx id already taken, claiming the tx id,
 * recording the round and moving the money, in that lock order.
 */

export const answerOf = (s: SessionRow, stored: StoredAnswer, txId?: string): WalletAnswer => ({
  playerId: s.member_id.toString(),
  currency: s.currency,
  balance: formatAmount(BigInt(stored.balance)),
  book: s.book,
  ...(txId !== undefined ? { txId, transactionId: stored.transactionId } : {}),
});

export const hashFor = (kind: VendorTxKind, memberId: bigint, parts: (string | null | undefined)[]) =>
  sha256Hex(JSON.stringify([kind, memberId.toString(), ...parts.map((p) => p ?? null)]));
export const hashOf = (kind: VendorTxKind, s: SessionRow, parts: (string | null | undefined)[]) =>
  hashFor(kind, s.member_id, parts);
/** What a bet's or win's hash covers (a win that names its bet covers that too). */
export const betParts = (r: BetRequest, amount: bigint) => [r.roundId, r.gameCode, amount.toString()];
export const winParts = (r: WinRequest, amount: bigint, betTxId: string | undefined) => [
  r.roundId,
  r.gameCode,
  amount.toString(),
  ...(betTxId !== undefined ? [betTxId] : []),
];

/** The first answer for a tx id already taken, or the refusal it deserves. */
export async function replay(
  trx: Database,
  vendor: VendorRow,
  s: SessionRow,
  txId: string,
  kind: VendorTxKind,
  hash: string,
) {
  const prior = await repo.stored(trx, vendor.id, txId);
  if (!prior) throw new Error('a claimed vendor transaction vanished');
  if (prior.status === 'tombstone' && kind === 'bet') throw refuse.cancelled();
  if (prior.kind !== kind || prior.request_hash !== hash || prior.answer === null) throw refuse.conflict();
  return answerOf(s, prior.answer as StoredAnswer, txId);
}

export async function noMoveAnswer(trx: Database, s: SessionRow, rowId: bigint, txId: string) {
  const stored: StoredAnswer = {
    balance: (await repo.walletBalance(trx, s.wallet_account_id)).toString(),
    transactionId: null,
  };
  await repo.setAnswer(trx, rowId, stored);
  return answerOf(s, stored, txId);
}

export const moveBase = (
  vendor: VendorRow,
  s: SessionRow,
  txId: string,
  roundId: string,
  gameCode: string | null,
) => ({
  merchantId: s.merchant_id,
  memberId: s.member_id,
  vendorId: vendor.id,
  gameCode,
  book: s.book,
  walletId: s.wallet_account_id,
  houseId: s.house_account_id,
  idempotencyScope: `vendor:${vendor.code}`,
  idempotencyKey: txId,
  reference: `round:${vendor.code}:${roundId}`,
  createdBy: `vendor:${vendor.code}`,
});

/**
 * A bet or win inside the caller's transaction: claim the tx id, record the round, move the money.
 * Locks are always taken round first, then the accounts (as game_wallet_bet does), so a bet and a win
 * of one round arriving together never wait on each other in a cycle.
 */
export async function applyInTransaction(
  trx: Database,
  vendor: VendorRow,
  s: SessionRow,
  o: {
    kind: 'bet' | 'win';
    txId: string;
    roundId: string;
    gameCode: string | null;
    amount: bigint;
    hash: string;
    close?: boolean;
    at: Date;
    /** Runs once the tx id is claimed for this call, before any money moves (a bet's limits). */
    check?: () => Promise<void>;
  },
): Promise<WalletAnswer> {
  const rowId = await repo.claim(trx, {
    merchantId: s.merchant_id,
    vendorId: vendor.id,
    vendorTxId: o.txId,
    kind: o.kind,
    roundId: o.roundId,
    gameCode: o.gameCode,
    memberId: s.member_id,
    book: s.book,
    amount: o.amount,
    status: 'applied',
    requestHash: o.hash,
    at: o.at,
  });
  if (rowId === null) return replay(trx, vendor, s, o.txId, o.kind, o.hash);
  await o.check?.();
  const roundOk = await repo.addToRound(trx, {
    merchantId: s.merchant_id,
    vendorId: vendor.id,
    roundId: o.roundId,
    memberId: s.member_id,
    book: s.book,
    gameCode: o.gameCode,
    ...(o.kind === 'bet' ? { bet: o.amount } : { win: o.amount }),
    close: o.close ?? false,
    at: o.at,
  });
  if (!roundOk) throw refuse.roundClosed();
  if (o.amount === 0n) return noMoveAnswer(trx, s, rowId, o.txId);
  const moved = await repo.move(trx, {
    ...moveBase(vendor, s, o.txId, o.roundId, o.gameCode),
    vendorTxRowId: rowId,
    kind: o.kind,
    walletDelta: o.kind === 'bet' ? -o.amount : o.amount,
    at: o.at,
  });
  if (!moved) throw refuse.funds();
  return answerOf(
    s,
    { balance: moved.balance.toString(), transactionId: moved.transferId.toString() },
    o.txId,
  );
}

/** A win that names its bet: the bet must be this player's, placed and not rolled back. */
export async function checkBet(trx: Database, vendor: VendorRow, s: SessionRow, betTxId: string) {
  const bet = await repo.stored(trx, vendor.id, betTxId);
  if (!bet || bet.kind !== 'bet' || bet.member_id !== s.member_id) throw refuse.betUnknown();
  if (bet.status === 'tombstone' || bet.rolled_back_by !== null) throw refuse.betRolledBack();
}
