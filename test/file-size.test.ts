import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Issue 50 item 5: a source file over 400 lines says why at its top (`// Long file: <reason>`), or is
// split along its seams. Tests, fixtures and generated data are not source.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const LIMIT = 400;

describe('file sizes', () => {
  it('every source file over 400 lines gives its reason on its first line', () => {
    const files = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' })
      .split('\n')
      .filter((f) => /^(apps\/[^/]+\/src|packages\/[^/]+\/src|scripts)\//.test(f))
      .filter((f) => /\.(ts|tsx|mjs)$/.test(f) && !/\.(test|spec)\.tsx?$|\/test\/|\.d\.ts$/.test(f));
    const unexplained = files.filter((f) => {
      let text: string;
      try {
        text = readFileSync(path.join(root, f), 'utf8');
      } catch {
        return false; // deleted in the working tree
      }
      const lines = text.split('\n');
      return lines.length - (text.endsWith('\n') ? 1 : 0) > LIMIT && !/^\/\/ Long file: \S/.test(lines[0]!);
    });
    expect(unexplained).toEqual([]);
  });
});
