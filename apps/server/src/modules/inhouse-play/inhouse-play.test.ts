import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InhouseRound } from '@panalo/contract/inhouse';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { expectLedgerClean } from '../../test-support/ledger';
import { FairRng } from '../fairness/fair-rng';
import { HmacStream } from '../fairness/streams';
import { inhouseGame } from '../inhouse-games/registry';
import { inhousePlayRepository } from './inhouse-play.repository';
import { inhouseKit } from './inhouse-test-kit';
import { itRaces } from '../../test-support/races';

type Played = { round: InhouseRound; balance: string };

let t: TestApp;
const { key, player, api, value, wallet } = inhouseKit(() => t);
type P = Awaited<ReturnType<typeof player>>;
type Err = { success: false; code: string };

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await expectLedgerClean(t.ctx.db);
  await t.close();
});

const play = (p: P, game: string, bet: Record<string, unknown>, k = key()) =>
  api<Played>(p, 'POST', `/api/inhouse/${game}/play`, bet, k);

describe('in-house play (issue 5)', () => {
  it('GAMES-001 lists the in-house games with their stated return to player and help, for everyone', async () => {
    const r = await api<{ id: string; kind: string; statedRtpBp: number; rulesKeys: string[] }[]>(
      null,
      'GET',
      '/api/inhouse/games',
    );
    const games = value<{ id: string; kind: string; statedRtpBp: number; rulesKeys: string[] }[]>(r);
    expect(games.map((g) => g.id)).toEqual([
      'dice',
      'crash',
      'mines',
      'plinko',
      'baccarat',
      'pearl-of-manila',
      'jeepney-gold',
      'fiesta-fruits',
    ]);
    expect(
      games.every((g) => g.statedRtpBp > 9_000 && g.statedRtpBp < 10_000 && g.rulesKeys.length > 0),
    ).toBe(true);
    expect(games.find((g) => g.id === 'jeepney-gold')?.kind).toBe('slot');
  });

  it('shows the server seed’s hash before play, never the seed; a round moves stake and payout once', async () => {
    const p = await player();
    const seed = value<{ serverSeedHash: string; clientSeed: string; nonce: number }>(
      await api(p, 'GET', '/api/inhouse/seed'),
    );
    expect(seed.serverSeedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(seed.nonce).toBe(0);
    const res = await play(p, 'dice', { amount: '10.00', target: 5000, direction: 'under' });
    expect(res.status).toBe(200);
    const { round, balance } = value<Played>(res);
    expect(round).toMatchObject({
      game: 'dice',
      nonce: 0,
      stake: '10.00',
      serverSeed: null,
      status: 'settled',
    });
    expect(round.serverSeedHash).toBe(seed.serverSeedHash);
    const expected = 100_000n - 1_000n + BigInt(Math.round(Number(round.payout) * 100));
    expect(await wallet(p)).toBe(expected);
    expect(balance).toBe((Number(expected) / 100).toFixed(2));
    // The round is a game round like any vendor's, for the betting record.
    const gr = await t.ctx.db
      .selectFrom('game_round')
      .selectAll()
      .where('member_id', '=', p.m.id)
      .executeTakeFirstOrThrow();
    expect(gr).toMatchObject({ game_code: 'dice', status: 'closed', bet_total: 1_000n });
    expect(value<{ nonce: number }>(await api(p, 'GET', '/api/inhouse/seed')).nonce).toBe(1);
  });

  it('a repeated key returns the first round and moves nothing; the same key with another bet is 409', async () => {
    const p = await player();
    const k = key();
    const first = value<Played>(await play(p, 'baccarat', { amount: '5.00', side: 'banker' }, k));
    const after = await wallet(p);
    const again = await play(p, 'baccarat', { amount: '5.00', side: 'banker' }, k);
    expect(value<Played>(again)).toEqual(first);
    expect(await wallet(p)).toBe(after);
    const other = await play(p, 'baccarat', { amount: '6.00', side: 'banker' }, k);
    expect(other.status).toBe(409);
    expect((other.body as Err).code).toBe('idempotency_conflict');
  });

  it('rotation reveals the seed whose hash was shown; every round verifies publicly to the same outcome', async () => {
    const p = await player();
    const bets: [string, Record<string, unknown>][] = [
      ['dice', { amount: '2.00', target: 4000, direction: 'over' }],
      ['crash', { amount: '2.00', cashOutAt: 150 }],
      ['mines', { amount: '2.00', mines: 3, picks: [0, 7] }],
      ['plinko', { amount: '2.00', rows: 16, risk: 'low' }],
      ['pearl-of-manila', { amount: '2.00' }],
    ];
    const rounds: InhouseRound[] = [];
    for (const [game, bet] of bets) {
      const r = await play(p, game, bet);
      expect(r.status).toBe(200);
      rounds.push(value<Played>(r).round);
    }
    const rotated = value<{ revealed: { serverSeed: string; serverSeedHash: string; clientSeed: string } }>(
      await api(p, 'POST', '/api/inhouse/seed/rotate', { clientSeed: 'my-lucky-seed' }),
    );
    expect(createHash('sha256').update(Buffer.from(rotated.revealed.serverSeed, 'hex')).digest('hex')).toBe(
      rotated.revealed.serverSeedHash,
    );
    expect(rounds.every((r) => r.serverSeedHash === rotated.revealed.serverSeedHash)).toBe(true);
    for (const r of rounds) {
      const listed = value<InhouseRound[]>(await api(p, 'GET', `/api/inhouse/${r.game}/rounds`));
      expect(listed[0]).toMatchObject({ id: r.id, serverSeed: rotated.revealed.serverSeed });
      const v = await api<{ payout: string; outcome: unknown }>(null, 'POST', '/api/inhouse/verify', {
        game: r.game,
        serverSeed: rotated.revealed.serverSeed,
        clientSeed: r.clientSeed,
        nonce: r.nonce,
        bet: r.bet,
      });
      expect(v.status).toBe(200);
      expect(value<{ payout: string; outcome: unknown }>(v)).toMatchObject({
        payout: r.payout,
        outcome: r.outcome,
      });
    }
    const next = value<{ clientSeed: string; nonce: number; serverSeedHash: string }>(
      await api(p, 'GET', '/api/inhouse/seed'),
    );
    expect(next).toMatchObject({ clientSeed: 'my-lucky-seed', nonce: 0 });
    expect(next.serverSeedHash).not.toBe(rotated.revealed.serverSeedHash);
  });

  it('bad bets are 400 with a message key and record nothing; unknown games 404; no key 400', async () => {
    const p = await player();
    const cases: [string, Record<string, unknown>, number, string][] = [
      ['dice', { amount: '1.00', target: 99999, direction: 'under' }, 400, 'inhouse_bet_target_invalid'],
      ['dice', { amount: '1.00', target: 5000, direction: 'sideways' }, 400, 'inhouse_bet_direction_invalid'],
      ['dice', { amount: '0', target: 5000, direction: 'under' }, 400, 'amount_invalid'],
      ['dice', { amount: '1.005', target: 5000, direction: 'under' }, 400, 'validation_failed'],
      ['baccarat', { amount: '1.00', side: 'dealer' }, 400, 'inhouse_bet_side_invalid'],
      ['roulette', { amount: '1.00' }, 404, 'inhouse_game_unknown'],
    ];
    for (const [game, bet, status, code] of cases) {
      const r = await play(p, game, bet);
      expect([game, r.status, (r.body as Err).code]).toEqual([game, status, code]);
    }
    const noKey = await api(p, 'POST', '/api/inhouse/dice/play', {
      amount: '1.00',
      target: 5000,
      direction: 'under',
    });
    expect((noKey.body as Err).code).toBe('idempotency_key_required');
    expect(await wallet(p)).toBe(100_000n);
    expect(await t.ctx.db.selectFrom('inhouse_round').where('member_id', '=', p.m.id).execute()).toEqual([]);
  });

  it('not enough money: 409 insufficient_funds, nothing moves, the void round is not listed', async () => {
    const p = await player({ funds: 500n });
    const r = await play(p, 'dice', { amount: '10.00', target: 5000, direction: 'under' });
    expect(r.status).toBe(409);
    expect((r.body as Err).code).toBe('insufficient_funds');
    expect(await wallet(p)).toBe(500n);
    expect(value<InhouseRound[]>(await api(p, 'GET', '/api/inhouse/dice/rounds'))).toEqual([]);
  });

  it('a round interrupted after its outcome was drawn is finished later with that outcome, once', async () => {
    const p = await player();
    const owner = { merchantId: p.m.merchant_id, memberId: p.m.id };
    const bet = { amount: '3.00', rows: 8, risk: 'high' };
    // The API drew the outcome and stored the round, then the connection (and the process) went away.
    await api(p, 'GET', '/api/inhouse/seed');
    const db = t.ctx.db;
    const drawn = await db.transaction().execute(async (trx) => {
      const s = (await inhousePlayRepository.takeNonce(trx, owner))!;
      const engine = inhouseGame('plinko')!;
      const parsed = engine.parseBet({ ...bet, amount: '300' });
      if (!parsed.ok) throw new Error(parsed.code);
      const r = engine.play(new FairRng(new HmacStream(s.server_seed, s.client_seed, s.nonce)), parsed.bet);
      await inhousePlayRepository.insertRound(trx, {
        ...owner,
        game: 'plinko',
        seedId: s.id,
        nonce: s.nonce,
        book: 'real',
        bet,
        stake: 300n,
        payout: r.payout,
        multiplier: r.multiplier.toFixed(4),
        outcome: r.outcome,
        key: 'lost-connection',
        hash: 'x',
        at: t.clock.now(),
      });
      return r.payout;
    });
    expect(await wallet(p)).toBe(100_000n);
    const listed = value<InhouseRound[]>(await api(p, 'GET', '/api/inhouse/plinko/rounds'));
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ status: 'settled', payout: (Number(drawn) / 100).toFixed(2) });
    expect(await wallet(p)).toBe(100_000n - 300n + drawn);
    await api(p, 'GET', '/api/inhouse/plinko/rounds');
    expect(await wallet(p)).toBe(100_000n - 300n + drawn);
  });

  itRaces(
    'concurrent plays on one wallet: every nonce used once, no double spend, the ledger stays whole',
    async () => {
      const p = await player({ funds: 2_000n });
      const answers = await Promise.all(
        Array.from({ length: 12 }, () => play(p, 'crash', { amount: '2.00', cashOutAt: 100_000 })),
      );
      const ok = answers.filter((a) => a.status === 200).map((a) => value<Played>(a).round);
      expect(answers.every((a) => a.status === 200 || (a.body as Err).code === 'insufficient_funds')).toBe(
        true,
      );
      expect(new Set(ok.map((r) => r.nonce)).size).toBe(ok.length);
      expect(await wallet(p)).toBeGreaterThanOrEqual(0n);
      await expectLedgerClean(t.ctx.db);
    },
  );

  it('isolation: another member sees none of my rounds; a visitor cannot play; a trial plays with play money', async () => {
    const a = await player();
    const b = await player();
    await play(a, 'dice', { amount: '1.00', target: 5000, direction: 'under' });
    expect(value<InhouseRound[]>(await api(b, 'GET', '/api/inhouse/dice/rounds'))).toEqual([]);
    const visitor = await api(null, 'POST', '/api/inhouse/dice/play', { amount: '1.00' }, key());
    expect(visitor.status).toBe(401);
    const trial = await player({ type: 4 });
    const r = await play(trial, 'dice', { amount: '1.00', target: 5000, direction: 'under' });
    expect(r.status).toBe(200);
    expect(await wallet(trial, 'play')).not.toBe(100_000n);
    expect(await wallet(trial, 'real')).toBe(0n);
  });
});
