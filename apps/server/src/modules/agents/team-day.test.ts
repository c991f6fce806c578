import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { createMember, sessionFor } from '../../test-support/members';
import { mulberry32 } from '../../lib/mulberry32';
import { membersRepository } from '../identity/members.repository';
import { addToMemberDay } from '../stats/member-day';
import { rebuildTeamDays } from '../../db/migrations/0030_team_day';

// team_day (migration 0030) is kept by triggers on member_day, on member insert and on the login stamp.
// This holds it to a rebuild from member_day, member and member_session over the tree, after random
// single writes (as postTransfer makes them), batch upserts (as the house roll-up and the rebate run make
// them), deletions and logins over several days. It writes figures straight into member_day, so it has
// its own database.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const DAYS = ['2026-06-01', '2026-06-02', '2026-06-03'];
const PRODUCTS = ['lottery', 'slots', ''];
const COLUMNS = `agent_id::text || ' ' || day || ' ' || bets || ' ' || refunds || ' ' || wins || ' ' || bonuses
  || ' ' || rebates || ' ' || commissions || ' ' || deposits || ' ' || withdrawals || ' ' || bet_count
  || ' ' || deposit_count || ' ' || withdrawal_count || ' ' || first_deposits || ' ' || bettors || ' '
  || registrations || ' ' || logins`;
const NOT_ZERO = `(bets, refunds, wins, bonuses, rebates, commissions, deposits, withdrawals, bet_count,
  deposit_count, withdrawal_count, first_deposits, bettors, registrations, logins)
  is distinct from (0::bigint, 0::bigint, 0::bigint, 0::bigint, 0::bigint, 0::bigint, 0::bigint, 0::bigint, 0, 0, 0, 0, 0, 0, 0)`;

async function rowsOf(table: string, agents: bigint[]): Promise<string[]> {
  const r = await sql<{ k: string }>`
    select ${sql.raw(COLUMNS)} as k from ${sql.table(table)}
    where agent_id = any(${agents}::bigint[]) and ${sql.raw(NOT_ZERO)}
    order by agent_id, day`.execute(t.ctx.db);
  return r.rows.map((x) => x.k);
}

describe('team_day', () => {
  it('AGENT-009 equals a rebuild from member figures over the tree after random writes, batches, deletions and logins', async () => {
    const random = mulberry32(0x7ea3);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!;
    const ids: bigint[] = [];
    for (let i = 0; i < 24; i++) {
      t.clock.set(`${pick(DAYS)}T0${Math.floor(random() * 9)}:00:00Z`);
      const up = i === 0 || random() < 0.1 ? undefined : pick(ids);
      const m = await createMember(t, { type: 1, ...(up !== undefined ? { uplineId: up } : {}) });
      ids.push(m.id);
    }
    const members = await t.ctx.db.selectFrom('member').selectAll().where('id', 'in', ids).execute();
    // Logins move forward in time, as real ones do (the stamp counts a member's first login of a day).
    let loginAt = Date.parse('2026-06-01T01:00:00Z');
    for (let step = 0; step < 120; step++) {
      const at = new Date(`${pick(DAYS)}T${10 + Math.floor(random() * 12)}:00:00Z`);
      const roll = random();
      if (roll < 0.5) {
        // One member's transfer.
        await addToMemberDay(t.ctx.db, {
          merchantId: 1,
          memberId: pick(ids),
          at,
          product: pick(PRODUCTS),
          figures: {
            bets: BigInt(Math.floor(random() * 5000)),
            betCount: random() < 0.6 ? 1 : 0,
            wins: BigInt(Math.floor(random() * 4000)),
            deposits: random() < 0.2 ? 10_000n : 0n,
            depositCount: random() < 0.2 ? 1 : 0,
            commissions: BigInt(Math.floor(random() * 300) - 100),
          },
        });
      } else if (roll < 0.8) {
        // A batch of several members, days and products in one statement (the roll-up's shape).
        const rows = Array.from({ length: 6 }, () => ({
          member: pick(ids),
          day: pick(DAYS),
          product: pick(PRODUCTS),
          bets: Math.floor(random() * 9000),
          count: Math.floor(random() * 3),
          refunds: Math.floor(random() * 500),
        }));
        const unique = [...new Map(rows.map((r) => [`${r.member}:${r.day}:${r.product}`, r])).values()];
        await sql`
          insert into member_day (merchant_id, member_id, day, product, bets, bet_count, refunds)
          select 1, x.member, x.day::date, x.product, x.bets, x.count, x.refunds
          from jsonb_to_recordset(${JSON.stringify(unique.map((r) => ({ ...r, member: r.member.toString() })))}::jsonb)
            as x(member bigint, day text, product text, bets bigint, count int, refunds bigint)
          on conflict (member_id, day, product) do update set
            bets = member_day.bets + excluded.bets, bet_count = member_day.bet_count + excluded.bet_count,
            refunds = member_day.refunds + excluded.refunds`.execute(t.ctx.db);
      } else if (roll < 0.88) {
        await sql`delete from member_day where member_id = ${pick(ids)} and day = ${pick(DAYS)}::date`.execute(
          t.ctx.db,
        );
      } else {
        // A login, as startSession makes it: a session opened and the login stamped.
        const m = pick(members);
        loginAt = Math.min(
          loginAt + Math.floor(random() * 5 * 3_600_000),
          Date.parse('2026-06-03T23:00:00Z'),
        );
        t.clock.set(new Date(loginAt));
        await sessionFor(t, m);
        await membersRepository(t.ctx.db).recordLogin(1, m.id, new Date(loginAt));
      }
    }
    await sql`create temp table team_day_check (like team_day)`.execute(t.ctx.db);
    await rebuildTeamDays(t.ctx.db as unknown as Kysely<unknown>, 'team_day_check');
    const kept = await rowsOf('team_day', ids);
    expect(kept.length).toBeGreaterThan(20);
    expect(kept).toEqual(await rowsOf('team_day_check', ids));
    // The counters the agent home reads are among them: some agent had bettors, logins and registrations.
    const sums = await t.ctx.db
      .selectFrom('team_day')
      .select((e) => [
        e.fn.sum<string>('bettors').as('b'),
        e.fn.sum<string>('logins').as('l'),
        e.fn.sum<string>('registrations').as('r'),
      ])
      .where('agent_id', 'in', ids)
      .executeTakeFirstOrThrow();
    expect([Number(sums.b), Number(sums.l), Number(sums.r)].every((n) => n > 0)).toBe(true);
  });

  it('AGENT-009 keeps a moved member’s past with its former team and counts its future in the new one', async () => {
    t.clock.set('2026-06-05T09:00:00Z');
    const a = await createMember(t, { type: 1 });
    const b = await createMember(t, { type: 1 });
    const p = await createMember(t, { type: 0, uplineId: a.id });
    const bet = (at: string) =>
      addToMemberDay(t.ctx.db, {
        merchantId: 1,
        memberId: p.id,
        at: new Date(at),
        product: 'slots',
        figures: { bets: 1000n, betCount: 1 },
      });
    await bet('2026-06-05T10:00:00Z');
    await t.ctx.db.updateTable('member').set({ upline_id: b.id }).where('id', '=', p.id).execute();
    await bet('2026-06-06T10:00:00Z');
    const of = (agent: bigint) =>
      t.ctx.db
        .selectFrom('team_day')
        .select(['day', 'bets', 'bettors', 'registrations'])
        .where('agent_id', '=', agent)
        .orderBy('day')
        .execute();
    expect((await of(a.id)).map((r) => [String(r.day), String(r.bets), r.bettors, r.registrations])).toEqual([
      ['2026-06-05', '1000', 1, 1],
    ]);
    expect((await of(b.id)).map((r) => [String(r.day), String(r.bets), r.bettors])).toEqual([
      ['2026-06-06', '1000', 1],
    ]);
  });
});
