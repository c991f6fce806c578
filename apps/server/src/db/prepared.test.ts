import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PREPARED, type DatabaseHandle } from './database';
import { openTestDatabase, testDbKind } from '../test-support/test-db';

/** Hot statements marked PREPARED are parsed once per connection on PostgreSQL; elsewhere the mark is a comment. */
describe('prepared statements', () => {
  let h: DatabaseHandle;
  beforeAll(async () => {
    h = await openTestDatabase();
  });
  afterAll(async () => h.close());

  const twice = (n: number) => sql<{ v: number }>`${sql.raw(PREPARED)}select ${n}::int * 2 as v`;
  const plus = (n: number) => sql<{ v: number }>`${sql.raw(PREPARED)}select ${n}::int + 1 as v`;

  it('runs a marked statement again and again with its own parameters, beside other marked texts', async () => {
    await h.db.connection().execute(async (c) => {
      for (let i = 0; i < 5; i++) {
        expect((await twice(i).execute(c)).rows[0]?.v).toBe(i * 2);
        expect((await plus(i).execute(c)).rows[0]?.v).toBe(i + 1);
      }
      if (testDbKind === 'postgres') {
        // One named statement per distinct text on this connection, whatever the parameters.
        const named = await sql<{ statement: string }>`
          select statement from pg_prepared_statements where name like 'panalo_%'`.execute(c);
        const texts = named.rows.map((r) => r.statement);
        expect(texts.filter((t) => t.includes('* 2 as v'))).toHaveLength(1);
        expect(texts.filter((t) => t.includes('+ 1 as v'))).toHaveLength(1);
      }
    });
  });

  it('reports errors of a marked statement like any other, and the connection goes on', async () => {
    await h.db.connection().execute(async (c) => {
      await expect(sql`${sql.raw(PREPARED)}select 1 / ${0}::int as v`.execute(c)).rejects.toThrow(
        /division by zero/,
      );
      expect((await twice(21).execute(c)).rows[0]?.v).toBe(42);
    });
  });
});
