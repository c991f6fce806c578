import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/database';
import { adminQuery, adminUrl, databaseUrl, testDbKind } from '../test-support/test-db';
import { explainable, explainReads, rehearse } from './bench-explain';

describe('bench:scale plans', () => {
  it('#54 item 6 explains reads and writes, never transaction control or settings', () => {
    for (const s of [
      'select 1',
      '/*prepared*/ select 1',
      ' WITH x as (select 1) select * from x',
      'insert into t values (1)',
      'update t set a = 1',
      'delete from t',
    ])
      expect(explainable(s)).toBe(true);
    for (const s of [
      'begin',
      'commit',
      'savepoint a',
      'set local lock_timeout = 1',
      'lock table t',
      'create table t (a int)',
    ])
      expect(explainable(s)).toBe(false);
  });
});

describe.skipIf(testDbKind !== 'postgres')('bench:scale plans on PostgreSQL', () => {
  const name = `panalo_t_explain_${randomBytes(4).toString('hex')}`;
  let url: string;
  let h: DatabaseHandle;
  beforeAll(async () => {
    await adminQuery(`create database ${name}`);
    url = databaseUrl(adminUrl(), name);
    h = await openDatabase({ kind: 'postgres', url, poolSize: 2 });
    await sql`create table bench_t (id bigint primary key, n int not null)`.execute(h.db);
    await sql`insert into bench_t select g, g % 7 from generate_series(1, 1000) g`.execute(h.db);
  });
  afterAll(async () => {
    await h.close();
    await adminQuery(`drop database if exists ${name} with (force)`);
  });

  it('#54 item 6 a rehearsal explains each statement with its buffers, sees its own writes, and leaves nothing', async () => {
    let seen = -1;
    const plans = await rehearse(url, async (trx) => {
      await sql`insert into bench_t select g, 1 from generate_series(1001, 1100) g`.execute(trx);
      const r = await sql<{ n: string }>`select count(*)::text as n from bench_t where id > ${1000n}`.execute(
        trx,
      );
      seen = Number(r.rows[0]!.n);
    });
    // The insert ran once (not twice: its explained run was rolled back to the savepoint) and was seen.
    expect(seen).toBe(100);
    expect(plans).toHaveLength(2);
    expect(plans[0]!.plan).toMatch(/Insert on bench_t/);
    expect(plans[1]!.plan).toMatch(/Buffers: shared hit=/);
    expect(plans.every((p) => p.plan.includes('Execution Time'))).toBe(true);
    const after = await sql<{ n: string }>`select count(*)::text as n from bench_t`.execute(h.db);
    expect(after.rows[0]!.n).toBe('1000');
  });

  it('#54 item 6 reads heard from the app are explained with their parameters; writes among them are left alone', async () => {
    const plans = await explainReads(url, [
      { sql: 'select n from bench_t where id = $1', parameters: [42n] },
      { sql: 'update bench_t set n = 0', parameters: [] },
    ]);
    expect(plans).toHaveLength(1);
    expect(plans[0]!.plan).toMatch(/Index Scan using bench_t_pkey/);
    const untouched = await sql<{ n: string }>`select count(*)::text as n from bench_t where n = 0`.execute(
      h.db,
    );
    expect(untouched.rows[0]!.n).toBe(String(Math.floor(1000 / 7)));
  });
});
