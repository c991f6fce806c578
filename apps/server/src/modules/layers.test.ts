import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Issue 50 item 3: each layer in its place. SQL lives in repositories (`*.repository.ts`) and in the
// few query modules named for what they compute (reports, ledger reports); services hold the rules;
// routes declare who may call them (`config.auth`, `config.permission`, the policies) instead of
// checking a session's member type inline.
const here = path.dirname(fileURLToPath(import.meta.url));
const filesOf = (dir: string): string[] =>
  readdirSync(dir).flatMap((f) => {
    const p = path.join(dir, f);
    return statSync(p).isDirectory() ? filesOf(p) : [p];
  });
const source = filesOf(here).filter(
  (f) => f.endsWith('.ts') && !/\.test\.ts$|test-helpers|test-support/.test(f),
);
const rel = (f: string) => path.relative(here, f).split(path.sep).join('/');

/** A query written with Kysely's builder or its sql tag. */
const QUERY = /\.(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\(|\bsql`|\bsql<[^>]*>`/;

describe('each layer in its place', () => {
  it('services hold rules, not SQL (the queries are their repositories)', () => {
    const withSql = source
      .filter((f) => /\.service\.ts$/.test(f))
      .filter((f) => QUERY.test(readFileSync(f, 'utf8')))
      .map(rel);
    expect(withSql).toEqual([]);
  });

  it('routes hold no SQL: a route validates, calls a service and answers', () => {
    const withSql = source
      .filter((f) => /\.routes\.ts$/.test(f))
      .filter((f) => QUERY.test(readFileSync(f, 'utf8')))
      .map(rel);
    expect(withSql).toEqual([]);
  });

  it('routes check no member type inline: they declare their rule (config.auth, a policy)', () => {
    const inline = source
      .filter((f) => /\.routes\.ts$/.test(f))
      .filter((f) => /session\.type|\.type\s*[<>]=?\s*\d/.test(readFileSync(f, 'utf8')))
      .map(rel);
    expect(inline).toEqual([]);
  });
});
