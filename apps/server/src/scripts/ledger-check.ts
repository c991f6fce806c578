// npm run ledger:check — checks the ledger's invariants (DESIGN.md "Ledger") on the configured database
// (DATABASE_URL, else the PGlite DATA_DIR, read as the server reads them); exits 1 when any is broken.
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { ledgerReport } from '../modules/records/ledger-report';

async function main(): Promise<number> {
  const handle = await openDatabase(loadConfig().database);
  try {
    const started = Date.now();
    const report = await ledgerReport(handle.db);
    const out = [
      `Ledger check (${handle.kind})`,
      ...report.lines.map((l) => `  ${l}`),
      `${report.clean ? 'Ledger is clean' : 'LEDGER IS BROKEN'} (${Date.now() - started} ms)`,
    ];
    process.stdout.write(`${out.join('\n')}\n`);
    return report.clean ? 0 : 1;
  } finally {
    await handle.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`ledger check failed: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
