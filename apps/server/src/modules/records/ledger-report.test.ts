import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database';
import { openTestDatabase } from '../../test-support/test-db';
import { ledgerReport } from './ledger-report';

describe('ledger check report (npm run ledger:check)', () => {
  let h: DatabaseHandle;
  beforeAll(async () => {
    h = await openTestDatabase();
  });
  afterAll(async () => h.close());

  it('the seeded ledger is clean', async () => {
    const r = await ledgerReport(h.db);
    expect(r.clean).toBe(true);
    expect(r.lines.filter((l) => l.startsWith('FAIL'))).toEqual([]);
    expect(r.lines).toContain('ok   sum of all entries (minor units): 0');
  });

  it('a balance changed behind the ledger’s back is reported and fails the check', async () => {
    // Simulates corruption the ledger code can never produce: a stored balance moved without entries.
    const wallet = await h.db
      .selectFrom('ledger_account')
      .select('id')
      .where('kind', '=', 'member_wallet')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await sql`update ledger_account set balance = balance + 1 where id = ${wallet.id}`.execute(h.db);
    const r = await ledgerReport(h.db);
    expect(r.clean).toBe(false);
    expect(r.lines).toContain(
      `FAIL accounts whose balance differs from the sum of their entries: 1 (${wallet.id})`,
    );
  });
});
