import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { createMember } from '../../test-support/members';
import { mulberry32 } from '../../lib/mulberry32';
import { addToMemberDay } from '../stats/member-day';
import { rebuildMerchantDays } from '../../db/migrations/0062_merchant_day';
import { itRaces } from '../../test-support/races';

// merchant_day, merchant_players and member_last_bet (migration 0062) are kept by triggers on member_day.
// This holds them to a rebuild from member_day after random single writes (as postTransfer makes them),
// batch upserts (as the house roll-up makes them) and deletions over several days. It writes figures
// straight into member_day, so it has its own database.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const DAYS = ['2026-06-01', '2026-06-02', '2026-06-03', '2026-06-04'];
const PRODUCTS = ['lottery', 'slots', ''];

async function rows(prefix: string): Promise<{ days: string[]; players: string[]; last: string[] }> {
  const q = async (text: string) =>
    (await sql<{ k: string }>`${sql.raw(text)}`.execute(t.ctx.db)).rows.map((r) => r.k);
  const md = `${prefix}merchant_day`;
  const mp = `${prefix}merchant_players`;
  const lb = `${prefix}member_last_bet`;
  return {
    days: await q(`select concat_ws(' ', merchant_id, day, product, sum(bets), sum(refunds), sum(wins), sum(bonuses),
        sum(rebates), sum(commissions), sum(deposits), sum(withdrawals), sum(bet_count), sum(deposit_count),
        sum(withdrawal_count), sum(first_deposits)) as k
      from ${md} group by merchant_id, day, product
      having (sum(bets), sum(refunds), sum(wins), sum(bonuses), sum(rebates), sum(commissions), sum(deposits),
        sum(withdrawals), sum(bet_count), sum(deposit_count), sum(withdrawal_count), sum(first_deposits))
        is distinct from (0::numeric, 0::numeric, 0::numeric, 0::numeric, 0::numeric, 0::numeric, 0::numeric,
          0::numeric, 0::bigint, 0::bigint, 0::bigint, 0::bigint)
      order by 1`),
    players: await q(`select concat_ws(' ', merchant_id, day, shard, bettors, last_bets, registrations) as k
      from ${mp} where (bettors, last_bets, registrations) <> (0, 0, 0) order by 1`),
    last: await q(`select concat_ws(' ', member_id, day) as k from ${lb} where day is not null order by 1`),
  };
}

describe('merchant_day', () => {
  it('equals a rebuild from member figures and registrations after random writes, batches and deletions', async () => {
    const random = mulberry32(0x3d41);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!;
    const ids: bigint[] = [];
    for (let i = 0; i < 20; i++) {
      t.clock.set(`${pick(DAYS)}T0${Math.floor(random() * 9)}:00:00Z`);
      ids.push((await createMember(t, { type: i % 7 === 0 ? 1 : 0 })).id);
    }
    await createMember(t, { type: 90 });
    for (let step = 0; step < 150; step++) {
      const roll = random();
      if (roll < 0.45) {
        await addToMemberDay(t.ctx.db, {
          merchantId: 1,
          memberId: pick(ids),
          at: new Date(`${pick(DAYS)}T${10 + Math.floor(random() * 12)}:00:00Z`),
          product: pick(PRODUCTS),
          figures: {
            bets: BigInt(Math.floor(random() * 5000)),
            betCount: random() < 0.6 ? 1 : 0,
            wins: BigInt(Math.floor(random() * 4000)),
            deposits: random() < 0.2 ? 10_000n : 0n,
            depositCount: random() < 0.2 ? 1 : 0,
            withdrawals: random() < 0.1 ? 5_000n : 0n,
            bonuses: BigInt(Math.floor(random() * 300)),
          },
        });
      } else if (roll < 0.75) {
        // Several members, days and products in one statement (the roll-up's shape).
        const batch = Array.from({ length: 8 }, () => ({
          member: pick(ids).toString(),
          day: pick(DAYS),
          product: pick(PRODUCTS),
          bets: Math.floor(random() * 9000),
          count: Math.floor(random() * 4),
          refunds: Math.floor(random() * 500),
        }));
        const unique = [...new Map(batch.map((r) => [`${r.member}:${r.day}:${r.product}`, r])).values()];
        await sql`
          insert into member_day (merchant_id, member_id, day, product, bets, bet_count, refunds)
          select 1, x.member, x.day::date, x.product, x.bets, x.count, x.refunds
          from jsonb_to_recordset(${JSON.stringify(unique)}::jsonb)
            as x(member bigint, day text, product text, bets bigint, count int, refunds bigint)
          on conflict (member_id, day, product) do update set
            bets = member_day.bets + excluded.bets, bet_count = member_day.bet_count + excluded.bet_count,
            refunds = member_day.refunds + excluded.refunds`.execute(t.ctx.db);
      } else if (roll < 0.85) {
        // Bets taken back over several members in one statement (a member's day may lose its last bet).
        await sql`
          update member_day set bet_count = greatest(bet_count - 1, 0), bets = bets - 100
          where member_id = any(${[pick(ids), pick(ids), pick(ids)]}::bigint[]) and day = ${pick(DAYS)}::date`.execute(
          t.ctx.db,
        );
      } else {
        await sql`delete from member_day where member_id = ${pick(ids)} and day = ${pick(DAYS)}::date`.execute(
          t.ctx.db,
        );
      }
    }
    for (const name of ['merchant_day', 'merchant_players', 'member_last_bet'])
      await sql`create temp table ${sql.table(`check_${name}`)} (like ${sql.table(name)})`.execute(t.ctx.db);
    await rebuildMerchantDays(t.ctx.db as unknown as Kysely<unknown>, 'check_');
    const kept = await rows('');
    const rebuilt = await rows('check_');
    expect(kept.days.length).toBeGreaterThan(10);
    expect(kept.last.length).toBeGreaterThan(10);
    expect(kept.days).toEqual(rebuilt.days);
    expect(kept.last).toEqual(rebuilt.last);
    expect(kept.players).toEqual(rebuilt.players);
  });

  itRaces(
    'counts a member once when its day’s first bets come in several transactions at the same moment',
    async () => {
      const members = [await createMember(t, { type: 0 }), await createMember(t, { type: 0 })];
      // They bet the day before (so each already has its latest-bet row: nothing to wait for on insert).
      for (const m of members)
        await addToMemberDay(t.ctx.db, {
          merchantId: 1,
          memberId: m.id,
          at: new Date('2026-06-09T12:00:00Z'),
          product: 'slots',
          figures: { bets: 1000n, betCount: 1 },
        });
      const at = new Date('2026-06-10T12:00:00Z');
      // Every connection of the pool open first, so that the transactions below really overlap.
      await Promise.all(Array.from({ length: 8 }, () => sql`select pg_sleep(0.05)`.execute(t.ctx.db)));
      // Each member's first bets of the day in four product groups, each its own transaction, all at once.
      await Promise.all(
        members.flatMap((m) =>
          ['slots', 'lottery', 'live', 'sports'].map((product) =>
            t.ctx.db.transaction().execute(async (trx) => {
              await addToMemberDay(trx, {
                merchantId: 1,
                memberId: m.id,
                at,
                product,
                figures: { bets: 1000n, betCount: 1 },
              });
              await sql`select pg_sleep(0.3)`.execute(trx);
            }),
          ),
        ),
      );
      const r = await sql<{ bettors: string; last: string }>`
        select coalesce(sum(bettors), 0)::text as bettors, coalesce(sum(last_bets), 0)::text as last
        from merchant_players where merchant_id = 1 and day = '2026-06-10'`.execute(t.ctx.db);
      expect(r.rows[0]).toEqual({ bettors: '2', last: '2' });
      const before = await sql<{ last: string }>`
        select coalesce(sum(last_bets), 0)::text as last
        from merchant_players where merchant_id = 1 and day = '2026-06-09'`.execute(t.ctx.db);
      expect(before.rows[0]?.last).toBe('0');
    },
  );
});
