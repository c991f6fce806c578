import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { openDatabase, PGLITE_PARSERS, pgliteListen, type DatabaseHandle } from '../db/database';
import { primaryReads } from '../db/read-replica';
import type { DB } from '../db/schema';
import { migrateToLatest } from '../db/migrator';
import { seedDemo } from '../db/seed/seed';
import { fixedClock } from '../lib/clock';

/** The instant the test seed is written at; tests that read seeded content use a clock set here. */
export const TEST_NOW = '2026-06-01T08:00:00.000Z';

export type TestDbKind = 'pglite' | 'postgres';
export const testDbKind: TestDbKind = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

export function adminUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set (the PostgreSQL test project needs it)');
  return url;
}

export function databaseUrl(base: string, name: string): string {
  const u = new URL(base);
  u.pathname = `/${name}`;
  return u.toString();
}

/** Runs SQL on the admin database (create/drop databases); kept out of Kysely on purpose. */
export async function adminQuery(sql: string): Promise<void> {
  const pg = await import('pg');
  const client = new pg.default.Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * Drops a test database. FORCE ends stray connections, but PostgreSQL refuses it while a process of
 * another role is attached (an autovacuum worker after a write-heavy test): then wait and retry; a
 * database that still cannot be dropped is left for the cluster's next cleanup rather than failing a
 * test that passed.
 */
async function dropScratchDatabase(name: string): Promise<void> {
  for (let attempt = 0; attempt < 10; attempt++) {
    try {
      await adminQuery(`drop database if exists ${name} with (force)`);
      return;
    } catch (err) {
      if (attempt === 9) {
        console.warn(`could not drop test database ${name}: ${(err as Error).message}`);
        return;
      }
      await new Promise((r) => setTimeout(r, 300));
    }
  }
}

/** Migrates and seeds a database the way `npm start` would, at TEST_NOW. */
export async function prepareDatabase(handle: DatabaseHandle): Promise<void> {
  await migrateToLatest(handle.db);
  await seedDemo(handle.db, fixedClock(TEST_NOW));
}

/**
 * A fresh, migrated and seeded database for one test file: a copy of the template that the project's
 * global setup made (PGlite: a data-dir dump; PostgreSQL: CREATE DATABASE … TEMPLATE).
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  if (testDbKind === 'postgres') {
    const template = process.env.PANALO_PG_TEMPLATE;
    if (!template) throw new Error('PANALO_PG_TEMPLATE is not set: run through the server-pg project');
    const name = `panalo_t_${randomBytes(6).toString('hex')}`;
    await adminQuery(`create database ${name} template ${template}`);
    // The reads that may be a moment old go through the replica's routing, the primary itself standing in
    // for the replica (never behind), so every PostgreSQL test runs them as a cluster does.
    const url = databaseUrl(adminUrl(), name);
    const handle = await openDatabase({ kind: 'postgres', url, readUrl: url, poolSize: 8 });
    return {
      ...handle,
      close: async () => {
        await handle.close();
        await dropScratchDatabase(name);
      },
    };
  }
  const dump = process.env.PANALO_PGLITE_TEMPLATE;
  if (dump) {
    const { PGlite } = await import('@electric-sql/pglite');
    const { PGliteDialect } = await import('../db/pglite-dialect');
    const { Kysely } = await import('kysely');
    const start = await pgliteStart(dump);
    const pglite = await PGlite.create({ ...start, parsers: PGLITE_PARSERS });
    const db = new Kysely<DB>({ dialect: new PGliteDialect(pglite) });
    return {
      db,
      reads: primaryReads(db),
      kind: 'pglite',
      listen: pgliteListen(pglite),
      close: async () => {
        await db.destroy();
        await pglite.close();
      },
    };
  }
  const handle = await openDatabase({ kind: 'pglite' });
  await prepareDatabase(handle);
  return handle;
}

/**
 * Bytes handed to PGlite as a tarball or file bundle: it only calls arrayBuffer(), and Node's own Blob
 * reads 50 MB in small chunks (~0.5 s). `shared`: the same bytes every time, for a tarball, which PGlite
 * copies file by file into its memory; the file bundle's files may keep the buffer itself, so each
 * database gets a copy of that.
 */
const asBlob = (bytes: Buffer, o: { shared: boolean }) =>
  ({
    type: '',
    size: bytes.length,
    arrayBuffer: async () =>
      o.shared && bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength
        ? bytes.buffer
        : bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length),
  }) as unknown as Blob;

// The server's TypeScript has no DOM library, where WebAssembly's types live; Node has the global.
type WasmModule = object;
const wasmCompiler = (
  globalThis as unknown as { WebAssembly: { compile(bytes: Uint8Array): Promise<WasmModule> } }
).WebAssembly;

/**
 * What every PGlite test database of this worker starts from, read and compiled once per worker: the
 * template's tarball, PGlite's file bundle and its compiled WebAssembly. Each file then only unpacks and
 * boots (about 1 s instead of 2.5 s per file, over ~300 files per project). The blob-like objects hold no
 * state (the bundle's is copied on each read), so every database can be given the same options.
 */
async function readPgliteStart(dump: string) {
  const dist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  const [template, bundle, wasm, initdb] = await Promise.all([
    readFile(dump),
    readFile(path.join(dist, 'pglite.data')),
    readFile(path.join(dist, 'pglite.wasm')),
    readFile(path.join(dist, 'initdb.wasm')),
  ]);
  return {
    loadDataDir: asBlob(template, { shared: true }),
    fsBundle: asBlob(bundle, { shared: false }),
    pgliteWasmModule: await wasmCompiler.compile(wasm),
    initdbWasmModule: await wasmCompiler.compile(initdb),
  };
}

let started: ReturnType<typeof readPgliteStart> | undefined;
const pgliteStart = (dump: string) => (started ??= readPgliteStart(dump));
