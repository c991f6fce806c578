import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { webMocking } from './test/web-mocking.ts';

// One suite, several projects: the server's integration tests run on PGlite always and again on
// PostgreSQL when TEST_DATABASE_URL is set (npm test always sets it: scripts/test-postgres.mjs starts
// one from npm when the person has none); web unit/component tests run in happy-dom;
// browser journeys drive Debian's Chromium against a real server.
const serverTests = [
  'apps/server/src/**/*.test.ts',
  'packages/contract/src/**/*.test.ts',
  'packages/client/src/**/*.test.ts',
];
// The console's pure checks (its catalogues) need no DOM: they run with the server's project.
const adminTests = ['apps/admin/src/**/*.test.ts'];
const ci = process.env.PANALO_CI === '1';
// The server's test files share their worker's modules (isolate: false): each file still builds its own
// app on its own database, and nothing it keeps lives in a module (caches hang off the app's context).
// Importing the app once per worker instead of once per file took the server project from ~490 s to
// ~220 s on CI's two cores (226 s of it was imports); a test that fakes timers must restore them.
const shared = { isolate: false } as const;
const pureDomainTests = [
  'apps/server/src/modules/fairness/**',
  'apps/server/src/modules/inhouse-games/**',
  'apps/server/src/modules/lottery/engine/**',
];

// The web's test files share their worker's modules and page too (isolate: false): a fresh happy-dom,
// setup and import of React and the UI kit per file was ~85 % of the project's time (326 s → ~70 s with
// both web projects). The setup file clears the DOM and storage after each test. A file that replaces a
// module (vi.mock) would replace it for the files after it: those (test/web-mocking.ts) run isolated, in
// a project of their own.
const webBase = {
  root: 'apps/web',
  environment: 'happy-dom' as const,
  setupFiles: ['src/test/setup.ts'],
  testTimeout: 15_000,
};

// The browser journeys run on the embedded database, as `npm start` does; E2E_DB=postgres runs them on
// TEST_DATABASE_URL's PostgreSQL instead (the server suite runs on both in every npm test).
const e2eOnPostgres = Boolean(process.env.TEST_DATABASE_URL) && process.env.E2E_DB === 'postgres';

const projects: TestProjectInlineConfiguration[] = [
  {
    test: {
      name: 'server',
      ...shared,
      // test/: checks of the repository itself (requirement IDs), run once.
      include: [...serverTests, ...adminTests, 'test/**/*.test.ts'],
      environment: 'node',
      env: { TEST_DB: 'pglite' },
      globalSetup: ['test/pglite-template.ts'],
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  },
  {
    extends: 'apps/web/vite.config.ts',
    test: {
      name: 'web',
      ...webBase,
      ...shared,
      include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
      exclude: [...configDefaults.exclude, ...webMocking],
    },
  },
  {
    extends: 'apps/web/vite.config.ts',
    test: { name: 'web-mocks', ...webBase, include: webMocking },
  },
  {
    test: {
      name: 'e2e',
      include: ['apps/web/e2e/**/*.spec.ts', 'apps/admin/e2e/**/*.spec.ts'],
      environment: 'node',
      // Journeys share their worker's modules as the server's files do (each still starts its own app).
      ...shared,
      ...(e2eOnPostgres
        ? { env: { TEST_DB: 'postgres' }, globalSetup: ['test/pg-template.ts'] }
        : { env: { TEST_DB: 'pglite' }, globalSetup: ['test/pglite-template.ts'] }),
      testTimeout: 60_000,
      hookTimeout: 120_000,
      fileParallelism: false,
    },
  },
];

if (process.env.TEST_DATABASE_URL) {
  projects.push({
    test: {
      name: 'server-pg',
      ...shared,
      include: serverTests,
      // Pure maths (fairness, in-house games, the lottery engine) touches no database: the PGlite
      // project runs it once; running its million-round simulations again here would only cost time.
      exclude: [...configDefaults.exclude, ...pureDomainTests],
      environment: 'node',
      env: { TEST_DB: 'postgres' },
      globalSetup: ['test/pg-template.ts'],
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  });
} else if (ci) {
  throw new Error('PANALO_CI=1 but TEST_DATABASE_URL is not set: the PostgreSQL run is mandatory in CI');
}

export default defineConfig({
  test: {
    projects,
    pool: 'forks',
    // Vitest's default is one worker fewer than the cores: on CI's 2 cores, one test file at a time
    // while the main process idles. Two workers there cut the server project from ~8 to ~6 minutes.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    reporters: ['default'],
  },
});
