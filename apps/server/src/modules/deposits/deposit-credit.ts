import { formatAmount } from '@panalo/contract/money';
import type { Database } from '../../db/database';
import { ledgerAccount, memberWalletKey, postTransfer } from '../wallet/ledger';
import { payDepositBonus } from '../promotions/deposit-bonus';
import { sendSystemMail } from '../mail/mail.service';
import { depositsRepository, type DepositOrderRow } from './deposits.repository';

/** Where bank transfers are cleared from (gateway deposits clear from their provider's account). */
export const BANK_CLEARING = 'bank_transfer';

/**
 * Credits a deposit the caller has just moved to 'paid', inside the caller's transaction: the amount
 * from the clearing account and, when the member accepted a deposit promotion, its bonus as a claim of
 * the promotion engine (budget, turnover requirements of the deposit and of the bonus). Each transfer carries an idempotency key per order, so the ledger itself refuses a
 * second credit of the same order.
 */
export async function creditDeposit(
  trx: Database,
  order: DepositOrderRow,
  o: { actor: string; at: Date },
): Promise<bigint> {
  const wallet = await ledgerAccount(
    trx,
    memberWalletKey(order.merchant_id, order.member_id, order.currency),
  );
  const clearing = await ledgerAccount(trx, {
    merchantId: order.merchant_id,
    book: 'real',
    kind: 'payment_clearing',
    ref: order.provider ?? BANK_CLEARING,
    currency: order.currency,
  });
  const reference = `deposit:${order.id}`;
  const deposit = await postTransfer(trx, {
    merchantId: order.merchant_id,
    book: 'real',
    kind: 'deposit',
    legs: [
      { accountId: clearing, amount: -order.amount },
      { accountId: wallet, amount: order.amount },
    ],
    createdBy: o.actor,
    reference,
    memo: order.method_code,
    idempotency: { scope: 'deposit.credit', key: String(order.id) },
    at: o.at,
  });

  await depositsRepository(trx).setTransfer(order.id, deposit.transferId);
  const mail = { merchantId: order.merchant_id, memberId: order.member_id, at: o.at };
  await sendSystemMail(trx, {
    ...mail,
    template: 'deposit_credited',
    params: { amount: formatAmount(order.amount) },
  });
  if (order.promotion_id !== null) {
    // Engine deposit bonus (issue 18): a claim paid with the deposit, in this transaction.
    const merchant = await trx
      .selectFrom('merchant')
      .select(['id', 'settings'])
      .where('id', '=', order.merchant_id)
      .executeTakeFirstOrThrow();
    await payDepositBonus(trx, merchant, { ...order, promotion_id: order.promotion_id }, o.at);
  }
  return deposit.transferId;
}
