import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database';
import { openTestDatabase } from '../../test-support/test-db';
import { fundFromClearing, insertLedgerMember } from '../../test-support/ledger';
import { makeLedgerPartitions } from './ledger-partitions';
import { checkLedger } from './ledger-check';

/** Migration 0082: ledger entries partitioned by month, a default partition for the rest. */
describe('ledger partitions by month', () => {
  let h: DatabaseHandle;
  let memberId: bigint;
  beforeAll(async () => {
    h = await openTestDatabase();
    memberId = await insertLedgerMember(h.db, 'parts');
  });
  afterAll(async () => h.close());

  /** The partition each of the member's entries sits in, oldest first. */
  const partitionsOfEntries = async () =>
    (
      await sql<{ part: string }>`
        select e.tableoid::regclass::text as part from ledger_entry e
        join ledger_account a on a.id = e.account_id
        where a.owner_member_id = ${memberId} order by e.id`.execute(h.db)
    ).rows.map((r) => r.part);

  it('#54 item 6 an entry lands in its month: a month made ahead takes it, one far away goes to the default', async () => {
    expect(
      await makeLedgerPartitions(h.db, new Date('2031-03-10T00:00:00Z'), new Date('2031-04-02T00:00:00Z')),
    ).toBe(2);
    // Again: nothing more to make.
    expect(
      await makeLedgerPartitions(h.db, new Date('2031-03-10T00:00:00Z'), new Date('2031-04-02T00:00:00Z')),
    ).toBe(0);
    await fundFromClearing(h.db, memberId, 500n, new Date('2031-03-31T23:59:59.999Z'));
    await fundFromClearing(h.db, memberId, 500n, new Date('2031-04-01T00:00:00Z'));
    await fundFromClearing(h.db, memberId, 500n, new Date('2039-07-15T00:00:00Z'));
    expect(await partitionsOfEntries()).toEqual([
      'ledger_entry_y2031m03',
      'ledger_entry_y2031m04',
      'ledger_entry_default',
    ]);
    const check = await checkLedger(h.db);
    expect(check.orphanEntries).toEqual([]);
  });

  it('#54 item 6 a month whose entries already sit in the default partition is skipped, not made', async () => {
    expect(
      await makeLedgerPartitions(h.db, new Date('2039-07-01T00:00:00Z'), new Date('2039-08-01T00:00:00Z')),
    ).toBe(1);
    const made = await sql<{ n: string }>`
      select count(*)::text as n from pg_class where relname in ('ledger_entry_y2039m07', 'ledger_entry_y2039m08')`.execute(
      h.db,
    );
    expect(made.rows[0]?.n).toBe('1');
    expect(await partitionsOfEntries()).toContain('ledger_entry_default');
  });

  it('#54 item 6 every partition is append-only, aimed at directly or through the ledger', async () => {
    for (const statement of [
      'delete from ledger_entry_y2031m03',
      'update ledger_entry_y2031m04 set amount = 0',
      'truncate ledger_entry_y2031m04',
      'delete from ledger_entry_default',
      'truncate ledger_entry_default',
    ])
      await expect(sql.raw(statement).execute(h.db)).rejects.toThrow(/is not allowed/);
    expect(await partitionsOfEntries()).toHaveLength(3);
  });

  it('#54 item 6 a statement over a span of days reads only the months it covers', async () => {
    const plan = await sql<{ 'QUERY PLAN': string }>`
      explain select count(*) from ledger_entry
      where created_at >= '2031-03-05T00:00:00Z' and created_at < '2031-03-06T00:00:00Z'`.execute(h.db);
    const text = plan.rows.map((r) => r['QUERY PLAN']).join('\n');
    expect(text).toContain('ledger_entry_y2031m03');
    expect(text).not.toContain('ledger_entry_y2031m04');
    expect(text).not.toContain('ledger_entry_default');
  });
});
