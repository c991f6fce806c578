import { readdirSync } from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from './database';
import { allFunctionSources, applyFunctions, FUNCTION_NAMES, functionBody } from './functions';
import { openTestDatabase } from '../test-support/test-db';

// Issue 47 item 4: each database function kept once, in db/functions/<name>.sql, and what the database
// runs is exactly that file.
describe('database functions, each kept once in its file', () => {
  let h: DatabaseHandle;
  beforeAll(async () => {
    h = await openTestDatabase();
  });
  afterAll(async () => h.close());

  const running = async (name: string) =>
    (
      await sql<{ src: string; signature: string }>`
        select p.prosrc as src, p.oid::regprocedure::text as signature from pg_proc p
        where p.pronamespace = 'public'::regnamespace and p.proname = ${name}`.execute(h.db)
    ).rows;

  it('what the database runs is, function by function, the source in its file (one definition each)', async () => {
    for (const f of allFunctionSources()) {
      const rows = await running(f.name);
      expect(rows.map((r) => r.signature).length, f.name).toBe(1);
      expect(rows[0]!.src, `db/functions/${f.name}.sql`).toBe(functionBody(f.text));
    }
  });

  it('no function lives only in a migration: the database’s functions are exactly the files, listed once', async () => {
    const inDb = (
      await sql<{ name: string }>`
        select distinct p.proname as name from pg_proc p
        where p.pronamespace = 'public'::regnamespace
          and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
        order by 1`.execute(h.db)
    ).rows.map((r) => r.name);
    const files = readdirSync(new URL('./functions/', import.meta.url))
      .filter((n) => n.endsWith('.sql'))
      .map((n) => n.slice(0, -4))
      .sort();
    expect([...FUNCTION_NAMES].sort()).toEqual(files);
    expect(new Set(FUNCTION_NAMES).size).toBe(FUNCTION_NAMES.length);
    expect(inDb).toEqual(files);
  });

  it('a file is applied when its content changes, once; a new argument list replaces the old signature', async () => {
    const v1 = `-- a test function\ncreate or replace function panalo_probe(p integer)\n  returns integer\n  language sql immutable\nas $$\nselect p + 1\n$$\n`;
    const v2 = `create or replace function panalo_probe(p bigint, q bigint)\n  returns bigint\n  language sql immutable\nas $$\nselect p + q\n$$\n`;
    try {
      expect(await applyFunctions(h.db, [{ name: 'panalo_probe', text: v1 }])).toEqual(['panalo_probe']);
      expect(await applyFunctions(h.db, [{ name: 'panalo_probe', text: v1 }])).toEqual([]);
      expect(await applyFunctions(h.db, [{ name: 'panalo_probe', text: v2 }])).toEqual(['panalo_probe']);
      expect(await running('panalo_probe')).toEqual([
        { src: '\nselect p + q\n', signature: 'panalo_probe(bigint,bigint)' },
      ]);
      // The files of the product are all applied already: nothing to do.
      expect(await applyFunctions(h.db)).toEqual([]);
    } finally {
      await sql`drop function if exists panalo_probe(bigint, bigint)`.execute(h.db);
      await sql`drop function if exists panalo_probe(integer)`.execute(h.db);
      await h.db.deleteFrom('db_function').where('name', '=', 'panalo_probe').execute();
    }
  });

  it('a file that does not define the function it is named for is refused, and nothing is applied', async () => {
    await expect(
      applyFunctions(h.db, [
        {
          name: 'panalo_probe',
          text: 'create or replace function other_name() returns int language sql as $$ select 1 $$',
        },
      ]),
    ).rejects.toThrow(/does not define panalo_probe/);
    expect(await running('other_name')).toEqual([]);
  });
});
