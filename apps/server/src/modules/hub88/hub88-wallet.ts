import { isStaffType } from '@panalo/contract/member';
import { formatAmount, parseAmount } from '@panalo/contract/money';
import type { Database } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { DomainError } from '../../lib/domain-error';
import type { VendorRow } from '../game-wallet/game-wallet.repository';
import type { BetRequest, RollbackRequest, WinRequest } from '../game-wallet/game-wallet.schemas';
import { gameWalletService } from '../game-wallet/game-wallet.service';
import type { GameCheck } from '../game-wallet/game-wallet.support';
import { bookFor } from '../wallet/wallet.service';
import { HUB88_UNITS_PER_MINOR, memberOfHub88User } from './hub88-setup';
import type { BalanceBody, BetBody, RollbackBody, UserInfoBody, WinBody } from './hub88-wallet.schemas';

/** Hub88's answer statuses (docs.hub88.io, "Seamless Wallet response statuses", Operator API). */
export type Hub88Status =
  | 'RS_OK'
  | 'RS_ERROR_UNKNOWN'
  | 'RS_ERROR_INVALID_PARTNER'
  | 'RS_ERROR_INVALID_TOKEN'
  | 'RS_ERROR_INVALID_GAME'
  | 'RS_ERROR_WRONG_CURRENCY'
  | 'RS_ERROR_NOT_ENOUGH_MONEY'
  | 'RS_ERROR_USER_DISABLED'
  | 'RS_ERROR_INVALID_SIGNATURE'
  | 'RS_ERROR_TOKEN_EXPIRED'
  | 'RS_ERROR_WRONG_SYNTAX'
  | 'RS_ERROR_WRONG_TYPES'
  | 'RS_ERROR_DUPLICATE_TRANSACTION'
  | 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST'
  | 'RS_ERROR_TRANSACTION_ROLLED_BACK'
  | 'RS_ERROR_LIMIT_REACHED';

/** Every answer, refusals included: HTTP 200 with this body; `balance` in units × 100,000. */
export interface Hub88Answer {
  user: string;
  status: Hub88Status;
  request_uuid: string;
  currency: string;
  balance: bigint;
}

/** The answer as JSON: the balance is written as an integer (a bigint JSON.stringify cannot write). */
export const hub88Json = ({ balance, ...rest }: Hub88Answer): string =>
  `${JSON.stringify(rest).slice(0, -1)},"balance":${balance.toString()}}`;

/** The game wallet's refusals in Hub88's terms. */
const STATUS_OF: Record<string, Hub88Status> = {
  invalid_token: 'RS_ERROR_INVALID_TOKEN',
  token_expired: 'RS_ERROR_TOKEN_EXPIRED',
  member_disabled: 'RS_ERROR_USER_DISABLED',
  insufficient_funds: 'RS_ERROR_NOT_ENOUGH_MONEY',
  invalid_amount: 'RS_ERROR_WRONG_TYPES',
  invalid_currency: 'RS_ERROR_WRONG_CURRENCY',
  unknown_game: 'RS_ERROR_INVALID_GAME',
  duplicate_transaction: 'RS_ERROR_DUPLICATE_TRANSACTION',
  transaction_cancelled: 'RS_ERROR_TRANSACTION_ROLLED_BACK',
  transaction_rolled_back: 'RS_ERROR_TRANSACTION_ROLLED_BACK',
  transaction_not_found: 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
  rollback_not_allowed: 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
  play_limit_reached: 'RS_ERROR_LIMIT_REACHED',
  unknown_vendor: 'RS_ERROR_INVALID_PARTNER',
  vendor_disabled: 'RS_ERROR_INVALID_PARTNER',
};

// Refusals a repeat of an accepted transaction may meet now (its token expired since, the member was
// disabled, the game left the catalogue…): the repeat is answered as the first time, a changed one is a
// duplicate. A different currency can only be a changed repeat.
const RECHECKED = new Set([
  'token_expired',
  'member_disabled',
  'unknown_game',
  'round_closed',
  'play_limit_reached',
  'invalid_currency',
]);

/** Hub88 units (× 100,000) as the wallet's decimal text; null unless they are whole centavos. */
function decimalOf(units: number): string | null {
  const n = BigInt(units);
  return n % HUB88_UNITS_PER_MINOR === 0n ? formatAmount(n / HUB88_UNITS_PER_MINOR) : null;
}
const unitsOf = (decimal: string): bigint => parseAmount(decimal)! * HUB88_UNITS_PER_MINOR;

/**
 * Hub88's Wallet API on top of the game wallet (modules/game-wallet): the same rounds, ledger transfers,
 * idempotency by transaction id, tombstones and play limits as every vendor, in Hub88's words.
 */
export function hub88Wallet(
  db: Database,
  clock: Clock,
  opts: { knownGame?: GameCheck; sessionCacheMs?: number; log?: (err: unknown) => void } = {},
) {
  const wallet = gameWalletService(db, clock, opts);
  type Session = NonNullable<Awaited<ReturnType<typeof wallet.sessionOf>>>;
  type Call =
    | { kind: 'bet'; r: BetRequest }
    | { kind: 'win'; r: WinRequest; betTxId: string }
    | { kind: 'rollback'; r: RollbackRequest };

  const answer = (
    b: { user: string; request_uuid: string },
    status: Hub88Status,
    currency: string,
    balance: bigint,
  ): Hub88Answer => ({ user: b.user, status, request_uuid: b.request_uuid, currency, balance });

  /** The member's own wallet (the play book for a trial account), for a call without a token. */
  async function memberWallet(merchantId: number, memberId: bigint) {
    const m = await db
      .selectFrom('member')
      .select(['type', 'status'])
      .where('id', '=', memberId)
      .where('merchant_id', '=', merchantId)
      .executeTakeFirst();
    if (!m || isStaffType(m.type)) return null;
    const a = await db
      .selectFrom('ledger_account')
      .select(['balance', 'currency'])
      .where('merchant_id', '=', merchantId)
      .where('owner_member_id', '=', memberId)
      .where('kind', '=', 'member_wallet')
      .where('book', '=', bookFor(m.type))
      .executeTakeFirst();
    return { balance: a?.balance ?? 0n, currency: a?.currency ?? null };
  }

  /**
   * The launch behind the token, when it is this user's: another user's token (or an unknown one) is
   * refused before anything moves.
   */
  async function sessionFor(vendor: VendorRow, user: string, token: string): Promise<Session | null> {
    const memberId = memberOfHub88User(user);
    const s = await wallet.sessionOf(vendor, token);
    return s && memberId !== null && s.member_id === memberId ? s : null;
  }

  /** A refused money call in Hub88's words, with the balance as it is now. */
  async function refused(
    vendor: VendorRow,
    s: Session,
    b: { user: string; request_uuid: string; transaction_uuid: string },
    call: Call,
    err: unknown,
  ): Promise<Hub88Answer> {
    if (!(err instanceof DomainError)) {
      opts.log?.(err);
      return answer(b, 'RS_ERROR_UNKNOWN', s.currency, await balanceUnits(s));
    }
    if (RECHECKED.has(err.code)) {
      const prior = await wallet.priorOf(vendor, s.member_id, b.transaction_uuid, call);
      if (prior && (err.code === 'invalid_currency' || !prior.same)) {
        return answer(b, 'RS_ERROR_DUPLICATE_TRANSACTION', s.currency, await balanceUnits(s));
      }
      if (prior?.same)
        return answer(b, 'RS_OK', s.currency, unitsOf(formatAmount(BigInt(prior.answer.balance))));
    }
    return answer(b, STATUS_OF[err.code] ?? 'RS_ERROR_UNKNOWN', s.currency, await balanceUnits(s));
  }

  const balanceUnits = async (s: Session) => (await wallet.walletBalance(s)) * HUB88_UNITS_PER_MINOR;

  /** Refused before any session: an unknown token, or another user's. */
  async function invalidToken(
    vendor: VendorRow,
    currency: string,
    b: { user: string; request_uuid: string },
  ) {
    const memberId = memberOfHub88User(b.user);
    const w = memberId === null ? null : await memberWallet(vendor.merchant_id, memberId);
    return answer(
      b,
      'RS_ERROR_INVALID_TOKEN',
      w?.currency ?? currency,
      (w?.balance ?? 0n) * HUB88_UNITS_PER_MINOR,
    );
  }

  /** Runs a money call for its session; its refusals become statuses. */
  async function money(
    vendor: VendorRow,
    currency: string,
    b: BetBody | WinBody | RollbackBody,
    call: (s: Session) => Call,
    run: (c: Call) => Promise<{ balance: string }>,
  ): Promise<Hub88Answer> {
    const s = await sessionFor(vendor, b.user, b.token);
    if (!s) return invalidToken(vendor, currency, b);
    const c = call(s);
    try {
      const done = await run(c);
      return answer(b, 'RS_OK', s.currency, unitsOf(done.balance));
    } catch (err) {
      return refused(vendor, s, b, c, err);
    }
  }

  return {
    /** The player's details (no token: Hub88 names the user). */
    async userInfo(
      vendor: VendorRow,
      currency: string,
      b: UserInfoBody,
    ): Promise<Hub88Answer & { country: string }> {
      const memberId = memberOfHub88User(b.user);
      const w = memberId === null ? null : await memberWallet(vendor.merchant_id, memberId);
      if (!w) return { ...answer(b, 'RS_ERROR_UNKNOWN', currency, 0n), country: 'PH' };
      return {
        ...answer(b, 'RS_OK', w.currency ?? currency, w.balance * HUB88_UNITS_PER_MINOR),
        country: 'PH',
      };
    },

    async balance(vendor: VendorRow, currency: string, b: BalanceBody): Promise<Hub88Answer> {
      const s = await sessionFor(vendor, b.user, b.token);
      if (!s) return invalidToken(vendor, currency, b);
      try {
        const a = await wallet.balance(vendor, { token: b.token });
        return answer(b, 'RS_OK', s.currency, unitsOf(a.balance));
      } catch (err) {
        const code = err instanceof DomainError ? err.code : '';
        if (!(err instanceof DomainError)) opts.log?.(err);
        return answer(b, STATUS_OF[code] ?? 'RS_ERROR_UNKNOWN', s.currency, await balanceUnits(s));
      }
    },

    async bet(vendor: VendorRow, currency: string, b: BetBody): Promise<Hub88Answer> {
      const amount = decimalOf(b.amount);
      // Not whole centavos (or nothing staked): refused, never rounded; free bets are not granted here.
      if (amount === null || b.amount === 0 || b.is_free === true) {
        const s = await sessionFor(vendor, b.user, b.token);
        return s
          ? answer(
              b,
              b.is_free === true ? 'RS_ERROR_UNKNOWN' : 'RS_ERROR_WRONG_TYPES',
              s.currency,
              await balanceUnits(s),
            )
          : invalidToken(vendor, currency, b);
      }
      return money(
        vendor,
        currency,
        b,
        () => ({
          kind: 'bet',
          r: {
            token: b.token,
            txId: b.transaction_uuid,
            roundId: b.round,
            gameCode: b.game_code,
            amount,
            currency: b.currency,
          },
        }),
        (c) => wallet.bet(vendor, c.r as BetRequest),
      );
    },

    async win(vendor: VendorRow, currency: string, b: WinBody): Promise<Hub88Answer> {
      const amount = decimalOf(b.amount);
      if (amount === null) {
        const s = await sessionFor(vendor, b.user, b.token);
        return s
          ? answer(b, 'RS_ERROR_WRONG_TYPES', s.currency, await balanceUnits(s))
          : invalidToken(vendor, currency, b);
      }
      return money(
        vendor,
        currency,
        b,
        () => ({
          kind: 'win',
          r: {
            token: b.token,
            txId: b.transaction_uuid,
            roundId: b.round,
            gameCode: b.game_code,
            amount,
            currency: b.currency,
            endRound: b.round_closed ?? false,
          },
          betTxId: b.reference_transaction_uuid,
        }),
        (c) => wallet.win(vendor, c.r as WinRequest, { betTxId: b.reference_transaction_uuid }),
      );
    },

    /** Refunds the reference bet once; an unknown one is tombstoned (its late bet is refused). */
    async rollback(vendor: VendorRow, currency: string, b: RollbackBody): Promise<Hub88Answer> {
      return money(
        vendor,
        currency,
        b,
        () => ({
          kind: 'rollback',
          r: {
            token: b.token,
            txId: b.transaction_uuid,
            originalTxId: b.reference_transaction_uuid,
            roundId: b.round,
          },
        }),
        (c) => wallet.rollback(vendor, c.r as RollbackRequest),
      );
    },
  };
}

export type Hub88Wallet = ReturnType<typeof hub88Wallet>;
