#!/usr/bin/env node
// Issue 22 item 10: `npm audit --omit=dev` must find no high or critical advisory in what we ship, except
// an exception written in .ci/audit-exceptions.json with its advisory, reason and date of review.
// When the registry's advisory service cannot be reached (these build machines reach only the package
// download endpoints), the audit is reported as not run, plainly, and does not fail the build.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

let out;
try {
  out = execFileSync('npm', ['audit', '--omit=dev', '--json'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
} catch (err) {
  out = err.stdout ?? '';
}
let report;
try {
  report = JSON.parse(out);
} catch {
  report = null;
}
if (!report || report.error || !report.metadata) {
  const why = report?.message || report?.error?.summary || 'no answer';
  console.log(
    `info audit: not run, the advisory service is unreachable from this machine (${why.split('\n')[0]})`,
  );
  process.exit(0);
}
const exceptions = existsSync('.ci/audit-exceptions.json')
  ? JSON.parse(readFileSync('.ci/audit-exceptions.json', 'utf8'))
  : [];
const excused = new Set(exceptions.map((e) => e.advisory));
const serious = Object.values(report.vulnerabilities ?? {})
  .filter((v) => v.severity === 'high' || v.severity === 'critical')
  .filter(
    (v) => !(v.via ?? []).every((x) => typeof x === 'object' && excused.has(String(x.url ?? x.source))),
  );
const counts = report.metadata.vulnerabilities;
console.log(
  `audit: ${counts.critical} critical, ${counts.high} high, ${counts.moderate} moderate, ${counts.low} low (production dependencies)`,
);
for (const v of serious) console.log(`audit: ${v.severity} ${v.name} ${v.range}`);
process.exit(serious.length > 0 ? 1 : 0);
