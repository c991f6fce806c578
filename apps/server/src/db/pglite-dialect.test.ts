import { PGlite } from '@electric-sql/pglite';
import { Kysely, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { PGliteDialect } from './pglite-dialect';

describe('PGlite dialect', () => {
  it('a caller that gives up waiting for the one connection does not block the callers after it', async () => {
    const pglite = new PGlite();
    const db = new Kysely<unknown>({ dialect: new PGliteDialect(pglite, 200) });
    try {
      let finish!: () => void;
      const held = new Promise<void>((resolve) => (finish = resolve));
      const trx = db.transaction().execute(async (t) => {
        await sql`select 1`.execute(t);
        await held;
      });
      // Queued behind the open transaction: gives up after 200 ms.
      await expect(sql`select 2`.execute(db)).rejects.toThrow(/waited 0.2 s/);
      finish();
      await trx;
      // The queue moved on: the next caller gets the connection at once.
      const r = await sql<{ n: number }>`select 3 as n`.execute(db);
      expect(r.rows).toEqual([{ n: 3 }]);
    } finally {
      await db.destroy();
      await pglite.close();
    }
  });
});
