import { sql } from 'kysely';
import type { Database } from '../../db/database';
import { checkLedger, ledgerIsClean, type LedgerViolations } from '../wallet/ledger-check';

const LABELS: Record<keyof LedgerViolations, string> = {
  unbalancedTransfers: 'transfers whose entries do not sum to zero',
  driftedAccounts: 'accounts whose balance differs from the sum of their entries',
  negativeWallets: 'member wallets or pending withdrawals below zero',
  brokenRunningBalances: 'entries whose balance_after does not follow the previous entry',
  duplicateKeys: 'idempotency keys mapped to more than one transfer',
  orphanEntries: 'entries whose transfer does not exist',
  driftedFigures: "members' daily figures that differ from their ledger entries",
  driftedMerchantDays: "merchants' days that differ from their members' daily figures",
};

export interface LedgerReport {
  clean: boolean;
  lines: string[];
}

/**
 * The ledger's invariants as a printable report (npm run ledger:check): counts, the sum of every entry
 * (zero in a sound ledger), and each invariant with the first offenders. Not clean when the ledger
 * tables are missing.
 */
export async function ledgerReport(db: Database): Promise<LedgerReport> {
  const exists = await sql<{ t: string | null }>`select to_regclass('ledger_entry')::text as t`.execute(db);
  if (!exists.rows[0]?.t) {
    return { clean: false, lines: ['No ledger in this database (start the server once to migrate it).'] };
  }
  const counts = await sql<{ accounts: string; transfers: string; entries: string; total: string }>`
    select (select count(*) from ledger_account)::text as accounts,
           (select count(*) from ledger_transfer)::text as transfers,
           (select count(*) from ledger_entry)::text as entries,
           (select coalesce(sum(amount), 0) from ledger_entry)::text as total`.execute(db);
  const c = counts.rows[0] ?? { accounts: '0', transfers: '0', entries: '0', total: '0' };
  const v = await checkLedger(db);
  const lines = [
    `${c.accounts} accounts, ${c.transfers} transfers, ${c.entries} entries`,
    `${c.total === '0' ? 'ok  ' : 'FAIL'} sum of all entries (minor units): ${c.total}`,
  ];
  for (const [k, label] of Object.entries(LABELS) as [keyof LedgerViolations, string][]) {
    const list = v[k];
    const shown = list.length ? ` (${list.slice(0, 10).join(', ')}${list.length > 10 ? ', …' : ''})` : '';
    lines.push(`${list.length === 0 ? 'ok  ' : 'FAIL'} ${label}: ${list.length}${shown}`);
  }
  return { clean: ledgerIsClean(v) && c.total === '0', lines };
}
