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

describe('the merchant row is held FOR NO KEY UPDATE', () => {
  it('no product code selects a merchant row FOR UPDATE', () => {
    const found: string[] = [];
    for (const file of files(path.join(server, 'modules'))) {
      const text = readFileSync(file, 'utf8');
      // A select of the merchant table, up to the end of its statement.
      for (const m of text.matchAll(/selectFrom\('merchant(?: as \w+)?'\)[\s\S]*?(?:execute\w*\(|;)/g)) {
        if (/\.forUpdate\(\)/.test(m[0]))
          found.push(`${path.relative(server, file)}:${text.slice(0, m.index).split('\n').length}`);
      }
      if (/from merchant\b[^;`]*for update/i.test(text)) found.push(`${path.relative(server, file)} (SQL)`);
    }
    expect(found).toEqual([]);
  });

  describe('on PostgreSQL', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(async () => t?.close());

    itRaces(
      'a settings change holding the merchant does not stop a row that refers to the merchant from being written at the same time',
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
