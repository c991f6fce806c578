import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Issue 50: the server's modules import one another in one direction only. The graph is read from the
// source (every relative import of a module's non-test files, types included), module by module.
const here = path.dirname(fileURLToPath(import.meta.url));

const filesOf = (dir: string): string[] =>
  readdirSync(dir).flatMap((f) => {
    const p = path.join(dir, f);
    return statSync(p).isDirectory() ? filesOf(p) : [p];
  });

/** Module → the modules its source imports. */
export function moduleGraph(root = here): Map<string, Set<string>> {
  const modules = readdirSync(root).filter((d) => statSync(path.join(root, d)).isDirectory());
  const graph = new Map(modules.map((m) => [m, new Set<string>()]));
  for (const m of modules)
    for (const file of filesOf(path.join(root, m))) {
      if (!/\.tsx?$/.test(file) || /\.test\.tsx?$|test-helpers|test-support/.test(file)) continue;
      const source = readFileSync(file, 'utf8');
      for (const [, spec] of source.matchAll(/(?:from|import)\s*\(?\s*'(\.[^']+)'/g)) {
        const target = path.relative(root, path.resolve(path.dirname(file), spec!)).split(path.sep)[0]!;
        if (target !== m && graph.has(target)) graph.get(m)!.add(target);
      }
    }
  return graph;
}

/** The groups of modules that import one another round a circle (Tarjan's strongly connected parts). */
export function circles(graph: Map<string, Set<string>>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (stack.includes(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        group.push(w);
      } while (w !== v);
      if (group.length > 1) found.push(group.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

describe('the server’s module graph (issue 50)', () => {
  it('no two modules import each other, directly or round a circle', () => {
    const graph = moduleGraph();
    expect(graph.size).toBeGreaterThan(30);
    const arrows = (group: string[]) =>
      group.flatMap((a) => [...graph.get(a)!].filter((b) => group.includes(b)).map((b) => `${a} → ${b}`));
    expect(circles(graph).map(arrows)).toEqual([]);
  });

  it('the check finds a circle when there is one', () => {
    const g = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a'])],
      ['d', new Set(['a'])],
    ]);
    expect(circles(g)).toEqual([['a', 'b', 'c']]);
    g.get('c')!.clear();
    expect(circles(g)).toEqual([]);
  });
});
