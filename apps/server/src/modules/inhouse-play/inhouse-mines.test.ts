import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InhouseRound, MinesStep, VerifiedRound } from '@panalo/contract/inhouse';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { expectLedgerClean } from '../../test-support/ledger';
import { sessionFor } from '../../test-support/members';
import { inhouseKit } from './inhouse-test-kit';
import { itRaces } from '../../test-support/races';

// Mines played tile by tile, resuming an interrupted round, and the public verification of stored rounds
// (issue 5: "a round interrupted by a disconnect resolves with its original outcome"; verification page).

let t: TestApp;
const { key, player, api, value, code, wallet } = inhouseKit(() => t);
type P = Awaited<ReturnType<typeof player>>;
type Played = { round: InhouseRound; balance: string };

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await expectLedgerClean(t.ctx.db);
  await t.close();
});

const start = (p: P, body: Record<string, unknown>, k = key()) =>
  api<MinesStep>(p, 'POST', '/api/inhouse/mines/start', body, k);
const reveal = (p: P, roundId: string, cell: number) =>
  api<MinesStep>(p, 'POST', '/api/inhouse/mines/reveal', { roundId, cell });
const cashOut = (p: P, roundId: string) =>
  api<MinesStep>(p, 'POST', '/api/inhouse/mines/cashout', { roundId });
const openRound = (p: P) => api<MinesStep | null>(p, 'GET', '/api/inhouse/mines/round');

/** The board of an open round, read from the database (what the player cannot see). */
async function board(id: string): Promise<number[]> {
  const r = await t.ctx.db
    .selectFrom('inhouse_round')
    .select('outcome')
    .where('id', '=', BigInt(id))
    .executeTakeFirstOrThrow();
  return (r.outcome as { mineCells: number[] }).mineCells;
}
const safeCells = (mines: number[]) =>
  Array.from({ length: 25 }, (_, c) => c).filter((c) => !mines.includes(c));

describe('in-house mines, tile by tile (issue 5)', () => {
  it('start stakes once and hides the board; safe tiles raise the cash-out; cash-out pays once', async () => {
    const p = await player();
    const k = key();
    const s = await start(p, { amount: '10.00', mines: 3 }, k);
    expect(s.status).toBe(200);
    const opened = value<MinesStep>(s);
    expect(opened.round).toMatchObject({ game: 'mines', status: 'open', outcome: null, payout: '0.00' });
    expect(opened.round.mines).toMatchObject({ picks: [], cashOut: '0.00' });
    expect(opened.balance).toBe('990.00');
    expect(await wallet(p)).toBe(99_000n);
    // The same key again: the same round, no second stake.
    expect(value<MinesStep>(await start(p, { amount: '10.00', mines: 3 }, k)).round.id).toBe(opened.round.id);
    expect(await wallet(p)).toBe(99_000n);
    // Another round while this one is open: refused.
    const second = await start(p, { amount: '1.00', mines: 3 });
    expect([second.status, code(second)]).toEqual([409, 'inhouse_round_open']);

    const [a, b] = safeCells(await board(opened.round.id));
    const one = value<MinesStep>(await reveal(p, opened.round.id, a!));
    expect(one.round.status).toBe('open');
    expect(one.round.mines?.picks).toEqual([a]);
    expect(one.balance).toBeNull();
    // A repeated reveal changes nothing.
    expect(value<MinesStep>(await reveal(p, opened.round.id, a!)).round.mines?.picks).toEqual([a]);
    const two = value<MinesStep>(await reveal(p, opened.round.id, b!));
    const expectedCashOut = two.round.mines!.cashOut;
    expect(Number(expectedCashOut)).toBeGreaterThan(10);

    const done = value<MinesStep>(await cashOut(p, opened.round.id));
    expect(done.round).toMatchObject({ status: 'settled', payout: expectedCashOut, bet: { picks: [a, b] } });
    const paid = 99_000n + BigInt(Math.round(Number(expectedCashOut) * 100));
    expect(await wallet(p)).toBe(paid);
    // A repeated cash-out returns the result and pays nothing more.
    const again = await cashOut(p, opened.round.id);
    expect(value<MinesStep>(again).round.status).toBe('settled');
    expect(await wallet(p)).toBe(paid);
    expect(value<MinesStep | null>(await openRound(p))).toBeNull();
    // It is a game round like any other (betting record), closed with its stake and win.
    const gr = await t.ctx.db
      .selectFrom('game_round')
      .selectAll()
      .where('member_id', '=', p.m.id)
      .executeTakeFirstOrThrow();
    expect(gr).toMatchObject({ game_code: 'mines', status: 'closed', bet_total: 1_000n });
  });

  it('issue 22: a start replay answers exactly the first answer, not the round after reveals nor balance null', async () => {
    const p = await player();
    const k = key();
    const first = await start(p, { amount: '10.00', mines: 3 }, k);
    const opened = value<MinesStep>(first);
    expect(opened.balance).toBe('990.00');
    const [a] = safeCells(await board(opened.round.id));
    value<MinesStep>(await reveal(p, opened.round.id, a!));
    expect((await start(p, { amount: '10.00', mines: 3 }, k)).body).toEqual(first.body);
    value<MinesStep>(await cashOut(p, opened.round.id));
    expect((await start(p, { amount: '10.00', mines: 3 }, k)).body).toEqual(first.body);
    // The same key with another start is a conflict.
    expect(code(await start(p, { amount: '11.00', mines: 3 }, k))).toBe('idempotency_conflict');
  });

  it('a mine ends the round lost, shows the board, and the round is in the last rounds', async () => {
    const p = await player();
    const opened = value<MinesStep>(await start(p, { amount: '5.00', mines: 5 }));
    const mines = await board(opened.round.id);
    const safe = safeCells(mines)[0]!;
    await reveal(p, opened.round.id, safe);
    const lost = value<MinesStep>(await reveal(p, opened.round.id, mines[2]!));
    expect(lost.round).toMatchObject({
      status: 'settled',
      payout: '0.00',
      outcome: { mineCells: mines, hitAt: 1 },
      bet: { picks: [safe, mines[2]] },
    });
    expect(lost.balance).toBe('995.00');
    const listed = value<InhouseRound[]>(await api(p, 'GET', '/api/inhouse/mines/rounds'));
    expect(listed.map((r) => r.id)).toEqual([opened.round.id]);
  });

  it('a round interrupted by a disconnect resumes with the same board when the member comes back', async () => {
    const p = await player();
    const opened = value<MinesStep>(await start(p, { amount: '4.00', mines: 10 }));
    const mines = await board(opened.round.id);
    const safe = safeCells(mines);
    await reveal(p, opened.round.id, safe[0]!);
    // The member leaves. A new session later finds the round open, with the picks made and the same board.
    const back = { ...p, token: await sessionFor(t, p.m) };
    const resumed = value<MinesStep | null>(await openRound(back));
    expect(resumed?.round).toMatchObject({ id: opened.round.id, status: 'open', outcome: null });
    expect(resumed?.round.mines?.picks).toEqual([safe[0]]);
    expect(await board(opened.round.id)).toEqual(mines);
    const done = value<MinesStep>(await reveal(back, opened.round.id, mines[0]!));
    expect(done.round.outcome).toEqual({ mineCells: mines, hitAt: 1 });
  });

  it('a start whose debit never happened is staked on resume; with no money it is void (409)', async () => {
    const p = await player({ funds: 1_000n });
    const opened = value<MinesStep>(await start(p, { amount: '6.00', mines: 2 }));
    // Simulate a crash between drawing the board and the debit: undo the stake's bookkeeping marker only.
    await t.ctx.db
      .updateTable('inhouse_round')
      .set({ staked_at: null })
      .where('id', '=', BigInt(opened.round.id))
      .execute();
    const resumed = value<MinesStep | null>(await openRound(p));
    // The wallet's bet is keyed by the round: repeating it moves nothing.
    expect(resumed?.balance).toBe('4.00');
    expect(await wallet(p)).toBe(400n);
    const broke = await player({ funds: 100n });
    const r = await start(broke, { amount: '6.00', mines: 2 });
    expect([r.status, code(r)]).toEqual([409, 'insufficient_funds']);
    expect(value<MinesStep | null>(await openRound(broke))).toBeNull();
    expect(await wallet(broke)).toBe(100n);
    // The void round does not block the next one.
    expect((await start(broke, { amount: '1.00', mines: 2 })).status).toBe(200);
  });

  it('bad input: 400 with message keys; rotation is refused while a board is open (it would show the mines)', async () => {
    const p = await player();
    const cases: [Record<string, unknown>, string][] = [
      [{ amount: '1.00', mines: 0 }, 'inhouse_bet_mines_invalid'],
      [{ amount: '1.00', mines: 25 }, 'inhouse_bet_mines_invalid'],
      [{ amount: '0.00', mines: 3 }, 'amount_invalid'],
      [{ amount: 'ten', mines: 3 }, 'validation_failed'],
    ];
    for (const [body, expected] of cases) {
      const r = await start(p, body);
      expect([body, r.status, code(r)]).toEqual([body, 400, expected]);
    }
    const noKey = await api(p, 'POST', '/api/inhouse/mines/start', { amount: '1.00', mines: 3 });
    expect(code(noKey)).toBe('idempotency_key_required');
    const opened = value<MinesStep>(await start(p, { amount: '1.00', mines: 3 }));
    expect(code(await cashOut(p, opened.round.id))).toBe('inhouse_mines_no_pick');
    expect(code(await reveal(p, opened.round.id, 25))).toBe('inhouse_bet_picks_invalid');
    expect(code(await reveal(p, '999999999', 1))).toBe('inhouse_round_unknown');
    const rotate = await api(p, 'POST', '/api/inhouse/seed/rotate', {});
    expect([rotate.status, code(rotate)]).toEqual([409, 'inhouse_round_open']);
    const safe = safeCells(await board(opened.round.id))[0]!;
    await reveal(p, opened.round.id, safe);
    await cashOut(p, opened.round.id);
    expect((await api(p, 'POST', '/api/inhouse/seed/rotate', {})).status).toBe(200);
    expect(await wallet(p)).toBeGreaterThan(99_000n);
  });

  it('isolation: member B cannot see, reveal or cash out member A’s round; another merchant cannot either', async () => {
    const a = await player();
    const b = await player();
    const luzon = await player({ merchant: 'luzon' });
    const opened = value<MinesStep>(await start(a, { amount: '2.00', mines: 3 }));
    const safe = safeCells(await board(opened.round.id))[0]!;
    expect(value<MinesStep | null>(await openRound(b))).toBeNull();
    expect(code(await reveal(b, opened.round.id, safe))).toBe('inhouse_round_unknown');
    expect(code(await cashOut(b, opened.round.id))).toBe('inhouse_round_unknown');
    expect(code(await reveal(luzon, opened.round.id, safe))).toBe('inhouse_round_unknown');
    // A's session sent with another merchant's header is not A's.
    const crossed = await api(
      a,
      'POST',
      '/api/inhouse/mines/reveal',
      { roundId: opened.round.id, cell: safe },
      undefined,
      'luzon',
    );
    expect(crossed.status).toBe(401);
    expect(value<MinesStep | null>(await openRound(a))?.round.mines?.picks).toEqual([]);
    const visitor = await api(null, 'GET', '/api/inhouse/mines/round');
    expect(visitor.status).toBe(401);
  });

  itRaces('concurrent reveals and cash-outs of one round settle it once', async () => {
    const p = await player();
    const opened = value<MinesStep>(await start(p, { amount: '10.00', mines: 1 }));
    const safe = safeCells(await board(opened.round.id));
    await reveal(p, opened.round.id, safe[0]!);
    const answers = await Promise.all([
      cashOut(p, opened.round.id),
      cashOut(p, opened.round.id),
      reveal(p, opened.round.id, safe[1]!),
      cashOut(p, opened.round.id),
    ]);
    expect(answers.every((r) => r.status === 200)).toBe(true);
    const final = value<InhouseRound[]>(await api(p, 'GET', '/api/inhouse/mines/rounds'))[0]!;
    expect(final.status).toBe('settled');
    const credited = BigInt(Math.round(Number(final.payout) * 100));
    expect(await wallet(p)).toBe(99_000n + credited);
    await expectLedgerClean(t.ctx.db);
  });
});

describe('public verification of stored rounds (issue 5)', () => {
  it('by round id once revealed: the seed matches the hash shown before play and the outcome recomputes', async () => {
    const p = await player();
    const played: InhouseRound[] = [];
    for (const [game, bet] of [
      ['fiesta-fruits', { amount: '1.00' }],
      ['baccarat', { amount: '1.00', side: 'tie' }],
    ] as const) {
      played.push(value<Played>(await api<Played>(p, 'POST', `/api/inhouse/${game}/play`, bet, key())).round);
    }
    const opened = value<MinesStep>(await start(p, { amount: '1.00', mines: 24 }));
    const mine = (await board(opened.round.id))[0]!;
    played.push(value<MinesStep>(await reveal(p, opened.round.id, mine)).round);

    // Before rotation the seed is secret: 409, and nothing of it shows.
    const early = await api<VerifiedRound>(null, 'GET', `/api/inhouse/rounds/${played[0]!.id}/verify`);
    expect([early.status, code(early)]).toEqual([409, 'inhouse_seed_not_revealed']);

    await api(p, 'POST', '/api/inhouse/seed/rotate', {});
    for (const r of played) {
      const v = await api<VerifiedRound>(null, 'GET', `/api/inhouse/rounds/${r.id}/verify`);
      expect(v.status).toBe(200);
      const body = value<VerifiedRound>(v);
      expect(body).toMatchObject({ hashMatches: true, outcomeMatches: true });
      expect(body.recomputed.payout).toBe(r.payout);
      expect(body.round.serverSeedHash).toBe(r.serverSeedHash);
      expect(createHash('sha256').update(Buffer.from(body.round.serverSeed!, 'hex')).digest('hex')).toBe(
        r.serverSeedHash,
      );
    }
    // Unknown ids 404; another merchant's site does not show this merchant's rounds.
    expect(code(await api(null, 'GET', '/api/inhouse/rounds/99999999/verify'))).toBe('inhouse_round_unknown');
    const crossed = await api(
      null,
      'GET',
      `/api/inhouse/rounds/${played[0]!.id}/verify`,
      undefined,
      undefined,
      'luzon',
    );
    expect([crossed.status, code(crossed)]).toEqual([404, 'inhouse_round_unknown']);
    expect((await api(null, 'GET', '/api/inhouse/rounds/abc/verify')).status).toBe(400);
    // Beyond PostgreSQL's bigint (the fuzz found it): a clear 400, never a 500.
    expect((await api(null, 'GET', '/api/inhouse/rounds/9223372036854776000/verify')).status).toBe(400);
  });

  it('a tampered stored outcome is reported as not matching', async () => {
    const p = await player();
    const r = value<Played>(
      await api<Played>(
        p,
        'POST',
        '/api/inhouse/dice/play',
        { amount: '1.00', target: 5000, direction: 'under' },
        key(),
      ),
    ).round;
    await api(p, 'POST', '/api/inhouse/seed/rotate', {});
    await t.ctx.db
      .updateTable('inhouse_round')
      .set({ outcome: JSON.stringify({ roll: 1, won: true }) })
      .where('id', '=', BigInt(r.id))
      .execute();
    const v = value<VerifiedRound>(
      await api<VerifiedRound>(null, 'GET', `/api/inhouse/rounds/${r.id}/verify`),
    );
    expect(v).toMatchObject({ hashMatches: true, outcomeMatches: false });
  });
});
