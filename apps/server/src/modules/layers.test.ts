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

// Services that still write their own SQL. This list may only shrink: move a service's queries into
// its module's repository and take it off.
const SERVICES_WITH_SQL = new Set<string>([
  'agents/agency.ops.service.ts',
  'agents/downline.service.ts',
  'agents/rebate.service.ts',
  'agents/transfer.service.ts',
  'approvals/approvals.service.ts',
  'auth/captcha.service.ts',
  'auth/register.service.ts',
  'auth/verification.service.ts',
  'content/content-ops.service.ts',
  'content/help-ops.service.ts',
  'contracts/contracts.service.ts',
  'contracts/settlements.service.ts',
  'dashboard/dashboard.service.ts',
  'dashboard/reports.service.ts',
  'deposits/deposit-callback.service.ts',
  'deposits/deposit-decisions.service.ts',
  'deposits/deposits.service.ts',
  'feedback/feedback.service.ts',
  'game-wallet/game-wallet.service.ts',
  'games/games-ops.service.ts',
  'lottery/lottery-ops.service.ts',
  'mail/mail.service.ts',
  'members/member-360.service.ts',
  'members/members-ops.service.ts',
  'members/profile.service.ts',
  'merchants/site-rules.service.ts',
  'merchants/site-theme.service.ts',
  'ops/ops.service.ts',
  'promotions/application.service.ts',
  'promotions/mission.service.ts',
  'promotions/promotions.ops.service.ts',
  'promotions/promotions.service.ts',
  'promotions/rebate.service.ts',
  'promotions/referral.service.ts',
  'promotions/vip.service.ts',
  'protection/exclusion.service.ts',
  'protection/history.service.ts',
  'protection/limits.service.ts',
  'protection/reality-check.service.ts',
  'rain/rain.service.ts',
  'staff/staff-admin.service.ts',
]);

// Routes that still query the database themselves (the same rule: the list may only shrink).
const ROUTES_WITH_SQL = new Set<string>([
  'contracts/contract-calls.routes.ts',
  'live/live.routes.ts',
  'staff/staff.routes.ts',
]);

describe('each layer in its place', () => {
  it('services hold rules, not SQL (the queries are their repositories)', () => {
    const withSql = source
      .filter((f) => /\.service\.ts$/.test(f))
      .filter((f) => QUERY.test(readFileSync(f, 'utf8')))
      .map(rel);
    expect(withSql.filter((f) => !SERVICES_WITH_SQL.has(f))).toEqual([]);
    // A service taken off the list stays off: the list names only services that still have SQL.
    expect([...SERVICES_WITH_SQL].filter((f) => !withSql.includes(f))).toEqual([]);
  });

  it('routes hold no SQL: a route validates, calls a service and answers', () => {
    const withSql = source
      .filter((f) => /\.routes\.ts$/.test(f))
      .filter((f) => QUERY.test(readFileSync(f, 'utf8')))
      .map(rel);
    expect(withSql.filter((f) => !ROUTES_WITH_SQL.has(f))).toEqual([]);
    expect([...ROUTES_WITH_SQL].filter((f) => !withSql.includes(f))).toEqual([]);
  });

  it('routes check no member type inline: they declare their rule (config.auth, a policy)', () => {
    const inline = source
      .filter((f) => /\.routes\.ts$/.test(f))
      .filter((f) => /session\.type|\.type\s*[<>]=?\s*\d/.test(readFileSync(f, 'utf8')))
      .map(rel);
    expect(inline).toEqual([]);
  });
});
