// Test helpers for records and reports: post transfers of any kind straight through the ledger.
import type { Database } from '../../db/database';
import type { LedgerBook } from '../../db/schema';
import { houseKey, ledgerAccount, memberWalletKey, postTransfer } from '../wallet/ledger';
import { inTransaction } from '../../db/transaction';

/**
 * Posts one transfer of `kind` that moves `amount` (signed, minor units) into the member's wallet from
 * the house shard (or out of it to the house), at `at`. Returns the transfer id.
 */
export async function postForMember(
  db: Database,
  o: {
    merchantId: number;
    memberId: bigint;
    kind: string;
    amount: bigint;
    at: string | Date;
    book?: LedgerBook;
    reference?: string;
    memo?: string;
    /** The product group the member's figures count under (member_day). */
    product?: string;
  },
): Promise<bigint> {
  const book = o.book ?? 'real';
  const wallet = await ledgerAccount(db, memberWalletKey(o.merchantId, o.memberId, 'PHP', book));
  const house = await ledgerAccount(db, houseKey(o.merchantId, o.memberId, 'PHP', book));
  const posted = await inTransaction(db, 'test-ledger.postForMember', (trx) =>
    postTransfer(trx, {
      merchantId: o.merchantId,
      book,
      kind: o.kind,
      createdBy: 'system:test',
      reference: o.reference ?? null,
      memo: o.memo ?? null,
      at: new Date(o.at),
      ...(o.product ? { product: o.product } : {}),
      legs: [
        { accountId: house, amount: -o.amount },
        { accountId: wallet, amount: o.amount },
      ],
    }),
  );
  return posted.transferId;
}

/** Number of ledger transfers in the database: proof that a refused call wrote nothing. */
export async function transferCount(db: Database): Promise<number> {
  const r = await db
    .selectFrom('ledger_transfer')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}
