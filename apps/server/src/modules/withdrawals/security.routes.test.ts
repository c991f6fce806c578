import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { BankCard, securityConfig } from '@panalo/contract/cashier';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { expectLedgerClean } from '../../test-support/ledger';
import { verifyPassword } from '../identity/passwords';
import {
  as,
  type Either,
  type Err,
  type Ok,
  PAY_PW,
  player,
  readyPlayer,
  withdraw,
} from './withdrawals.test-helpers';

type Config = z.infer<typeof securityConfig>;

describe('security centre', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const setPw = (p: Awaited<ReturnType<typeof player>>, body: object) =>
    as<Err>(t, p, 'POST', '/api/cashier/payment-password', body);

  it('WALLET-013 the config shows the secrets state, payee, cards, banks, limits and wagering', async () => {
    const p = await player(t);
    const r = await as<Ok<Config>>(t, p, 'GET', '/api/cashier/security');
    expect(r.status).toBe(200);
    expect(r.body.value).toEqual({
      hasPaymentPassword: false,
      payeeName: null,
      cards: [],
      withdrawBanks: expect.arrayContaining([{ code: 'BDO', name: 'BDO Unibank' }]) as unknown,
      minWithdraw: '100.00',
      maxWithdraw: '50000.00',
      maxCards: 3,
      wagering: { required: '0.00', done: '0.00', remaining: '0.00' },
      // The demo's level 0 (Member): ₱100,000 a day, no count of its own.
      levelLimit: { count: null, amount: '100000.00', usedCount: 0, usedAmount: '0.00' },
    });
    expect(r.body.value.withdrawBanks).toHaveLength(7);
    const luzon = await player(t, { merchant: 'luzon' });
    const l = await as<Ok<Config>>(t, luzon, 'GET', '/api/cashier/security');
    expect(l.body.value).toMatchObject({ minWithdraw: '200.00', maxWithdraw: '20000.00', maxCards: 2 });
    expect(l.body.value.withdrawBanks.map((b) => b.code)).toEqual(['BDO', 'BPI', 'MBTC', 'LBP']);
    const banks = await as<Ok<unknown[]>>(t, luzon, 'GET', '/api/cashier/withdraw-banks');
    expect(banks.body.value).toHaveLength(4);
  });

  it('ROLE-011 a free-trial account gets 403 free_reject on every security-centre call; a visitor 401', async () => {
    const trial = await player(t, { type: 4 });
    const pw = { paymentPassword: PAY_PW, confirmPaymentPassword: PAY_PW };
    for (const [method, url, body] of [
      ['GET', '/api/cashier/security'],
      ['GET', '/api/cashier/cards'],
      ['GET', '/api/cashier/withdraw-banks'],
      ['POST', '/api/cashier/payee-name', { payeeName: 'Maria Clara' }],
      ['POST', '/api/cashier/payment-password', { loginPassword: trial.member.password, ...pw }],
      ['POST', '/api/cashier/payment-password/reset', { loginPassword: trial.member.password, ...pw }],
      [
        'POST',
        '/api/cashier/cards',
        { bankCode: 'BDO', cardNumber: '4111222233334444', paymentPassword: PAY_PW },
      ],
    ] as const) {
      const r = await as<Err>(t, trial, method, url, body);
      expect(r.status, url).toBe(403);
      expect(r.body.code).toBe('free_reject');
      expect((await t.request({ method, url, ...(body ? { payload: body } : {}) })).status).toBe(401);
    }
    const row = await t.ctx.db
      .selectFrom('member')
      .select(['payee_name', 'payment_password_hash'])
      .where('id', '=', trial.member.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ payee_name: null, payment_password_hash: null });
  });

  it('WALLET-013 a first payment password is confirmed with the login password, six digits, confirm must match', async () => {
    const p = await player(t);
    expect(
      (
        await setPw(p, {
          loginPassword: p.member.password,
          paymentPassword: '12345',
          confirmPaymentPassword: '12345',
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await setPw(p, {
          loginPassword: p.member.password,
          paymentPassword: '12345a',
          confirmPaymentPassword: '12345a',
        })
      ).status,
    ).toBe(400);
    let r = await setPw(p, {
      loginPassword: p.member.password,
      paymentPassword: PAY_PW,
      confirmPaymentPassword: '999999',
    });
    expect([r.status, r.body.code]).toEqual([400, 'confirm_mismatch']);
    r = await setPw(p, {
      loginPassword: 'wrong-password',
      paymentPassword: PAY_PW,
      confirmPaymentPassword: PAY_PW,
    });
    expect([r.status, r.body.code]).toEqual([400, 'login_password_wrong']);
    r = await setPw(p, { paymentPassword: PAY_PW, confirmPaymentPassword: PAY_PW });
    expect([r.status, r.body.code]).toEqual([400, 'login_password_wrong']);
    r = await setPw(p, {
      loginPassword: p.member.password,
      paymentPassword: PAY_PW,
      confirmPaymentPassword: PAY_PW,
    });
    expect(r.status).toBe(200);
    const row = await t.ctx.db
      .selectFrom('member')
      .select('payment_password_hash')
      .where('id', '=', p.member.id)
      .executeTakeFirstOrThrow();
    expect(row.payment_password_hash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(row.payment_password_hash, PAY_PW)).toBe(true);
    const cfg = await as<Ok<Config>>(t, p, 'GET', '/api/cashier/security');
    expect(cfg.body.value.hasPaymentPassword).toBe(true);
  });

  it('WALLET-013 changing the payment password needs the old one; the login password no longer does', async () => {
    const p = await player(t);
    await setPw(p, {
      loginPassword: p.member.password,
      paymentPassword: PAY_PW,
      confirmPaymentPassword: PAY_PW,
    });
    let r = await setPw(p, {
      loginPassword: p.member.password,
      paymentPassword: '246802',
      confirmPaymentPassword: '246802',
    });
    expect([r.status, r.body.code]).toEqual([400, 'payment_password_wrong']);
    r = await setPw(p, {
      oldPaymentPassword: '000000',
      paymentPassword: '246802',
      confirmPaymentPassword: '246802',
    });
    expect([r.status, r.body.code]).toEqual([400, 'payment_password_wrong']);
    r = await setPw(p, {
      oldPaymentPassword: PAY_PW,
      paymentPassword: PAY_PW,
      confirmPaymentPassword: PAY_PW,
    });
    expect([r.status, r.body.code]).toEqual([400, 'password_same_as_old']);
    r = await setPw(p, {
      oldPaymentPassword: PAY_PW,
      paymentPassword: '246802',
      confirmPaymentPassword: '246802',
    });
    expect(r.status).toBe(200);
    r = await setPw(p, {
      oldPaymentPassword: '246802',
      paymentPassword: '112233',
      confirmPaymentPassword: '112233',
    });
    expect(r.status).toBe(200);
  });

  it('WALLET-013 five wrong payment passwords in 15 minutes lock it (429 payment_password_locked) for every use; reset with the login password unlocks', async () => {
    const p = await readyPlayer(t, { balance: 100_000n });
    for (let i = 0; i < 5; i++) {
      const r = await withdraw(t, p, { cardId: p.card.id, amount: '100', paymentPassword: '000000' });
      expect([r.status, (r.body as Err).code]).toEqual([400, 'payment_password_wrong']);
    }
    // Locked: even the right password is refused, on every call that takes it.
    let r = await withdraw(t, p, { cardId: p.card.id, amount: '100' });
    expect([r.status, (r.body as Err).code]).toEqual([429, 'payment_password_locked']);
    const change = await setPw(p, {
      oldPaymentPassword: PAY_PW,
      paymentPassword: '246802',
      confirmPaymentPassword: '246802',
    });
    expect([change.status, change.body.code]).toEqual([429, 'payment_password_locked']);
    const bind = await as<Err>(t, p, 'POST', '/api/cashier/cards', {
      bankCode: 'BPI',
      cardNumber: '5555444433331111',
      paymentPassword: PAY_PW,
    });
    expect([bind.status, bind.body.code]).toEqual([429, 'payment_password_locked']);

    // The lock ends with the window.
    t.clock.advance(15 * 60_000 + 1000);
    r = await withdraw(t, p, { cardId: p.card.id, amount: '100' });
    expect(r.status).toBe(200);

    // Locked again, then reset with the login password: the new one works at once.
    for (let i = 0; i < 5; i++)
      await withdraw(t, p, { cardId: p.card.id, amount: '100', paymentPassword: '000000' });
    expect((await withdraw(t, p, { cardId: p.card.id, amount: '100' })).status).toBe(429);
    let reset = await as<Err>(t, p, 'POST', '/api/cashier/payment-password/reset', {
      loginPassword: 'nope',
      paymentPassword: '864200',
      confirmPaymentPassword: '864200',
    });
    expect([reset.status, reset.body.code]).toEqual([400, 'login_password_wrong']);
    reset = await as<Err>(t, p, 'POST', '/api/cashier/payment-password/reset', {
      loginPassword: p.member.password,
      paymentPassword: '864200',
      confirmPaymentPassword: '864201',
    });
    expect([reset.status, reset.body.code]).toEqual([400, 'confirm_mismatch']);
    reset = await as<Err>(t, p, 'POST', '/api/cashier/payment-password/reset', {
      loginPassword: p.member.password,
      paymentPassword: '864200',
      confirmPaymentPassword: '864200',
    });
    expect(reset.status).toBe(200);
    r = await withdraw(t, p, { cardId: p.card.id, amount: '100', paymentPassword: '864200' });
    expect(r.status).toBe(200);
    await expectLedgerClean(t.ctx.db);
  });

  it('WALLET-013 the payee name is bound once (409 payee_name_bound) and must look like a name', async () => {
    const p = await player(t);
    let r = await as<Err>(t, p, 'POST', '/api/cashier/payee-name', { payeeName: '<script>' });
    expect([r.status, r.body.code]).toEqual([400, 'name_format']);
    r = await as<Err>(t, p, 'POST', '/api/cashier/payee-name', { payeeName: 'x' });
    expect(r.status).toBe(400);
    r = await as<Err>(t, p, 'POST', '/api/cashier/payee-name', { payeeName: "  José  dela   Cruz-O'Neil " });
    expect(r.status).toBe(200);
    r = await as<Err>(t, p, 'POST', '/api/cashier/payee-name', { payeeName: 'Someone Else' });
    expect([r.status, r.body.code]).toEqual([409, 'payee_name_bound']);
    const cfg = await as<Ok<Config>>(t, p, 'GET', '/api/cashier/security');
    expect(cfg.body.value.payeeName).toBe("José dela Cruz-O'Neil");
  });

  it('WALLET-003 binding a card needs a payee name, a payment password, an enabled bank; only the last four come back', async () => {
    const p = await player(t);
    const number = '4111222233334444';
    const bind = (body: object) => as<Either<BankCard>>(t, p, 'POST', '/api/cashier/cards', body);
    let r = await bind({ bankCode: 'BDO', cardNumber: number, paymentPassword: PAY_PW });
    expect([r.status, r.body.code]).toEqual([409, 'payee_name_required']);
    await as(t, p, 'POST', '/api/cashier/payee-name', { payeeName: 'Maria Clara' });
    r = await bind({ bankCode: 'BDO', cardNumber: number, paymentPassword: PAY_PW });
    expect([r.status, r.body.code]).toEqual([409, 'payment_password_required']);
    await setPw(p, {
      loginPassword: p.member.password,
      paymentPassword: PAY_PW,
      confirmPaymentPassword: PAY_PW,
    });
    r = await bind({ bankCode: 'NOPE', cardNumber: number, paymentPassword: PAY_PW });
    expect([r.status, r.body.code]).toEqual([400, 'bank_unavailable']);
    r = await bind({ bankCode: 'BDO', cardNumber: number, paymentPassword: '000000' });
    expect([r.status, r.body.code]).toEqual([400, 'payment_password_wrong']);
    for (const bad of ['4111-2222-3333-4444', '411122223', '41112222333344445555', 'abcd222233334444', '']) {
      expect((await bind({ bankCode: 'BDO', cardNumber: bad, paymentPassword: PAY_PW })).status).toBe(400);
    }
    expect(
      await t.ctx.db
        .selectFrom('member_bank_card')
        .select('id')
        .where('member_id', '=', p.member.id)
        .execute(),
    ).toEqual([]);

    r = await bind({ bankCode: 'BDO', cardNumber: number, paymentPassword: PAY_PW });
    expect(r.status).toBe(200);
    expect(r.body.value).toMatchObject({
      bankCode: 'BDO',
      bankName: 'BDO Unibank',
      last4: '4444',
      masked: '**** **** **** 4444',
    });

    const list = await t.app.inject({ method: 'GET', url: '/api/cashier/cards', headers: p.headers });
    const cfg = await t.app.inject({ method: 'GET', url: '/api/cashier/security', headers: p.headers });
    for (const raw of [JSON.stringify(r.body), list.body, cfg.body]) {
      expect(raw).not.toContain(number);
      expect(raw).not.toContain('41112222');
      expect(raw).not.toContain('v1:');
    }
    // Stored encrypted: neither the number nor its digits in clear, and an HMAC rather than a plain hash.
    const row = await t.ctx.db
      .selectFrom('member_bank_card')
      .selectAll()
      .where('member_id', '=', p.member.id)
      .executeTakeFirstOrThrow();
    expect(row.card_number_enc).not.toContain(number);
    expect(row.card_number_enc).toMatch(/^v1:/);
    expect(row.card_last4).toBe('4444');
    expect(row.card_hash).toMatch(/^[0-9a-f]{64}$/);
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .select('details')
      .where('target', '=', `bank_card:${row.id}`)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(audit.details)).not.toContain(number);
  });

  it('WALLET-003 the same card twice, by the same or another member, is 409 card_already_bound; at most maxCards', async () => {
    const a = await readyPlayer(t, { cardNumber: '6011000011112222' });
    const b = await readyPlayer(t);
    let r = await as<Err>(t, a, 'POST', '/api/cashier/cards', {
      bankCode: 'BPI',
      cardNumber: '6011000011112222',
      paymentPassword: PAY_PW,
    });
    expect([r.status, r.body.code]).toEqual([409, 'card_already_bound']);
    r = await as<Err>(t, b, 'POST', '/api/cashier/cards', {
      bankCode: 'BDO',
      cardNumber: '6011000011112222',
      paymentPassword: PAY_PW,
    });
    expect([r.status, r.body.code]).toEqual([409, 'card_already_bound']);
    // The same number at another merchant is another installation's card: allowed there.
    const luzon = await readyPlayer(t, { merchant: 'luzon', cardNumber: '6011000011112222' });
    expect(luzon.card.last4).toBe('2222');

    for (const n of ['6011000011113333', '6011000011114444']) {
      r = await as<Err>(t, a, 'POST', '/api/cashier/cards', {
        bankCode: 'GCASH',
        cardNumber: n,
        paymentPassword: PAY_PW,
      });
      expect(r.status).toBe(200);
    }
    r = await as<Err>(t, a, 'POST', '/api/cashier/cards', {
      bankCode: 'MAYA',
      cardNumber: '6011000011115555',
      paymentPassword: PAY_PW,
    });
    expect([r.status, r.body.code, r.body.value]).toEqual([409, 'card_limit_reached', { maxCards: 3 }]);
    const cards = await as<Ok<BankCard[]>>(t, a, 'GET', '/api/cashier/cards');
    expect(cards.body.value.map((c) => c.last4)).toEqual(['2222', '3333', '4444']);
  });

  it('WALLET-003 isolation: a member sees only their own cards; a luzon session is unknown at panalo', async () => {
    const a = await readyPlayer(t);
    const b = await player(t);
    const list = await as<Ok<BankCard[]>>(t, b, 'GET', '/api/cashier/cards');
    expect(list.body.value).toEqual([]);
    const luzon = await readyPlayer(t, { merchant: 'luzon' });
    const cross = await t.request<Err>({
      method: 'GET',
      url: '/api/cashier/cards',
      headers: { ...luzon.headers, host: 'localhost' },
    });
    expect(cross.status).toBe(401);
    expect(a.card.id).not.toBe(luzon.card.id);
  });
});
