// npm run mutation [-- <area> …]: mutation testing of what must never break (stryker/areas.mjs), on
// PostgreSQL — TEST_DATABASE_URL's, or one started from npm for the run (scripts/test-postgres.mjs).
// For each area Stryker mutates the area's source files and runs the area's tests against every mutant
// (stryker/stryker.config.mjs, through stryker/vitest.config.mjs); this script reads its JSON report
// (the mutation-testing-elements schema) and prints, per area:
//   bench mutation-<area>: <score> % killed (budget >= 80) PASS|FAIL (<killed+timeout>/<valid> mutants)
//   info mutation-<area>-survivors: <file>:<line>:<column> <mutator> <original> -> <replacement>  (one per mutant)
// A mutant counts as valid when it is Killed, Timeout, Survived or NoCoverage (compile and runtime
// errors and ignored mutants are not). Exits 1 when a line says FAIL or Stryker could not run.
// Stryker's sandboxes and reports: reports/mutation/<area>/ (mutation.json, mutation.html).
// `npm run mutation -- --from-report [<area> …]` prints the lines of the last run's reports again.
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { benchHeader, benchLineText, infoLine, meets } from './bench-lines.mjs';
import { root } from './lib.mjs';
import { testPostgres } from './test-postgres.mjs';
import { areas, MUTATION_BUDGET } from '../stryker/areas.mjs';

const fromReport = process.argv.includes('--from-report');
const asked = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const unknown = asked.filter((a) => !(a in areas));
if (unknown.length > 0) {
  console.error(`unknown area(s) ${unknown.join(', ')}; the areas are: ${Object.keys(areas).join(', ')}`);
  process.exit(2);
}
const chosen = asked.length > 0 ? asked : Object.keys(areas);

let pg = { label: 'none (lines read from the last reports)', url: '', stop: async () => {} };
try {
  if (!fromReport) pg = await testPostgres();
} catch (err) {
  console.error(err.message);
  process.exit(1);
}
let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => (interrupted = true));

const VALID = new Set(['Killed', 'Timeout', 'Survived', 'NoCoverage']);
const stryker = path.join(root, 'node_modules/@stryker-mutator/core/bin/stryker.js');
const lines = [];

for (const area of chosen) {
  if (interrupted) break;
  const out = path.join(root, 'reports/mutation', area);
  const reportFile = path.join(out, 'mutation.json');
  const started = Date.now();
  let r = { status: 0 };
  if (!fromReport) {
    rmSync(reportFile, { force: true });
    r = spawnSync(process.execPath, [stryker, 'run', 'stryker/stryker.config.mjs'], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, TEST_DATABASE_URL: pg.url, STRYKER_AREA: area },
    });
  }
  const seconds = fromReport ? null : (Date.now() - started) / 1000;
  if (r.signal === 'SIGINT' || r.signal === 'SIGTERM') interrupted = true;
  let report = null;
  try {
    report = r.status === 0 ? JSON.parse(readFileSync(reportFile, 'utf8')) : null;
  } catch {
    /* no report: Stryker failed before writing it */
  }
  const mutants = Object.entries(report?.files ?? {}).flatMap(([file, f]) =>
    (f.mutants ?? []).map((m) => ({ ...m, file: path.relative(root, path.resolve(root, file)) })),
  );
  const count = (status) => mutants.filter((m) => m.status === status).length;
  const valid = mutants.filter((m) => VALID.has(m.status));
  const killed = count('Killed') + count('Timeout');
  const score = report && valid.length > 0 ? (100 * killed) / valid.length : null;
  const line = `${benchLineText(`mutation-${area}`, score, '% killed', '>=', MUTATION_BUDGET)} (${killed}/${valid.length} mutants)`;
  lines.push({ line, ok: meets(score, '>=', MUTATION_BUDGET) });
  const byStatus = {};
  for (const m of mutants) byStatus[m.status] = (byStatus[m.status] ?? 0) + 1;
  const survivors = mutants
    .filter((m) => m.status === 'Survived' || m.status === 'NoCoverage')
    .sort((a, b) => a.file.localeCompare(b.file) || a.location.start.line - b.location.start.line);
  if (seconds !== null) lines.push({ info: [`mutation-${area}-time`, seconds, 's'] });
  lines.push({
    info: [
      `mutation-${area}-mutants`,
      r.status === 0 ? JSON.stringify(byStatus) : `stryker exited ${r.status ?? r.signal}`,
    ],
  });
  for (const m of survivors) {
    const where = `${m.file}:${m.location.start.line}:${m.location.start.column}`;
    const what = `${m.mutatorName}${m.replacement !== undefined ? ` -> ${JSON.stringify(m.replacement)}` : ''}`;
    lines.push({
      info: [
        `mutation-${area}-survivors`,
        `${where} ${what}${m.status === 'NoCoverage' ? ' (no test covers it)' : ''}`,
      ],
    });
  }
}
await pg.stop();

// The lines together at the end, after Stryker's own output.
console.log('');
benchHeader(pg.label);
let failed = interrupted;
for (const l of lines) {
  if (l.info) infoLine(...l.info);
  else {
    console.log(l.line);
    if (!l.ok) failed = true;
  }
}
if (interrupted) console.log('interrupted');
process.exit(failed ? 1 : 0);
