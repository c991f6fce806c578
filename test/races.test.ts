// A test whose title says it races must be declared with itRaces/describeRaces
// (apps/server/src/test-support/races.ts): on PGlite, which queues every caller, such a test would pass
// without any race and count as proof of nothing; declared so, it runs on PostgreSQL and is skipped, with
// its reason, on PGlite.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
// apps/server/src/**/*.test.ts and packages/contract/src/**/*.test.ts, as vitest.config.ts has them.
const scanned = ['apps/server/src', 'packages/contract/src'];

/** A number of callers, before "at once" in the same clause: "ten deposits at once", "1,000 members … at once". */
const COUNT = String.raw`(?:two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty|hundred|thousand|many|several|both|often|(?<![\w/-])\d[\d,]*)`;

/**
 * What a title says when it claims a race (case-insensitive):
 * - at the same moment / time / instant; in parallel, parallel; concurrent, concurrently, concurrency;
 *   simultaneous, simultaneously; racing; race, races, race-safe; contention; two/both … together;
 * - "at once" when callers overlap, not when it means "immediately" ("a revoked session stops working at
 *   once", "usable at once"): after a count in the same clause (two … fifty, hundred, thousand, many,
 *   several, both, often, or a number that is not part of an ID like WALLET-002), after "of one X" / "on
 *   one X" / "of the same X", after "fired" or "sent", or an -ing word opening the title or a clause
 *   ("WALLET-003 binding at once").
 * A race the promotions run (a leaderboard race, "the race ranks …") is a prize, not a race of callers.
 */
const RACE_TITLE = new RegExp(
  [
    String.raw`\bat the same (?:moment|time|instant)\b`,
    String.raw`\b(?:in )?parallel\b`,
    String.raw`\bconcurren(?:t|tly|cy)\b`,
    String.raw`\bsimultaneous(?:ly)?\b`,
    String.raw`\bracing\b`,
    String.raw`(?<!\b(?:leaderboard|weekly|slots) )\braces?\b(?! ranks\b)`,
    String.raw`\bcontention\b`,
    String.raw`\b(?:two|both)\b[^:;,()]*\btogether\b`,
    String.raw`\b${COUNT}\b[^:;,()]*?\bat once\b`,
    String.raw`\b(?:of|on) (?:one|the same) [\w-]+ at once\b`,
    String.raw`\b(?:fired|sent)\b[^:;,()]*\bat once\b`,
    String.raw`(?:^|[:;,] )(?:[A-Z][A-Z0-9]*-\d{3} )?\w+ing at once\b`,
  ].join('|'),
  'i',
);

/** Files whose tests kill child processes (kill -9, the soak): PostgreSQL-only by their own skipIf. */
const PROCESS_TESTS = /(\.kill\.test\.ts|(^|\/)soak\.test\.ts)$/;
const POSTGRES_ONLY = /^describe\.skipIf\(\s*testDbKind\s*!==\s*'postgres'\s*\)$/;
const TEST_CALLS = new Set(['it', 'test', 'describe']);

/** The identifier a call chain starts from: `it`, `describe.skipIf(x)`, `test.each([…])` → it, describe, test. */
function rootName(e: ts.Expression): string | null {
  let x = e;
  for (;;) {
    if (ts.isCallExpression(x)) x = x.expression;
    else if (ts.isPropertyAccessExpression(x)) x = x.expression;
    else break;
  }
  return ts.isIdentifier(x) ? x.text : null;
}

function titleOf(arg: ts.Expression | undefined): string | null {
  if (!arg) return null;
  if (ts.isStringLiteral(arg) || ts.isNoSubstitutionTemplateLiteral(arg)) return arg.text;
  if (ts.isTemplateExpression(arg))
    return arg.head.text + arg.templateSpans.map((s) => `\${…}${s.literal.text}`).join('');
  return null;
}

interface Finding {
  where: string;
  title: string;
  declared: boolean;
}

/** Every test's and block's title in a file, with whether it is declared as a race (itself or a block around it). */
function titles(file: string): Finding[] {
  const text = readFileSync(path.join(root, file), 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: Finding[] = [];
  const visit = (node: ts.Node, declared: boolean): void => {
    let inside = declared;
    if (ts.isCallExpression(node)) {
      const name = rootName(node.expression);
      const race = name === 'itRaces' || name === 'describeRaces';
      if (race) inside = true;
      else if (
        name &&
        TEST_CALLS.has(name) &&
        PROCESS_TESTS.test(file) &&
        POSTGRES_ONLY.test(node.expression.getText(source))
      )
        inside = true;
      const title = name && (race || TEST_CALLS.has(name)) ? titleOf(node.arguments[0]) : null;
      if (title !== null) {
        const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
        found.push({ where: `${file}:${line}`, title, declared: inside });
      }
    }
    ts.forEachChild(node, (child) => visit(child, inside));
  };
  visit(source, false);
  return found;
}

describe('race tests are declared as races', () => {
  it('the title words recognise races and leave "at once" meaning immediately alone', () => {
    for (const title of [
      'ten deposits at once against a limit: exactly as many as fit are taken',
      '1,000 members claiming a 100-envelope rain at once get exactly 100 envelopes',
      'WALLET-002 approve and reject of one withdrawal at once: exactly one decision wins',
      'identical bets fired at once on one wallet are applied once',
      'WALLET-003 binding at once: one card number is bound once',
      'PROMO-007 the member claims once, however often it asks at once',
      'fifty parallel bets against a loss limit',
      'runs in parallel',
      'Concurrent registrations of the same username',
      'deposits under concurrency',
      '50 simultaneous openings on the last quota',
      'transfers racing on one wallet never take it below zero',
      'the keys are created once, race-safe',
      'two first saves at the same moment both succeed',
      'two requests with one key at the same time make one order',
      'money under contention',
      'two approvals together pay once',
    ])
      expect(title).toMatch(RACE_TITLE);
    for (const title of [
      'a revoked or expired session stops working at once',
      'the answer is a session like login’s (AUTH-030/031 fields), usable at once',
      'WALLET-002 a withdrawal holds the amount at once: wallet → pending (withdrawal_hold), one pending record',
      'WALLET-009 cancels a suborder before its lock: the stake comes back at once, and a repeat moves nothing',
      'a first limit and a lower one take effect at once; a higher one or a removal waits 24 hours',
      'counts bets, wins and refunds by product group once rolled up; deposits at once, the first one marked',
      'accounts that share nothing are each paid at once',
      'limits: staff set or lower one at once (a waiting raise dropped), never raise or remove',
      'missions and the leaderboard race',
      'the race ranks by valid turnover this week, masks names, skips trial accounts',
      'SHELL-052 maintenance and restriction together report both',
      'a deadlock and a serialization failure are run again until the work succeeds',
      'a second run finds nothing left to pay',
    ])
      expect(title).not.toMatch(RACE_TITLE);
  });

  it('every test or block whose title claims a race runs through itRaces/describeRaces', () => {
    const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard', '--', ...scanned], {
      cwd: root,
      encoding: 'utf8',
    })
      .split('\n')
      .filter((f) => f.endsWith('.test.ts') && existsSync(path.join(root, f)));
    const all = files.flatMap(titles);
    // The scan reads what it should: the server's tests, some of them declared as races.
    expect(files.length).toBeGreaterThan(100);
    expect(all.length).toBeGreaterThan(1000);
    expect(all.filter((f) => f.declared).length).toBeGreaterThan(20);
    const undeclared = all
      .filter((f) => !f.declared && RACE_TITLE.test(f.title))
      .map((f) => `${f.where} ${JSON.stringify(f.title)}`);
    expect(undeclared, 'declare these with itRaces/describeRaces (test-support/races.ts)').toEqual([]);
  });
});
