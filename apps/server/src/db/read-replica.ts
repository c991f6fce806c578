import {
  Kysely,
  PostgresAdapter,
  PostgresDriver,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Driver,
  type TransactionSettings,
} from 'kysely';
import type { Pool } from 'pg';
import type { DB } from './schema';

type Database = Kysely<DB>;

/** How fresh the replica is, as the provider's system view and /api/health show it. */
export interface ReplicaStatus {
  /** A replica is configured (DATABASE_READ_URL). */
  configured: boolean;
  /** Reads that may be a moment old go to it now (configured, reachable, and within the allowed lag). */
  inUse: boolean;
  /** How far its replay is behind the primary (ms), when last measured; null before or when unreachable. */
  lagMs: number | null;
  /** The lag above which reads go to the primary instead. */
  maxLagMs: number;
  /** When it was last measured, and why it is not in use when it is not. */
  checkedAt: string | null;
  reason: string | null;
}

/**
 * Reads that may be a moment old (issue 54): reports, dashboards, team reports, game lists, result
 * histories, exports. `db` is a database like the primary's: each connection it takes comes from the
 * replica while the replica is in use, else from the primary. A member's own money, sessions,
 * idempotency, limits and anything read right after a write use the primary's database, never this one.
 */
export interface ReadDatabase {
  db: Database;
  status(): ReplicaStatus;
  close(): Promise<void>;
}

/** No replica (PGlite, or none configured): these reads are the primary's. */
export const primaryReads = (db: Database): ReadDatabase => ({
  db,
  status: () => ({
    configured: false,
    inUse: false,
    lagMs: null,
    maxLagMs: 0,
    checkedAt: null,
    reason: null,
  }),
  close: async () => {},
});

/**
 * The replica's lag: 0 while it has replayed all it received from a live stream; otherwise the age of
 * the last transaction it replayed (a broken stream or a replay that is behind). A server that is not a
 * standby (the primary itself named as the replica) is never behind.
 */
export const REPLICA_LAG_SQL = `select case
    when not pg_is_in_recovery() then 0
    when pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn()
      and exists (select 1 from pg_stat_wal_receiver where status = 'streaming') then 0
    else coalesce(extract(epoch from clock_timestamp() - pg_last_xact_replay_timestamp()) * 1000, 1e9)
  end::float8 as lag_ms`;

export interface ReplicaOptions {
  /** Above this lag (ms), reads go to the primary. */
  maxLagMs: number;
  /** How often the lag is measured (ms). */
  pollMs: number;
  /** Measures the lag (ms) on the replica; REPLICA_LAG_SQL by default (tests give their own). */
  measure?: (replica: Pool) => Promise<number>;
  onChange?: (status: ReplicaStatus) => void;
}

/**
 * Routes the reads' connections between the replica's pool and the primary's. The choice is made when a
 * connection is taken (a query, or a transaction's first statement), so a transaction stays on one server.
 */
export async function replicaReads(primary: Pool, replica: Pool, o: ReplicaOptions): Promise<ReadDatabase> {
  const state: ReplicaStatus = {
    configured: true,
    inUse: false,
    lagMs: null,
    maxLagMs: o.maxLagMs,
    checkedAt: null,
    reason: 'not yet measured',
  };
  const measure =
    o.measure ??
    (async (pool: Pool) => Number((await pool.query<{ lag_ms: number }>(REPLICA_LAG_SQL)).rows[0]?.lag_ms));
  // A measure still in flight when the database closes says nothing worth telling (its pool is gone).
  let closing = false;
  const check = async () => {
    let lag: number | null = null;
    let reason: string | null = null;
    try {
      lag = await measure(replica);
      if (!(lag <= o.maxLagMs)) reason = `behind by ${Math.round(lag)} ms`;
    } catch (err) {
      reason = `unreachable: ${(err as Error).message}`;
    }
    const inUse = reason === null;
    // Told when it changes, and at the first measure only when the replica cannot be used.
    const tell = state.checkedAt === null ? !inUse : inUse !== state.inUse;
    Object.assign(state, { inUse, lagMs: lag, reason, checkedAt: new Date().toISOString() });
    if (tell && !closing) o.onChange?.({ ...state });
  };
  await check();
  const timer = setInterval(() => void check(), o.pollMs);
  timer.unref();
  // Stops measuring and ends the replica's pool, once. Called by close itself: Kysely destroys a driver
  // only if a query ever initialised it, and reads nobody made would otherwise go on measuring a closed
  // database every pollMs for the life of the process (opening a connection each time it is gone).
  let ended: Promise<void> | null = null;
  const end = () =>
    (ended ??= (async () => {
      closing = true;
      clearInterval(timer);
      await replica.end();
    })());

  const toPrimary = new PostgresDriver({ pool: primary });
  const toReplica = new PostgresDriver({ pool: replica });
  const owner = new WeakMap<DatabaseConnection, Driver>();
  const of = (c: DatabaseConnection) => owner.get(c) ?? toPrimary;
  const driver: Driver = {
    async init() {
      await toPrimary.init();
      await toReplica.init();
    },
    async acquireConnection() {
      let c: DatabaseConnection | undefined;
      let from: Driver = toPrimary;
      if (state.inUse) {
        try {
          c = await toReplica.acquireConnection();
          from = toReplica;
        } catch (err) {
          // Down since the last measure: the primary answers, and the replica is out until measured again.
          Object.assign(state, { inUse: false, reason: `unreachable: ${(err as Error).message}` });
          o.onChange?.({ ...state });
        }
      }
      c ??= await toPrimary.acquireConnection();
      owner.set(c, from);
      return c;
    },
    beginTransaction: (c, s: TransactionSettings) => of(c).beginTransaction(c, s),
    commitTransaction: (c) => of(c).commitTransaction(c),
    rollbackTransaction: (c) => of(c).rollbackTransaction(c),
    savepoint: (c, name, compile) => of(c).savepoint!(c, name, compile),
    rollbackToSavepoint: (c, name, compile) => of(c).rollbackToSavepoint!(c, name, compile),
    releaseSavepoint: (c, name, compile) => of(c).releaseSavepoint!(c, name, compile),
    releaseConnection: (c) => of(c).releaseConnection(c),
    // The primary's pool belongs to the primary's database; only the replica's is ended here.
    destroy: () => end(),
  };
  const db = new Kysely<DB>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => driver,
      createIntrospector: (k) => new PostgresIntrospector(k),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  });
  return {
    db,
    status: () => ({ ...state }),
    close: async () => {
      await db.destroy();
      await end();
    },
  };
}
