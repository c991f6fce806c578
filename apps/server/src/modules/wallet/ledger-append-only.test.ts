import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database';
import { openTestDatabase, TEST_NOW } from '../../test-support/test-db';
import { fundFromClearing } from '../../test-support/ledger';
import { ledgerAccount, memberWalletKey } from './ledger';
import { checkLedger } from './ledger-check';

const at = new Date(TEST_NOW);

/** Migration 0016: the database itself keeps the ledger append-only and members permanent. */
describe('append-only ledger', () => {
  let h: DatabaseHandle;
  let memberId: bigint;
  beforeAll(async () => {
    h = await openTestDatabase();
    memberId = (
      await h.db
        .insertInto('member')
        .values({ merchant_id: 1, username: 'appendonly', password_hash: 'x' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    await fundFromClearing(h.db, memberId, 500n, at);
  });
  afterAll(async () => h.close());

  const refused = async (statement: string) => {
    await expect(sql.raw(statement).execute(h.db)).rejects.toThrow(/is not allowed/);
  };

  const entryCount = async () =>
    (await sql<{ n: string }>`select count(*)::text as n from ledger_entry`.execute(h.db)).rows[0]?.n;

  it('refuses to update, delete or truncate entries and transfers', async () => {
    const before = await entryCount();
    await refused('update ledger_entry set amount = 0');
    await refused('delete from ledger_entry');
    await refused('truncate ledger_entry');
    await refused(`update ledger_transfer set reference = 'x'`);
    await refused('delete from ledger_transfer');
    await refused('truncate ledger_transfer cascade');
    expect(await entryCount()).toBe(before);
  });

  it('refuses to delete a member (accounts are closed by status) but lets its row change', async () => {
    await refused(`delete from member where id = ${memberId}`);
    await h.db.updateTable('member').set({ status: 'disabled' }).where('id', '=', memberId).execute();
    const row = await h.db
      .selectFrom('member')
      .select('status')
      .where('id', '=', memberId)
      .executeTakeFirst();
    expect(row?.status).toBe('disabled');
  });

  it('ledger-check reports an entry whose transfer does not exist', async () => {
    expect((await checkLedger(h.db)).orphanEntries).toEqual([]);
    const wallet = await ledgerAccount(h.db, memberWalletKey(1, memberId, 'PHP'));
    const orphan = await h.db
      .insertInto('ledger_entry')
      .values({
        transfer_id: 999_999_999n,
        account_id: wallet,
        amount: 0n,
        balance_after: null,
        created_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await checkLedger(h.db)).orphanEntries).toEqual([orphan.id.toString()]);
  });
});
