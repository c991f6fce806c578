import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Withdrawal } from '@panalo/contract/cashier';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { expectLedgerClean } from '../../test-support/ledger';
import { wagering } from '../wallet/wagering';
import { withdrawalsRepository } from './withdrawals.repository';
import {
  as,
  type Err,
  newKey,
  type Ok,
  pendingOf,
  player,
  readyPlayer,
  walletOf,
  withdraw,
  withdrawalCount,
} from './withdrawals.test-helpers';

type Page = { list: Withdrawal[]; pageNum: number; totalPages: number; total: number };

describe('withdrawals (member side)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('WALLET-002 a withdrawal holds the amount at once: wallet → pending (withdrawal_hold), one pending record', async () => {
    const p = await readyPlayer(t, { balance: 500_000n });
    const key = newKey();
    const r = await withdraw(t, p, { cardId: p.card.id, amount: '1234.56' }, key);
    expect(r.status).toBe(200);
    const w = (r.body as Ok<Withdrawal>).value;
    expect(w).toMatchObject({
      cardId: p.card.id,
      bankName: 'BDO Unibank',
      cardLast4: p.card.last4,
      amount: '1234.56',
      status: 'pending',
      reason: null,
    });
    expect(await walletOf(t, p)).toBe(500_000n - 123_456n);
    expect(await pendingOf(t, p)).toBe(123_456n);
    // The hold names who asked, the card the money goes to and the request's key; the record links to it.
    const transfer = await t.ctx.db
      .selectFrom('ledger_transfer')
      .select(['id', 'kind', 'reference', 'created_by', 'memo', 'idempotency_scope', 'idempotency_key'])
      .where('reference', '=', `withdrawal:${w.id}`)
      .execute();
    expect(transfer).toEqual([
      {
        id: expect.any(BigInt),
        kind: 'withdrawal_hold',
        reference: `withdrawal:${w.id}`,
        created_by: `member:${p.member.id}`,
        memo: `BDO ****${p.card.last4}`,
        idempotency_scope: `withdrawal.create:${p.member.id}`,
        idempotency_key: key,
      },
    ]);
    const links = await t.ctx.db
      .selectFrom('withdrawal')
      .select(['hold_transfer_id', 'final_transfer_id'])
      .where('id', '=', BigInt(w.id))
      .executeTakeFirstOrThrow();
    expect(links).toEqual({ hold_transfer_id: transfer[0]!.id, final_transfer_id: null });
    await expectLedgerClean(t.ctx.db);
  });

  it('WALLET-002 every refused amount is a 4xx and writes nothing', async () => {
    const p = await readyPlayer(t, { balance: 1_000_000n });
    const bad = [
      '0',
      '0.00',
      '-5',
      '-0.01',
      '100.005',
      '1.234',
      'NaN',
      'Infinity',
      '1e3',
      '99999999999999',
      '9'.repeat(40),
      '12abc',
      ' 100',
      '100 ',
      '0x64',
      '',
      '１００',
      '100.',
    ];
    for (const amount of bad) {
      const r = await withdraw(t, p, { cardId: p.card.id, amount });
      expect(r.status, amount).toBe(400);
      expect(['validation_failed', 'amount_invalid']).toContain((r.body as Err).code);
    }
    // Numbers instead of strings are refused too.
    const num = await as<Err>(
      t,
      p,
      'POST',
      '/api/cashier/withdrawals',
      { cardId: p.card.id, amount: 100, paymentPassword: '135790' },
      { 'idempotency-key': newKey() },
    );
    expect(num.status).toBe(400);
    // Outside the merchant's limits (₱100 – ₱50,000).
    for (const amount of ['99.99', '50000.01']) {
      const r = await withdraw(t, p, { cardId: p.card.id, amount });
      expect([r.status, (r.body as Err).code, (r.body as Err).value]).toEqual([
        400,
        'amount_out_of_range',
        { min: '100.00', max: '50000.00' },
      ]);
    }
    expect(await withdrawalCount(t, p)).toBe(0);
    expect(await walletOf(t, p)).toBe(1_000_000n);
    expect(await pendingOf(t, p)).toBe(0n);
    await expectLedgerClean(t.ctx.db);
  });

  it('WALLET-002 no key, no card, another member’s card, wrong password, no payment password: refused, nothing written', async () => {
    const a = await readyPlayer(t, { balance: 100_000n });
    const b = await readyPlayer(t, { balance: 100_000n });
    const cases: [Promise<{ status: number; body: unknown }>, number, string][] = [
      [withdraw(t, a, { cardId: a.card.id, amount: '100' }, null), 400, 'idempotency_key_required'],
      [withdraw(t, a, { cardId: a.card.id, amount: '100' }, 'short'), 400, 'idempotency_key_required'],
      [withdraw(t, a, { cardId: '999999999', amount: '100' }), 404, 'card_not_found'],
      [withdraw(t, a, { cardId: b.card.id, amount: '100' }), 404, 'card_not_found'],
      [withdraw(t, a, { cardId: 'abc', amount: '100' }), 400, 'validation_failed'],
      [
        withdraw(t, a, { cardId: a.card.id, amount: '100', paymentPassword: '000000' }),
        400,
        'payment_password_wrong',
      ],
    ];
    for (const [call, status, code] of cases) {
      const r = await call;
      expect([r.status, (r.body as Err).code]).toEqual([status, code]);
    }
    const fresh = await player(t);
    const none = await withdraw(t, fresh, { cardId: a.card.id, amount: '100' });
    expect([none.status, (none.body as Err).code]).toEqual([409, 'payment_password_required']);
    for (const p of [a, b]) {
      expect(await withdrawalCount(t, p)).toBe(0);
      expect(await walletOf(t, p)).toBe(100_000n);
    }
    await expectLedgerClean(t.ctx.db);
  });

  it('WALLET-002 more than the balance is 409 insufficient_balance and nothing is written', async () => {
    const p = await readyPlayer(t, { balance: 50_000n });
    const r = await withdraw(t, p, { cardId: p.card.id, amount: '500.01' });
    expect([r.status, (r.body as Err).code]).toEqual([409, 'insufficient_balance']);
    expect(await withdrawalCount(t, p)).toBe(0);
    expect([await walletOf(t, p), await pendingOf(t, p)]).toEqual([50_000n, 0n]);
    const ok = await withdraw(t, p, { cardId: p.card.id, amount: '500.00' });
    expect(ok.status).toBe(200);
    expect([await walletOf(t, p), await pendingOf(t, p)]).toEqual([0n, 50_000n]);
    // The held money cannot be withdrawn a second time.
    const again = await withdraw(t, p, { cardId: p.card.id, amount: '100' });
    expect([again.status, (again.body as Err).code]).toEqual([409, 'insufficient_balance']);
    await expectLedgerClean(t.ctx.db);
  });

  it('WALLET-002 wagering not met is 409 wagering_not_met with the remaining amount; met, it passes', async () => {
    const p = await readyPlayer(t, { balance: 200_000n });
    await wagering.require(t.ctx.db, {
      merchantId: p.member.merchant_id,
      memberId: p.member.id,
      source: 'test',
      sourceRef: `w-${p.member.id}`,
      required: 30_000n,
      at: t.clock.now(),
    });
    await wagering.addTurnover(t.ctx.db, {
      merchantId: p.member.merchant_id,
      memberId: p.member.id,
      stake: 10_050n,
      at: t.clock.now(),
      product: 'slots',
    });
    const r = await withdraw(t, p, { cardId: p.card.id, amount: '100' });
    expect([r.status, (r.body as Err).code, (r.body as Err).value]).toEqual([
      409,
      'wagering_not_met',
      { remaining: '199.50' },
    ]);
    expect(await withdrawalCount(t, p)).toBe(0);
    expect(await walletOf(t, p)).toBe(200_000n);
    await wagering.addTurnover(t.ctx.db, {
      merchantId: p.member.merchant_id,
      memberId: p.member.id,
      stake: 19_950n,
      at: t.clock.now(),
      product: 'slots',
    });
    expect((await withdraw(t, p, { cardId: p.card.id, amount: '100' })).status).toBe(200);
    await expectLedgerClean(t.ctx.db);
  });

  it('ROLE-011 a free-trial account cannot withdraw (403 free_reject); a visitor gets 401', async () => {
    const trial = await player(t, { type: 4 });
    const r = await withdraw(t, trial, { cardId: '1', amount: '100' });
    expect([r.status, (r.body as Err).code]).toEqual([403, 'free_reject']);
    const anon = await t.request({
      method: 'POST',
      url: '/api/cashier/withdrawals',
      headers: { 'idempotency-key': newKey() },
      payload: { cardId: '1', amount: '100', paymentPassword: '135790' },
    });
    expect(anon.status).toBe(401);
    expect(await withdrawalCount(t, trial)).toBe(0);
    await expectLedgerClean(t.ctx.db);
  });

  it('WALLET-002 an idempotent replay returns the first answer and moves nothing; another body with the key is 409', async () => {
    const p = await readyPlayer(t, { balance: 100_000n });
    const key = newKey();
    const first = await withdraw(t, p, { cardId: p.card.id, amount: '250' }, key);
    const second = await withdraw(t, p, { cardId: p.card.id, amount: '250' }, key);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(await withdrawalCount(t, p)).toBe(1);
    expect(await walletOf(t, p)).toBe(75_000n);
    const other = await withdraw(t, p, { cardId: p.card.id, amount: '300' }, key);
    expect([other.status, (other.body as Err).code]).toEqual([409, 'idempotency_conflict']);
    // A refusal is an answer too: replaying it refuses alike even once the money is there.
    const refusedKey = newKey();
    const refused = await withdraw(t, p, { cardId: p.card.id, amount: '5000' }, refusedKey);
    expect([refused.status, (refused.body as Err).code]).toEqual([409, 'insufficient_balance']);
    const replay = await withdraw(t, p, { cardId: p.card.id, amount: '5000' }, refusedKey);
    expect([replay.status, (replay.body as Err).code]).toEqual([409, 'insufficient_balance']);
    expect(await withdrawalCount(t, p)).toBe(1);
    await expectLedgerClean(t.ctx.db);
  });

  it('WALLET-002 a key is the member’s own: another member sending the same key withdraws on their own', async () => {
    const a = await readyPlayer(t, { balance: 100_000n });
    const b = await readyPlayer(t, { balance: 100_000n });
    const key = newKey();
    const mine = await withdraw(t, a, { cardId: a.card.id, amount: '100' }, key);
    const theirs = await withdraw(t, b, { cardId: b.card.id, amount: '100' }, key);
    expect([mine.status, theirs.status], JSON.stringify(theirs.body)).toEqual([200, 200]);
    expect((theirs.body as Ok<Withdrawal>).value.id).not.toBe((mine.body as Ok<Withdrawal>).value.id);
    expect(await walletOf(t, b)).toBe(90_000n);
    await expectLedgerClean(t.ctx.db);
  });

  it('WALLET-002 the merchant’s limits hold to the centavo: its minimum and maximum are accepted, a centavo outside is refused', async () => {
    const p = await readyPlayer(t, { balance: 100_000_000n });
    const l = await t.ctx.db
      .selectFrom('merchant_cashier')
      .select(['min_withdraw', 'max_withdraw'])
      .where('merchant_id', '=', p.member.merchant_id)
      .executeTakeFirstOrThrow();
    const text = (minor: bigint) => `${minor / 100n}.${String(minor % 100n).padStart(2, '0')}`;
    for (const [amount, status] of [
      [l.min_withdraw - 1n, 400],
      [l.min_withdraw, 200],
      [l.max_withdraw, 200],
      [l.max_withdraw + 1n, 400],
    ] as const) {
      const r = await withdraw(t, p, { cardId: p.card.id, amount: text(amount) });
      expect([text(amount), r.status], JSON.stringify(r.body)).toEqual([text(amount), status]);
      if (status === 400) expect((r.body as Err).code).toBe('amount_out_of_range');
    }
    expect(await withdrawalCount(t, p)).toBe(2);
  });

  it('WALLET-012 the withdrawal record lists the member’s own, newest first, paged, filtered by status; never the card number', async () => {
    const a = await readyPlayer(t, { balance: 1_000_000n, cardNumber: '4000111122223333' });
    const b = await readyPlayer(t, { balance: 1_000_000n });
    for (const amount of ['100', '200', '300']) await withdraw(t, a, { cardId: a.card.id, amount });
    await withdraw(t, b, { cardId: b.card.id, amount: '400' });
    const page1 = await as<Ok<Page>>(t, a, 'GET', '/api/cashier/withdrawals?pageSize=2');
    expect(page1.body.value).toMatchObject({ pageNum: 1, totalPages: 2, total: 3 });
    expect(page1.body.value.list.map((w) => w.amount)).toEqual(['300.00', '200.00']);
    const page2 = await as<Ok<Page>>(t, a, 'GET', '/api/cashier/withdrawals?pageSize=2&page=2');
    expect(page2.body.value.list.map((w) => w.amount)).toEqual(['100.00']);
    const paid = await as<Ok<Page>>(t, a, 'GET', '/api/cashier/withdrawals?status=paid');
    expect(paid.body.value.total).toBe(0);
    expect(paid.body.value.list).toEqual([]);
    expect((await as(t, a, 'GET', '/api/cashier/withdrawals?status=bogus')).status).toBe(400);
    const bList = await as<Ok<Page>>(t, b, 'GET', '/api/cashier/withdrawals');
    expect(bList.body.value.list.map((w) => w.amount)).toEqual(['400.00']);
    const raw = await t.app.inject({ method: 'GET', url: '/api/cashier/withdrawals', headers: a.headers });
    expect(raw.body).not.toContain('4000111122223333');
    expect(raw.body).not.toContain('v1:');
    await expectLedgerClean(t.ctx.db);
  });

  it('WALLET-012 the repository’s page without a member holds every member’s withdrawals of the merchant', async () => {
    const a = await readyPlayer(t, { balance: 100_000n });
    const b = await readyPlayer(t, { balance: 100_000n });
    const ids: string[] = [];
    for (const p of [a, b]) {
      const r = await withdraw(t, p, { cardId: p.card.id, amount: '100' });
      ids.push((r.body as Ok<Withdrawal>).value.id);
    }
    const merchantId = a.member.merchant_id;
    const { n } = await t.ctx.db
      .selectFrom('withdrawal')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('merchant_id', '=', merchantId)
      .executeTakeFirstOrThrow();
    const all = await withdrawalsRepository(t.ctx.db).page({ merchantId, page: 1, pageSize: 1000 });
    expect(all.total).toBe(Number(n));
    expect(all.list).toHaveLength(Number(n));
    expect(all.list.slice(0, 2).map((w) => w.id.toString())).toEqual([ids[1], ids[0]]);
  });
});
