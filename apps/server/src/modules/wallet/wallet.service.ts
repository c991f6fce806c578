import { formatAmount } from '@panalo/contract/money';
import { isTrialType } from '@panalo/contract/member';
import type { Balance } from '@panalo/contract/wallet';
import type { Database } from '../../db/database';
import type { LedgerBook } from '../../db/schema';
import { accountBalance, memberWalletKey } from './ledger';

/** Free-trial accounts play with play money, kept in a separate book of the ledger. */
export const bookFor = (memberType: number): LedgerBook => (isTrialType(memberType) ? 'play' : 'real');

/** The member's wallet balance (sumBalance), from the ledger account's stored balance. */
export async function memberBalance(
  db: Database,
  o: { merchantId: number; memberId: bigint; memberType: number; currency: string },
): Promise<Balance> {
  const book = bookFor(o.memberType);
  const minor = await accountBalance(db, memberWalletKey(o.merchantId, o.memberId, o.currency, book));
  return { sumBalance: formatAmount(minor), currency: o.currency, book };
}
