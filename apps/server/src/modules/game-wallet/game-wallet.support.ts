import type { Database } from '../../db/database';
import { sha256Hex } from '../../lib/crypto';
import { DomainError } from '../../lib/domain-error';
import { gameWalletRepository, type SessionRow, type VendorRow } from './game-wallet.repository';

/** What every successful callback answers (amounts as decimal strings, like the rest of the API). */
export interface WalletAnswer {
  playerId: string;
  currency: string;
  balance: string;
  book: 'real' | 'play';
  /** The vendor's transaction id this answer belongs to (absent for authenticate and balance). */
  txId?: string;
  /** Our ledger transfer id when money moved; null when the call moved nothing (a zero win, a tombstone). */
  transactionId?: string | null;
}

export interface AuthenticateAnswer extends WalletAnswer {
  username: string;
  nickname: string | null;
}

/** Whether a vendor offers a game; the catalogue (issue 5) plugs in here. */
export type GameCheck = (vendor: VendorRow, gameCode: string) => Promise<boolean>;

export interface StoredAnswer {
  balance: string;
  transactionId: string | null;
}

/** The wallet's refusals (message keys; README.md lists them with their HTTP status). */
export const refuse = {
  invalidToken: () => new DomainError('invalid_token', 401, 'Unknown game token'),
  expired: () => new DomainError('token_expired', 401, 'The game token has expired'),
  disabled: () => new DomainError('member_disabled', 403, 'The player account is disabled'),
  funds: () => new DomainError('insufficient_funds', 409, 'Insufficient funds'),
  amount: () => new DomainError('invalid_amount', 400, 'Invalid amount'),
  currency: () => new DomainError('invalid_currency', 400, 'Currency does not match the player wallet'),
  game: () => new DomainError('unknown_game', 404, 'Unknown game'),
  conflict: () =>
    new DomainError('duplicate_transaction', 409, 'This transaction id was used with different content'),
  cancelled: () =>
    new DomainError('transaction_cancelled', 409, 'This transaction was rolled back before it arrived'),
  roundClosed: () => new DomainError('round_closed', 409, 'The round is closed or belongs to another player'),
  rollback: () =>
    new DomainError('rollback_not_allowed', 409, 'Only a bet of this player can be rolled back'),
  /** A win that names its bet (Hub88's reference_transaction_uuid): no such bet of this player. */
  betUnknown: () => new DomainError('transaction_not_found', 409, 'The bet this names was never placed'),
  /** A win that names a bet already rolled back (or cancelled before it arrived). */
  betRolledBack: () => new DomainError('transaction_rolled_back', 409, 'The bet this names was rolled back'),
};

/** How many bets of one wallet a process lets reach the database at once (see walletLanes). */
export const BET_LANE_WIDTH = 2;

/**
 * Bets on one wallet are serialised by its row lock anyway. Letting at most `width` per wallet reach the
 * database (one running, one queued on the row, ready the instant the lock frees) while the rest wait
 * here in arrival order spares the database a herd of waiters on that row and keeps a busy wallet's tail
 * latency close to its mean. Correctness never depends on it: the row lock is the real guard.
 */
export function walletLanes(width: number) {
  const lanes = new Map<bigint, { active: number; waiting: (() => void)[] }>();
  return async function inWalletQueue<T>(walletId: bigint, work: () => Promise<T>): Promise<T> {
    let lane = lanes.get(walletId);
    if (!lane) lanes.set(walletId, (lane = { active: 0, waiting: [] }));
    if (lane.active >= width) await new Promise<void>((resume) => lane.waiting.push(resume));
    else lane.active++;
    try {
      return await work();
    } finally {
      const next = lane.waiting.shift();
      if (next) next();
      else if (--lane.active === 0) lanes.delete(walletId);
    }
  };
}

/**
 * Every callback starts from its token; a token's row is kept for ttlMs so a busy game does not read it
 * (nor hash the token) on each bet. A disabled member is refused within that time; expiry is checked on
 * every call. The database holds only the token's SHA-256.
 */
export function sessionCache(db: Database, ttlMs: number) {
  const sessions = new Map<string, { at: number; row: SessionRow }>();
  return async function lookup(vendorId: number, token: string): Promise<SessionRow | undefined> {
    if (ttlMs <= 0) return gameWalletRepository.session(db, vendorId, sha256Hex(token));
    const key = `${vendorId}:${token}`;
    const hit = sessions.get(key);
    const now = performance.now();
    if (hit && now - hit.at < ttlMs) return hit.row;
    const row = await gameWalletRepository.session(db, vendorId, sha256Hex(token));
    if (sessions.size > 10_000) sessions.clear();
    if (row) sessions.set(key, { at: now, row });
    return row;
  };
}
