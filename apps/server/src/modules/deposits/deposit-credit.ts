import { formatAmount } from '@panalo/contract/money';
import type { Database } from '../../db/database';
import { ledgerAccount, memberWalletKey, postTransfer } from '../wallet/ledger';
import { wagering } from '../wallet/wagering';
import { sendSystemMail } from '../mail/mail.service';
import { depositsRepository, type DepositOrderRow } from './deposits.repository';

/** Where bank transfers are cleared from (gateway deposits clear from their provider's account). */
export const BANK_CLEARING = 'bank_transfer';

/**
 * Credits a deposit the caller has just moved to 'paid', inside the caller's transaction: the amount
 * from the clearing account, the promotion's bonus from its budget, and the promotion's turnover
 * requirement. Each transfer carries an idempotency key per order, so the ledger itself refuses a
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

  if (order.promotion_code) {
    if (order.bonus_amount > 0n) {
      const budget = await ledgerAccount(trx, {
        merchantId: order.merchant_id,
        book: 'real',
        kind: 'promotion',
        ref: order.promotion_code,
        currency: order.currency,
      });
      await postTransfer(trx, {
        merchantId: order.merchant_id,
        book: 'real',
        kind: 'deposit_bonus',
        legs: [
          { accountId: budget, amount: -order.bonus_amount },
          { accountId: wallet, amount: order.bonus_amount },
        ],
        createdBy: o.actor,
        reference,
        memo: order.promotion_code,
        idempotency: { scope: 'deposit.bonus', key: String(order.id) },
        at: o.at,
      });
    }
    const promo = await depositsRepository(trx).promotion(order.merchant_id, order.promotion_code);
    const tenths = BigInt(promo?.wagering_multiplier_tenths ?? 0);
    await wagering.require(trx, {
      merchantId: order.merchant_id,
      memberId: order.member_id,
      source: 'deposit',
      sourceRef: String(order.id),
      required: ((order.amount + order.bonus_amount) * tenths) / 10n,
      at: o.at,
    });
  }
  await depositsRepository(trx).setTransfer(order.id, deposit.transferId);
  const mail = { merchantId: order.merchant_id, memberId: order.member_id, at: o.at };
  await sendSystemMail(trx, {
    ...mail,
    template: 'deposit_credited',
    params: { amount: formatAmount(order.amount) },
  });
  if (order.bonus_amount > 0n) {
    await sendSystemMail(trx, {
      ...mail,
      template: 'bonus_issued',
      params: { amount: formatAmount(order.bonus_amount), promotion: order.promotion_code ?? '' },
    });
  }
  return deposit.transferId;
}
