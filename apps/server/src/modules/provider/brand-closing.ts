import { sql } from 'kysely';
import { formatAmount } from '@panalo/contract/money';
import type { ClosingReport } from '@panalo/contract/provider';
import type { Database } from '../../db/database';
import { DomainError } from '../../lib/domain-error';
import { checkLedger, ledgerIsClean } from '../wallet/ledger-check';
import { billingRepository } from './billing.repository';
import { brandsRepository } from './brands.repository';
import { figuresOf } from './invoice';

// Closing a brand (issue 51 item 2): refused while it still holds players' money, waits for deposits, or
// its ledger fails a check; once closed, a report of what it held and did is written in the same
// transaction and kept as it was.

/** The brand's whole life, as days: from before any brand to after any. */
const ALL_DAYS = { from: '1900-01-01', to: '2999-12-31' } as const;

/**
 * Refuses the close (409) while the brand still holds players' money, has deposit orders waiting for a
 * payment (a payment arriving after the close would hold money again), or its ledger fails a check.
 * Runs in the closing transaction, after the brand's row is locked.
 */
export async function refuseUnfinishedClose(trx: Database, merchantId: number): Promise<void> {
  const tx = brandsRepository(trx);
  const held = await tx.playersMoney(merchantId);
  if (held !== 0n) {
    throw new DomainError(
      'brand_balances_open',
      409,
      'The brand still holds players’ money: pay it out before closing',
      { total: formatAmount(held) },
    );
  }
  const pending = await tx.pendingDeposits(merchantId);
  if (pending > 0) {
    throw new DomainError(
      'brand_deposits_open',
      409,
      'Deposits are still waiting for their payment: let them expire or decide them first',
      { count: pending },
    );
  }
  const checks = await checkLedger(trx, merchantId);
  if (!ledgerIsClean(checks)) {
    throw new DomainError(
      'brand_ledger_unclean',
      409,
      'The brand’s ledger fails a check: have it looked at',
      {
        checks: countsOf(checks),
      },
    );
  }
}

const countsOf = (checks: Awaited<ReturnType<typeof checkLedger>>): Record<string, number> =>
  Object.fromEntries(Object.entries(checks).map(([k, v]) => [k, (v as string[]).length]));

/** The closing report of a brand closed at `at`, read in the closing transaction. */
export async function closingReportOf(
  trx: Database,
  m: { id: number; code: string; name: string; currency: string },
  close: { at: Date; by: string; reason: string },
): Promise<ClosingReport> {
  const billing = billingRepository(trx);
  const tx = brandsRepository(trx);
  const [days, people, checks, held, accounts, counts, players] = await Promise.all([
    billing.daySums(ALL_DAYS.from, ALL_DAYS.to, m.id),
    billing.players(ALL_DAYS.from, ALL_DAYS.to, m.id),
    checkLedger(trx, m.id),
    tx.playersMoney(m.id),
    sql<{ book: string; kind: string; count: string; balance: string }>`
      select a.book, a.kind, count(*)::text as count,
        (sum(a.balance) + coalesce(sum(p.pending), 0))::text as balance
      from ledger_account a
      left join (select account_id, sum(amount) as pending from house_pending group by account_id) p
        on p.account_id = a.id
      where a.merchant_id = ${m.id}::int
      group by a.book, a.kind order by a.book, a.kind`.execute(trx),
    sql<{ transfers: string; entries: string }>`
      select (select count(*) from ledger_transfer where merchant_id = ${m.id}::int)::text as transfers,
        (select count(*) from ledger_entry e join ledger_account a on a.id = e.account_id
          where a.merchant_id = ${m.id}::int)::text as entries`.execute(trx),
    tx.registered(m.id),
  ]);
  const c = counts.rows[0]!;
  return {
    brand: m.code,
    name: m.name,
    currency: m.currency,
    closedAt: close.at.toISOString(),
    closedBy: close.by,
    reason: close.reason,
    players,
    playersMoney: formatAmount(held),
    lifetime: figuresOf(days, {
      registrations: people.reduce((a, p) => a + p.registrations, 0),
      activePlayers: people.reduce((a, p) => a + p.bettors, 0),
    }),
    accounts: accounts.rows.map((r) => ({
      book: r.book,
      kind: r.kind,
      count: Number(r.count),
      balance: formatAmount(BigInt(r.balance)),
    })),
    ledger: {
      transfers: Number(c.transfers),
      entries: Number(c.entries),
      clean: ledgerIsClean(checks),
      checks: countsOf(checks),
    },
  };
}
