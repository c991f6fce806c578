import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { webMocking } from './web-mocking';

// The web project shares modules between its files (isolate: false in vitest.config.ts): a file that
// replaces a module with vi.mock must be listed in webMocking (test/web-mocking.ts), which runs it isolated, or the module
// would stay replaced for every file after it in the same worker.
const root = path.resolve(import.meta.dirname, '..');
const web = path.join(root, 'apps/web');

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : testFiles(p);
    return /\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

describe('the web project’s shared modules', () => {
  it('every web test file that replaces a module runs isolated (listed in webMocking)', () => {
    const mocking = [...testFiles(path.join(web, 'src')), ...testFiles(path.join(web, 'build'))]
      .filter((f) => /\bvi\.(do)?[mM]ock\(/.test(readFileSync(f, 'utf8')))
      .map((f) => path.relative(web, f));
    expect(mocking.length).toBeGreaterThan(0);
    expect(mocking.filter((f) => !webMocking.includes(f))).toEqual([]);
  });
});
