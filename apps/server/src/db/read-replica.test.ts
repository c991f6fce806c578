import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { sql } from 'kysely';
import { adminUrl, testDbKind } from '../test-support/test-db';
import { replicaReads, REPLICA_LAG_SQL, type ReadDatabase } from './read-replica';

// Issue 54 item 2: the reads that may be a moment old go to the replica while it is caught up, to the
// primary when it is behind or unreachable, and a transaction stays on the server it started on. The two
// pools below name their connections, so each answer says which server (pool) it came from.

describe.skipIf(testDbKind !== 'postgres')('reads routed between a replica and the primary', () => {
  let primary: pg.Pool;
  let replica: pg.Pool;
  let lag = 0;
  let down = false;
  let reads: ReadDatabase;
  const changes: boolean[] = [];
  const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
  const servedBy = async () =>
    (await sql<{ name: string }>`select current_setting('application_name') as name`.execute(reads.db))
      .rows[0]!.name;

  beforeAll(async () => {
    primary = new pg.Pool({ connectionString: adminUrl(), max: 2, application_name: 'test_primary' });
    replica = new pg.Pool({ connectionString: adminUrl(), max: 2, application_name: 'test_replica' });
    reads = await replicaReads(primary, replica, {
      maxLagMs: 1_000,
      pollMs: 20,
      measure: async () => {
        if (down) throw new Error('connect ECONNREFUSED');
        return lag;
      },
      onChange: (s) => changes.push(s.inUse),
    });
  });
  afterAll(async () => {
    await reads.close();
    await primary.end();
  });

  it('a caught-up replica serves them; behind by more than the allowed lag, the primary does, until it catches up', async () => {
    expect(await servedBy()).toBe('test_replica');
    expect(reads.status()).toMatchObject({
      configured: true,
      inUse: true,
      lagMs: 0,
      maxLagMs: 1_000,
      reason: null,
    });
    lag = 1_000; // at the edge: still in use
    await wait(80);
    expect(await servedBy()).toBe('test_replica');
    lag = 1_001;
    await wait(80);
    expect(reads.status()).toMatchObject({ inUse: false, lagMs: 1_001, reason: 'behind by 1001 ms' });
    expect(await servedBy()).toBe('test_primary');
    lag = 3;
    await wait(80);
    expect(await servedBy()).toBe('test_replica');
    expect(changes).toEqual([false, true]);
  });

  it('an unreachable replica sends them to the primary, and its status says why', async () => {
    down = true;
    await wait(80);
    expect(reads.status()).toMatchObject({
      inUse: false,
      lagMs: null,
      reason: 'unreachable: connect ECONNREFUSED',
    });
    expect(await servedBy()).toBe('test_primary');
    down = false;
    await wait(80);
    expect(await servedBy()).toBe('test_replica');
  });

  it('a transaction stays on the server it began on, and its connections go back to their own pools', async () => {
    const names = await reads.db.transaction().execute(async (trx) => {
      const first = (await sql<{ n: string }>`select current_setting('application_name') as n`.execute(trx))
        .rows[0]!.n;
      lag = 5_000;
      await wait(80);
      const second = (await sql<{ n: string }>`select current_setting('application_name') as n`.execute(trx))
        .rows[0]!.n;
      return [first, second];
    });
    expect(names).toEqual(['test_replica', 'test_replica']);
    expect(await servedBy()).toBe('test_primary');
    expect([primary.idleCount + primary.waitingCount <= 2, replica.totalCount <= 2]).toEqual([true, true]);
    lag = 0;
    await wait(80);
  });

  it('closed before any read was made, it stops measuring and ends the replica’s pool', async () => {
    const idle = new pg.Pool({ connectionString: adminUrl(), max: 1 });
    let measured = 0;
    const unused = await replicaReads(primary, idle, {
      maxLagMs: 1_000,
      pollMs: 10,
      measure: async () => {
        measured++;
        return 0;
      },
    });
    await wait(50);
    expect(measured).toBeGreaterThan(1);
    await unused.close();
    const after = measured;
    await wait(80);
    expect(measured).toBe(after);
    expect(idle.ended).toBe(true);
  });

  it('the lag query: a server that is not a standby is never behind', async () => {
    const r = await primary.query<{ lag_ms: number }>(REPLICA_LAG_SQL);
    expect(Number(r.rows[0]!.lag_ms)).toBe(0);
  });
});
