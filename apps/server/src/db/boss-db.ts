import { createHash } from 'node:crypto';
import { CompiledQuery } from 'kysely';
import PgBoss from 'pg-boss';
import type { Database, DbKind } from './database';

/**
 * Splits a script of SQL statements on the semicolons that end them: not inside quotes ('…', "…"),
 * dollar-quoted bodies ($$…$$, $tag$…$tag$) or comments. pg-boss sends its schema and maintenance as
 * scripts; PGlite's parameterised query runs one statement at a time.
 */
export function splitSql(script: string): string[] {
  const out: string[] = [];
  let start = 0;
  let i = 0;
  while (i < script.length) {
    const c = script[i]!;
    if (c === "'" || c === '"') {
      const end = script.indexOf(c, i + 1);
      i = end < 0 ? script.length : end + 1;
    } else if (c === '-' && script[i + 1] === '-') {
      const end = script.indexOf('\n', i);
      i = end < 0 ? script.length : end + 1;
    } else if (c === '$') {
      const tag = /^\$[A-Za-z_]*\$/.exec(script.slice(i));
      if (tag) {
        const end = script.indexOf(tag[0], i + tag[0].length);
        i = end < 0 ? script.length : end + tag[0].length;
      } else i += 1;
    } else if (c === ';') {
      out.push(script.slice(start, i));
      start = i + 1;
      i += 1;
    } else i += 1;
  }
  out.push(script.slice(start));
  return out.map((s) => s.trim()).filter((s) => s.length > 0);
}

const TX = /^(begin|commit|rollback)$/i;

/**
 * pg-boss's `db` adapter over the app's Kysely handle, so that the job library shares the app's pool
 * (PostgreSQL) or its one serialised PGlite session (embedded). On PostgreSQL a script goes to the
 * server as it is (pg's simple protocol runs several statements). On PGlite a script is split and its
 * statements run on one connection inside one transaction (its BEGIN/COMMIT become Kysely's), so no
 * other query of the app interleaves with it.
 */
export function bossDb(db: Database, kind: DbKind) {
  return {
    async executeSql(text: string, values: unknown[] = []): Promise<{ rows: unknown[] }> {
      if (kind === 'postgres' || values.length > 0 || !text.includes(';')) {
        const r = await db.executeQuery(CompiledQuery.raw(text, values));
        return { rows: r.rows };
      }
      const statements = splitSql(text).filter((s) => !TX.test(s));
      return db.transaction().execute(async (trx) => {
        let rows: unknown[] = [];
        for (const s of statements) rows = (await trx.executeQuery(CompiledQuery.raw(s))).rows;
        return { rows };
      });
    },
  };
}

/** A job id (a UUID) derived from a name: every process sending the job for one name sends one id. */
export function stableJobId(name: string): string {
  const h = createHash('sha256').update(name).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/**
 * A started pg-boss on our database (PostgreSQL, or PGlite through bossDb) with its queue created.
 * Exactly one instance per process supervises (maintenance covers every queue): the lottery's.
 */
export async function startBoss(o: {
  db: Database;
  kind: DbKind;
  queue: string;
  retryLimit: number;
  retryDelay: number;
  supervise: boolean;
  onError: (err: unknown) => void;
}): Promise<PgBoss> {
  const boss = new PgBoss({
    db: bossDb(o.db, o.kind),
    schema: 'pgboss',
    schedule: false,
    supervise: o.supervise,
  });
  boss.on('error', o.onError);
  await boss.start();
  await boss.createQueue(o.queue, { name: o.queue, retryLimit: o.retryLimit, retryDelay: o.retryDelay });
  return boss;
}

/**
 * Runs `plan` now and then every `everyMs` (one run at a time, errors to `onError`), for the processes
 * that each plan the same jobs under stable ids; `stop` waits for the run under way, then stops `boss`.
 */
export function planEvery(
  boss: PgBoss,
  plan: () => Promise<number>,
  everyMs: number,
  onError: (err: unknown) => void,
): { plan(): Promise<number>; stop(): Promise<void> } {
  let running: Promise<unknown> = plan().catch(onError);
  const timer = setInterval(() => {
    running = running.then(() => plan().catch(onError));
  }, everyMs);
  timer.unref();
  return {
    plan,
    async stop() {
      clearInterval(timer);
      await running;
      await boss.stop({ graceful: true, wait: true, timeout: 5_000 });
    },
  };
}
