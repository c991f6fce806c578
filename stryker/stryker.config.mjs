// Stryker's configuration for one area of stryker/areas.mjs, chosen by STRYKER_AREA (scripts/mutation.mjs
// sets it and runs `stryker run stryker/stryker.config.mjs` from the repository's root). Everything
// Stryker writes (sandboxes, reports) goes under reports/mutation/ — add `/reports/` to .gitignore.
import { areas } from './areas.mjs';

const name = process.env.STRYKER_AREA;
const area = areas[name];
if (!area) throw new Error(`STRYKER_AREA must be one of: ${Object.keys(areas).join(', ')} (got ${name})`);
const out = `reports/mutation/${name}`;

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  packageManager: 'npm',
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  vitest: { configFile: 'stryker/vitest.config.mjs', related: false },
  // Mutants are sorted to the tests that cover them (per test coverage): each runs only those.
  coverageAnalysis: 'perTest',
  mutate: area.mutate,
  // The area's tests are chosen in stryker/vitest.config.mjs (not with `testFiles`: see there).
  // No TypeScript checker: a mutant that does not type-check still runs (tsx strips types) and counts.
  checkers: [],
  concurrency: Number(process.env.STRYKER_CONCURRENCY ?? 2),
  timeoutMS: 30_000,
  timeoutFactor: 2,
  disableTypeChecks: 'apps/server/src/**/*.ts',
  ignorePatterns: ['docs', '.ci'],
  tempDirName: `${out}/tmp`,
  cleanTempDir: true,
  reporters: ['json', 'html', 'clear-text', 'progress-append-only'],
  jsonReporter: { fileName: `${out}/mutation.json` },
  htmlReporter: { fileName: `${out}/mutation.html` },
  clearTextReporter: { allowColor: false, logTests: false, reportScoreTable: true },
  thresholds: { high: 90, low: 80, break: null },
  logLevel: 'info',
  fileLogLevel: 'off',
};
