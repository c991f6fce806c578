// A test title may name a requirement only by an ID the catalogue has (docs/spec/requirements.md):
// an invented ID (one past the end of its area, say) would count as proof of nothing. The catalogue
// lives in the repository, so this runs in any clone; where the team's shared copy of the spec sits
// beside the clone (../shared/spec, the one the product side edits), the repository's copy must be it.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const catalogue = path.join(root, 'docs/spec/requirements.md');
const shared = path.resolve(root, '../shared/spec');

describe('requirement IDs named by tests', () => {
  it('every ID a test names is in the requirements catalogue', () => {
    const text = readFileSync(catalogue, 'utf8');
    const known = new Set([...text.matchAll(/\*\*([A-Z][A-Z0-9]*-\d{3})\*\*/g)].map((m) => m[1]));
    expect(known.size).toBeGreaterThan(500);
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

  it.runIf(existsSync(shared))(
    'the spec in the repository is the shared one (copy ../shared/spec/*.md to docs/spec/)',
    () => {
      for (const name of ['requirements.md', 'member-site-spec.md']) {
        expect(readFileSync(path.join(root, 'docs/spec', name), 'utf8'), name).toBe(
          readFileSync(path.join(shared, name), 'utf8'),
        );
      }
    },
  );
});
