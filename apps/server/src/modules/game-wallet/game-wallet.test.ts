import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { createMember } from '../../test-support/members';
import { expectLedgerClean } from '../../test-support/ledger';
import { accountBalance, memberWalletKey } from '../wallet/ledger';
import { issueLaunchToken } from './game-launch';
import { seedGameWallet } from './game-wallet.seed';
import { fundWallet, vendorCall } from './vendor-client';

interface Ok<T = Record<string, unknown>> {
  success: true;
  value: T & { balance: string; playerId: string; book: string; transactionId?: string | null };
}
interface Err {
  success: false;
  code: string;
}

let t: TestApp;
let merchantId: number;
let seq = 0;
const txId = (p = 'tx') => `${p}-${++seq}`;

beforeAll(async () => {
  t = await createTestApp();
  await seedGameWallet(t.ctx.db);
  merchantId = (
    await t.ctx.db.selectFrom('merchant').select('id').where('code', '=', 'panalo').executeTakeFirstOrThrow()
  ).id;
});
afterAll(async () => {
  await expectLedgerClean(t.ctx.db);
  await t.close();
});

/** A new member with ₱100.00 (unless told) and a launch token for the demo vendor. */
async function player(o: { funds?: bigint; type?: number; gameCode?: string | null; ttlMs?: number } = {}) {
  const m = await createMember(t, { type: o.type ?? 0 });
  if ((o.funds ?? 10_000n) > 0n) {
    await fundWallet(t.ctx.db, {
      merchantId,
      memberId: m.id,
      currency: 'PHP',
      amount: o.funds ?? 10_000n,
      key: `m${m.id}`,
    });
  }
  const { token } = await issueLaunchToken(t.ctx.db, t.clock, {
    merchantId,
    memberId: m.id,
    memberType: m.type,
    currency: 'PHP',
    vendorCode: 'PSIM',
    gameCode: o.gameCode === undefined ? 'slot-1' : o.gameCode,
    ...(o.ttlMs ? { ttlMs: o.ttlMs } : {}),
  });
  return { m, token };
}
const bet = (token: string, over: Record<string, unknown> = {}) => ({
  token,
  txId: txId('bet'),
  roundId: txId('round'),
  gameCode: 'slot-1',
  amount: '10.00',
  ...over,
});
const wallet = (memberId: bigint, book: 'real' | 'play' = 'real') =>
  accountBalance(t.ctx.db, memberWalletKey(merchantId, memberId, 'PHP', book));

describe('seamless wallet callbacks', () => {
  it('authenticate and balance answer the player and the wallet balance', async () => {
    const { m, token } = await player();
    const auth = await vendorCall<Ok<{ username: string }>>(t, 'authenticate', { token });
    expect(auth.status).toBe(200);
    expect(auth.body.value).toMatchObject({
      playerId: m.id.toString(),
      username: m.username,
      currency: 'PHP',
      balance: '100.00',
      book: 'real',
    });
    const bal = await vendorCall<Ok>(t, 'balance', { token });
    expect(bal.body.value.balance).toBe('100.00');
    // Machine-to-machine answers skip the browser security headers (config.helmet = false).
    expect(bal.headers['content-security-policy']).toBeUndefined();
    expect(bal.headers['x-request-id']).toBeTruthy();
  });

  it('a bet debits the wallet to the house, counts turnover; a win credits; end closes the round', async () => {
    const { m, token } = await player();
    await t.ctx.db
      .insertInto('wagering_requirement')
      .values({
        merchant_id: merchantId,
        member_id: m.id,
        source: 'test',
        source_ref: `w${m.id}`,
        required: 5_000n,
        created_at: t.clock.now(),
      })
      .execute();
    const b = bet(token, { amount: '12.50' });
    const r1 = await vendorCall<Ok>(t, 'bet', b);
    expect(r1.status).toBe(200);
    expect(r1.body.value).toMatchObject({ balance: '87.50', txId: b.txId });
    expect(r1.body.value.transactionId).toMatch(/^\d+$/);
    const w = await vendorCall<Ok>(t, 'win', {
      token,
      txId: txId('win'),
      roundId: b.roundId,
      amount: '30.00',
    });
    expect(w.body.value.balance).toBe('117.50');
    const e = await vendorCall<Ok>(t, 'end', { token, txId: txId('end'), roundId: b.roundId });
    expect(e.body.value.balance).toBe('117.50');
    expect(await wallet(m.id)).toBe(11_750n);
    const round = await t.ctx.db
      .selectFrom('game_round')
      .selectAll()
      .where('round_id', '=', b.roundId)
      .executeTakeFirstOrThrow();
    expect(round).toMatchObject({
      bet_total: 1_250n,
      win_total: 3_000n,
      status: 'closed',
      game_code: 'slot-1',
    });
    const wr = await t.ctx.db
      .selectFrom('wagering_requirement')
      .select('done')
      .where('source_ref', '=', `w${m.id}`)
      .executeTakeFirstOrThrow();
    expect(wr.done).toBe(1_250n);
    const kinds = await t.ctx.db
      .selectFrom('ledger_transfer')
      .select('kind')
      .where('reference', '=', `round:PSIM:${b.roundId}`)
      .orderBy('id')
      .execute();
    expect(kinds.map((k) => k.kind)).toEqual(['bet', 'win']);
    // A closed round takes no more bets.
    const late = await vendorCall<Err>(t, 'bet', bet(token, { roundId: b.roundId }));
    expect([late.status, late.body.code]).toEqual([409, 'round_closed']);
  });

  it('a repeat returns the first answer and moves nothing; the same id with other content is refused', async () => {
    const { m, token } = await player();
    const b = bet(token);
    const first = await vendorCall<Ok>(t, 'bet', b);
    await vendorCall(t, 'bet', { ...bet(token), roundId: b.roundId });
    const again = await vendorCall<Ok>(t, 'bet', b);
    expect(again.status).toBe(200);
    expect(again.body.value).toEqual(first.body.value);
    expect(await wallet(m.id)).toBe(8_000n);
    const other = await vendorCall<Err>(t, 'bet', { ...b, amount: '11.00' });
    expect([other.status, other.body.code]).toEqual([409, 'duplicate_transaction']);
    const asWin = await vendorCall<Err>(t, 'win', {
      token,
      txId: b.txId,
      roundId: b.roundId,
      amount: '10.00',
    });
    expect([asWin.status, asWin.body.code]).toEqual([409, 'duplicate_transaction']);
    const w = { token, txId: txId('win'), roundId: b.roundId, amount: '5.00' };
    const w1 = await vendorCall<Ok>(t, 'win', w);
    const w2 = await vendorCall<Ok>(t, 'win', w);
    expect(w2.body.value).toEqual(w1.body.value);
    expect(await wallet(m.id)).toBe(8_500n);
  });

  it('a repeat is answered as the first even when the balance no longer covers it, or its round has closed since', async () => {
    const { m, token } = await player({ funds: 1_000n });
    const b = bet(token, { amount: '10.00' });
    const first = await vendorCall<Ok>(t, 'bet', b);
    expect(first.body.value.balance).toBe('0.00');
    // The wallet is empty now: the repeat is still the first answer, not a refusal for want of funds.
    const poor = await vendorCall<Ok>(t, 'bet', b);
    expect([poor.status, poor.body.value]).toEqual([200, first.body.value]);
    // The round ends; the repeat is still the first answer, not "round closed".
    const end = await vendorCall<Ok>(t, 'win', {
      token,
      txId: txId('win'),
      roundId: b.roundId,
      amount: '0.00',
      endRound: true,
    });
    expect(end.status).toBe(200);
    const late = await vendorCall<Ok>(t, 'bet', b);
    expect([late.status, late.body.value]).toEqual([200, first.body.value]);
    expect(await wallet(m.id)).toBe(0n);
  });

  it('insufficient funds refuses the bet and moves nothing; a retry once funded succeeds', async () => {
    const { m, token } = await player({ funds: 500n });
    const b = bet(token, { amount: '5.01' });
    const r = await vendorCall<Err>(t, 'bet', b);
    expect([r.status, r.body.code]).toEqual([409, 'insufficient_funds']);
    expect(await wallet(m.id)).toBe(500n);
    expect(
      await t.ctx.db.selectFrom('game_round').select('id').where('round_id', '=', b.roundId).execute(),
    ).toEqual([]);
    await fundWallet(t.ctx.db, {
      merchantId,
      memberId: m.id,
      currency: 'PHP',
      amount: 1n,
      key: `extra${m.id}`,
    });
    const again = await vendorCall<Ok>(t, 'bet', b);
    expect(again.body.value.balance).toBe('0.00');
  });

  it('rollback refunds a bet once; a second rollback of it and a repeat move nothing', async () => {
    const { m, token } = await player();
    const b = bet(token, { amount: '40.00' });
    await vendorCall(t, 'bet', b);
    const rb = { token, txId: txId('rb'), originalTxId: b.txId };
    const r1 = await vendorCall<Ok>(t, 'rollback', rb);
    expect(r1.body.value.balance).toBe('100.00');
    const r2 = await vendorCall<Ok>(t, 'rollback', rb);
    expect(r2.body.value).toEqual(r1.body.value);
    const r3 = await vendorCall<Ok>(t, 'rollback', { ...rb, txId: txId('rb') });
    expect(r3.body.value).toMatchObject({ balance: '100.00', transactionId: null });
    expect(await wallet(m.id)).toBe(10_000n);
    const round = await t.ctx.db
      .selectFrom('game_round')
      .selectAll()
      .where('round_id', '=', b.roundId)
      .executeTakeFirstOrThrow();
    expect(round).toMatchObject({ bet_total: 4_000n, refund_total: 4_000n });
  });

  it('a rollback before its bet leaves a tombstone: it succeeds and the late bet is refused', async () => {
    const { m, token } = await player();
    const b = bet(token);
    const rb = await vendorCall<Ok>(t, 'rollback', { token, txId: txId('rb'), originalTxId: b.txId });
    expect(rb.status).toBe(200);
    expect(rb.body.value).toMatchObject({ balance: '100.00', transactionId: null });
    const late = await vendorCall<Err>(t, 'bet', b);
    expect([late.status, late.body.code]).toEqual([409, 'transaction_cancelled']);
    expect(await wallet(m.id)).toBe(10_000n);
    const row = await t.ctx.db
      .selectFrom('vendor_transaction')
      .selectAll()
      .where('vendor_tx_id', '=', b.txId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'tombstone', transfer_id: null });
  });

  it('only a bet of the same player can be rolled back', async () => {
    const a = await player();
    const other = await player();
    const b = bet(a.token);
    await vendorCall(t, 'bet', b);
    const foreign = await vendorCall<Err>(t, 'rollback', {
      token: other.token,
      txId: txId('rb'),
      originalTxId: b.txId,
    });
    expect([foreign.status, foreign.body.code]).toEqual([409, 'rollback_not_allowed']);
    const w = { token: a.token, txId: txId('win'), roundId: b.roundId, amount: '1.00' };
    await vendorCall(t, 'win', w);
    const ofWin = await vendorCall<Err>(t, 'rollback', {
      token: a.token,
      txId: txId('rb'),
      originalTxId: w.txId,
    });
    expect(ofWin.body.code).toBe('rollback_not_allowed');
    expect(await wallet(a.m.id)).toBe(9_100n);
  });

  it('refuses bad amounts, another currency, another game and malformed bodies', async () => {
    const { m, token } = await player();
    for (const amount of ['0', '0.00', '-1', '1.005', 'abc', '1e3', ' 5']) {
      const r = await vendorCall<Err>(t, 'bet', bet(token, { amount }));
      expect([amount, r.status, r.body.code]).toEqual([amount, 400, 'invalid_amount']);
    }
    const cur = await vendorCall<Err>(t, 'bet', bet(token, { currency: 'USD' }));
    expect([cur.status, cur.body.code]).toEqual([400, 'invalid_currency']);
    const game = await vendorCall<Err>(t, 'bet', bet(token, { gameCode: 'slot-2' }));
    expect([game.status, game.body.code]).toEqual([404, 'unknown_game']);
    const missing = await vendorCall<Err>(t, 'bet', { token, amount: '1.00' });
    expect([missing.status, missing.body.code]).toEqual([400, 'validation_failed']);
    expect(await wallet(m.id)).toBe(10_000n);
  });

  it('refuses unknown, expired and foreign tokens, and disabled players for bets (credits still land)', async () => {
    const unknown = await vendorCall<Err>(t, 'balance', { token: 'x'.repeat(43) });
    expect([unknown.status, unknown.body.code]).toEqual([401, 'invalid_token']);
    const { m, token } = await player({ ttlMs: 60_000 });
    const b = bet(token);
    await vendorCall(t, 'bet', b);
    // Another merchant's vendor does not know this token.
    const luzon = await vendorCall<Err>(t, 'balance', { token }, { merchant: 'luzon' });
    expect([luzon.status, luzon.body.code]).toEqual([401, 'invalid_token']);
    t.clock.advance(61_000);
    try {
      const expired = await vendorCall<Err>(t, 'bet', bet(token));
      expect([expired.status, expired.body.code]).toEqual([401, 'token_expired']);
      const win = await vendorCall<Ok>(t, 'win', {
        token,
        txId: txId('win'),
        roundId: b.roundId,
        amount: '2.00',
      });
      expect(win.body.value.balance).toBe('92.00');
    } finally {
      t.clock.advance(-61_000);
    }
    const d = await player();
    await t.ctx.db.updateTable('member').set({ status: 'disabled' }).where('id', '=', d.m.id).execute();
    for (const cb of ['authenticate', 'balance'] as const) {
      const r = await vendorCall<Err>(t, cb, { token: d.token });
      expect([r.status, r.body.code]).toEqual([403, 'member_disabled']);
    }
    const refused = await vendorCall<Err>(t, 'bet', bet(d.token));
    expect([refused.status, refused.body.code]).toEqual([403, 'member_disabled']);
    expect(await wallet(m.id)).toBe(9_200n);
  });

  it('refuses a bad or missing signature, an address off the allow-list, unknown and disabled vendors', async () => {
    const { token } = await player();
    const wrong = await vendorCall<Err>(t, 'balance', { token }, { secret: 'not-the-secret' });
    expect([wrong.status, wrong.body.code]).toEqual([401, 'invalid_signature']);
    const none = await vendorCall<Err>(t, 'balance', { token }, { signature: null });
    expect([none.status, none.body.code]).toEqual([401, 'invalid_signature']);
    const ip = await vendorCall<Err>(t, 'balance', { token }, { ip: '203.0.113.9' });
    expect([ip.status, ip.body.code]).toEqual([403, 'ip_not_allowed']);
    const unknown = await vendorCall<Err>(t, 'balance', { token }, { vendor: 'NOPE', secret: 'x' });
    expect([unknown.status, unknown.body.code]).toEqual([404, 'unknown_vendor']);
    await t.ctx.db
      .insertInto('game_vendor')
      .values({
        merchant_id: merchantId,
        code: 'OFF',
        name: 'Off',
        hmac_secret: 'secret-off',
        allowed_ips: JSON.stringify(['10.0.0.0/8']),
        enabled: false,
      })
      .execute();
    const off = await vendorCall<Err>(t, 'balance', { token }, { vendor: 'OFF' });
    expect([off.status, off.body.code]).toEqual([403, 'vendor_disabled']);
    await expect(
      issueLaunchToken(t.ctx.db, t.clock, {
        merchantId,
        memberId: 1n,
        memberType: 0,
        currency: 'PHP',
        vendorCode: 'OFF',
      }),
    ).rejects.toMatchObject({ code: 'vendor_disabled' });
  });

  it('a CIDR allow-list admits the range (vendor behind a proxy range)', async () => {
    const m = await createMember(t);
    await t.ctx.db
      .insertInto('game_vendor')
      .values({
        merchant_id: merchantId,
        code: 'CIDR',
        name: 'Cidr',
        hmac_secret: 'secret-cidr',
        allowed_ips: JSON.stringify(['198.51.100.0/24']),
      })
      .execute();
    const { token } = await issueLaunchToken(t.ctx.db, t.clock, {
      merchantId,
      memberId: m.id,
      memberType: 0,
      currency: 'PHP',
      vendorCode: 'CIDR',
    });
    const inRange = await vendorCall<Ok>(t, 'balance', { token }, { vendor: 'CIDR', ip: '198.51.100.77' });
    expect(inRange.body.value.balance).toBe('0.00');
    const loop = await vendorCall<Err>(t, 'balance', { token }, { vendor: 'CIDR' });
    expect(loop.body.code).toBe('ip_not_allowed');
  });

  it('a free-trial account bets play money on the play book; its real wallet is untouched', async () => {
    const m = await createMember(t, { type: 4 });
    await fundWallet(t.ctx.db, {
      merchantId,
      memberId: m.id,
      currency: 'PHP',
      amount: 200_000n,
      book: 'play',
      key: `play${m.id}`,
    });
    const { token, book } = await issueLaunchToken(t.ctx.db, t.clock, {
      merchantId,
      memberId: m.id,
      memberType: 4,
      currency: 'PHP',
      vendorCode: 'PSIM',
    });
    expect(book).toBe('play');
    const r = await vendorCall<Ok>(t, 'bet', bet(token, { amount: '100.00' }));
    expect(r.body.value).toMatchObject({ balance: '1900.00', book: 'play' });
    expect(await wallet(m.id, 'play')).toBe(190_000n);
    expect(await wallet(m.id, 'real')).toBe(0n);
    const transfer = await t.ctx.db
      .selectFrom('ledger_transfer')
      .select('book')
      .where('id', '=', BigInt(r.body.value.transactionId!))
      .executeTakeFirstOrThrow();
    expect(transfer.book).toBe('play');
  });
});
