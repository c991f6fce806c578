import { expect } from 'vitest';
import type { Database } from '../db/database';
import { ledgerAccount, memberWalletKey, postTransfer } from '../modules/wallet/ledger';
import { checkLedger } from '../modules/wallet/ledger-check';

/** Credits a member's PHP wallet of merchant 1 from a test payment-clearing account; the wallet's id. */
export async function fundFromClearing(
  db: Database,
  memberId: bigint,
  amount: bigint,
  at: Date,
): Promise<bigint> {
  const wallet = await ledgerAccount(db, memberWalletKey(1, memberId, 'PHP'));
  const clearing = await ledgerAccount(db, {
    merchantId: 1,
    book: 'real',
    kind: 'payment_clearing',
    ref: 'TEST',
    currency: 'PHP',
  });
  await db.transaction().execute((trx) =>
    postTransfer(trx, {
      merchantId: 1,
      book: 'real',
      kind: 'deposit',
      createdBy: 'system',
      at,
      legs: [
        { accountId: clearing, amount: -amount },
        { accountId: wallet, amount },
      ],
    }),
  );
  return wallet;
}

/**
 * Moves money between a member's PHP wallet and its merchant's adjustment account (minor units; a
 * negative amount takes it back), as a staff adjustment would.
 */
export async function adjustWallet(
  db: Database,
  m: { merchant_id: number; id: bigint },
  amount: bigint,
  at: Date,
): Promise<void> {
  const wallet = await ledgerAccount(db, memberWalletKey(m.merchant_id, m.id, 'PHP'));
  const adjustment = await ledgerAccount(db, {
    merchantId: m.merchant_id,
    book: 'real',
    kind: 'adjustment',
    currency: 'PHP',
  });
  await db.transaction().execute((trx) =>
    postTransfer(trx, {
      merchantId: m.merchant_id,
      book: 'real',
      kind: 'adjustment',
      createdBy: 'system:test',
      at,
      legs: [
        { accountId: adjustment, amount: -amount },
        { accountId: wallet, amount },
      ],
    }),
  );
}

/** After every money test: the ledger's invariants hold (DESIGN.md). */
export async function expectLedgerClean(db: Database): Promise<void> {
  expect(await checkLedger(db)).toEqual({
    unbalancedTransfers: [],
    driftedAccounts: [],
    negativeWallets: [],
    brokenRunningBalances: [],
    duplicateKeys: [],
    orphanEntries: [],
    driftedFigures: [],
    driftedMerchantDays: [],
  });
}

let members = 0;

/** A bare member row of merchant 1 for ledger tests (no password, no wallet yet); its id. */
export async function insertLedgerMember(db: Database, prefix: string): Promise<bigint> {
  const m = await db
    .insertInto('member')
    .values({ merchant_id: 1, username: `${prefix}${++members}`, password_hash: 'x' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return m.id;
}

/** A ledger account's stored balance. */
export async function accountBalance(db: Database, id: bigint): Promise<bigint> {
  const row = await db
    .selectFrom('ledger_account')
    .select('balance')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.balance;
}
