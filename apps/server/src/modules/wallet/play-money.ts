import type { Database } from '../../db/database';
import { houseKey, ledgerAccount, memberWalletKey, postTransfer } from './ledger';

/** What a new free-trial account starts with, in the play-money book: ₱2,000.00. */
export const TRIAL_PLAY_MONEY = 200_000n;

/** Credits a new trial account's play money (from the play book's house) inside the caller's transaction. */
export async function grantTrialMoney(
  trx: Database,
  o: { merchantId: number; memberId: bigint; currency: string; at: Date },
) {
  const wallet = await ledgerAccount(trx, memberWalletKey(o.merchantId, o.memberId, o.currency, 'play'));
  const house = await ledgerAccount(trx, houseKey(o.merchantId, o.memberId, o.currency, 'play'));
  return postTransfer(trx, {
    merchantId: o.merchantId,
    book: 'play',
    kind: 'trial_grant',
    createdBy: 'system',
    reference: `trial:${o.memberId}`,
    idempotency: { scope: 'trial_grant', key: o.memberId.toString() },
    at: o.at,
    legs: [
      { accountId: house, amount: -TRIAL_PLAY_MONEY },
      { accountId: wallet, amount: TRIAL_PLAY_MONEY },
    ],
  });
}
