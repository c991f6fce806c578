import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { createMember } from '../../test-support/members';
import { mulberry32 } from '../../lib/mulberry32';
import { differentialRebates, reversalOf, type ChainLink } from './rebate-maths';
import { rebateLines } from './rebate-run';

// The run prices a whole day in one statement; this holds that SQL to the pure maths (rebate-maths.ts) on
// random trees, random rates (rules or not) and random days, refunds above stakes included. It writes
// figures straight into member_day and moves no money, so it has its own database.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const PRODUCTS = ['lottery', 'slots', 'live'];
type Line = { beneficiary_id: bigint; kind: string; source_id: bigint; product: string; amount: bigint };
const keyOf = (l: Pick<Line, 'beneficiary_id' | 'kind' | 'source_id' | 'product'>) =>
  `${l.beneficiary_id}:${l.kind}:${l.source_id}:${l.product}`;

describe('rebate lines in SQL', () => {
  it('equal the pure differential rebate, line by line, on random trees', async () => {
    const random = mulberry32(0x5eed);
    const pick = (n: number) => Math.floor(random() * n);
    const day = '2026-05-20';
    for (let trial = 0; trial < 4; trial++) {
      // A random tree of 30 members: each joins a random earlier member (or none: a new top agent).
      const ids: bigint[] = [];
      const upline = new Map<bigint, bigint | null>();
      const rate = new Map<string, number>();
      for (let i = 0; i < 30; i++) {
        const m = await createMember(t, { type: 1 });
        const up = i === 0 || random() < 0.1 ? null : ids[pick(ids.length)]!;
        if (up !== null)
          await t.ctx.db.updateTable('member').set({ upline_id: up }).where('id', '=', m.id).execute();
        upline.set(m.id, up);
        ids.push(m.id);
        for (const p of PRODUCTS) {
          if (random() < 0.2) continue; // no row: rate 0
          const bp = pick(900);
          rate.set(`${m.id}:${p}`, bp);
          await t.ctx.db
            .insertInto('member_rebate')
            .values({
              merchant_id: 1,
              member_id: m.id,
              product: p,
              rate_bp: bp,
              updated_at: t.clock.now(),
              updated_by: 't',
            })
            .execute();
        }
      }
      const bettors: { id: bigint; product: string; net: bigint }[] = [];
      for (const id of ids) {
        for (const p of PRODUCTS) {
          if (random() < 0.5) continue;
          const bets = BigInt(pick(5_000_000));
          const refunds = random() < 0.2 ? BigInt(pick(6_000_000)) : 0n;
          await sql`insert into member_day (merchant_id, member_id, day, product, bets, refunds)
                    values (1, ${id}, ${day}::date, ${p}, ${bets}, ${refunds})`.execute(t.ctx.db);
          bettors.push({ id, product: p, net: bets - refunds });
        }
      }

      for (const payPlayer of [false, true]) {
        const expected = new Map<string, bigint>();
        for (const b of bettors) {
          if (b.net === 0n) continue;
          const chain: ChainLink[] = [];
          for (let m: bigint | null = b.id; m !== null; m = upline.get(m) ?? null)
            chain.push({ memberId: m, rateBp: rate.get(`${m}:${b.product}`) ?? 0 });
          const abs = b.net < 0n ? -b.net : b.net;
          const lines = differentialRebates(abs, chain, payPlayer);
          for (const l of b.net < 0n ? reversalOf(lines) : lines) {
            const key = keyOf({
              beneficiary_id: l.memberId,
              kind: l.level === 0 ? 'rebate' : 'commission',
              source_id: chain[l.level - 1]?.memberId ?? l.memberId,
              product: b.product,
            });
            expected.set(key, (expected.get(key) ?? 0n) + l.amount);
          }
        }
        for (const [k, v] of expected) if (v === 0n) expected.delete(k);
        const r = await sql<Line>`${rebateLines({ merchantId: 1, day, payPlayer })}`.execute(t.ctx.db);
        const got = new Map(r.rows.map((l) => [keyOf(l), BigInt(l.amount)]));
        expect(got).toEqual(expected);
        expect(got.size).toBeGreaterThan(10);
      }
      await sql`delete from member_day where day = ${day}::date`.execute(t.ctx.db);
    }
  });

  it('limit the bettors to one agent’s subtree for its estimate', async () => {
    const top = await createMember(t, { type: 1 });
    const a = await createMember(t, { type: 1 });
    const b = await createMember(t, { type: 1 });
    const p = await createMember(t, { type: 0 });
    await t.ctx.db.updateTable('member').set({ upline_id: top.id }).where('id', 'in', [a.id, b.id]).execute();
    await t.ctx.db.updateTable('member').set({ upline_id: a.id }).where('id', '=', p.id).execute();
    await t.ctx.db
      .insertInto('member_rebate')
      .values(
        [top, a, b].map((m, i) => ({
          merchant_id: 1,
          member_id: m.id,
          product: 'slots',
          rate_bp: [200, 100, 100][i]!,
          updated_at: t.clock.now(),
          updated_by: 't',
        })),
      )
      .execute();
    for (const m of [p, b])
      await sql`insert into member_day (merchant_id, member_id, day, product, bets)
                values (1, ${m.id}, '2026-05-21', 'slots', 100000)`.execute(t.ctx.db);
    const path = (
      await t.ctx.db.selectFrom('member').select('path').where('id', '=', a.id).executeTakeFirstOrThrow()
    ).path;
    const r =
      await sql<Line>`${rebateLines({ merchantId: 1, day: '2026-05-21', payPlayer: false, agentPath: path })}`.execute(
        t.ctx.db,
      );
    // Only p's play (a's subtree) counts: a earns 1.00 %, top 1.00 % through a; b's play is not there.
    expect(r.rows.map((l) => [l.beneficiary_id, l.source_id, BigInt(l.amount)])).toEqual(
      expect.arrayContaining([
        [a.id, p.id, 1000n],
        [top.id, a.id, 1000n],
      ]),
    );
    expect(r.rows).toHaveLength(2);
  });
});
