import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { bearer, createMember, sessionFor } from '../../test-support/members';
import { expectLedgerClean } from '../../test-support/ledger';
import { accountBalance, memberWalletKey } from '../wallet/ledger';
import { issueLaunchToken } from '../game-wallet/game-launch';
import { seedGameWallet } from '../game-wallet/game-wallet.seed';
import { fundWallet } from '../game-wallet/vendor-client';
import { hub88Call, type Hub88Call } from './hub88-client';
import { HUB88_VENDOR, hub88User, memberOfHub88User } from './hub88-setup';
import { signHub88 } from './hub88-signature';
import { syncHub88Catalogue } from './hub88-catalogue';

let t: TestApp;
let merchantId: number;
const GAME = 'hub88_test_slot';
/** ₱1.00 in Hub88's units (× 100,000). */
const PESO = 100_000;

beforeAll(async () => {
  t = await createTestApp();
  await seedGameWallet(t.ctx.db);
  merchantId = (
    await t.ctx.db.selectFrom('merchant').select('id').where('code', '=', 'panalo').executeTakeFirstOrThrow()
  ).id;
  // Hub88's catalogue with one game, as the sync writes it from game/list.
  await syncHub88Catalogue(t.ctx.db, [
    { game_code: GAME, name: 'Hub88 Test Slot', category: 'Video Slots', enabled: true },
  ]);
});
afterAll(async () => {
  await expectLedgerClean(t.ctx.db);
  await t.close();
});

const key = () => t.ctx.hub88.demo!.hub88PrivateKey;
const call = (path: Hub88Call, body: Record<string, unknown> | string, o = {}) =>
  hub88Call(t, key(), path, body, o);

/** A member with ₱100.00 (unless told) and a Hub88 launch token (not bound to one game: Hub88 lobbies). */
async function player(o: { funds?: bigint; type?: number; ttlMs?: number } = {}) {
  const m = await createMember(t, { type: o.type ?? 0 });
  if ((o.funds ?? 10_000n) > 0n) {
    await fundWallet(t.ctx.db, {
      merchantId,
      memberId: m.id,
      currency: 'PHP',
      amount: o.funds ?? 10_000n,
      key: `h${m.id}`,
    });
  }
  const { token } = await issueLaunchToken(t.ctx.db, t.clock, {
    merchantId,
    memberId: m.id,
    memberType: m.type,
    currency: 'PHP',
    vendorCode: HUB88_VENDOR,
    gameCode: null,
    ...(o.ttlMs ? { ttlMs: o.ttlMs } : {}),
  });
  return { m, token, user: hub88User(m.id) };
}
type Player = Awaited<ReturnType<typeof player>>;

const bet = (p: Player, over: Record<string, unknown> = {}) => ({
  user: p.user,
  token: p.token,
  request_uuid: randomUUID(),
  transaction_uuid: randomUUID(),
  supplier_transaction_id: randomUUID(),
  round: randomUUID(),
  round_closed: false,
  is_free: false,
  game_code: GAME,
  currency: 'PHP',
  amount: 10 * PESO,
  ...over,
});
const win = (
  p: Player,
  placed: { transaction_uuid: string; round: string },
  over: Record<string, unknown> = {},
) =>
  bet(p, {
    reference_transaction_uuid: placed.transaction_uuid,
    round: placed.round,
    amount: 25 * PESO,
    ...over,
  });
const rollback = (
  p: Player,
  placed: { transaction_uuid: string; round: string },
  over: Record<string, unknown> = {},
) => ({
  user: p.user,
  token: p.token,
  request_uuid: randomUUID(),
  transaction_uuid: randomUUID(),
  reference_transaction_uuid: placed.transaction_uuid,
  round: placed.round,
  round_closed: true,
  game_code: GAME,
  ...over,
});
const wallet = (memberId: bigint) =>
  accountBalance(t.ctx.db, memberWalletKey(merchantId, memberId, 'PHP', 'real'));

describe('Hub88 wallet: users, balances, signatures and syntax', () => {
  it("user/info and user/balance answer the user's balance in units × 100,000, the request echoed", async () => {
    const p = await player();
    const info = await call('user/info', { user: p.user, request_uuid: 'r-1' });
    expect(info.http).toBe(200);
    expect(info.body).toEqual({
      user: p.user,
      status: 'RS_OK',
      request_uuid: 'r-1',
      currency: 'PHP',
      balance: 100 * PESO,
      country: 'PH',
    });
    const bal = await call('user/balance', {
      user: p.user,
      token: p.token,
      request_uuid: 'r-2',
      game_code: GAME,
    });
    expect(bal.body).toEqual({
      user: p.user,
      status: 'RS_OK',
      request_uuid: 'r-2',
      currency: 'PHP',
      balance: 100 * PESO,
    });
    // The user is the member's id, at least 4 characters, nothing personal.
    expect(p.user).toMatch(/^m[0-9]{6,}$/);
    expect(p.user).not.toContain(p.m.username);
    expect(memberOfHub88User(p.user)).toBe(p.m.id);
    const unknown = await call('user/info', { user: 'm999999999', request_uuid: 'r-3' });
    expect(unknown.http).toBe(200);
    expect(unknown.body.status).toMatch(/^RS_ERROR_/);
  });

  it('a bad or missing signature is RS_ERROR_INVALID_SIGNATURE (HTTP 200), checked on the exact bytes', async () => {
    const p = await player();
    const body = JSON.stringify({ user: p.user, token: p.token, request_uuid: 'sig' });
    const none = await call('user/balance', body, { signature: null });
    expect([none.http, none.body.status, none.body.request_uuid]).toEqual([
      200,
      'RS_ERROR_INVALID_SIGNATURE',
      'sig',
    ]);
    const wrong = await call('user/balance', body, { signature: 'AAAA' });
    expect(wrong.body.status).toBe('RS_ERROR_INVALID_SIGNATURE');
    // Signed, then re-spaced: the same JSON, other bytes.
    const resigned = await call('user/balance', body.replace(',', ', '), {
      signature: signHub88(key(), body),
    });
    expect(resigned.body.status).toBe('RS_ERROR_INVALID_SIGNATURE');
    // Our own key is not Hub88's.
    const ours = await call('user/balance', body, { signature: signHub88(t.ctx.hub88.privateKey, body) });
    expect(ours.body.status).toBe('RS_ERROR_INVALID_SIGNATURE');
    expect((await call('user/balance', body)).body.status).toBe('RS_OK');
  });

  it('unreadable JSON or a missing field is RS_ERROR_WRONG_SYNTAX; a wrong type or a negative amount RS_ERROR_WRONG_TYPES', async () => {
    const p = await player();
    const before = await wallet(p.m.id);
    expect((await call('transaction/bet', '{"user": ')).body.status).toBe('RS_ERROR_WRONG_SYNTAX');
    expect((await call('transaction/bet', '[1,2]')).body.status).toBe('RS_ERROR_WRONG_SYNTAX');
    const { round: _r, ...noRound } = bet(p);
    expect((await call('transaction/bet', noRound)).body.status).toBe('RS_ERROR_WRONG_SYNTAX');
    expect((await call('transaction/bet', bet(p, { amount: null }))).body.status).toBe(
      'RS_ERROR_WRONG_SYNTAX',
    );
    for (const over of [
      { amount: '1000000' },
      { amount: -10 * PESO },
      { amount: 10.5 },
      { amount: 2 ** 60 },
      { round: 12 },
      { is_free: 'no' },
      { game_code: 'a\u0000b' },
      { transaction_uuid: 'x'.repeat(300) },
    ]) {
      const r = await call('transaction/bet', bet(p, over));
      expect([r.http, r.body.status], JSON.stringify(over)).toEqual([200, 'RS_ERROR_WRONG_TYPES']);
    }
    expect(await wallet(p.m.id)).toBe(before);
  });

  it('an amount that is not whole centavos is RS_ERROR_WRONG_TYPES and moves nothing (never rounded)', async () => {
    const p = await player();
    const placed = bet(p);
    expect((await call('transaction/bet', placed)).body.status).toBe('RS_OK');
    const odd = await call('transaction/bet', bet(p, { amount: 10 * PESO + 500 }));
    expect([odd.body.status, odd.body.balance]).toEqual(['RS_ERROR_WRONG_TYPES', 90 * PESO]);
    expect((await call('transaction/win', win(p, placed, { amount: 1 }))).body.status).toBe(
      'RS_ERROR_WRONG_TYPES',
    );
    expect(await wallet(p.m.id)).toBe(9_000n);
  });

  it("an unknown token or another user's token is RS_ERROR_INVALID_TOKEN; an expired one only refuses bets and balances", async () => {
    const a = await player();
    const b = await player();
    expect(
      (await call('user/balance', { user: a.user, token: 'x'.repeat(43), request_uuid: 'u' })).body.status,
    ).toBe('RS_ERROR_INVALID_TOKEN');
    const theirs = await call('transaction/bet', bet(a, { token: b.token }));
    expect(theirs.body.status).toBe('RS_ERROR_INVALID_TOKEN');
    expect([await wallet(a.m.id), await wallet(b.m.id)]).toEqual([10_000n, 10_000n]);

    const p = await player({ ttlMs: 60_000 });
    const placed = bet(p);
    expect((await call('transaction/bet', placed)).body.status).toBe('RS_OK');
    t.clock.advance(61_000);
    try {
      expect((await call('transaction/bet', bet(p))).body.status).toBe('RS_ERROR_TOKEN_EXPIRED');
      const paid = await call('transaction/win', win(p, placed));
      expect([paid.body.status, paid.body.balance]).toEqual(['RS_OK', 115 * PESO]);
      // The bet accepted before expiry, sent again, is answered as the first time.
      const again = await call('transaction/bet', placed);
      expect([again.body.status, again.body.balance]).toEqual(['RS_OK', 90 * PESO]);
    } finally {
      t.clock.advance(-61_000);
    }
  });

  it('a wrong currency, a game outside the Hub88 catalogue, short funds and a play limit each have their status', async () => {
    const p = await player({ funds: 5_000n });
    expect((await call('transaction/bet', bet(p, { currency: 'USD' }))).body.status).toBe(
      'RS_ERROR_WRONG_CURRENCY',
    );
    expect((await call('transaction/bet', bet(p, { game_code: 'not_in_catalogue' }))).body.status).toBe(
      'RS_ERROR_INVALID_GAME',
    );
    const short = await call('transaction/bet', bet(p, { amount: 51 * PESO }));
    expect([short.body.status, short.body.balance]).toEqual(['RS_ERROR_NOT_ENOUGH_MONEY', 50 * PESO]);
    await t.ctx.db
      .insertInto('protection_limit')
      .values({
        merchant_id: merchantId,
        member_id: p.m.id,
        kind: 'wager',
        span: 'day',
        amount: 1_500n,
        updated_at: t.clock.now(),
      })
      .execute();
    expect((await call('transaction/bet', bet(p))).body.status).toBe('RS_OK');
    const over = await call('transaction/bet', bet(p));
    expect([over.body.status, over.body.balance]).toEqual(['RS_ERROR_LIMIT_REACHED', 40 * PESO]);
    expect(await wallet(p.m.id)).toBe(4_000n);
  });

  it('a disabled member cannot bet (RS_ERROR_USER_DISABLED) but is paid and refunded', async () => {
    const p = await player();
    const placed = bet(p);
    const other = bet(p, { round: placed.round });
    expect((await call('transaction/bet', placed)).body.status).toBe('RS_OK');
    expect((await call('transaction/bet', other)).body.status).toBe('RS_OK');
    await t.ctx.db.updateTable('member').set({ status: 'disabled' }).where('id', '=', p.m.id).execute();
    // A launch after the change (the wallet reuses a token's reading for up to a second).
    const { token } = await issueLaunchToken(t.ctx.db, t.clock, {
      merchantId,
      memberId: p.m.id,
      memberType: p.m.type,
      currency: 'PHP',
      vendorCode: HUB88_VENDOR,
      gameCode: null,
    });
    expect((await call('transaction/bet', bet(p, { token }))).body.status).toBe('RS_ERROR_USER_DISABLED');
    expect((await call('user/balance', { user: p.user, token, request_uuid: 'd' })).body.status).toBe(
      'RS_ERROR_USER_DISABLED',
    );
    expect((await call('transaction/win', win(p, placed))).body.status).toBe('RS_OK');
    expect((await call('transaction/rollback', rollback(p, other))).body.status).toBe('RS_OK');
    expect(await wallet(p.m.id)).toBe(10_000n - 1_000n + 2_500n);
  });
});

describe('Hub88 wallet: transactions exactly once', () => {
  it('a repeated transaction_uuid with the same content is RS_OK with the first balance and moves nothing', async () => {
    const p = await player();
    const placed = bet(p);
    const first = await call('transaction/bet', placed);
    expect([first.body.status, first.body.balance]).toEqual(['RS_OK', 90 * PESO]);
    expect((await call('transaction/bet', bet(p))).body.balance).toBe(80 * PESO);
    const again = await call('transaction/bet', { ...placed, request_uuid: 'retry' });
    expect([again.body.status, again.body.balance, again.body.request_uuid]).toEqual([
      'RS_OK',
      90 * PESO,
      'retry',
    ]);
    const paid = win(p, placed);
    expect((await call('transaction/win', paid)).body.balance).toBe(105 * PESO);
    expect((await call('transaction/win', paid)).body).toMatchObject({
      status: 'RS_OK',
      balance: 105 * PESO,
    });
    expect(await wallet(p.m.id)).toBe(10_500n);
  });

  it('the same transaction_uuid with other amount, round, user, game, currency, reference or kind is RS_ERROR_DUPLICATE_TRANSACTION', async () => {
    const p = await player();
    const q = await player();
    const placed = bet(p);
    expect((await call('transaction/bet', placed)).body.status).toBe('RS_OK');
    const changes: [Hub88Call, Record<string, unknown>][] = [
      ['transaction/bet', { ...placed, amount: 11 * PESO }],
      ['transaction/bet', { ...placed, round: randomUUID() }],
      ['transaction/bet', { ...placed, user: q.user, token: q.token }],
      ['transaction/bet', { ...placed, game_code: 'not_in_catalogue' }],
      ['transaction/bet', { ...placed, currency: 'USD' }],
      ['transaction/win', { ...win(p, placed), transaction_uuid: placed.transaction_uuid }],
      ['transaction/rollback', { ...rollback(p, placed), transaction_uuid: placed.transaction_uuid }],
    ];
    for (const [path, body] of changes) {
      const r = await call(path, body);
      expect(r.body.status, JSON.stringify(body)).toBe('RS_ERROR_DUPLICATE_TRANSACTION');
    }
    const paid = win(p, placed);
    expect((await call('transaction/win', paid)).body.status).toBe('RS_OK');
    const other = bet(p, { round: placed.round });
    expect((await call('transaction/bet', other)).body.status).toBe('RS_OK');
    const changedRef = await call('transaction/win', {
      ...paid,
      reference_transaction_uuid: other.transaction_uuid,
    });
    expect(changedRef.body.status).toBe('RS_ERROR_DUPLICATE_TRANSACTION');
    expect([await wallet(p.m.id), await wallet(q.m.id)]).toEqual([10_000n - 2_000n + 2_500n, 10_000n]);
  });

  it('a win for an unknown bet is RS_ERROR_TRANSACTION_DOES_NOT_EXIST, for a rolled-back bet RS_ERROR_TRANSACTION_ROLLED_BACK', async () => {
    const p = await player();
    const ghost = { transaction_uuid: randomUUID(), round: randomUUID() };
    expect((await call('transaction/win', win(p, ghost))).body.status).toBe(
      'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
    );
    const placed = bet(p);
    await call('transaction/bet', placed);
    expect((await call('transaction/rollback', rollback(p, placed))).body.status).toBe('RS_OK');
    const late = await call('transaction/win', win(p, placed));
    expect([late.body.status, late.body.balance]).toEqual(['RS_ERROR_TRANSACTION_ROLLED_BACK', 100 * PESO]);
    expect(await wallet(p.m.id)).toBe(10_000n);
  });

  it("a rollback refunds its bet once, the round's other bets stand; an unknown one is RS_OK and its late bet is refused", async () => {
    const p = await player();
    const placed = bet(p);
    const other = bet(p, { round: placed.round });
    await call('transaction/bet', placed);
    await call('transaction/bet', other);
    const undo = rollback(p, placed);
    const first = await call('transaction/rollback', undo);
    expect([first.body.status, first.body.balance]).toEqual(['RS_OK', 90 * PESO]);
    expect((await call('transaction/rollback', undo)).body).toMatchObject({
      status: 'RS_OK',
      balance: 90 * PESO,
    });
    // Another rollback of the same bet: nothing more.
    expect((await call('transaction/rollback', rollback(p, placed))).body).toMatchObject({
      status: 'RS_OK',
      balance: 90 * PESO,
    });
    expect((await call('transaction/win', win(p, other))).body).toMatchObject({
      status: 'RS_OK',
      balance: 115 * PESO,
    });

    const never = { transaction_uuid: randomUUID(), round: randomUUID() };
    const tomb = await call('transaction/rollback', rollback(p, never));
    expect([tomb.body.status, tomb.body.balance]).toEqual(['RS_OK', 115 * PESO]);
    const lateBet = await call('transaction/bet', bet(p, never));
    expect([lateBet.body.status, lateBet.body.balance]).toEqual([
      'RS_ERROR_TRANSACTION_ROLLED_BACK',
      115 * PESO,
    ]);
    expect(await wallet(p.m.id)).toBe(11_500n);
  });

  it('accepted Hub88 transactions show in the wallet balance and as a HUB88 round in the game records', async () => {
    const p = await player();
    const placed = bet(p);
    await call('transaction/bet', placed);
    await call('transaction/win', win(p, placed, { round_closed: true }));
    const headers = bearer(await sessionFor(t, p.m));
    const balance = await t.request<{ value: { sumBalance: string } }>({
      method: 'GET',
      url: '/api/wallet/balance',
      headers,
    });
    expect(balance.body.value.sumBalance).toBe('115.00');
    const records = await t.request<{ value: { list: Record<string, unknown>[] } }>({
      method: 'GET',
      url: '/api/games/records?language=EN',
      headers,
    });
    expect(records.body.value.list[0]).toMatchObject({
      roundId: placed.round,
      vassalage: HUB88_VENDOR,
      gameName: 'Hub88 Test Slot',
      bet: '10.00',
      win: '25.00',
      net: '15.00',
      status: 'closed',
    });
  });
});
