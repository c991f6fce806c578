import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { createMember } from '../../test-support/members';
import { tree } from './tree';

// Issue 16 item 1: the downline tree kept by the database (migration 0025), read as index ranges.

describe('downline tree', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const path = async (id: bigint) =>
    (await t.ctx.db.selectFrom('member').select('path').where('id', '=', id).executeTakeFirstOrThrow()).path;
  const setUpline = (id: bigint, upline: bigint | null) =>
    t.ctx.db.updateTable('member').set({ upline_id: upline }).where('id', '=', id).execute();
  /** top → a → b → c, and top → d. */
  async function family() {
    const top = await createMember(t, { type: 1 });
    const a = await createMember(t, { type: 1 });
    const b = await createMember(t, { type: 1 });
    const c = await createMember(t);
    const d = await createMember(t);
    await setUpline(a.id, top.id);
    await setUpline(b.id, a.id);
    await setUpline(c.id, b.id);
    await setUpline(d.id, top.id);
    return { top, a, b, c, d };
  }

  it('every member’s path is its ancestors’ ids from the top; a new member joins at its upline', async () => {
    const { top, a, b, c, d } = await family();
    expect(await path(top.id)).toBe(`/${top.id}/`);
    expect(await path(c.id)).toBe(`/${top.id}/${a.id}/${b.id}/${c.id}/`);
    expect(await path(d.id)).toBe(`/${top.id}/${d.id}/`);
    const merchantId = top.merchant_id;
    const born = await t.ctx.db
      .insertInto('member')
      .values({
        merchant_id: merchantId,
        username: `tree${Date.now() % 1e6}`,
        password_hash: 'x',
        upline_id: b.id,
      })
      .returning(['id', 'path'])
      .executeTakeFirstOrThrow();
    expect(born.path).toBe(`/${top.id}/${a.id}/${b.id}/${born.id}/`);
    const below = await tree.below(t.ctx.db, merchantId, a.id);
    const byId = (x: string, y: string) => (BigInt(x.split(':')[0]!) < BigInt(y.split(':')[0]!) ? -1 : 1);
    expect(below.map((x) => `${x.id}:${x.depth}`).sort(byId)).toEqual(
      [`${b.id}:1`, `${c.id}:2`, `${born.id}:2`].sort(byId),
    );
  });

  it('a move rewrites the whole moved subtree; a cycle, another merchant’s upline and a hand-set path are refused', async () => {
    const { top, a, b, c, d } = await family();
    // b (with c under it) moves under d.
    await setUpline(b.id, d.id);
    expect(await path(b.id)).toBe(`/${top.id}/${d.id}/${b.id}/`);
    expect(await path(c.id)).toBe(`/${top.id}/${d.id}/${b.id}/${c.id}/`);
    expect(await tree.contains(t.ctx.db, top.merchant_id, a.id, c.id)).toBe(false);
    expect(await tree.contains(t.ctx.db, top.merchant_id, d.id, c.id)).toBe(true);
    // A member cannot go under its own descendant.
    await expect(setUpline(d.id, c.id)).rejects.toThrow(/member_upline_cycle/);
    await expect(setUpline(d.id, d.id)).rejects.toThrow(/member_upline_cycle/);
    const luzon = await createMember(t, { merchant: 'luzon', type: 1 });
    await expect(setUpline(a.id, luzon.id)).rejects.toThrow(/member_upline_other_merchant/);
    // The path follows the upline alone.
    await t.ctx.db.updateTable('member').set({ path: '/1/' }).where('id', '=', c.id).execute();
    expect(await path(c.id)).toBe(`/${top.id}/${d.id}/${b.id}/${c.id}/`);
    // Back to the top: the subtree follows.
    await setUpline(b.id, null);
    expect(await path(c.id)).toBe(`/${b.id}/${c.id}/`);
  });

  it('contains: an agent holds its own subtree and itself, never a sibling’s, an upline or another merchant’s', async () => {
    const { top, a, b, c, d } = await family();
    const m = top.merchant_id;
    expect(await tree.contains(t.ctx.db, m, a.id, c.id)).toBe(true);
    expect(await tree.contains(t.ctx.db, m, a.id, a.id)).toBe(true);
    expect(await tree.contains(t.ctx.db, m, a.id, d.id)).toBe(false);
    expect(await tree.contains(t.ctx.db, m, b.id, a.id)).toBe(false);
    const luzon = (
      await t.ctx.db.selectFrom('merchant').select('id').where('code', '=', 'luzon').executeTakeFirstOrThrow()
    ).id;
    expect(await tree.contains(t.ctx.db, luzon, top.id, c.id)).toBe(false);
  });

  it('a subtree is one range of the path index, with the agent’s path taken from a join', async () => {
    const { top } = await family();
    // On a table this small the planner may take any index that starts with merchant_id (the reports'
    // (merchant_id, created_at) ones, migration 0026; the console's username prefix, 0061): they are set
    // aside in a transaction rolled back.
    let plan: { rows: { 'QUERY PLAN': string }[] } = { rows: [] };
    await t.ctx.db
      .transaction()
      .execute(async (trx) => {
        await sql`set local enable_seqscan = off`.execute(trx);
        await sql`drop index member_created, member_last_login, member_username_prefix`.execute(trx);
        plan = await sql<{ 'QUERY PLAN': string }>`explain select m.id from member a
          join member m on m.merchant_id = a.merchant_id and m.path >= a.path and m.path < left(a.path, -1) || '0'
          where a.merchant_id = ${top.merchant_id} and a.id = ${top.id}`.execute(trx);
        throw new Error('roll back');
      })
      .catch((e: unknown) => {
        if (!(e instanceof Error) || e.message !== 'roll back') throw e;
      });
    expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n')).toMatch(/member_path/);
  });
});
