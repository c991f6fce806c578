import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMBER_TYPE } from '@panalo/contract/member';
import type { OpsPromotionDetail, RewardItem } from '@panalo/contract/promotions';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { bearer, createMember, sessionFor } from '../../test-support/members';

type Ok<T> = { success: true; value: T };
type Err = { success: false; code: string; value?: Record<string, unknown> };

// Issue 18 item 7: the operator API for promotions and the VIP club's levels, so the back office can
// drive the engine. Audited; the reward must be the kind's; granted claims keep their terms.

const rebateBody = (code: string) => ({
  code,
  kind: 'rebate',
  category: 'rebate',
  texts: { EN: { title: 'Weekend rebate', terms: '<p>Back on slots</p><script>alert(1)</script>' } },
  period: 'daily',
  reward: { type: 'rebate', rates: { slots: ['0.50', '0.80'], live: ['0.30'] }, min: '1.00', max: '2000.00' },
  turnoverMultiplier: '1.0',
  budget: null,
  startsAt: '2026-06-01T00:00:00Z',
  endsAt: '2026-07-01T00:00:00Z',
  enabled: true,
  sort: 50,
});

describe('the promotions operator API', () => {
  let t: TestApp;
  let ops: string;
  beforeAll(async () => {
    t = await createTestApp();
    ops = await sessionFor(t, await createMember(t, { type: MEMBER_TYPE.OPERATOR }));
  });
  afterAll(async () => t.close());

  const call = <T>(method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, token = ops) =>
    t.request<Ok<T> | Err>({
      method,
      url: `/api${url}`,
      headers: bearer(token),
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });

  it('a promotion’s texts may name its own figures or another’s; an unknown figure is refused and nothing is written (#49 item 1)', async () => {
    const withTerms = (code: string, terms: string) => ({
      ...rebateBody(code),
      texts: { EN: { title: 'Figures', terms } },
    });
    for (const bad of ['{{promotion:NOPE.max}}', '{{promotion:FIG-BAD.percent}}']) {
      const r = await call('POST', '/ops/promotions', withTerms('FIG-BAD', `<p>${bad}</p>`));
      expect([r.status, (r.body as Err).code], bad).toEqual([400, 'content_unknown_figure']);
    }
    expect(
      await t.ctx.db.selectFrom('promotion').select('id').where('code', '=', 'FIG-BAD').executeTakeFirst(),
    ).toBeUndefined();
    const made = await call<OpsPromotionDetail>(
      'POST',
      '/ops/promotions',
      withTerms(
        'FIG-OK',
        '<p>{{promotion:FIG-OK.min}} to {{promotion:FIG-OK.max}}; see {{promotion:FIRST-DEPOSIT-100.max}}</p>',
      ),
    );
    expect(made.status, JSON.stringify(made.body)).toBe(200);
  });

  it('creates a rebate promotion with its rates per level; terms are sanitised; the code is unique; the reward must be the kind’s', async () => {
    const made = await call<OpsPromotionDetail>('POST', '/ops/promotions', rebateBody('WEEKEND-REBATE'));
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const p = (made.body as Ok<OpsPromotionDetail>).value;
    expect(p).toMatchObject({
      code: 'WEEKEND-REBATE',
      kind: 'rebate',
      reward: {
        type: 'rebate',
        rates: { slots: ['0.50', '0.80'], live: ['0.30'] },
        min: '1.00',
        max: '2000.00',
      },
      turnoverMultiplier: '1.0',
      budget: null,
      granted: '0.00',
    });
    expect(p.texts.EN!.terms).toBe('<p>Back on slots</p>');
    const again = await call('POST', '/ops/promotions', rebateBody('WEEKEND-REBATE'));
    expect([again.status, (again.body as Err).code]).toEqual([409, 'promotion_code_taken']);
    const budgeted = await call('POST', '/ops/promotions', { ...rebateBody('R2'), budget: '100.00' });
    expect([budgeted.status, (budgeted.body as Err).value?.field]).toEqual([400, 'budget']);
    const wrong = await call('POST', '/ops/promotions', {
      ...rebateBody('R3'),
      reward: { type: 'fixed', amount: '5.00' },
    });
    expect([wrong.status, (wrong.body as Err).value?.field]).toEqual([400, 'reward.type']);
    const steep = await call('POST', '/ops/promotions', {
      ...rebateBody('R4'),
      reward: { type: 'rebate', rates: { slots: ['12.00'] }, min: '1.00', max: '10.00' },
    });
    expect(steep.status).toBe(400);
    const backwards = await call('POST', '/ops/promotions', {
      ...rebateBody('R5'),
      endsAt: '2026-05-01T00:00:00Z',
    });
    expect(backwards.status).toBe(400);
    for (const bad of [
      { ...rebateBody('R6'), code: 'lower case' },
      { ...rebateBody('R7'), texts: {} },
      { ...rebateBody('R8'), sort: 'x' },
    ])
      expect((await call('POST', '/ops/promotions', bad)).status).toBe(400);
    const nul = await call('POST', '/ops/promotions', { ...rebateBody('R9'), category: 'a\u0000b' });
    expect(nul.status).toBe(400);
  });

  it('a random reward: each member granted gets a draw between the bounds (CSPRNG), kept on the claim and claimed as drawn', async () => {
    const body = {
      ...rebateBody('LUCKY'),
      kind: 'manual',
      category: 'gift',
      period: 'once',
      reward: { type: 'random', min: '1.00', max: '9.00' },
      texts: { EN: { title: 'Lucky gift', terms: '' } },
    };
    const backwards = await call('POST', '/ops/promotions', {
      ...body,
      code: 'LUCKY-X',
      reward: { type: 'random', min: '9.00', max: '1.00' },
    });
    expect([backwards.status, (backwards.body as Err).value?.field]).toEqual([400, 'reward.max']);
    const onRebate = await call('POST', '/ops/promotions', {
      ...rebateBody('LUCKY-Y'),
      reward: { type: 'random', min: '1.00', max: '9.00' },
    });
    expect([onRebate.status, (onRebate.body as Err).value?.field]).toEqual([400, 'reward.type']);
    const made = await call<OpsPromotionDetail>('POST', '/ops/promotions', body);
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const p = (made.body as Ok<OpsPromotionDetail>).value;
    expect(p.reward).toEqual({ type: 'random', min: '1.00', max: '9.00' });
    const members = await Promise.all(Array.from({ length: 20 }, () => createMember(t)));
    const granted = await call<{ granted: number }>('POST', `/ops/promotions/${p.id}/grants`, {
      usernames: members.map((m) => m.username),
    });
    expect((granted.body as Ok<{ granted: number }>).value.granted).toBe(20);
    const amounts = (
      await t.ctx.db
        .selectFrom('promotion_claim')
        .select('amount')
        .where('promotion_id', '=', BigInt(p.id))
        .execute()
    ).map((c) => c.amount);
    expect(amounts).toHaveLength(20);
    for (const a of amounts) expect(a >= 100n && a <= 900n).toBe(true);
    // 20 draws from 801 amounts all alike would be a broken draw (chance 801^-19).
    expect(new Set(amounts).size).toBeGreaterThan(1);
    const token = await sessionFor(t, members[0]!);
    const reward = (
      await t.request<Ok<{ issued: RewardItem[] }>>({
        method: 'GET',
        url: '/api/rewards?lang=EN',
        headers: bearer(token),
      })
    ).body.value.issued[0]!;
    const claimed = await t.request<Ok<RewardItem>>({
      method: 'POST',
      url: `/api/rewards/${reward.id}/claim`,
      headers: bearer(token),
    });
    expect(claimed.body.value).toMatchObject({ status: 'claimed', amount: reward.amount });
  });

  it('a claim window: a reward issued without its own days lapses after the promotion’s hours', async () => {
    const made = await call<OpsPromotionDetail>('POST', '/ops/promotions', {
      ...rebateBody('HURRY'),
      kind: 'manual',
      category: 'gift',
      period: 'once',
      reward: { type: 'fixed', amount: '5.00' },
      claimHours: 24,
      texts: { EN: { title: 'Hurry', terms: '' } },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const p = (made.body as Ok<OpsPromotionDetail>).value;
    expect(p.claimHours).toBe(24);
    const [early, late] = [await createMember(t), await createMember(t)];
    await call('POST', `/ops/promotions/${p.id}/grants`, { usernames: [early.username, late.username] });
    const rewardOf = async (token: string) =>
      (
        await t.request<Ok<{ issued: RewardItem[]; history: RewardItem[] }>>({
          method: 'GET',
          url: '/api/rewards?lang=EN',
          headers: bearer(token),
        })
      ).body.value;
    const [te, tl] = [await sessionFor(t, early), await sessionFor(t, late)];
    const first = (await rewardOf(te)).issued[0]!;
    expect(first.expiresAt).toBe(new Date(t.clock.now().getTime() + 24 * 3_600_000).toISOString());
    t.clock.advance(23 * 3_600_000);
    expect(
      (await t.request({ method: 'POST', url: `/api/rewards/${first.id}/claim`, headers: bearer(te) }))
        .status,
    ).toBe(200);
    t.clock.advance(2 * 3_600_000);
    const lapsed = (await rewardOf(tl)).history.find((r) => r.amount === '5.00')!;
    expect(lapsed.status).toBe('expired');
    const refused = await t.request<Err>({
      method: 'POST',
      url: `/api/rewards/${lapsed.id}/claim`,
      headers: bearer(tl),
    });
    expect([refused.status, refused.body.code]).toEqual([409, 'reward_not_claimable']);
    t.clock.set(new Date('2026-06-01T08:00:00Z'));
  });

  it('edits a promotion, audited before → after; a granted reward keeps its terms; the budget never goes below what was granted', async () => {
    const made = await call<OpsPromotionDetail>('POST', '/ops/promotions', {
      ...rebateBody('GIFT-1'),
      kind: 'manual',
      category: 'gift',
      period: 'once',
      reward: { type: 'fixed', amount: '10.00' },
      budget: '1000.00',
      texts: { EN: { title: 'Gift', terms: '' } },
    });
    const p = (made.body as Ok<OpsPromotionDetail>).value;
    const m = await createMember(t);
    await call('POST', `/ops/promotions/${p.id}/grants`, { usernames: [m.username], amount: '10.00' });
    const token = await sessionFor(t, m);
    const reward = (
      await t.request<Ok<{ issued: RewardItem[] }>>({
        method: 'GET',
        url: '/api/rewards?lang=EN',
        headers: bearer(token),
      })
    ).body.value.issued[0]!;
    expect(
      (await t.request({ method: 'POST', url: `/api/rewards/${reward.id}/claim`, headers: bearer(token) }))
        .status,
    ).toBe(200);
    const edit = {
      ...rebateBody('x'),
      category: 'gift',
      period: 'once',
      reward: { type: 'fixed', amount: '20.00' },
      budget: '1000.00',
    };
    const { code: _c, kind: _k, ...fields } = edit;
    const renamed = await call<OpsPromotionDetail>('PUT', `/ops/promotions/${p.id}`, {
      ...fields,
      texts: { EN: { title: 'Gift renamed', terms: '' } },
    });
    expect((renamed.body as Ok<OpsPromotionDetail>).value).toMatchObject({
      title: 'Gift renamed',
      reward: { type: 'fixed', amount: '20.00' },
    });
    const history = (
      await t.request<Ok<{ history: RewardItem[] }>>({
        method: 'GET',
        url: '/api/rewards?lang=EN',
        headers: bearer(token),
      })
    ).body.value.history;
    expect(history.find((r) => r.id === reward.id)?.title).toBe('Gift');
    const low = await call('PUT', `/ops/promotions/${p.id}`, {
      ...fields,
      texts: { EN: { title: 'Gift', terms: '' } },
      budget: '5.00',
    });
    expect([low.status, (low.body as Err).code]).toEqual([409, 'budget_below_granted']);
    const audited = await t.ctx.db
      .selectFrom('audit_log')
      .select(['action', 'details'])
      .where('target', '=', `promotion:${p.id}`)
      .orderBy('id')
      .execute();
    expect(audited.map((a) => a.action)).toEqual(['promotion.create', 'promotion.grant', 'promotion.update']);
    const details = audited[2]!.details as {
      before: { reward: unknown };
      after: { reward: unknown };
    };
    expect([details.before.reward, details.after.reward]).toEqual([
      { type: 'fixed', amount: '10.00' },
      { type: 'fixed', amount: '20.00' },
    ]);
  });

  it('sets the VIP club’s levels at once, in order and rising, with what keeps each and its monthly bonus; audited', async () => {
    const before = await call<{ levels: { level: number }[] }>('GET', '/ops/vip-levels');
    expect((before.body as Ok<{ levels: unknown[] }>).value.levels).toHaveLength(6);
    const level = (n: number, deposits: string, turnover: string, bonus: string) => ({
      level: n,
      names: { EN: `L${n}`, TY: `A${n}` },
      depositsRequired: deposits,
      turnoverRequired: turnover,
      levelUpBonus: bonus,
    });
    const keep = { retainDeposits: '200.00', retainTurnover: '1000.00', monthlyBonus: '5.00' };
    const none = { retainDeposits: '0.00', retainTurnover: '0.00', monthlyBonus: '0.00' };
    const set = await call<{ levels: unknown[] }>('PUT', '/ops/vip-levels', {
      levels: [
        level(0, '0', '0', '0'),
        { ...level(1, '500.00', '2000.00', '10.00'), ...keep },
        level(2, '5000.00', '20000.00', '50.00'),
      ],
    });
    expect(set.status).toBe(200);
    // What keeps a level through a month and its monthly bonus are the merchant's rules (absent: none).
    const noLimit = { withdrawDailyCount: null, withdrawDailyAmount: null };
    expect((set.body as Ok<{ levels: unknown[] }>).value.levels).toEqual([
      { ...level(0, '0.00', '0.00', '0.00'), ...none, ...noLimit },
      { ...level(1, '500.00', '2000.00', '10.00'), ...keep, ...noLimit },
      { ...level(2, '5000.00', '20000.00', '50.00'), ...none, ...noLimit },
    ]);
    // Withdrawal limits per level (migration 0053).
    const limited = await call<{ levels: unknown[] }>('PUT', '/ops/vip-levels', {
      levels: [
        { ...level(0, '0', '0', '0'), withdrawDailyCount: 3, withdrawDailyAmount: '20000.00' },
        level(1, '500.00', '2000.00', '10.00'),
      ],
    });
    expect((limited.body as Ok<{ levels: unknown[] }>).value.levels[0]).toMatchObject({
      withdrawDailyCount: 3,
      withdrawDailyAmount: '20000.00',
    });
    const keepZero = await call('PUT', '/ops/vip-levels', {
      levels: [{ ...level(0, '0', '0', '0'), retainDeposits: '1.00' }, level(1, '500.00', '2000.00', '1')],
    });
    expect(keepZero.status).toBe(400);
    const falling = await call('PUT', '/ops/vip-levels', {
      levels: [
        level(0, '0', '0', '0'),
        level(1, '500.00', '2000.00', '1'),
        level(2, '100.00', '20000.00', '1'),
      ],
    });
    expect(falling.status).toBe(400);
    const gap = await call('PUT', '/ops/vip-levels', {
      levels: [level(0, '0', '0', '0'), level(2, '500.00', '2000.00', '1')],
    });
    expect(gap.status).toBe(400);
    const audited = await t.ctx.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', '=', 'vip.levels')
      .execute();
    expect(audited).toHaveLength(2);
  });

  it('members cannot use it; another merchant’s promotion is not found', async () => {
    const member = await sessionFor(t, await createMember(t));
    expect((await call('POST', '/ops/promotions', rebateBody('M1'), member)).status).toBe(403);
    expect((await call('PUT', '/ops/vip-levels', { levels: [] }, member)).status).toBe(403);
    const luzonOps = await sessionFor(
      t,
      await createMember(t, { merchant: 'luzon', type: MEMBER_TYPE.OPERATOR }),
    );
    const mine = await call<OpsPromotionDetail[]>('GET', '/ops/promotions');
    const id = (mine.body as Ok<{ id: string }[]>).value[0]!.id;
    const other = await t.request<Err>({
      method: 'GET',
      url: `/api/ops/promotions/${id}`,
      headers: { merchant: 'luzon', ...bearer(luzonOps) },
    });
    expect([other.status, other.body.code]).toEqual([404, 'promotion_unknown']);
  });
});
