// A test title may name a requirement only by an ID the catalogue has (shared/spec/requirements.md):
// an invented ID (one past the end of its area, say) would count as proof of nothing.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const catalogue = path.resolve(root, '../shared/spec/requirements.md');

describe.skipIf(!existsSync(catalogue))('requirement IDs named by tests', () => {
  it('every ID a test names is in the requirements catalogue', () => {
    const text = readFileSync(catalogue, 'utf8');
    const known = new Set([...text.matchAll(/\*\*([A-Z][A-Z0-9]*-\d{3})\*\*/g)].map((m) => m[1]));
    const areas = new Set([...known].map((id) => id!.split('-')[0]));
    const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], {
      cwd: root,
      encoding: 'utf8',
    })
      .split('\n')
      .filter((f) => /(\.test\.|\.spec\.|(^|\/)e2e\/)/.test(f) && !f.includes('node_modules'))
      .filter((f) => existsSync(path.join(root, f)));
    const unknown: string[] = [];
    for (const f of files) {
      for (const m of readFileSync(path.join(root, f), 'utf8').matchAll(/\b([A-Z][A-Z0-9]*)-(\d{3})\b/g)) {
        if (areas.has(m[1]) && !known.has(m[0])) unknown.push(`${f}: ${m[0]}`);
      }
    }
    expect(files.length).toBeGreaterThan(50);
    expect(unknown).toEqual([]);
  });
});
