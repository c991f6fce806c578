import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DepositOrder } from '@panalo/contract/cashier';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { expectLedgerClean } from '../../test-support/ledger';
import { startPaymentSimulator } from '../payments/payments.setup';
import type { PaySim } from '../payments/paysim/paysim.server';
import { createDeposit, newKey, player, type Created, type Err, type Ok } from './deposits.test-helpers';

type Options = {
  methods: { code: string; kind: string; min: string; max: string; bankAccounts: { id: string }[] }[];
  promotions: { code: string; percentBp: number; maxBonus: string; minDeposit: string }[];
};
type Page = { list: DepositOrder[]; pageNum: number; totalPages: number; total: number };

describe('deposits: options, create, records', () => {
  let t: TestApp;
  let sim: PaySim;
  let bankId: string;
  let luzonBankId: string;
  const counts = async () => {
    const n = async (table: 'deposit_order' | 'ledger_transfer' | 'idempotency_record') =>
      Number(
        (
          await t.ctx.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    return [await n('deposit_order'), await n('ledger_transfer'), await n('idempotency_record')];
  };

  beforeAll(async () => {
    t = await createTestApp();
    sim = await startPaymentSimulator(t.ctx.db, t.clock);
    const p = await player(t);
    const opts = await t.request<Ok<Options>>({
      method: 'GET',
      url: '/api/cashier/deposit/options',
      headers: p.headers,
    });
    bankId = opts.body.value.methods.find((m) => m.code === 'BANK')!.bankAccounts[0]!.id;
    const l = await player(t, 'luzon');
    const lo = await t.request<Ok<Options>>({
      method: 'GET',
      url: '/api/cashier/deposit/options',
      headers: { ...l.headers, host: 'luzon.localhost' },
    });
    luzonBankId = lo.body.value.methods.find((m) => m.code === 'BANK')!.bankAccounts[0]!.id;
  });
  afterAll(async () => {
    await sim.close();
    await t.close();
  });

  it('WALLET-011 deposit options list the methods with limits, bank accounts and the +3% promotion', async () => {
    const p = await player(t);
    const res = await t.request<Ok<Options>>({
      method: 'GET',
      url: '/api/cashier/deposit/options',
      headers: p.headers,
    });
    expect(res.status).toBe(200);
    const { methods, promotions } = res.body.value;
    expect(methods.map((m) => [m.code, m.kind, m.min, m.max])).toEqual([
      ['PAYSIM', 'gateway', '50.00', '20000.00'],
      ['BANK', 'bank_transfer', '100.00', '50000.00'],
    ]);
    expect(methods[0]!.bankAccounts).toEqual([]);
    expect(methods[1]!.bankAccounts).toHaveLength(2);
    // A new member: the +3% and the first-deposit bonus (issue 18: both promotions of the engine).
    expect(promotions).toEqual([
      expect.objectContaining({
        code: 'DEPOSIT3',
        percentBp: 300,
        maxBonus: '1000.00',
        minDeposit: '100.00',
        firstDeposit: false,
      }),
      expect.objectContaining({ code: 'FIRST-DEPOSIT-100', percentBp: 10_000, firstDeposit: true }),
    ]);
  });

  it('ROLE-011 a free-trial account cannot open the cashier (free_reject); a visitor gets not_logged_in', async () => {
    const trial = await player(t, 'panalo', 4);
    let res = await t.request<Err>({
      method: 'GET',
      url: '/api/cashier/deposit/options',
      headers: trial.headers,
    });
    expect([res.status, res.body.code]).toEqual([403, 'free_reject']);
    const create = await createDeposit(t, trial.headers, {
      methodCode: 'BANK',
      amount: '100',
      bankAccountId: bankId,
    });
    expect([create.status, create.body.code]).toEqual([403, 'free_reject']);
    res = await t.request<Err>({ method: 'GET', url: '/api/cashier/deposits' });
    expect([res.status, res.body.code]).toEqual([401, 'not_logged_in']);
  });

  it('WALLET-001 a bank transfer opens a pending order with its bonus computed, and nothing is credited yet', async () => {
    const p = await player(t);
    const res = await createDeposit(t, p.headers, {
      methodCode: 'BANK',
      amount: '500.00',
      bankAccountId: bankId,
      reference: 'BDO-778899',
      promotionCode: 'DEPOSIT3',
    });
    expect(res.status).toBe(200);
    expect(res.body.value.redirectUrl).toBeNull();
    expect(res.body.value.order).toMatchObject({
      methodCode: 'BANK',
      kind: 'bank_transfer',
      amount: '500.00',
      bonusAmount: '15.00',
      promotionCode: 'DEPOSIT3',
      status: 'pending',
      reference: 'BDO-778899',
      providerRef: null,
    });
    await expectLedgerClean(t.ctx.db);
  });

  it('WALLET-001 a gateway deposit opens a payment at the provider and answers its hosted page', async () => {
    const p = await player(t);
    const res = await createDeposit(t, p.headers, { methodCode: 'PAYSIM', amount: '250.50' });
    expect(res.status).toBe(200);
    const { order, redirectUrl } = res.body.value;
    expect(order).toMatchObject({
      kind: 'gateway',
      status: 'pending',
      amount: '250.50',
      bonusAmount: '0.00',
    });
    expect(order.providerRef).toMatch(/^ps_/);
    expect(redirectUrl).toBe(`${sim.url}/pay/${order.providerRef}`);
    const held = sim.payments.get(order.providerRef!)!;
    expect(held).toMatchObject({ amount: '250.50', merchant: 'panalo', orderId: order.id });
    expect(held.returnUrl).toBe('http://localhost/m/vouReport');
    expect(held.callbackUrl).toBe('http://localhost/api/payments/paysim/callback');
    const page = await fetch(redirectUrl!);
    const html = await page.text();
    expect(html).toContain('250.50');
    expect(html).toContain('>Pay</button>');
    expect(html).toContain('>Decline</button>');
  });

  it('the provider sends the member back to their own site, never to a forged Host', async () => {
    const l = await player(t, 'luzon');
    const luzon = await createDeposit(
      t,
      l.headers,
      { methodCode: 'PAYSIM', amount: '100' },
      newKey(),
      'luzon.localhost:8080',
    );
    const ref = luzon.body.value.order.providerRef!;
    expect(sim.payments.get(ref)!.returnUrl).toBe('http://luzon.localhost:8080/m/vouReport');
    const p = await player(t);
    const forged = await t.request<Created>({
      method: 'POST',
      url: '/api/cashier/deposits',
      headers: { ...p.headers, host: 'evil.example', merchant: 'panalo', 'idempotency-key': newKey() },
      payload: { methodCode: 'PAYSIM', amount: '100' },
    });
    const main = await t.ctx.db
      .selectFrom('merchant')
      .select('main_domain')
      .where('code', '=', 'panalo')
      .executeTakeFirstOrThrow();
    expect(sim.payments.get(forged.body.value.order.providerRef!)!.returnUrl).toBe(
      `http://${main.main_domain}/m/vouReport`,
    );
  });

  it('bonus is capped at maxBonus (3% of 50,000 is 1,500, the cap is 1,000)', async () => {
    const p = await player(t);
    const res = await createDeposit(t, p.headers, {
      methodCode: 'BANK',
      amount: '50000',
      bankAccountId: bankId,
      promotionCode: 'DEPOSIT3',
    });
    expect(res.body.value.order.bonusAmount).toBe('1000.00');
  });

  it('bad input is refused with a 4xx and writes nothing', async () => {
    const p = await player(t);
    const before = await counts();
    const cases: [Record<string, unknown>, number, string][] = [
      [{ methodCode: 'BANK', amount: '0', bankAccountId: bankId }, 400, 'deposit_amount_out_of_range'],
      [{ methodCode: 'BANK', amount: '-100', bankAccountId: bankId }, 400, 'validation_failed'],
      [{ methodCode: 'BANK', amount: '100.005', bankAccountId: bankId }, 400, 'validation_failed'],
      [{ methodCode: 'BANK', amount: 'NaN', bankAccountId: bankId }, 400, 'validation_failed'],
      [{ methodCode: 'BANK', amount: '1e3', bankAccountId: bankId }, 400, 'validation_failed'],
      [{ methodCode: 'BANK', amount: '100abc', bankAccountId: bankId }, 400, 'validation_failed'],
      [{ methodCode: 'BANK', amount: 100, bankAccountId: bankId }, 400, 'validation_failed'],
      [{ methodCode: 'BANK', amount: '99999999999999999', bankAccountId: bankId }, 400, 'validation_failed'],
      [
        { methodCode: 'BANK', amount: '9999999999999', bankAccountId: bankId },
        400,
        'deposit_amount_out_of_range',
      ],
      [{ methodCode: 'BANK', amount: '99.99', bankAccountId: bankId }, 400, 'deposit_amount_out_of_range'],
      [{ methodCode: 'PAYSIM', amount: '20000.01' }, 400, 'deposit_amount_out_of_range'],
      [{ methodCode: 'ALIPAY', amount: '100' }, 400, 'deposit_method_unavailable'],
      [{ methodCode: 'BANK', amount: '100' }, 400, 'deposit_bank_account_invalid'],
      [
        { methodCode: 'BANK', amount: '100', bankAccountId: luzonBankId },
        400,
        'deposit_bank_account_invalid',
      ],
      [{ methodCode: 'BANK', amount: '100', bankAccountId: '99999' }, 400, 'deposit_bank_account_invalid'],
      [
        { methodCode: 'BANK', amount: '100', bankAccountId: bankId, promotionCode: 'NOPE' },
        400,
        'promotion_invalid',
      ],
      [{ methodCode: 'PAYSIM', amount: '99.99', promotionCode: 'DEPOSIT3' }, 400, 'promotion_min_deposit'],
    ];
    for (const [body, status, code] of cases) {
      const res = await createDeposit(t, p.headers, body);
      expect([JSON.stringify(body), res.status, res.body.code]).toEqual([JSON.stringify(body), status, code]);
    }
    expect(await counts()).toEqual(before);
    await expectLedgerClean(t.ctx.db);
  });

  it('a deposit needs a valid Idempotency-Key header', async () => {
    const p = await player(t);
    for (const key of [null, 'short', 'has spaces in it', 'x'.repeat(81)]) {
      const res = await createDeposit(t, p.headers, { methodCode: 'PAYSIM', amount: '100' }, key);
      expect([res.status, res.body.code]).toEqual([400, 'idempotency_key_required']);
    }
  });

  it('a replay answers the first order; the same key with another body is 409 idempotency_conflict', async () => {
    const p = await player(t);
    const key = newKey();
    const body = { methodCode: 'PAYSIM', amount: '300' };
    const first = await createDeposit(t, p.headers, body, key);
    const again = await createDeposit(t, p.headers, body, key);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    const other = await createDeposit(t, p.headers, { ...body, amount: '301' }, key);
    expect([other.status, other.body.code]).toEqual([409, 'idempotency_conflict']);
    const list = await t.request<Ok<Page>>({
      method: 'GET',
      url: '/api/cashier/deposits',
      headers: p.headers,
    });
    expect(list.body.value.total).toBe(1);
    // Another member's use of the same key is their own request, not a conflict.
    const q = await player(t);
    const theirs = await createDeposit(t, q.headers, body, key);
    expect(theirs.status).toBe(200);
    expect(theirs.body.value.order.id).not.toBe(first.body.value.order.id);
  });

  it('WALLET-011 deposit records are paged newest first and filter by status', async () => {
    const p = await player(t);
    for (const amount of ['100', '200', '300']) {
      await createDeposit(t, p.headers, { methodCode: 'BANK', amount, bankAccountId: bankId });
    }
    await t.ctx.db
      .updateTable('deposit_order')
      .set({ status: 'rejected' })
      .where('member_id', '=', p.m.id)
      .where('amount', '=', 10_000n)
      .execute();
    const page1 = await t.request<Ok<Page>>({
      method: 'GET',
      url: '/api/cashier/deposits?pageSize=2',
      headers: p.headers,
    });
    expect(page1.body.value).toMatchObject({ pageNum: 1, totalPages: 2, total: 3 });
    expect(page1.body.value.list.map((o) => o.amount)).toEqual(['300.00', '200.00']);
    const rejected = await t.request<Ok<Page>>({
      method: 'GET',
      url: '/api/cashier/deposits?status=rejected',
      headers: p.headers,
    });
    expect(rejected.body.value.list.map((o) => o.amount)).toEqual(['100.00']);
    const bad = await t.request<Err>({
      method: 'GET',
      url: '/api/cashier/deposits?status=bogus',
      headers: p.headers,
    });
    expect(bad.status).toBe(400);
  });

  it('isolation: member B cannot read member A’s order (404), nor list it; another merchant cannot either', async () => {
    const a = await player(t);
    const b = await player(t);
    const made = await createDeposit(t, a.headers, {
      methodCode: 'BANK',
      amount: '150',
      bankAccountId: bankId,
    });
    const id = made.body.value.order.id;
    const own = await t.request<Ok<DepositOrder>>({
      method: 'GET',
      url: `/api/cashier/deposits/${id}`,
      headers: a.headers,
    });
    expect(own.body.value.id).toBe(id);
    const theirs = await t.request<Err>({
      method: 'GET',
      url: `/api/cashier/deposits/${id}`,
      headers: b.headers,
    });
    expect([theirs.status, theirs.body.code]).toEqual([404, 'deposit_not_found']);
    const list = await t.request<Ok<Page>>({
      method: 'GET',
      url: '/api/cashier/deposits',
      headers: b.headers,
    });
    expect(list.body.value.total).toBe(0);
    const l = await player(t, 'luzon');
    const cross = await t.request<Err>({
      method: 'GET',
      url: `/api/cashier/deposits/${id}`,
      headers: { ...l.headers, host: 'luzon.localhost' },
    });
    expect(cross.status).toBe(404);
    // A's token at luzon's site is unknown there.
    const foreign = await t.request<Err>({
      method: 'GET',
      url: `/api/cashier/deposits/${id}`,
      headers: { ...a.headers, host: 'luzon.localhost' },
    });
    expect(foreign.status).toBe(401);
  });

  it('the provider being down is a 503 and leaves no order', async () => {
    const p = await player(t);
    await sim.close();
    const before = await counts();
    const res = await createDeposit(t, p.headers, { methodCode: 'PAYSIM', amount: '100' });
    expect([res.status, res.body.code]).toEqual([503, 'payment_provider_unavailable']);
    const [orders, transfers] = await counts();
    expect([orders, transfers]).toEqual(before.slice(0, 2));
    // Back to the running simulator for the other tests.
    sim = await startPaymentSimulator(t.ctx.db, t.clock);
  });
});
