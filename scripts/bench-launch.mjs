// npm run bench:launch: issue 51's launch budget — the machine time from "create the brand" in the
// provider console to the new brand's first player's deposit credited (budget: under 2 minutes).
//
// It runs the provider journey (apps/admin/e2e/provider.spec.ts, its first test) in Debian Chromium on
// the real server and a fresh database: provider01 fills in the launch form (with the brand's PayMongo
// test account), takes the brand live, its first player registers on the brand's own domain and
// deposits with GCash on the demo PayMongo's checkout page. The journey
// writes the seconds it measured to PANALO_BENCH_OUT; this prints the header and the budget line, and
// exits 1 when the journey failed or the line says FAIL.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildAdmin, buildWeb, root } from './lib.mjs';
import { benchHeader, benchLine } from './bench-lines.mjs';

const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-launch-'));
const out = path.join(dir, 'launch.json');
try {
  await buildWeb();
  await buildAdmin();
  benchHeader('embedded PGlite (the browser journeys’ database), one API process');
  const run = spawnSync(
    'npx',
    ['vitest', 'run', '--project', 'e2e', 'apps/admin/e2e/provider.spec.ts', '-t', 'launches'],
    { cwd: root, env: { ...process.env, PANALO_BENCH_OUT: out }, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  let seconds = null;
  try {
    seconds = JSON.parse(readFileSync(out, 'utf8')).seconds;
  } catch {
    console.error('the journey wrote no measurement');
  }
  // A journey that failed after measuring measured nothing worth a PASS.
  benchLine('brand-create-to-first-deposit', run.status === 0 ? seconds : null, 's', '<=', 120);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
