import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { areas } from './areas.mjs';

// The Vitest configuration Stryker drives (npm run mutation, stryker/areas.mjs): one project, the
// server's tests, on PostgreSQL when TEST_DATABASE_URL is set (as the mutation run requires) and on
// PGlite otherwise. Only the tests of the area in STRYKER_AREA: they are chosen here and not with
// Stryker's `testFiles`, which in 9.6.1 activates a static mutant (module-level code) only after its
// module loaded, so every such mutant "survived" (stryker-mutator/stryker-js#6144).
// Stryker's runner forces its own pool (threads, one worker per Stryker process) over this file's.
const root = path.resolve(import.meta.dirname, '..');
const postgres = Boolean(process.env.TEST_DATABASE_URL);
const area = areas[process.env.STRYKER_AREA ?? ''];
if (!area) throw new Error(`STRYKER_AREA must be one of: ${Object.keys(areas).join(', ')}`);

export default defineConfig({
  // Stryker's sandbox links the repository's node_modules, where @panalo/contract points at the original
  // packages/contract: without this, the contract's mutated files were never loaded (the access area's
  // first run reported all 56 mutants of staff-rules.ts as "no test covers it").
  resolve: {
    alias: [
      {
        find: /^@panalo\/contract\/(.*)$/,
        replacement: path.join(root, 'packages/contract/src/$1.ts'),
      },
    ],
  },
  test: {
    root,
    include: area.testFiles,
    // Unlike the server projects of vitest.config.ts, each test file imports its modules afresh: a mutant
    // of module-level code (a constant regex, a helper arrow function) only takes effect when the module
    // is evaluated again, and with isolate: false every such mutant survived (the first run of
    // 2026-11-29 reported `const mac = () => undefined` and a BASE64 regex that matches nothing as survivors).
    isolate: true,
    environment: 'node',
    env: { TEST_DB: postgres ? 'postgres' : 'pglite' },
    globalSetup: [postgres ? 'test/pg-template.ts' : 'test/pglite-template.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: ['default'],
  },
});
