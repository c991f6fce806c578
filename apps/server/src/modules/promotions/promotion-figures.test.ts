import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Announcement } from '@panalo/contract/content';
import { bearer, createMember, createStaffMember, sessionFor } from '../../test-support/members';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { figureCodes, fillFigures, promotionFigures } from './promotion-figures';

// #49 item 1: a banner, notice or promotion text that names a promotion's figures takes them from the
// promotion each time it is served, so what a text promises is what the promotion pays.

describe('promotion figures in texts', () => {
  it('a promotion’s figures as people read them, by its reward', () => {
    const deposit = {
      reward: {
        type: 'deposit' as const,
        percentBp: 10_000,
        max: '200000',
        minDeposit: '10000',
        firstDeposit: true,
      },
      wagering_multiplier_tenths: 30,
    };
    expect(promotionFigures(deposit, 'PHP')).toEqual({
      percent: '100%',
      max: '₱2,000.00',
      minDeposit: '₱100.00',
      wagering: '3×',
    });
    expect(
      promotionFigures(
        { reward: { ...deposit.reward, percentBp: 250, max: '100000000' }, wagering_multiplier_tenths: 15 },
        'USD',
      ),
    ).toMatchObject({ percent: '2.5%', max: 'USD 1,000,000.00', wagering: '1.5×' }); // as the deposit form writes it
    expect(
      promotionFigures({ reward: { type: 'fixed', amount: '5000' }, wagering_multiplier_tenths: 10 }, 'PHP'),
    ).toEqual({ amount: '₱50.00', wagering: '1×' });
    expect(
      promotionFigures(
        { reward: { type: 'rebate', rates: {}, min: '100', max: '500000' }, wagering_multiplier_tenths: 10 },
        'PHP',
      ),
    ).toEqual({ min: '₱1.00', max: '₱5,000.00', wagering: '1×' });
  });

  it('fills each figure a text names; one its promotion lacks (or an unknown promotion) reads as nothing, never as the token', () => {
    const known = new Map([['WELCOME', { percent: '100%', max: '₱2,000.00' }]]);
    const text =
      '<p>{{promotion:WELCOME.percent}} up to {{ promotion:WELCOME.max }}{{promotion:WELCOME.amount}}{{promotion:GONE.max}}.</p>';
    expect(figureCodes(text)).toEqual(['WELCOME', 'GONE']);
    expect(fillFigures(text, known)).toBe('<p>100% up to ₱2,000.00.</p>');
    expect(fillFigures('no figures {{ here }}', known)).toBe('no figures {{ here }}');
  });
});

describe('texts served with their promotion’s figures', () => {
  let t: TestApp;
  let owner: string;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await sessionFor(t, await createStaffMember(t, 'owner'));
  });
  afterAll(() => t.close());

  const banners = async (merchant = 'panalo', group = 'm_home') =>
    (
      await t.request<{ value: Announcement[] }>({
        method: 'GET',
        url: `/api/content/announcements?types=B&groupName=${group}&platform=M&lang=EN`,
        headers: { merchant },
      })
    ).body.value;
  const ops = (method: 'POST' | 'PUT', url: string, payload: object) =>
    t.request<{ value?: unknown; code?: string }>({ method, url, headers: bearer(owner), payload });

  it('the welcome banner promises what FIRST-DEPOSIT-100 pays, and follows the promotion when it changes', async () => {
    const welcome = async (group = 'm_home') => (await banners('panalo', group))[0]!.content;
    expect(await welcome()).toBe('<p>100% first deposit bonus up to ₱2,000.00.</p>');
    expect(await welcome('m_reg')).toContain('a 100% bonus, up to ₱2,000.00');
    // The console's edit of the promotion writes its reward; the banner says the new cap at once.
    await sql`update promotion set reward = jsonb_set(reward, '{max}', '"500000"')
      where code = 'FIRST-DEPOSIT-100'`.execute(t.ctx.db);
    expect(await welcome()).toBe('<p>100% first deposit bonus up to ₱5,000.00.</p>');
    await sql`update promotion set reward = jsonb_set(reward, '{max}', '"200000"')
      where code = 'FIRST-DEPOSIT-100'`.execute(t.ctx.db);
    // A brand without the offer promises none.
    expect((await banners('luzon'))[0]!.content).not.toMatch(/bonus|\{\{/);
  });

  it('a promotion’s own terms state its figures (the activity list and its detail say the same)', async () => {
    const player = await sessionFor(t, await createMember(t));
    const list = await t.request<{ value: { title: string; terms: string }[] }>({
      method: 'GET',
      url: '/api/promotions?lang=EN',
      headers: bearer(player),
    });
    const first = list.body.value.find((p) => p.title === 'First deposit doubled')!;
    expect(first.terms).toContain('Your first deposit of ₱100.00 or more gets a 100% bonus, up to ₱2,000.00');
    expect(first.terms).toContain('wagered 3× before a withdrawal');
    expect(list.body.value.every((p) => !p.terms.includes('{{'))).toBe(true);
  });

  it('the console refuses a text naming a figure that does not exist, and saves one that does', async () => {
    const notice = (content: string) =>
      ops('POST', '/api/ops/content/announcements', {
        type: 'PL',
        groupName: 'm_home',
        texts: [{ lang: 'EN', title: 'Offer', content }],
        reason: 'Weekend offer',
      });
    for (const bad of ['{{promotion:NO-SUCH.max}}', '{{promotion:FIRST-DEPOSIT-100.amount}}']) {
      const r = await notice(`<p>${bad}</p>`);
      expect([r.status, r.body.code], bad).toEqual([400, 'content_unknown_figure']);
    }
    const ok = await notice('<p>Up to {{promotion:FIRST-DEPOSIT-100.max}}</p>');
    expect(ok.status).toBe(200);
    const served = await t.request<{ value: Announcement[] }>({
      method: 'GET',
      url: '/api/content/announcements?types=PL&groupName=m_home&lang=EN',
      headers: { merchant: 'panalo' },
    });
    expect(served.body.value.map((a) => a.content)).toContain('<p>Up to ₱2,000.00</p>');
  });
});
