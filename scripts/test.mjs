// npm test: the whole suite. Builds the site (the browser journeys use it), then runs each Vitest
// project. The server suite always runs twice: on PGlite (the embedded default) and on a real
// PostgreSQL — TEST_DATABASE_URL's, or one started from npm for the run (scripts/test-postgres.mjs) —
// so a test of callers that race is never green only because PGlite queued them. The PostgreSQL
// project is mandatory (a run where it was skipped, or ran no test, fails); under CI (PANALO_CI=1) the
// browser project is too.
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { buildAdmin, buildWeb, root } from './lib.mjs';
import { testPostgres } from './test-postgres.mjs';

const ci = process.env.PANALO_CI === '1';
const extra = process.argv.slice(2);
if (ci && !process.env.TEST_DATABASE_URL) {
  console.error('PANALO_CI=1 but TEST_DATABASE_URL is not set: CI runs the tests on its own PostgreSQL.');
  process.exit(1);
}

buildWeb({ force: ci });
buildAdmin({ force: ci });

let pg;
try {
  pg = await testPostgres();
} catch (err) {
  console.error(err.message);
  process.exit(1);
}
console.log(`== PostgreSQL for the tests: ${pg.label}`);
const env = { ...process.env, TEST_DATABASE_URL: pg.url };

// Ctrl-C reaches Vitest too; this process then only stops its PostgreSQL and reports.
let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => (interrupted = true));

// A test skipped on PGlite because it races (test-support/races.ts) carries this in its title.
const RACE_MARK = '[race: PostgreSQL only';
const projects = ['server', 'web', 'web-mocks', 'server-pg', 'e2e'];
const mandatory = new Set(ci ? ['server-pg', 'e2e'] : ['server-pg']);
const tmp = mkdtempSync(path.join(os.tmpdir(), 'panalo-test-'));
let failed = false;
const summary = [];

for (const project of projects) {
  if (interrupted) break;
  const out = path.join(tmp, `${project}.json`);
  const hookErrorsOut = path.join(tmp, `${project}-hooks.json`);
  const started = Date.now();
  const r = spawnSync(
    process.execPath,
    [
      'node_modules/vitest/vitest.mjs',
      'run',
      '--project',
      project,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${out}`,
      '--reporter=./scripts/vitest-hook-errors.mjs',
      ...extra,
    ],
    { cwd: root, stdio: 'inherit', env: { ...env, PANALO_HOOK_ERRORS: hookErrorsOut } },
  );
  if (r.signal === 'SIGINT' || r.signal === 'SIGTERM') interrupted = true;
  let report = null;
  try {
    report = JSON.parse(readFileSync(out, 'utf8'));
  } catch {
    /* no report: the run crashed before writing it */
  }
  let hookErrors = [];
  try {
    hookErrors = JSON.parse(readFileSync(hookErrorsOut, 'utf8'));
  } catch {
    /* none written */
  }
  const passed = report?.numPassedTests ?? 0;
  const skipped = (report?.numPendingTests ?? 0) + (report?.numTodoTests ?? 0);
  const failures = report?.numFailedTests ?? 0;
  const races = (report?.testResults ?? [])
    .flatMap((f) => f.assertionResults ?? [])
    .filter((a) => a.status !== 'passed' && a.status !== 'failed')
    .filter((a) =>
      [a.fullName, a.title, ...(a.ancestorTitles ?? [])].some((t) => t?.includes(RACE_MARK)),
    ).length;
  const otherSkips = skipped - races;
  summary.push(
    `${project.padEnd(10)} passed ${passed}, failed ${failures}, skipped ${otherSkips}` +
      (races ? `, races left to PostgreSQL ${races}` : '') +
      (r.status !== 0 ? ` (exit ${r.status ?? r.signal})` : '') +
      ` in ${Math.round((Date.now() - started) / 1000)} s`,
  );
  // CI has a time budget (30 minutes on 2 cores): the slowest files of each project say where it goes.
  const slowest = (report?.testResults ?? [])
    .filter((f) => f.startTime && f.endTime)
    .map((f) => ({ name: path.relative(root, f.name), s: (f.endTime - f.startTime) / 1000 }))
    .sort((a, b) => b.s - a.s)
    .slice(0, 5);
  if (slowest.length) {
    summary.push(`    slowest: ${slowest.map((f) => `${f.name} ${f.s.toFixed(0)} s`).join(', ')}`);
  }
  // The names of the failed tests and the first line of each failure go in the summary, so that the
  // tail of a long log (all a CI page may show) says what broke.
  for (const file of report?.testResults ?? []) {
    for (const a of file.assertionResults ?? []) {
      if (a.status !== 'failed') continue;
      const why = String(a.failureMessages?.[0] ?? '')
        .split('\n')[0]
        .slice(0, 300);
      summary.push(`  ✗ ${path.relative(root, file.name)} > ${a.fullName}`);
      if (why) summary.push(`      ${why}`);
    }
    if (file.status === 'failed' && !(file.assertionResults ?? []).some((a) => a.status === 'failed')) {
      // A hook or the file itself failed: its errors come from the hook reporter, which also sees the
      // ones inside a describe block (the JSON report's file message is empty for those).
      const own = hookErrors.filter((h) => h.file === file.name);
      summary.push(`  ✗ ${path.relative(root, file.name)}`);
      for (const h of own.length ? own : [{ where: '', error: String(file.message ?? '') }]) {
        summary.push(`      ${h.where ? `${h.where}: ` : ''}${h.error.split('\n')[0].slice(0, 300)}`);
      }
    }
  }
  if (r.status !== 0) failed = true;
  if (mandatory.has(project) && (passed === 0 || skipped > 0)) {
    summary.push(`  ✗ ${project} is mandatory: it must run tests and skip none`);
    failed = true;
  }
}
// PANALO_TEST_REPORTS=dir keeps each project's JSON report (every file's time) for a closer look.
if (process.env.PANALO_TEST_REPORTS) cpSync(tmp, process.env.PANALO_TEST_REPORTS, { recursive: true });
rmSync(tmp, { recursive: true, force: true });
await pg.stop();
if (interrupted) summary.push('  ✗ interrupted');
console.log(`\nTest summary\n${summary.map((s) => '  ' + s).join('\n')}`);
process.exit(failed || interrupted ? 1 : 0);
