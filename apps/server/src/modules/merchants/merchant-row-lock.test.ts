import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../config';
import { audit } from '../../lib/audit';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { itRaces } from '../../test-support/races';

// A change of a merchant's settings, theme, rules or help holds the merchant's row while it reads and
// writes it. Held FOR UPDATE, that row stops every insert that refers to the merchant (a registration,
// a bet's round, an order) until the change commits — PostgreSQL's foreign-key check takes KEY SHARE,
// which FOR UPDATE excludes — and one such insert in a transaction that the change then waits for is a
// deadlock. FOR NO KEY UPDATE (the member row's lock too, modules/wallet/README.md) serialises the
// changes and lets the inserts through.
const server = path.join(repoRoot, 'apps/server/src');

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return files(p);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [p] : [];
  });
}

/** Rows that many others refer to by foreign key: held, they are held FOR NO KEY UPDATE only. */
const REFERRED = ['merchant', 'member', 'promotion'];

/** The statements (a select up to its execute) of `text` that lock a REFERRED table's row FOR UPDATE. */
export function forUpdateOfReferred(text: string): number[] {
  const found: number[] = [];
  for (const m of text.matchAll(/selectFrom\('[\s\S]*?execute\w*\(/g)) {
    const statement = m[0];
    // `.forUpdate()` (or a base query locked later: `base.forUpdate()`), unless limited to other tables.
    const locks = /\.forUpdate\(\)/.test(statement) || /for update(?! of)/i.test(statement);
    if (!locks && !/for update of/i.test(statement)) continue;
    const tables = [...statement.matchAll(/(?:selectFrom|innerJoin|leftJoin)\('(\w+)(?: as (\w+))?'/g)].map(
      (t) => ({ table: t[1]!, alias: t[2] ?? t[1]! }),
    );
    const only = /for update of ([\w, ]+)/i
      .exec(statement)?.[1]
      ?.split(',')
      .map((a) => a.trim());
    const held = only ? tables.filter((t) => only.includes(t.alias)) : tables;
    if (held.some((t) => REFERRED.includes(t.table))) found.push(text.slice(0, m.index).split('\n').length);
  }
  return found;
}

describe('rows that many others refer to are held FOR NO KEY UPDATE', () => {
  it('no product code selects a merchant, member or promotion row FOR UPDATE', () => {
    const found: string[] = [];
    for (const file of files(path.join(server, 'modules'))) {
      const text = readFileSync(file, 'utf8');
      for (const line of forUpdateOfReferred(text)) found.push(`${path.relative(server, file)}:${line}`);
      if (/from (?:merchant|member|promotion)\b[^;`]*for update/i.test(text))
        found.push(`${path.relative(server, file)} (SQL)`);
    }
    expect(found).toEqual([]);
  });

  it('the check finds a lock taken on a base query later, on a join, and not one limited to other tables', () => {
    const base =
      "const base = q.selectFrom('merchant').select('settings');\nreturn (lock ? base.forUpdate() : base).executeTakeFirst();";
    expect(forUpdateOfReferred(base)).toEqual([1]);
    const join =
      "trx.selectFrom('staff_account as s').innerJoin('member as m', 'm.id', 's.member_id').forUpdate().execute();";
    expect(forUpdateOfReferred(join)).toEqual([1]);
    const limited =
      "trx.selectFrom('promotion_claim as c').innerJoin('promotion as p', 'p.id', 'c.promotion_id').modifyEnd(sql`for update of c`).execute();";
    expect(forUpdateOfReferred(limited)).toEqual([]);
    const free = "trx.selectFrom('member').forNoKeyUpdate().execute();";
    expect(forUpdateOfReferred(free)).toEqual([]);
  });

  describe('on PostgreSQL', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(async () => t?.close());

    itRaces(
      'why: a merchant row held FOR NO KEY UPDATE (as a settings change holds it) lets a row that refers to the merchant be written at the same time (FOR UPDATE makes it wait)',
      async () => {
        const { db } = t.ctx;
        const merchant = await db
          .selectFrom('merchant')
          .select('id')
          .where('code', '=', 'panalo')
          .executeTakeFirstOrThrow();
        let release!: () => void;
        const held = new Promise<void>((r) => (release = r));
        let locked!: () => void;
        const isLocked = new Promise<void>((r) => (locked = r));
        const change = db.transaction().execute(async (trx) => {
          await trx
            .selectFrom('merchant')
            .select('settings')
            .where('id', '=', merchant.id)
            .forNoKeyUpdate()
            .executeTakeFirstOrThrow();
          locked();
          await held;
        });
        await isLocked;
        // An insert that checks its foreign key to the merchant (the audit trail's row), on another
        // connection, while the merchant is held.
        const write = audit(db, {
          merchantId: merchant.id,
          actor: 'system',
          action: 'test.merchant_lock',
          target: 'merchant',
          details: {},
          at: t.clock.now(),
        }).then(() => 'written' as const);
        const waited = new Promise<'waited'>((r) => setTimeout(() => r('waited'), 2000));
        const first = await Promise.race([write, waited]);
        release();
        await change;
        await write;
        expect(first).toBe('written');
      },
    );
  });
});
