import { mkdirSync } from 'node:fs';
import { Kysely, PostgresDialect } from 'kysely';
import type { DB } from './schema';
import type pg from 'pg';
import { primaryReads, replicaReads, type ReadDatabase } from './read-replica';

export type Database = Kysely<DB>;
export type DbKind = 'pglite' | 'postgres';

/** LISTEN on a channel: `onPayload` for each NOTIFY; resolves with the way to stop. */
export type Listen = (channel: string, onPayload: (payload: string) => void) => Promise<() => Promise<void>>;

export interface DatabaseHandle {
  db: Database;
  /** The reads that may be a moment old: the replica's when one is configured (read-replica.ts). */
  reads: ReadDatabase;
  kind: DbKind;
  /** Notifications sent with NOTIFY (by any process, at commit); see pgListen and pgliteListen. */
  listen: Listen;
  close(): Promise<void>;
}

/**
 * LISTEN on PostgreSQL: one connection of its own per channel, reopened a second after it drops
 * (notifications sent meanwhile are lost: the clients' own refresh covers them).
 */
export function pgListen(url: string, onError: (err: unknown) => void = () => {}): Listen {
  return async (channel, onPayload) => {
    if (!/^[a-z_]+$/.test(channel)) throw new Error(`bad channel ${channel}`);
    const pg = await import('pg');
    let client: InstanceType<typeof pg.default.Client> | null = null;
    let closed = false;
    let retry: NodeJS.Timeout | undefined;
    const later = (err?: unknown) => {
      if (err) onError(err);
      if (closed) return;
      clearTimeout(retry);
      retry = setTimeout(() => void connect().catch(later), 1_000);
      retry.unref();
    };
    const connect = async (): Promise<void> => {
      const c = new pg.default.Client({ connectionString: url });
      c.on('notification', (n) => {
        if (n.channel === channel && n.payload !== undefined) onPayload(n.payload);
      });
      const lost = (err?: unknown) => {
        if (client !== c) return;
        client = null;
        later(err);
      };
      c.on('error', lost);
      c.on('end', () => lost());
      await c.connect();
      await c.query(`listen ${channel}`);
      if (closed) return void (await c.end());
      client = c;
    };
    await connect();
    return async () => {
      closed = true;
      clearTimeout(retry);
      const c = client;
      client = null;
      await c?.end();
    };
  };
}

/** LISTEN on embedded PGlite (one process): its own notification API. */
export const pgliteListen =
  (pglite: {
    listen(channel: string, fn: (payload: string) => void): Promise<() => Promise<void>>;
  }): Listen =>
  (channel, onPayload) =>
    pglite.listen(channel, onPayload);

export type DatabaseTarget =
  | {
      kind: 'postgres';
      url: string;
      poolSize?: number;
      /** A streaming replica (DATABASE_READ_URL) for the reads that may be a moment old. */
      readUrl?: string;
      /** Above this replica lag (ms) those reads go to the primary (DATABASE_READ_MAX_LAG_MS). */
      maxReadLagMs?: number;
      /** Hears every statement run on the primary with its parameters (bench:scale's EXPLAIN files). */
      onQuery?: (q: { sql: string; parameters: readonly unknown[] }) => void;
    }
  | { kind: 'pglite'; dataDir?: string };

const INT8_OID = 20;

/** int8 always as bigint (PGlite's default gives a number for small values): money is bigint minor units. */
/** A calendar day (a date of birth) stays the text 'YYYY-MM-DD': as a JS Date it would shift by time zone. */
const DATE_OID = 1082;
const asText = (v: string) => v;
export const PGLITE_PARSERS = { [INT8_OID]: (v: string) => BigInt(v), [DATE_OID]: asText };

/**
 * Marks a hot statement: `sql\`${PREPARED}select …\``. On PostgreSQL each connection parses and plans a
 * marked statement once (a named prepared statement) and then only binds and runs it; unmarked
 * statements are parsed every time. On PGlite the mark is only a comment. Mark only fixed texts (the
 * parameters vary, the SQL does not): each distinct text gets its own name on every connection.
 */
export const PREPARED = '/*prepared*/ ';
const preparedNames = new Map<string, string>();

function preparedStatements(client: { query: (...args: never[]) => unknown }) {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const marked = (...args: unknown[]) => {
    const [text, values, ...rest] = args;
    if (typeof text !== 'string' || !text.startsWith(PREPARED)) return query(...args);
    let name = preparedNames.get(text);
    if (name === undefined) preparedNames.set(text, (name = `panalo_${preparedNames.size + 1}`));
    return query({ name, text, values }, ...rest);
  };
  client.query = marked;
}

/** int8 as bigint (money is integer minor units), date as its text, the rest as pg parses them. */
export function pgTypes(types: typeof pg.types) {
  return {
    getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
      oid === INT8_OID
        ? (v: string) => BigInt(v)
        : oid === DATE_OID
          ? asText
          : (types.getTypeParser(oid, format ?? 'text') as unknown)) as typeof types.getTypeParser,
  };
}

/** A pool of connections to a PostgreSQL server, its values read as the rest of the code expects them. */
async function pgPool(url: string, max: number, applicationName?: string) {
  const pg = await import('pg');
  const pool = new pg.default.Pool({
    connectionString: url,
    max,
    ...(applicationName ? { application_name: applicationName } : {}),
    types: pgTypes(pg.default.types),
  });
  // An idle connection dropped by the server (restart, failover, admin) is reported on the pool; without
  // a listener Node treats it as fatal. The pool replaces the connection on the next checkout.
  pool.on('error', (err) => {
    if (process.env.LOG_LEVEL !== 'silent') console.warn(`database: idle connection lost (${err.message})`);
  });
  pool.on('connect', (client) => preparedStatements(client));
  return pool;
}

/**
 * Opens the database: a PostgreSQL server through pg (with `readUrl`, its streaming replica for the reads
 * that may be a moment old: read-replica.ts), or embedded PGlite (in memory without a dataDir).
 */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === 'postgres') {
    const pool = await pgPool(target.url, target.poolSize ?? 10);
    const onQuery = target.onQuery;
    const db = new Kysely<DB>({
      dialect: new PostgresDialect({ pool }),
      ...(onQuery
        ? { log: (e: { query: { sql: string; parameters: readonly unknown[] } }) => onQuery(e.query) }
        : {}),
    });
    const reads = target.readUrl
      ? await replicaReads(pool, await pgPool(target.readUrl, target.poolSize ?? 10, 'panalo_read'), {
          maxLagMs: target.maxReadLagMs ?? 5_000,
          pollMs: 1_000,
          onChange: (s) => {
            if (process.env.LOG_LEVEL !== 'silent')
              console.warn(
                `database: reads ${s.inUse ? 'back on the replica' : `on the primary (${s.reason})`}`,
              );
          },
        })
      : primaryReads(db);
    return {
      db,
      reads,
      kind: 'postgres',
      listen: pgListen(target.url),
      close: async () => {
        await reads.close();
        await db.destroy();
      },
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { PGliteDialect } = await import('./pglite-dialect');
  if (target.dataDir) mkdirSync(target.dataDir, { recursive: true });
  const pglite = await PGlite.create({
    ...(target.dataDir ? { dataDir: target.dataDir } : {}),
    parsers: PGLITE_PARSERS,
  });
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
