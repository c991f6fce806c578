import { expect } from 'vitest';
import type { Database } from '../db/database';
import { checkLedger } from '../modules/wallet/ledger-check';

/** After every money test: the ledger's invariants hold (DESIGN.md). */
export async function expectLedgerClean(db: Database): Promise<void> {
  expect(await checkLedger(db)).toEqual({
    unbalancedTransfers: [],
    driftedAccounts: [],
    negativeWallets: [],
    brokenRunningBalances: [],
    duplicateKeys: [],
    orphanEntries: [],
  });
}
