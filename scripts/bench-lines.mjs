// What every `npm run bench:*` prints, in one place so that no bench can flatter itself:
// - `bench <name>: <value> <unit> (budget <op> <budget>) PASS|FAIL` — a figure with a real budget; a
//   missing or non-finite value (nothing measured, a page that never appeared) is `n/a` and FAILs;
// - `bench <name>-refused: …` — the operations a phase refused, never counted in its rate or latency;
// - `info <name>: <value> <unit>` — a figure shown for context that no budget judges;
// - the header: the machine, the database and the commit, so that a figure can be traced.
import { execFileSync } from 'node:child_process';
import os from 'node:os';

/** Share of a phase's operations that may be refused when the scenario refuses none on purpose. */
export const REFUSED_SHARE = 0.001;

const shown = (value, unit) => {
  if (value === null || value === undefined || !Number.isFinite(value)) return 'n/a';
  const fine = unit === 'KiB' || unit === 'ms';
  if (unit === 'ops' || Number.isInteger(value) || (!fine && Math.abs(value) >= 100)) return value.toFixed(0);
  if (Math.abs(value) >= 10) return value.toFixed(1);
  return Math.abs(value) >= 1 ? value.toFixed(2) : String(Number(value.toPrecision(2)));
};

/** Whether `value` meets `op budget`; a missing or non-finite value never does. */
export function meets(value, op, budget) {
  if (value === null || value === undefined || !Number.isFinite(value)) return false;
  if (op === '<=') return value <= budget;
  if (op === '>=') return value >= budget;
  if (op === '=') return value === budget;
  throw new Error(`unknown budget operator ${op}`);
}

/** The text of one budget line (see the top of this file). */
export function benchLineText(name, value, unit, op, budget) {
  return `bench ${name}: ${shown(value, unit)} ${unit} (budget ${op} ${budget}) ${meets(value, op, budget) ? 'PASS' : 'FAIL'}`;
}

/** Prints one budget line; returns whether it passed. A FAIL makes the script exit non-zero. */
export function benchLine(name, value, unit, op, budget) {
  console.log(benchLineText(name, value, unit, op, budget));
  const ok = meets(value, op, budget);
  if (!ok) process.exitCode = 1;
  return ok;
}

/**
 * The refusals of a phase of `attempted` operations: at most REFUSED_SHARE of them, or exactly
 * `expected` when the scenario refuses on purpose. `byCode` (message key → count) follows as info.
 */
export function refusedLineText(name, refused, attempted, { expected, byCode } = {}) {
  const budget = expected ?? Math.floor(attempted * REFUSED_SHARE);
  const op = expected === undefined ? '<=' : '=';
  const codes = byCode && Object.keys(byCode).length > 0 ? ` ${JSON.stringify(byCode)}` : '';
  const sep = name.includes('-') ? '-' : '_';
  return `${benchLineText(`${name}${sep}refused`, refused, 'ops', op, budget)} of ${attempted}${codes}`;
}

export function refusedLine(name, refused, attempted, options) {
  const text = refusedLineText(name, refused, attempted, options);
  console.log(text);
  if (text.includes(') FAIL')) process.exitCode = 1;
}

/** Prints a figure that no budget judges. */
export function infoLine(name, value, unit = '') {
  console.log(
    `info ${name}: ${typeof value === 'number' ? shown(value, unit) : value}${unit ? ` ${unit}` : ''}`,
  );
}

function commit() {
  try {
    const opts = { stdio: ['ignore', 'pipe', 'ignore'], encoding: 'utf8' };
    const sha = execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], opts).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], opts).trim();
    return dirty ? `${sha} (with uncommitted changes)` : sha;
  } catch {
    return 'unknown (not a git checkout)';
  }
}

/** The first lines of every bench: machine, database (a description the caller read) and commit. */
export function benchHeader(database) {
  const cpus = os.cpus();
  const load = os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
  infoLine(
    'machine',
    `${cpus.length} cores (${cpus[0]?.model.trim() ?? 'unknown'}), ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, load ${load}, node ${process.version}`,
  );
  infoLine('database', database);
  infoLine('commit', commit());
}
