import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrandInvoice, BrandSpan, BrandTerms } from '@panalo/contract/provider';
import type { LedgerAccountKind } from '../../db/schema';
import { bearer, createMember } from '../../test-support/members';
import { launchForm, providerSession } from '../../test-support/provider';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import type { MemberRow } from '../identity/members.repository';
import { ledgerAccount, memberWalletKey, postTransfer } from '../wallet/ledger';

type Answer<T = Record<string, unknown>> = { success: boolean; code?: string; value?: T };

describe('the brands’ figures, terms and invoices (issue 51 item 3)', () => {
  let t: TestApp;
  let owner: string;
  let finance: string;
  let support: string;
  let player: MemberRow;
  const form = launchForm({ name: 'Figures Bay' });
  // TEST_NOW is 2026-06-01 08:00 UTC: 16:00 in Manila, the brand's zone.
  const today = '2026-06-01';

  /** One transfer between the player's wallet and a brand account of `kind` (amount to the wallet). */
  const move = async (kind: string, other: LedgerAccountKind, amount: bigint) => {
    const wallet = await ledgerAccount(t.ctx.db, memberWalletKey(player.merchant_id, player.id, 'PHP'));
    const account = await ledgerAccount(t.ctx.db, {
      merchantId: player.merchant_id,
      book: 'real',
      kind: other,
      ...(other === 'payment_clearing' ? { ref: 'TEST' } : {}),
      currency: 'PHP',
    });
    await t.ctx.db.transaction().execute((trx) =>
      postTransfer(trx, {
        merchantId: player.merchant_id,
        book: 'real',
        kind,
        createdBy: 'system:test',
        at: t.clock.now(),
        legs: [
          { accountId: account, amount: -amount },
          { accountId: wallet, amount },
        ],
      }),
    );
  };

  beforeAll(async () => {
    t = await createTestApp();
    owner = (await providerSession(t, 'owner')).token;
    finance = (await providerSession(t, 'finance')).token;
    support = (await providerSession(t, 'support')).token;
    await t.request({ method: 'POST', url: '/api/provider/brands', headers: bearer(owner), payload: form });
    player = await createMember(t, { merchant: form.code });
    // The long way: what the player did today, transfer by transfer.
    await move('deposit', 'payment_clearing', 1_000_00n);
    await move('lottery_bet', 'house', -300_00n);
    await move('lottery_win', 'house', 100_00n);
    await move('promotion_bonus', 'promotion', 10_00n);
  });
  afterAll(() => t.close());

  const get = <T>(url: string, token = owner) =>
    t.request<Answer<T>>({ method: 'GET', url, headers: bearer(token) });

  it('each brand’s figures of the day are the play’s, by one definition (GGR = turnover − wins, NGR = GGR − bonuses …)', async () => {
    const r = await get<{ days: (BrandSpan & { day: string })[]; brands: BrandSpan[] }>(
      `/api/provider/figures?from=${today}&to=${today}&brand=${form.code}`,
      support,
    );
    expect(r.status).toBe(200);
    expect(r.body.value!.days).toHaveLength(1);
    expect(r.body.value!.days[0]).toMatchObject({
      brand: form.code,
      day: today,
      activePlayers: 1,
      deposits: '1000.00',
      turnover: '300.00',
      wins: '100.00',
      ggr: '200.00',
      ggrByProduct: { lottery: '200.00' },
      bonuses: '10.00',
      rebates: '0.00',
      commissions: '0.00',
      ngr: '190.00',
    });
    expect(r.body.value!.brands).toMatchObject([{ brand: form.code, name: 'Figures Bay', ngr: '190.00' }]);
    // Every brand without a filter; a brand of nothing is zeros, not missing.
    const all = await get<{ brands: BrandSpan[] }>(`/api/provider/figures?from=${today}&to=${today}`);
    expect(all.body.value!.brands.map((b) => b.brand)).toEqual(
      expect.arrayContaining(['panalo', 'luzon', form.code]),
    );
  });

  it('refuses a span over 92 days, a reversed span, year 0000 and an unknown brand', async () => {
    for (const [q, status] of [
      ['from=2026-01-01&to=2026-06-01', 400],
      ['from=2026-06-02&to=2026-06-01', 400],
      ['from=0000-02-29&to=0000-03-01', 400],
      [`from=${today}&to=${today}&brand=nowhere`, 404],
    ] as const) {
      expect((await get(`/api/provider/figures?${q}`)).status, q).toBe(status);
    }
  });

  it('terms are versioned from a start day, never before the current month; finance sets them, support only reads', async () => {
    const add = (body: object, token = finance) =>
      t.request<Answer<{ list: BrandTerms[] }>>({
        method: 'POST',
        url: `/api/provider/brands/${form.code}/terms`,
        headers: bearer(token),
        payload: body,
      });
    const june = {
      startsOn: '2026-06-01',
      defaultShare: '15',
      shares: { sports: '12.5' },
      minimumFee: '100.00',
      note: 'signed 2026-05-28',
    };
    expect((await add(june, support)).body.code).toBe('no_permission');
    expect((await add({ ...june, startsOn: '2026-05-31' })).body.code).toBe('terms_in_past');
    const ok = await add(june);
    expect(ok.status).toBe(200);
    expect(ok.body.value!.list[0]).toMatchObject({
      startsOn: '2026-06-01',
      minimumFee: '100.00',
      shares: { lottery: '15.00', sports: '12.50' },
    });
    expect((await add(june)).body.code).toBe('terms_start_taken');
    expect((await add({ ...june, startsOn: '2026-07-01', defaultShare: '101' })).status).toBe(400);
    expect((await add({ ...june, startsOn: '2026-07-01', minimumFee: '-1' })).status).toBe(400);
    const list = await get<{ list: BrandTerms[] }>(`/api/provider/brands/${form.code}/terms`, support);
    expect(list.body.value!.list).toHaveLength(1);
  });

  it('the month’s invoice bills the NGR under the terms, with the minimum fee when the share is less; the CSV says the same', async () => {
    const r = await get<{ list: BrandInvoice[] }>(
      `/api/provider/invoices?month=2026-06&brand=${form.code}`,
      finance,
    );
    expect(r.status).toBe(200);
    const [inv] = r.body.value!.list;
    // GGR 200.00 on lottery, less the 10.00 bonus no product carries: 190.00 at 15 % = 28.50 < 100.00.
    expect(inv).toMatchObject({
      brand: form.code,
      ngr: '190.00',
      lines: [
        {
          product: 'lottery',
          termsFrom: '2026-06-01',
          days: 30,
          ggr: '200.00',
          deductions: '10.00',
          ngr: '190.00',
          share: '15.00',
          fee: '28.50',
        },
      ],
      shareFees: '28.50',
      minimumFee: '100.00',
      due: '100.00',
      minimumApplied: true,
      daysWithoutTerms: 0,
    });
    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/provider/invoices.csv?month=2026-06',
      headers: bearer(finance),
    });
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.body).toContain(
      `${form.code},Figures Bay,2026-06,lottery,2026-06-01,30,200.00,10.00,190.00,15.00,28.50`,
    );
    expect(csv.body).toContain(`${form.code},Figures Bay,2026-06,total,,,,,190.00,,100.00`);
    expect((await get('/api/provider/invoices?month=2026-13')).status).toBe(400);
  });
});
