import { assertWithdrawalsOpen } from '../aml/aml.service';
import { checkKycWithdrawal } from '../kyc/kyc-gates';
import type { z } from 'zod';
import type { createWithdrawalRequest, opsWithdrawal, Withdrawal } from '@panalo/contract/cashier';
import { formatAmount, parseAmount } from '@panalo/contract/money';
import type { AppContext } from '../../context';
import type { WithdrawalStatus } from '../../db/schema';
import type { Database } from '../../db/database';
import { audit } from '../../lib/audit';
import { DomainError } from '../../lib/domain-error';
import { ledgerAccount, memberWalletKey, postTransfer, type AccountKey } from '../wallet/ledger';
import { runIdempotent } from '../wallet/idempotency';
import { wagering } from '../wallet/wagering';
import { cardKeys, cardOwner, decryptCardNumber } from '../identity/card-crypto';
import { checkLevelLimit } from './level-limit';
import type { Caller, SecurityService } from './security.service';
import { securityRepository } from './security.repository';
import { sendSystemMail } from '../mail/mail.service';
import { withdrawalsRepository, type WithdrawalRow } from './withdrawals.repository';
import type { QueueFilters } from '../../lib/queue-filters';

type Ok<T> = { success: true; value: T };
type Answer<T> = { status: number; body: T };

export const toWithdrawal = (w: WithdrawalRow): Withdrawal => ({
  id: w.id.toString(),
  cardId: w.card_id.toString(),
  bankName: w.bank_name ?? w.bank_code,
  cardLast4: w.card_last4,
  amount: formatAmount(w.amount),
  status: w.status,
  reason: w.reason,
  createdAt: w.created_at.toISOString(),
  updatedAt: w.updated_at.toISOString(),
});

/** Where a member's withdrawal waits until an operator decides: it can be neither bet nor withdrawn again. */
export const pendingWithdrawalKey = (merchantId: number, memberId: bigint, currency: string): AccountKey => ({
  merchantId,
  book: 'real',
  kind: 'pending_withdrawal',
  ownerMemberId: memberId,
  currency,
});

/** The merchant's bank payouts: the clearing account reconciled against the payout bank's statement. */
export const payoutClearingKey = (merchantId: number, currency: string): AccountKey => ({
  merchantId,
  book: 'real',
  kind: 'payment_clearing',
  ref: 'bank_payout',
  currency,
});

// Stryker disable next-line StringLiteral: the message is for logs and API readers; clients read the code and its values
const badAmount = () => new DomainError('amount_invalid', 400, 'Invalid amount');

/** Withdrawals: a member's request (money held at once), its record, and the operator's decision. */
export function withdrawalsService(ctx: AppContext, security: SecurityService) {
  const repo = withdrawalsRepository(ctx.db);
  const secrets = securityRepository(ctx.db);

  return {
    /**
     * A withdrawal request. Everything that needs no lock is checked first (amount, limits, the payment
     * password — argon2 is slow); then one transaction checks the card and the wagering, moves the amount
     * from the wallet to the member's pending account (a conditional debit: never below zero) and records
     * the withdrawal. Once per idempotency key.
     */
    async create(
      c: Caller & { currency: string },
      idempotencyKey: string,
      body: z.infer<typeof createWithdrawalRequest>,
    ) {
      const amount = parseAmount(body.amount);
      // Stryker disable next-line ConditionalExpression: `amount === null` → false is equivalent (`null <= 0n` is true in JavaScript); the test is there for the type
      if (amount === null || amount <= 0n) throw badAmount();
      const limits = await security.limitsOf(c.merchantId);
      if (amount < limits.min_withdraw || amount > limits.max_withdraw) {
        // Stryker disable next-line StringLiteral: the message is for logs and API readers; clients read the code and its values
        throw new DomainError('amount_out_of_range', 400, 'The amount is outside the withdrawal limits', {
          min: formatAmount(limits.min_withdraw),
          max: formatAmount(limits.max_withdraw),
        });
      }
      const { payment_password_hash } = await secrets.secrets(c.merchantId, c.memberId);
      if (payment_password_hash === null) {
        // Stryker disable next-line StringLiteral: the message is for logs and API readers; clients read the code and its values
        throw new DomainError('payment_password_required', 409, 'Set a payment password first');
      }
      await security.guard.verify(
        c.merchantId,
        c.memberId,
        'payment',
        payment_password_hash,
        body.paymentPassword,
      );

      // Accounts exist before the transaction, so that fifty requests at once do not queue on creating them.
      const wallet = await ledgerAccount(ctx.db, memberWalletKey(c.merchantId, c.memberId, c.currency));
      const pending = await ledgerAccount(ctx.db, pendingWithdrawalKey(c.merchantId, c.memberId, c.currency));
      const cardId = BigInt(body.cardId);

      return runIdempotent<Ok<Withdrawal>>(
        ctx.db,
        {
          merchantId: c.merchantId,
          // A key is the member's own: another member's same key is another request.
          scope: `withdrawal.create:${c.memberId}`,
          key: idempotencyKey,
          // The payment password is not part of the stored request: its hash must not sit beside the key.
          request: { memberId: c.memberId, cardId, amount },
        },
        async (trx): Promise<Answer<Ok<Withdrawal>>> => {
          // A money-laundering case may hold the member's withdrawals (issue 53).
          await assertWithdrawalsOpen(trx, c.merchantId, c.memberId);
          const at = ctx.clock.now();
          // The verification level's gates (issue 53): the first withdrawal, large ones, the ceilings.
          await checkKycWithdrawal(trx, { merchantId: c.merchantId, memberId: c.memberId, amount, now: at });
          const card = await securityRepository(trx).card(c.merchantId, c.memberId, cardId);
          // Stryker disable next-line StringLiteral: the message is for logs and API readers; clients read the code and its values
          if (!card) throw new DomainError('card_not_found', 404, 'Bank card not found');
          const owed = await wagering.status(trx, c.merchantId, c.memberId);
          if (owed.remaining > 0n) {
            // Stryker disable next-line StringLiteral: the message is for logs and API readers; clients read the code and its values
            throw new DomainError('wagering_not_met', 409, 'The turnover requirement is not met yet', {
              remaining: formatAmount(owed.remaining),
            });
          }
          // My VIP level's daily limit (issue 18 item 5), counted with my row locked.
          await checkLevelLimit(trx, { merchantId: c.merchantId, memberId: c.memberId, amount, now: at });
          const tx = withdrawalsRepository(trx);
          const id = await tx.insert({
            merchantId: c.merchantId,
            memberId: c.memberId,
            cardId,
            currency: c.currency,
            amount,
            at,
          });
          const hold = await postTransfer(trx, {
            merchantId: c.merchantId,
            book: 'real',
            kind: 'withdrawal_hold',
            legs: [
              { accountId: wallet, amount: -amount },
              { accountId: pending, amount },
            ],
            createdBy: `member:${c.memberId}`,
            reference: `withdrawal:${id}`,
            memo: `${card.bank_code} ****${card.card_last4}`,
            idempotency: { scope: `withdrawal.create:${c.memberId}`, key: idempotencyKey },
            at,
          });
          await tx.setTransfers(id, { hold: hold.transferId });
          const row = await tx.one(c.merchantId, id);
          // Stryker disable next-line ConditionalExpression,StringLiteral: the row was written just above in this transaction; a guard for the type
          if (!row) throw new Error('withdrawal vanished');
          return { status: 200, body: { success: true, value: toWithdrawal(row) } };
        },
      );
    },

    async list(c: Caller, q: { page: number; pageSize: number; status?: WithdrawalStatus | undefined }) {
      const { list, total } = await repo.page({ ...c, ...q });
      return {
        list: list.map(toWithdrawal),
        pageNum: q.page,
        totalPages: Math.ceil(total / q.pageSize),
        total,
      };
    },

    /** The operator's list: with the payee and the full card number, decrypted for paying out. */
    async opsList(
      merchantId: number,
      q: { page: number; pageSize: number; status?: WithdrawalStatus | undefined; filters?: QueueFilters },
    ) {
      const { list, total } = await repo.opsPage({ merchantId, ...q });
      // Stryker disable next-line ConditionalExpression,EqualityOperator: a shortcut (no key read); an empty page has nothing to decrypt either way
      const keys = list.length > 0 ? await cardKeys(ctx.db) : null;
      return {
        list: list.map((w): z.infer<typeof opsWithdrawal> => ({
          ...toWithdrawal(w),
          memberId: w.member_id.toString(),
          username: w.username,
          payeeName: w.payee_name,
          cardNumber: decryptCardNumber(keys!, cardOwner(w.card_merchant_id, w.member_id), w.card_number_enc),
        })),
        pageNum: q.page,
        totalPages: Math.ceil(total / q.pageSize),
        total,
      };
    },

    /**
     * An operator's decision on a pending withdrawal, once: paid (the held amount leaves through the
     * payout clearing account) or rejected (it returns to the member's wallet). The status change, the
     * transfer and the audit record are one transaction; deciding again is 409 withdrawal_not_pending.
     */
    async decide(
      o: {
        merchantId: number;
        operatorId: bigint;
        id: bigint;
        decision: 'approve' | 'reject';
        reason: string | null;
        /** Runs first in the same transaction (an approval taken by its checker). */
        within?: (trx: Database) => Promise<void>;
      },
      idempotencyKey: string,
    ) {
      if (o.decision === 'reject' && !o.reason) {
        // Stryker disable next-line StringLiteral: the message is for logs and API readers; clients read the code and its values
        throw new DomainError('reason_required', 400, 'Give the reason for the rejection');
      }
      const scope = `ops.withdrawal.${o.decision}`;
      return runIdempotent<Ok<Withdrawal>>(
        ctx.db,
        {
          merchantId: o.merchantId,
          scope,
          key: idempotencyKey,
          request: { id: o.id, reason: o.reason },
        },
        async (trx): Promise<Answer<Ok<Withdrawal>>> => {
          await o.within?.(trx);
          const tx = withdrawalsRepository(trx);
          const at = ctx.clock.now();
          const actor = `operator:${o.operatorId}`;
          const w = await tx.decide({
            merchantId: o.merchantId,
            id: o.id,
            status: o.decision === 'approve' ? 'paid' : 'rejected',
            reason: o.reason,
            decidedBy: actor,
            at,
          });
          if (!w) {
            if (!(await tx.one(o.merchantId, o.id))) {
              // Stryker disable next-line StringLiteral: the message is for logs and API readers; clients read the code and its values
              throw new DomainError('not_found', 404, 'Withdrawal not found');
            }
            // Stryker disable next-line StringLiteral: the message is for logs and API readers; clients read the code and its values
            throw new DomainError('withdrawal_not_pending', 409, 'This withdrawal was already decided');
          }
          // No payout while a case freezes the member's withdrawals (a rejection returns the money).
          if (o.decision === 'approve') await assertWithdrawalsOpen(trx, o.merchantId, w.member_id);
          const pending = await ledgerAccount(
            trx,
            pendingWithdrawalKey(o.merchantId, w.member_id, w.currency),
          );
          const other =
            o.decision === 'approve'
              ? await ledgerAccount(trx, payoutClearingKey(o.merchantId, w.currency))
              : await ledgerAccount(trx, memberWalletKey(o.merchantId, w.member_id, w.currency));
          const posted = await postTransfer(trx, {
            merchantId: o.merchantId,
            book: 'real',
            kind: o.decision === 'approve' ? 'withdrawal_paid' : 'withdrawal_release',
            legs: [
              { accountId: pending, amount: -w.amount },
              { accountId: other, amount: w.amount },
            ],
            createdBy: actor,
            reference: `withdrawal:${w.id}`,
            memo: o.reason,
            idempotency: { scope, key: idempotencyKey },
            at,
          });
          await tx.setTransfers(w.id, { final: posted.transferId });
          await sendSystemMail(trx, {
            merchantId: o.merchantId,
            memberId: w.member_id,
            template: o.decision === 'approve' ? 'withdrawal_paid' : 'withdrawal_rejected',
            params: { amount: formatAmount(w.amount), ...(o.reason ? { reason: o.reason } : {}) },
            at,
          });
          await audit(trx, {
            merchantId: o.merchantId,
            actor,
            action: o.decision === 'approve' ? 'withdrawal.approve' : 'withdrawal.reject',
            target: `withdrawal:${w.id}`,
            details: {
              memberId: w.member_id,
              amount: w.amount,
              reason: o.reason,
              transferId: posted.transferId,
            },
            at,
          });
          const row = await tx.one(o.merchantId, w.id);
          // Stryker disable next-line ConditionalExpression,StringLiteral: the row was written just above in this transaction; a guard for the type
          if (!row) throw new Error('withdrawal vanished');
          return { status: 200, body: { success: true, value: toWithdrawal(row) } };
        },
      );
    },
  };
}
