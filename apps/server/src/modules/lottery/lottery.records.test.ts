import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../test-support/test-app';
import { bearer } from '../../test-support/members';
import { settlePeriod } from './lottery.settlement';
import { lotteryPlayer, useCheckedApp, wingo5Drawn } from './lottery.test-support';

// Lottery money in the member's own records: the account record (typed, filterable) and profit and loss.
let t: TestApp;
useCheckedApp((app) => {
  t = app;
});

type Ok<T> = { success: true; value: T };

describe('lottery in the account record and profit and loss', () => {
  it('WALLET-010 MINE-022 MINE-024 a lottery stake and win show as lottery types and count as bets and wins', async () => {
    const p = await lotteryPlayer(t, { funds: 100_000n });
    const id = await wingo5Drawn(t, [p], '3', 'big');
    await settlePeriod(t.ctx.db, id, t.clock.now());

    const record = await t.request<Ok<{ list: { type: string; amount: string; balanceAfter: string }[] }>>({
      method: 'GET',
      url: '/api/cashier/transactions',
      query: { types: 'lottery_bet,lottery_win', pageNo: '1', pageSize: '20' },
      headers: { ...bearer(p.token), merchant: 'panalo' },
    });
    expect(record.status).toBe(200);
    expect(record.body.value.list.map((r) => [r.type, r.amount, r.balanceAfter])).toEqual([
      ['lottery_win', '90.00', '1070.00'],
      ['lottery_bet', '-20.00', '980.00'],
    ]);

    const day = t.clock.now().toISOString().slice(0, 10);
    const pnl = await t.request<Ok<{ totals: Record<string, string> }>>({
      method: 'GET',
      url: '/api/cashier/profit-loss',
      query: { from: day, to: day },
      headers: { ...bearer(p.token), merchant: 'panalo' },
    });
    expect(pnl.status).toBe(200);
    expect(pnl.body.value.totals).toMatchObject({ bets: '20.00', wins: '90.00', profit: '70.00' });
  });
});
