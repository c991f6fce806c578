import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DepositOrder } from '@panalo/contract/cashier';
import type { OpsPromotionDetail, RewardItem } from '@panalo/contract/promotions';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { expectLedgerClean } from '../../test-support/ledger';
import {
  createDeposit,
  newKey,
  operator,
  player,
  walletOf,
  type Err,
  type Ok,
} from '../deposits/deposits.test-helpers';
import { postForMember } from '../records/test-ledger';
import { wagering } from '../wallet/wagering';

// Issue 18 items 2 and 4: the deposit bonus is a promotion of the engine (the +3% on every deposit, a
// first-deposit bonus once), and a member may give up open bonuses to withdraw their own money.

type Options = { promotions: { code: string; firstDeposit: boolean; name: string }[] };

describe('deposit bonuses on the promotion engine', () => {
  let t: TestApp;
  let bankId: string;
  let panaloId: number;
  let ops: Awaited<ReturnType<typeof operator>>;
  beforeAll(async () => {
    t = await createTestApp();
    const bank = await t.ctx.db
      .selectFrom('merchant_bank_account as b')
      .innerJoin('merchant as m', 'm.id', 'b.merchant_id')
      .select(['b.id', 'm.id as merchantId'])
      .where('m.code', '=', 'panalo')
      .orderBy('b.id')
      .executeTakeFirstOrThrow();
    bankId = String(bank.id);
    panaloId = bank.merchantId;
    ops = await operator(t);
  });
  afterAll(async () => {
    await expectLedgerClean(t.ctx.db);
    await t.close();
  });

  const options = async (headers: Record<string, string>, lang = 'EN') =>
    (
      await t.request<Ok<Options>>({
        method: 'GET',
        url: `/api/cashier/deposit/options?lang=${lang}`,
        headers,
      })
    ).body.value.promotions;
  const bankDeposit = async (headers: Record<string, string>, amount: string, promotionCode?: string) => {
    const res = await createDeposit(t, headers, {
      methodCode: 'BANK',
      amount,
      bankAccountId: bankId,
      reference: 'REF-1',
      ...(promotionCode ? { promotionCode } : {}),
    });
    return res;
  };
  const approve = async (id: string) => {
    const res = await t.request<Ok<DepositOrder>>({
      method: 'POST',
      url: `/api/ops/deposits/${id}/approve`,
      headers: { ...ops.headers, 'idempotency-key': newKey() },
      payload: {},
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.value;
  };
  const orderOf = (res: Awaited<ReturnType<typeof bankDeposit>>) => {
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.value.order;
  };

  it('WALLET-011 a new member doubles the first deposit once: credited with the deposit, the bonus a claim of the engine and the turnover of both × 3', async () => {
    const p = await player(t);
    expect((await options(p.headers)).map((o) => [o.code, o.firstDeposit, o.name])).toEqual([
      ['DEPOSIT3', false, '+3% on every deposit'],
      ['FIRST-DEPOSIT-100', true, 'First deposit doubled'],
    ]);
    // The names in the member's language.
    expect((await options(p.headers, 'TY')).map((o) => o.name)).toContain('Dobleng unang deposito');
    const order = orderOf(await bankDeposit(p.headers, '500', 'FIRST-DEPOSIT-100'));
    expect(order.bonusAmount).toBe('500.00');
    expect(await walletOf(t, panaloId, p.m.id)).toBe(0n);
    const paid = await approve(order.id);
    expect(paid).toMatchObject({ status: 'paid', bonusAmount: '500.00' });
    expect(await walletOf(t, panaloId, p.m.id)).toBe(100_000n);
    expect(await wagering.status(t.ctx.db, panaloId, p.m.id)).toEqual({
      required: 300_000n,
      done: 0n,
      remaining: 300_000n,
    });
    const rewards = await t.request<Ok<{ issued: RewardItem[]; history: RewardItem[] }>>({
      method: 'GET',
      url: '/api/rewards?lang=EN',
      headers: p.headers,
    });
    expect(rewards.body.value.history).toEqual([
      expect.objectContaining({ title: 'First deposit doubled', status: 'claimed', amount: '500.00' }),
    ]);
    // Once: no longer offered, and refused when asked for.
    expect((await options(p.headers)).map((o) => o.code)).toEqual(['DEPOSIT3']);
    const again = await bankDeposit(p.headers, '500', 'FIRST-DEPOSIT-100');
    expect([again.status, (again.body as unknown as Err).code]).toEqual([400, 'promotion_invalid']);
  });

  it('two orders opened with the first-deposit bonus before either is paid: the first paid gets it, the other is credited without', async () => {
    const p = await player(t);
    const a = orderOf(await bankDeposit(p.headers, '200', 'FIRST-DEPOSIT-100'));
    const b = orderOf(await bankDeposit(p.headers, '300', 'FIRST-DEPOSIT-100'));
    expect([a.bonusAmount, b.bonusAmount]).toEqual(['200.00', '300.00']);
    expect((await approve(b.id)).bonusAmount).toBe('300.00');
    // Not the first deposit any more: credited, told it carries no bonus, no turnover of its own.
    expect((await approve(a.id)).bonusAmount).toBe('0.00');
    expect(await walletOf(t, panaloId, p.m.id)).toBe(20_000n + 30_000n + 30_000n);
    expect((await wagering.status(t.ctx.db, panaloId, p.m.id)).required).toBe(
      ((30_000n + 30_000n) * 30n) / 10n,
    );
    await expectLedgerClean(t.ctx.db);
  });

  it('one bonus per person: a first deposit from an account linked to one that had the bonus is held for review, approved into the reward centre', async () => {
    const first = await player(t);
    const second = await player(t);
    // Registered from the same address: member_links ties them.
    await t.ctx.db
      .updateTable('member')
      .set({ register_ip: '203.0.113.77' })
      .where('id', 'in', [first.m.id, second.m.id])
      .execute();
    await approve(orderOf(await bankDeposit(first.headers, '500', 'FIRST-DEPOSIT-100')).id);
    expect(await walletOf(t, panaloId, first.m.id)).toBe(100_000n);
    const order = orderOf(await bankDeposit(second.headers, '400', 'FIRST-DEPOSIT-100'));
    // The deposit is credited; its bonus is not paid with it.
    expect((await approve(order.id)).bonusAmount).toBe('0.00');
    expect(await walletOf(t, panaloId, second.m.id)).toBe(40_000n);
    expect((await wagering.status(t.ctx.db, panaloId, second.m.id)).required).toBe(0n);
    const queue = await t.request<
      Ok<{
        list: {
          id: string;
          username: string;
          amount: string;
          linked: { username: string; via: string[] }[];
        }[];
      }>
    >({ method: 'GET', url: '/api/ops/promotions/applications?status=applying', headers: ops.headers });
    const held = queue.body.value.list.find((a) => a.username === second.m.username);
    expect(held).toMatchObject({
      amount: '400.00',
      linked: [{ username: first.m.username, via: ['address'] }],
    });
    const reviewed = await t.request({
      method: 'POST',
      url: `/api/ops/promotions/applications/${held!.id}/review`,
      headers: ops.headers,
      payload: { approve: true },
    });
    expect(reviewed.status).toBe(200);
    const claimed = await t.request<Ok<RewardItem>>({
      method: 'POST',
      url: `/api/rewards/${held!.id}/claim`,
      headers: second.headers,
    });
    expect(claimed.body.value).toMatchObject({ status: 'claimed', amount: '400.00' });
    expect(await walletOf(t, panaloId, second.m.id)).toBe(80_000n);
  });

  it('a deposit bonus by a tier table: the options list the tiers, each deposit gets the tier it reaches', async () => {
    const body = {
      code: 'TIERS',
      kind: 'deposit',
      category: 'deposit',
      texts: { EN: { title: 'Bigger deposit, bigger bonus', terms: '' } },
      period: 'every',
      reward: {
        type: 'deposit',
        percent: '0',
        tiers: [
          { from: '2000.00', amount: '300.00' },
          { from: '500.00', amount: '50.00' },
        ],
        max: '300.00',
        minDeposit: '500.00',
        firstDeposit: false,
      },
      turnoverMultiplier: '1.0',
      budget: null,
      startsAt: '2026-05-01T00:00:00Z',
      endsAt: null,
      enabled: true,
      sort: 11,
    };
    const create = (payload: unknown) =>
      t.request<Ok<OpsPromotionDetail> | Err>({
        method: 'POST',
        url: '/api/ops/promotions',
        headers: ops.headers,
        payload: payload as Record<string, unknown>,
      });
    const both = await create({ ...body, code: 'TIERS-X', reward: { ...body.reward, percent: '5' } });
    expect([both.status, (both.body as Err).value?.field]).toEqual([400, 'reward.percent']);
    const lower = await create({
      ...body,
      code: 'TIERS-Y',
      reward: { ...body.reward, tiers: [{ from: '100.00', amount: '5.00' }] },
    });
    expect([lower.status, (lower.body as Err).value?.field]).toEqual([400, 'reward.tiers']);
    const made = await create(body);
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    // Stored in order, lowest tier first.
    expect((made.body as Ok<OpsPromotionDetail>).value.reward).toMatchObject({
      tiers: [
        { from: '500.00', amount: '50.00' },
        { from: '2000.00', amount: '300.00' },
      ],
    });
    const p = await player(t);
    const offered = (await options(p.headers)).find((o) => o.code === 'TIERS') as unknown as {
      percentBp: number;
      tiers: { from: string; amount: string }[];
    };
    expect(offered).toMatchObject({ percentBp: 0, tiers: [{ from: '500.00' }, { from: '2000.00' }] });
    const small = orderOf(await bankDeposit(p.headers, '1999.99', 'TIERS'));
    const big = orderOf(await bankDeposit(p.headers, '2000', 'TIERS'));
    expect([small.bonusAmount, big.bonusAmount]).toEqual(['50.00', '300.00']);
    expect((await approve(small.id)).bonusAmount).toBe('50.00');
    expect((await approve(big.id)).bonusAmount).toBe('300.00');
  });

  it('an operator’s deposit promotion: its budget caps the last bonus, the multiplier accepted with the order holds after an edit, and periods are checked', async () => {
    const body = {
      code: 'RELOAD-10',
      kind: 'deposit',
      category: 'deposit',
      texts: { EN: { title: 'Reload 10%', terms: '<p>10% on a deposit, once a day</p>' } },
      period: 'daily',
      reward: { type: 'deposit', percent: '10', max: '500.00', minDeposit: '100.00', firstDeposit: false },
      turnoverMultiplier: '2.0',
      budget: '150.00',
      startsAt: '2026-05-01T00:00:00Z',
      endsAt: null,
      enabled: true,
      sort: 10,
    };
    const call = (method: 'POST' | 'PUT', url: string, payload: unknown) =>
      t.request<Ok<OpsPromotionDetail> | Err>({
        method,
        url: `/api${url}`,
        headers: ops.headers,
        payload: payload as Record<string, unknown>,
      });
    const every = await call('POST', '/ops/promotions', {
      ...body,
      code: 'X1',
      kind: 'manual',
      period: 'every',
      reward: { type: 'fixed', amount: '1.00' },
    });
    expect([every.status, (every.body as Err).value?.field]).toEqual([400, 'period']);
    const firstDaily = await call('POST', '/ops/promotions', {
      ...body,
      code: 'X2',
      reward: { ...body.reward, firstDeposit: true },
    });
    expect([firstDaily.status, (firstDaily.body as Err).value?.field]).toEqual([400, 'period']);
    const steep = await call('POST', '/ops/promotions', {
      ...body,
      code: 'X3',
      reward: { ...body.reward, percent: '150' },
    });
    expect([steep.status, (steep.body as Err).value?.field]).toEqual([400, 'reward.percent']);
    const made = await call('POST', '/ops/promotions', body);
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const promo = (made.body as Ok<OpsPromotionDetail>).value;
    expect(promo.reward).toEqual({ ...body.reward, percent: '10.00' });

    const p1 = await player(t);
    const p2 = await player(t);
    const o1 = orderOf(await bankDeposit(p1.headers, '1000', 'RELOAD-10'));
    const o2 = orderOf(await bankDeposit(p2.headers, '1000', 'RELOAD-10'));
    // The operator raises the multiplier after both orders were opened: they keep ×2.
    const { id: _id, code: _code, kind: _kind, granted: _granted, title: _title, ...rest } = promo;
    const edited = await call('PUT', `/ops/promotions/${promo.id}`, { ...rest, turnoverMultiplier: '5.0' });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect((await approve(o1.id)).bonusAmount).toBe('100.00');
    // ₱50 left of the ₱150 budget: the second bonus is what is left.
    expect((await approve(o2.id)).bonusAmount).toBe('50.00');
    expect((await wagering.status(t.ctx.db, panaloId, p1.m.id)).required).toBe(
      ((100_000n + 10_000n) * 20n) / 10n,
    );
    const after = await t.ctx.db
      .selectFrom('promotion')
      .select(['granted', 'budget'])
      .where('id', '=', BigInt(promo.id))
      .executeTakeFirstOrThrow();
    expect(after).toEqual({ granted: 15_000n, budget: 15_000n });
    // The budget used up: no longer offered.
    expect((await options(p1.headers)).map((o) => o.code)).not.toContain('RELOAD-10');
  });

  const createPromotion = async (
    code: string,
    reward: Record<string, unknown>,
    more: Record<string, unknown>,
  ) => {
    const made = await t.request<Ok<OpsPromotionDetail>>({
      method: 'POST',
      url: '/api/ops/promotions',
      headers: ops.headers,
      payload: {
        code,
        kind: 'deposit',
        category: 'deposit',
        texts: { EN: { title: code, terms: '' } },
        period: 'daily',
        reward: { type: 'deposit', minDeposit: '100.00', firstDeposit: false, ...reward },
        turnoverMultiplier: '1.0',
        budget: null,
        startsAt: '2026-05-01T00:00:00Z',
        endsAt: null,
        enabled: true,
        sort: 20,
        ...more,
      },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    return BigInt(made.body.value.id);
  };
  const claimsOf = (memberId: bigint, promotionId: bigint) =>
    t.ctx.db
      .selectFrom('promotion_claim')
      .select(['id', 'status', 'amount', 'period_key'])
      .where('member_id', '=', memberId)
      .where('promotion_id', '=', promotionId)
      .orderBy('id')
      .execute();

  it('WALLET-011 a first-deposit bonus on an order opened before another deposit of the member was paid: the order is credited without it, and no claim is written', async () => {
    const p = await player(t);
    const first = orderOf(await bankDeposit(p.headers, '300', 'FIRST-DEPOSIT-100'));
    expect(first.bonusAmount).toBe('300.00');
    await approve(orderOf(await bankDeposit(p.headers, '100')).id);
    expect((await approve(first.id)).bonusAmount).toBe('0.00');
    expect(await walletOf(t, panaloId, p.m.id)).toBe(40_000n);
    const promotion = await t.ctx.db
      .selectFrom('promotion')
      .select('id')
      .where('merchant_id', '=', panaloId)
      .where('code', '=', 'FIRST-DEPOSIT-100')
      .executeTakeFirstOrThrow();
    expect(await claimsOf(p.m.id, promotion.id)).toEqual([]);
  });

  it('a daily deposit bonus: its day is the merchant’s (Asia/Manila), paid with a mail to the member and the deposit’s own turnover requirement', async () => {
    const id = await createPromotion('DAILY-5', { percent: '5', max: '500.00' }, {});
    const before = await t.ctx.db
      .selectFrom('merchant')
      .select('settings')
      .where('id', '=', panaloId)
      .executeTakeFirstOrThrow();
    const now = t.clock.now();
    await t.ctx.db
      .updateTable('merchant')
      .set({ settings: JSON.stringify({ ...before.settings, timeZone: 'Asia/Manila' }) })
      .where('id', '=', panaloId)
      .execute();
    // 17:00 UTC on 1 June is 01:00 on 2 June in Manila.
    t.clock.set(new Date('2026-06-01T17:00:00Z'));
    t.ctx.merchants.clearCache();
    try {
      const p = await player(t);
      const order = orderOf(await bankDeposit(p.headers, '1000', 'DAILY-5'));
      expect((await approve(order.id)).bonusAmount).toBe('50.00');
      expect(await claimsOf(p.m.id, id)).toEqual([
        expect.objectContaining({ status: 'claimed', amount: 5_000n, period_key: '2026-06-02' }),
      ]);
      const mails = await t.ctx.db
        .selectFrom('mail_recipient as r')
        .innerJoin('mail as m', 'm.id', 'r.mail_id')
        .select(['m.template', 'm.params'])
        .where('r.member_id', '=', p.m.id)
        .orderBy('m.id')
        .execute();
      expect(mails).toEqual([
        { template: 'deposit_credited', params: { amount: '1000.00' } },
        { template: 'bonus_issued', params: { amount: '50.00', promotion: 'DAILY-5' } },
      ]);
      const required = await t.ctx.db
        .selectFrom('wagering_requirement')
        .select(['source', 'source_ref', 'required'])
        .where('member_id', '=', p.m.id)
        .orderBy('source')
        .execute();
      expect(required).toEqual([
        { source: 'deposit', source_ref: order.id, required: 100_000n },
        { source: 'promotion', source_ref: expect.any(String), required: 5_000n },
      ]);
    } finally {
      t.clock.set(now);
      await t.ctx.db
        .updateTable('merchant')
        .set({ settings: JSON.stringify(before.settings) })
        .where('id', '=', panaloId)
        .execute();
      t.ctx.merchants.clearCache();
    }
  });

  it('a daily bonus above its review ceiling waits for review; a second order of the same day finds the day taken: both deposits credited, one application', async () => {
    const id = await createPromotion(
      'DAILY-REVIEW',
      { percent: '10', max: '500.00' },
      { reviewAbove: '10.00' },
    );
    const p = await player(t);
    const a = orderOf(await bankDeposit(p.headers, '1000', 'DAILY-REVIEW'));
    const b = orderOf(await bankDeposit(p.headers, '1000', 'DAILY-REVIEW'));
    expect([a.bonusAmount, b.bonusAmount]).toEqual(['100.00', '100.00']);
    expect((await approve(a.id)).bonusAmount).toBe('0.00');
    expect((await approve(b.id)).bonusAmount).toBe('0.00');
    expect(await walletOf(t, panaloId, p.m.id)).toBe(200_000n);
    const claims = await claimsOf(p.m.id, id);
    expect(claims).toEqual([expect.objectContaining({ status: 'applying', amount: 10_000n })]);
    const applications = await t.ctx.db
      .selectFrom('promotion_application')
      .select('comment')
      .where('claim_id', '=', claims[0]!.id)
      .execute();
    expect(applications).toEqual([{ comment: '' }]);
  });

  describe('giving up bonuses to withdraw (issue 18 item 4)', () => {
    const forfeit = (headers: Record<string, string>, loginPassword: string, key = newKey()) =>
      t.request<Ok<{ forfeited: string }> | Err>({
        method: 'POST',
        url: '/api/cashier/turnover/forfeit',
        headers: { ...headers, 'idempotency-key': key },
        payload: { loginPassword },
      });

    it('the bonus and its share of the winnings go back; the deposit and what it won stay, and the withdrawal is no longer held', async () => {
      const p = await player(t);
      const order = orderOf(await bankDeposit(p.headers, '1000', 'DEPOSIT3'));
      await approve(order.id);
      expect(await walletOf(t, panaloId, p.m.id)).toBe(103_000n);
      // Plays: stakes ₱200, wins ₱500 (net +₱300 while the bonus is open): ₱30 of the ₱1,030 played was
      // the bonus, so ₱300 × 30 / 1,030 = ₱8.73 of the winnings are the bonus's.
      const at = t.clock.now();
      await postForMember(t.ctx.db, {
        merchantId: panaloId,
        memberId: p.m.id,
        kind: 'bet',
        amount: -20_000n,
        at,
      });
      await postForMember(t.ctx.db, {
        merchantId: panaloId,
        memberId: p.m.id,
        kind: 'win',
        amount: 50_000n,
        at,
      });
      expect(await walletOf(t, panaloId, p.m.id)).toBe(133_000n);

      const wrong = await forfeit(p.headers, 'not-my-password');
      expect([wrong.status, (wrong.body as Err).code]).toEqual([400, 'login_password_wrong']);
      expect(await walletOf(t, panaloId, p.m.id)).toBe(133_000n);

      const key = newKey();
      const done = await forfeit(p.headers, p.m.password, key);
      expect(done.status, JSON.stringify(done.body)).toBe(200);
      expect((done.body as Ok<{ forfeited: string }>).value).toEqual({ forfeited: '38.73' });
      expect(await walletOf(t, panaloId, p.m.id)).toBe(133_000n - 3_873n);
      expect((await wagering.status(t.ctx.db, panaloId, p.m.id)).remaining).toBe(0n);
      const claim = await t.ctx.db
        .selectFrom('promotion_claim')
        .select('status')
        .where('member_id', '=', p.m.id)
        .executeTakeFirstOrThrow();
      expect(claim.status).toBe('forfeited');
      // The same key answers the same, and nothing moves again; a new key finds nothing open.
      const replay = await forfeit(p.headers, p.m.password, key);
      expect(replay.body).toEqual(done.body);
      expect(await walletOf(t, panaloId, p.m.id)).toBe(133_000n - 3_873n);
      const none = await forfeit(p.headers, p.m.password);
      expect([none.status, (none.body as Err).code]).toEqual([409, 'nothing_to_forfeit']);
      const audit = await t.ctx.db
        .selectFrom('audit_log')
        .select('details')
        .where('action', '=', 'promotion.forfeit')
        .where('target', '=', `member:${p.m.id}`)
        .execute();
      expect(audit.map((a) => a.details)).toEqual([{ forfeited: '38.73' }]);
      await expectLedgerClean(t.ctx.db);
    });

    it('after losing, only what is left of the bonus goes back', async () => {
      const p = await player(t);
      const order = orderOf(await bankDeposit(p.headers, '1000', 'DEPOSIT3'));
      await approve(order.id);
      await postForMember(t.ctx.db, {
        merchantId: panaloId,
        memberId: p.m.id,
        kind: 'bet',
        amount: -102_000n,
        at: t.clock.now(),
      });
      const done = await forfeit(p.headers, p.m.password);
      expect((done.body as Ok<{ forfeited: string }>).value).toEqual({ forfeited: '10.00' });
      expect(await walletOf(t, panaloId, p.m.id)).toBe(0n);
      await expectLedgerClean(t.ctx.db);
    });
  });
});
