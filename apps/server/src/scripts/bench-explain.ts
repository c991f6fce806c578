// What bench:scale saves beside itself: `EXPLAIN (ANALYZE, BUFFERS)` of the statements a budgeted figure
// runs, taken on the bench's own data. Two ways, one per kind of figure:
//  - a read (a page the API answers): the statements one request ran, heard through the database's
//    onQuery, are explained afterwards on a connection of their own (a read changes nothing);
//  - a run (settling a period, a rebate day): rehearsed inside a transaction that is rolled back, on a
//    Kysely whose one connection explains every statement just before running it (the plan taken in a
//    savepoint rolled back, then the statement itself, so the rehearsal sees what the run will see).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { DB } from '../db/schema';
import type { Database } from '../db/database';
import { pgTypes } from '../db/database';

export interface Plan {
  sql: string;
  plan: string;
  /** The plan's "Execution Time", ms. */
  ms: number;
}

export const PLANS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'bench-scale-plans');

/** A statement EXPLAIN can run (reads and writes; not transaction control, locks' `set` and the like). */
export function explainable(text: string): boolean {
  const s = text.replace(/^(\s|\/\*[^*]*\*\/)+/, '').toLowerCase();
  return /^(select|insert|update|delete|with|values)\b/.test(s);
}

const planOf = (rows: { 'QUERY PLAN': string }[]): Plan['plan'] =>
  rows.map((r) => r['QUERY PLAN']).join('\n');
const msOf = (plan: string) => Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? 0);

/** Explains each read statement on its own connection (reads only: an explained write would run). */
export async function explainReads(
  url: string,
  statements: readonly { sql: string; parameters: readonly unknown[] }[],
): Promise<Plan[]> {
  const client = new pg.Client({ connectionString: url, types: pgTypes(pg.types) });
  await client.connect();
  try {
    const plans: Plan[] = [];
    for (const s of statements) {
      const text = s.sql.replace(/^(\s|\/\*[^*]*\*\/)+/, '').toLowerCase();
      if (!/^(select|with)\b/.test(text) || /\b(insert|update|delete)\b/.test(text)) continue;
      const r = await client.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${s.sql}`, [
        ...s.parameters,
      ]);
      const plan = planOf(r.rows);
      plans.push({ sql: s.sql, plan, ms: msOf(plan) });
    }
    return plans;
  } finally {
    await client.end();
  }
}

/**
 * Rehearses `run` in a transaction that is rolled back, every statement explained just before it runs;
 * returns the plans. Nothing the rehearsal wrote stays.
 */
export async function rehearse(url: string, run: (trx: Database) => Promise<unknown>): Promise<Plan[]> {
  const client = new pg.Client({ connectionString: url, types: pgTypes(pg.types) });
  await client.connect();
  const plans: Plan[] = [];
  let inTx = false;
  const explaining = {
    async query(text: string, values?: unknown[]) {
      const t = text.trim().toLowerCase();
      if (t === 'begin' || t.startsWith('start transaction')) inTx = true;
      if (!inTx || !explainable(text)) return client.query(text, values);
      await client.query('savepoint bench_explain');
      try {
        const r = await client.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${text}`, values);
        const plan = planOf(r.rows);
        plans.push({ sql: text, plan, ms: msOf(plan) });
      } catch {
        // The statement itself fails the same way below, where the code expects it.
      }
      await client.query('rollback to savepoint bench_explain');
      await client.query('release savepoint bench_explain');
      return client.query(text, values);
    },
    release() {},
  };
  const db = new Kysely<DB>({
    dialect: new PostgresDialect({ pool: { connect: async () => explaining, end: async () => {} } as never }),
  });
  const rollback = new Error('rehearsal: rolled back');
  try {
    await db.transaction().execute(async (trx) => {
      await run(trx);
      throw rollback;
    });
  } catch (err) {
    if (err !== rollback) throw err;
  } finally {
    await db.destroy();
    await client.end();
  }
  return plans;
}

/** Writes the slowest `top` plans of a figure to bench-scale-plans/<name>.txt. */
export function savePlans(name: string, figure: string, plans: readonly Plan[], top = 6): string {
  mkdirSync(PLANS_DIR, { recursive: true });
  const slowest = [...plans].sort((a, b) => b.ms - a.ms).slice(0, top);
  const text = [
    `-- ${figure}`,
    `-- EXPLAIN (ANALYZE, BUFFERS) of the ${slowest.length} slowest of its ${plans.length} statements, slowest first,`,
    `-- written by npm run bench:scale on ${new Date().toISOString().slice(0, 10)}.`,
    ...slowest.flatMap((p, i) => [
      '',
      `-- ${i + 1}. ${p.ms.toFixed(3)} ms`,
      p.sql.replace(/\s+/g, ' ').trim().replace(/^/, '-- '),
      p.plan,
    ]),
    '',
  ].join('\n');
  const file = path.join(PLANS_DIR, `${name}.txt`);
  writeFileSync(file, text);
  return file;
}
