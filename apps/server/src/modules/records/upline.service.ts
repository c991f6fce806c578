import { formatAmount } from '@panalo/contract/money';
import { MEMBER_TYPE } from '@panalo/contract/member';
import type { Database } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { DomainError } from '../../lib/domain-error';
import type { MerchantRow } from '../merchants/merchants.repository';
import type { MemberRow } from '../identity/members.repository';
import { membersRepository } from '../identity/members.repository';
import type { RateLimiter } from '../ratelimit/ratelimit.service';
import { secretGuard } from '../identity/secret-guard';
import { runIdempotent, type IdempotentResult } from '../wallet/idempotency';
import { memberWalletKey, postTransfer } from '../wallet/ledger';
import { accountIdFor } from '../wallet/ledger';
import { checkKycTransfer } from '../kyc/kyc-gates';

export interface UplineTransferBody {
  success: true;
  value: { sumBalance: string; transferId: string };
}

/**
 * Spec §6 / MINE-025, enforced on the server: the merchant has AGETRANSFERUP3 on, the member's toUpline
 * is set, the member type is not 2, and the upline is an active account of the same merchant.
 */
export function mayTransferToUpline(
  merchant: Pick<MerchantRow, 'whitelabel'>,
  member: Pick<MemberRow, 'to_upline' | 'type' | 'upline_id'>,
  upline: Pick<MemberRow, 'status'> | undefined,
): boolean {
  return (
    merchant.whitelabel.AGETRANSFERUP3 === true &&
    member.to_upline &&
    member.type !== MEMBER_TYPE.PLAYER_AGENT &&
    member.upline_id !== null &&
    upline?.status === 'active'
  );
}

const forbidden = () =>
  new DomainError('transfer_upline_forbidden', 403, 'Transfer to upline is not available for this account');

/**
 * The money part of a transfer to the upline, once per idempotency key of this member: member wallet →
 * upline wallet (kind transfer_upline), refused with 409 insufficient_balance rather than going below zero.
 */
export async function postUplineTransfer(
  db: Database,
  o: {
    merchantId: number;
    currency: string;
    memberId: bigint;
    uplineId: bigint;
    amount: bigint;
    key: string;
    at: Date;
  },
): Promise<IdempotentResult<UplineTransferBody>> {
  // Accounts are made outside the money transaction so that it only takes row locks in account order.
  const from = await accountIdFor(db, memberWalletKey(o.merchantId, o.memberId, o.currency));
  const to = await accountIdFor(db, memberWalletKey(o.merchantId, o.uplineId, o.currency));
  const scope = `transfer_upline:${o.memberId}`;
  return runIdempotent<UplineTransferBody>(
    db,
    { merchantId: o.merchantId, scope, key: o.key, request: { to: o.uplineId, amount: o.amount } },
    async (trx) => {
      const posted = await postTransfer(trx, {
        merchantId: o.merchantId,
        book: 'real',
        kind: 'transfer_upline',
        legs: [
          { accountId: from, amount: -o.amount },
          { accountId: to, amount: o.amount },
        ],
        createdBy: `member:${o.memberId}`,
        reference: `upline:${o.uplineId}`,
        idempotency: { scope, key: o.key },
        at: o.at,
      });
      return {
        status: 200,
        body: {
          success: true,
          value: {
            sumBalance: formatAmount(posted.balances.get(from) ?? 0n),
            transferId: posted.transferId.toString(),
          },
        },
      };
    },
  );
}

/** Transfer to upline: the rule, then the payment password (argon2, guarded), then the money. */
export function uplineService(db: Database, clock: Clock, limits: RateLimiter) {
  const members = membersRepository(db);
  const guard = secretGuard(limits);
  return {
    async transfer(o: {
      merchant: MerchantRow;
      memberId: bigint;
      amount: bigint;
      paymentPassword: string;
      key: string;
    }) {
      const member = await members.findById(o.merchant.id, o.memberId);
      if (!member) throw forbidden();
      const upline = member.upline_id ? await members.findById(o.merchant.id, member.upline_id) : undefined;
      // A member recorded as their own upline (bad data) has no one to send to.
      if (!upline || upline.id === member.id || !mayTransferToUpline(o.merchant, member, upline)) {
        throw forbidden();
      }

      // Money between members needs a verification level that allows it, on both sides (issue 53).
      await checkKycTransfer(db, {
        merchantId: o.merchant.id,
        actorId: member.id,
        receiverIds: [upline.id],
        now: clock.now(),
      });
      if (!member.payment_password_hash) {
        throw new DomainError('payment_password_required', 409, 'Set a payment password first');
      }
      // The same guessing protection as withdrawals (argon2, 5 wrong in 15 min lock it), before any money.
      await guard.verify(
        o.merchant.id,
        member.id,
        'payment',
        member.payment_password_hash,
        o.paymentPassword,
      );

      return postUplineTransfer(db, {
        merchantId: o.merchant.id,
        currency: o.merchant.currency,
        memberId: member.id,
        uplineId: upline.id,
        amount: o.amount,
        key: o.key,
        at: clock.now(),
      });
    },
  };
}
