import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { TeamBetsPage } from '@panalo/contract/agent';
import type { TestApp } from '../../test-support/test-app';
import { bearer, createMember, sessionFor } from '../../test-support/members';
import { issueLaunchToken } from '../game-wallet/game-launch';
import { seedGameWallet } from '../game-wallet/game-wallet.seed';
import { fundWallet, vendorCall } from '../game-wallet/vendor-client';
import { useLotteryApp, wingo5Drawn, type LotteryPlayer } from '../lottery/lottery.test-support';

type Ok<T> = { success: true; value: T };
type Err = { success: false; code: string };

// Issue 16 item 4, /m/teamBetting (TEAMBETTING3): an agent reads its team's bets of a range — lottery
// bets and game rounds placed through the real calls — newest first, with totals; only its own team.

let t: TestApp;
useLotteryApp((app) => {
  t = app;
});

const DAY = '2026-06-01';

async function teamMember(o: { uplineId: bigint; type?: number }): Promise<LotteryPlayer> {
  const m = await createMember(t, { type: o.type ?? 0, uplineId: o.uplineId });
  await fundWallet(t.ctx.db, {
    merchantId: m.merchant_id,
    memberId: m.id,
    currency: 'PHP',
    amount: 100_000n,
    key: `team-bets-${m.id}`,
  });
  return { m, token: await sessionFor(t, m), merchant: 'panalo', book: 'real' };
}

/** A slot round of `stake` through the vendor's wallet callbacks, won back `win`. */
async function slotRound(p: LotteryPlayer, stake: string, win: string) {
  const { token } = await issueLaunchToken(t.ctx.db, t.clock, {
    merchantId: p.m.merchant_id,
    memberId: p.m.id,
    memberType: p.m.type,
    currency: 'PHP',
    vendorCode: 'PSIM',
    gameCode: 'slot-1',
  });
  const round = `tb-round-${p.m.id}`;
  const base = { token, roundId: round, gameCode: 'slot-1' };
  expect((await vendorCall(t, 'bet', { ...base, txId: `${round}-b`, amount: stake })).status).toBe(200);
  expect(
    (await vendorCall(t, 'win', { ...base, txId: `${round}-w`, amount: win, endRound: true })).status,
  ).toBe(200);
}

describe('team betting', () => {
  it('TEAMBETTING3 lists the team’s lottery bets and game rounds newest first with totals; filters by member and product; never another team’s', async () => {
    await seedGameWallet(t.ctx.db);
    const agent = await createMember(t, { type: 1 });
    const sub = await createMember(t, { type: 1, uplineId: agent.id });
    const near = await teamMember({ uplineId: agent.id });
    const deep = await teamMember({ uplineId: sub.id });
    const other = await createMember(t, { type: 1 });
    const stranger = await teamMember({ uplineId: other.id });
    // near: 10.00 on a number and 10.00 on big/small in the current WINGO5 draw (not settled yet).
    await wingo5Drawn(t, [near, stranger], '3', 'small');
    t.clock.advance(60_000);
    // deep, a minute later: a slot round of 5.00 that paid 12.50.
    await slotRound(deep, '5.00', '12.50');
    await slotRound(stranger, '7.00', '0.00');

    const tokens = new Map([
      [agent.id, await sessionFor(t, agent)],
      [sub.id, await sessionFor(t, sub)],
    ]);
    const get = (who: { id: bigint }, q: string) =>
      t.request<Ok<TeamBetsPage> | Err>({
        method: 'GET',
        url: `/api/agent/team/bets?from=${DAY}&to=${DAY}${q}`,
        headers: { merchant: 'panalo', ...bearer(tokens.get(who.id)!) },
      });
    const page = async (who: { id: bigint }, q = '') => {
      const r = await get(who, q);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return (r.body as Ok<TeamBetsPage>).value;
    };

    const all = await page(agent);
    expect(all.list.map((b) => [b.kind, b.username, b.level, b.stake, b.returned, b.net, b.status])).toEqual([
      ['game', deep.m.username, 2, '5.00', '12.50', '7.50', 'settled'],
      ['lottery', near.m.username, 1, '10.00', '0.00', '-10.00', 'open'],
      ['lottery', near.m.username, 1, '10.00', '0.00', '-10.00', 'open'],
    ]);
    expect(all.list[1]!.game).toMatch(/^WINGO5 /);
    expect(all.totals).toEqual({ stake: '25.00', returned: '12.50', net: '-12.50' });
    expect(all.total).toBe(3);

    expect((await page(agent, `&username=${deep.m.username}`)).list.map((b) => b.kind)).toEqual(['game']);
    expect((await page(agent, '&product=lottery')).list.map((b) => b.username)).toEqual([
      near.m.username,
      near.m.username,
    ]);
    expect((await page(agent, '&product=games')).totals.stake).toBe('5.00');
    // The sub-agent sees its own team only; nobody sees the other team's bets, even by name.
    expect((await page(sub)).list.map((b) => b.username)).toEqual([deep.m.username]);
    expect((await page(agent, `&username=${stranger.m.username}`)).list).toEqual([]);
    // Paging: one per page, the totals still over all of them.
    const second = await page(agent, '&pageSize=1&page=2');
    expect([second.list.length, second.totalPages, second.totals.stake]).toEqual([1, 3, '25.00']);
  });

  it('refuses players, a bad filter and a merchant without the permission key', async () => {
    const player = await createMember(t);
    const token = await sessionFor(t, player);
    const r = await t.request<Err>({
      method: 'GET',
      url: `/api/agent/team/bets?from=${DAY}&to=${DAY}`,
      headers: { merchant: 'panalo', ...bearer(token) },
    });
    expect([r.status, r.body.code]).toEqual([403, 'no_permission']);
    const agent = await createMember(t, { type: 1 });
    const at = await sessionFor(t, agent);
    const call = (q: string) =>
      t.request<Err>({
        method: 'GET',
        url: `/api/agent/team/bets?${q}`,
        headers: { merchant: 'panalo', ...bearer(at) },
      });
    for (const q of [
      `from=${DAY}&to=${DAY}&product=poker`,
      `from=${DAY}&to=${DAY}&username=a%00b`,
      'from=x&to=y',
    ])
      expect((await call(q)).status, q).toBe(400);
    await sql`update merchant set whitelabel = whitelabel || '{"TEAMBETTING3": false}'::jsonb where code = 'panalo'`.execute(
      t.ctx.db,
    );
    t.ctx.merchants.clearCache();
    try {
      const off = await call(`from=${DAY}&to=${DAY}`);
      expect([off.status, off.body.code]).toEqual([403, 'no_permission']);
    } finally {
      await sql`update merchant set whitelabel = whitelabel || '{"TEAMBETTING3": true}'::jsonb where code = 'panalo'`.execute(
        t.ctx.db,
      );
      t.ctx.merchants.clearCache();
    }
  });
});
