import type { PGlite } from '@electric-sql/pglite';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';

/**
 * Kysely dialect for PGlite. PGlite has one session, so the driver hands out a single connection and
 * queues every other caller behind it: a transaction holds the connection from BEGIN to COMMIT and no
 * other query can interleave with it (kysely-pglite shares the session and a rolled-back row survived).
 */
export class PGliteDialect implements Dialect {
  constructor(
    private readonly pglite: PGlite,
    private readonly maxWaitMs = MAX_WAIT_MS,
  ) {}
  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new PGliteDriver(this.pglite, this.maxWaitMs);
  }
  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
}

// A query issued on the outer handle while a transaction is open would wait forever on this single
// connection (on a pool it would silently run outside the transaction): fail loudly instead.
const MAX_WAIT_MS = 15_000;

class PGliteDriver implements Driver {
  private queue: Promise<void> = Promise.resolve();
  private readonly connection: PGliteConnection;

  constructor(
    pglite: PGlite,
    private readonly maxWaitMs: number,
  ) {
    this.connection = new PGliteConnection(pglite);
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    let release!: () => void;
    const previous = this.queue;
    this.queue = new Promise<void>((resolve) => (release = resolve));
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () =>
          reject(
            new Error(
              `PGlite: waited ${this.maxWaitMs / 1000} s for the connection (a query outside its transaction?)`,
            ),
          ),
        this.maxWaitMs,
      );
      timer.unref();
    });
    try {
      await Promise.race([previous, timeout]);
    } catch (err) {
      // This caller gives up its place: the ones queued behind it go on once the holder is done.
      void previous.then(release);
      throw err;
    } finally {
      clearTimeout(timer);
    }
    this.connection.release = release;
    return this.connection;
  }

  async beginTransaction(conn: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const isolation = settings.isolationLevel ? ` isolation level ${settings.isolationLevel}` : '';
    await conn.executeQuery(CompiledQuery.raw(`begin${isolation}`));
  }
  async commitTransaction(conn: DatabaseConnection): Promise<void> {
    await conn.executeQuery(CompiledQuery.raw('commit'));
  }
  async rollbackTransaction(conn: DatabaseConnection): Promise<void> {
    await conn.executeQuery(CompiledQuery.raw('rollback'));
  }
  async releaseConnection(conn: DatabaseConnection): Promise<void> {
    (conn as PGliteConnection).release();
  }
  async destroy(): Promise<void> {
    await this.queue;
  }
}

class PGliteConnection implements DatabaseConnection {
  release: () => void = () => {};
  constructor(private readonly pglite: PGlite) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.pglite.query<R>(compiled.sql, compiled.parameters as unknown[]);
    const affected = result.affectedRows;
    return {
      rows: result.rows,
      ...(affected !== undefined ? { numAffectedRows: BigInt(affected) } : {}),
    };
  }

  // eslint-disable-next-line require-yield -- streaming is not offered by PGlite's query API
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('PGlite dialect does not support streaming');
  }
}
