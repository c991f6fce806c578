import { describe, it, type TestFunction } from 'vitest';
import { testDbKind } from './test-db';

/**
 * Concurrency tests: what they prove needs callers that really overlap. The embedded database (PGlite)
 * queues every caller, so there such a test would pass without any race; it refuses to run there and is
 * skipped under a title that says why (npm test counts these apart). On PostgreSQL it runs as usual.
 *
 * Any test whose title says it races ("at once", "in parallel", "concurrent", …) is declared with these
 * (test/races.test.ts checks that).
 */
export const RACE_SKIP_REASON = '[race: PostgreSQL only, PGlite runs one caller at a time]';

export const racesRun = testDbKind === 'postgres';

/** A test of callers that overlap: runs on PostgreSQL, skipped with its reason on PGlite. */
export function itRaces(title: string, fn: TestFunction, timeout?: number): void {
  if (racesRun) it(title, fn, timeout);
  else it.skip(`${title} ${RACE_SKIP_REASON}`, fn);
}

/** A block of such tests (its set-up too needs PostgreSQL: real connections, processes, kills). */
export function describeRaces(title: string, fn: () => void): void {
  if (racesRun) describe(title, fn);
  else describe.skip(`${title} ${RACE_SKIP_REASON}`, fn);
}

/**
 * `n` calls, one after another, their answers in order: where a test that runs on both databases repeats
 * a request (a replay, a second claim) that its race twin (itRaces) fires at once.
 */
export async function oneAfterAnother<T>(n: number, call: (i: number) => Promise<T>): Promise<T[]> {
  const answers: T[] = [];
  for (let i = 0; i < n; i++) answers.push(await call(i));
  return answers;
}
