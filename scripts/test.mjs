// npm test: the whole suite. Builds the site (the browser journeys use it), then runs each Vitest
// project. Under CI (PANALO_CI=1) the PostgreSQL and browser projects are mandatory: a run where they
// were skipped, or ran no test, fails.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { buildAdmin, buildWeb, root } from './lib.mjs';

const ci = process.env.PANALO_CI === '1';
const extra = process.argv.slice(2);
if (ci && !process.env.TEST_DATABASE_URL) {
  console.error('PANALO_CI=1 but TEST_DATABASE_URL is not set: the PostgreSQL tests are mandatory in CI.');
  process.exit(1);
}

buildWeb({ force: ci });
buildAdmin({ force: ci });

const projects = ['server', 'web', ...(process.env.TEST_DATABASE_URL ? ['server-pg'] : []), 'e2e'];
const mandatory = new Set(ci ? ['server-pg', 'e2e'] : []);
const tmp = mkdtempSync(path.join(os.tmpdir(), 'panalo-test-'));
let failed = false;
const summary = [];

for (const project of projects) {
  const out = path.join(tmp, `${project}.json`);
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
      ...extra,
    ],
    { cwd: root, stdio: 'inherit', env: process.env },
  );
  let report = null;
  try {
    report = JSON.parse(readFileSync(out, 'utf8'));
  } catch {
    /* no report: the run crashed before writing it */
  }
  const passed = report?.numPassedTests ?? 0;
  const skipped = (report?.numPendingTests ?? 0) + (report?.numTodoTests ?? 0);
  const failures = report?.numFailedTests ?? 0;
  summary.push(
    `${project.padEnd(10)} passed ${passed}, failed ${failures}, skipped ${skipped}${r.status !== 0 ? ' (exit ' + r.status + ')' : ''}`,
  );
  if (r.status !== 0) failed = true;
  if (mandatory.has(project) && (passed === 0 || skipped > 0)) {
    summary.push(`  ✗ ${project} is mandatory in CI: it must run tests and skip none`);
    failed = true;
  }
}
rmSync(tmp, { recursive: true, force: true });
console.log(`\nTest summary\n${summary.map((s) => '  ' + s).join('\n')}`);
process.exit(failed ? 1 : 0);
