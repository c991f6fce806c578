import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../config';

// Issue 47 item 1: money has one home. The wallet module (modules/wallet) is the only code that writes the
// ledger — transfers, entries, account balances, accounts, the house's queue — and in the database only
// the posting function (and the account helper) does. Everyone else posts through postTransfer, postRun or
// ledger_post.
const server = path.join(repoRoot, 'apps/server/src');

/** A write to a ledger table, in SQL text or through Kysely's builder. */
const LEDGER_WRITE =
  /\b(?:insert\s+into\s+(?:ledger_transfer|ledger_entry|ledger_account|house_pending)\b|update\s+ledger_account\b|delete\s+from\s+(?:ledger_\w+|house_pending)\b|(?:insertInto|updateTable|deleteFrom)\(\s*'(?:ledger_transfer|ledger_entry|ledger_account|house_pending)'\s*\))/i;

function files(dir: string, ext: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return files(p, ext);
    return e.name.endsWith(ext) ? [p] : [];
  });
}

/** The lines of `text` that write the ledger, as "file:line: text". */
const writes = (file: string) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .flatMap((line, i) =>
      LEDGER_WRITE.test(line) ? [`${path.relative(server, file)}:${i + 1}: ${line.trim()}`] : [],
    );

// Outside the product: migrations are history (the functions they made are replaced by db/functions);
// tests build their fixtures; the bench scripts fill scratch databases in bulk before they measure.
const outsideTheProduct = (rel: string) =>
  rel.startsWith('db/migrations/') ||
  rel.startsWith('scripts/') ||
  rel.startsWith('test-support/') ||
  rel.endsWith('.test.ts');

describe('money has one home', () => {
  it('no TypeScript outside the wallet module writes ledger_transfer, ledger_entry, ledger_account or house_pending', () => {
    const found = files(server, '.ts')
      .filter((f) => {
        const rel = path.relative(server, f);
        return !rel.startsWith('modules/wallet/') && !outsideTheProduct(rel);
      })
      .flatMap(writes);
    expect(found).toEqual([]);
  });

  it('no database function but ledger_post (and the account helper) writes them', () => {
    const found = files(path.join(server, 'db/functions'), '.sql')
      .filter((f) => !['ledger_post.sql', 'ledger_account_id.sql'].includes(path.basename(f)))
      .flatMap(writes);
    expect(found).toEqual([]);
  });

  it('the check sees a write when there is one (in SQL text, in the builder, in any case)', () => {
    for (const line of [
      'insert into ledger_entry (transfer_id, account_id) values (1, 2)',
      'UPDATE ledger_account SET balance = balance + 1',
      "await trx.insertInto('ledger_transfer').values(x)",
      "db.updateTable('ledger_account').set({ balance: 0n })",
      'insert into house_pending (account_id, amount) select 1, 2',
      'delete from ledger_entry',
    ])
      expect(LEDGER_WRITE.test(line), line).toBe(true);
    for (const line of [
      'select balance from ledger_account',
      "selectFrom('ledger_entry')",
      'update member set x = 1',
    ])
      expect(LEDGER_WRITE.test(line), line).toBe(false);
  });
});
