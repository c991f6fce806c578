import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { DB } from '../apps/server/src/db/schema';

// Global setup of the PGlite projects: migrate and seed once, dump the data dir; each test file loads it
// (the path reaches the test workers through the environment, which they inherit).
export default async function setup() {
  const { PGlite } = await import('@electric-sql/pglite');
  const { PGliteDialect } = await import('../apps/server/src/db/pglite-dialect');
  const { Kysely } = await import('kysely');
  const { prepareDatabase } = await import('../apps/server/src/test-support/test-db');
  const pglite = await PGlite.create();
  const db = new Kysely<DB>({ dialect: new PGliteDialect(pglite) });
  const { pgliteListen } = await import('../apps/server/src/db/database');
  const { primaryReads } = await import('../apps/server/src/db/read-replica');
  await prepareDatabase({
    db,
    reads: primaryReads(db),
    kind: 'pglite',
    listen: pgliteListen(pglite),
    close: async () => {},
  });
  const dump = await pglite.dumpDataDir('none');
  await db.destroy();
  await pglite.close();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'panalo-pglite-'));
  const file = path.join(dir, 'template.tar');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  process.env.PANALO_PGLITE_TEMPLATE = file;
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}
