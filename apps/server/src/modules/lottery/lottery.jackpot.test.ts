import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameMenus } from '@panalo/contract/lottery';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { expectLedgerClean } from '../../test-support/ledger';
import { getGame } from './engine/registry';
import { periodAt } from './engine/schedule';
import { settlePeriod } from './lottery.settlement';
import {
  lotteryApi,
  lotteryPlayer,
  storeHandResult,
  value,
  type LotteryPlayer,
} from './lottery.test-support';

let t: TestApp;
let api: ReturnType<typeof lotteryApi>;
let real: LotteryPlayer;
let trial: LotteryPlayer;
const TICKET = '03,11,19,27,35,44';

beforeAll(async () => {
  t = await createTestApp();
  api = lotteryApi(t);
  real = await lotteryPlayer(t, { funds: 100_000n });
  trial = await lotteryPlayer(t, { type: 4, funds: 100_000n });
});
afterAll(async () => {
  await expectLedgerClean(t.ctx.db);
  await t.close();
});

describe('the jackpot is real money: play-money (trial) bets do not feed it (issue 6)', () => {
  const numero = () => periodAt(getGame('JACKPOT645'), t.clock.now()).numero;
  const ticket = (p: LotteryPlayer, amount: string) =>
    api.bet(p, {
      gameCode: 'JACKPOT645',
      numero: numero(),
      items: [{ betType: 'pick6', selection: TICKET, amount }],
    });

  it('the pool shown and the pool drawn count real stakes only', async () => {
    value(await ticket(real, '10.00'));
    value(await ticket(trial, '20.00'));
    // 30 % of 10.00 of real sales on top of the 5,000,000.00 seed; the trial's 20.00 adds nothing.
    const menus = value(await api.call<GameMenus>(null, 'GET', '/api/lottery/gameMenus?gameCode=JACKPOT645'));
    expect(menus.jackpot).toBe('5000003.00');
    const id = await storeHandResult(t, 'JACKPOT645', numero(), TICKET);
    const jp = await t.ctx.db
      .selectFrom('lottery_jackpot_period')
      .selectAll()
      .where('period_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(jp.sales).toBe(1_000n);
    expect(jp.pool).toBe(500_000_000n + 300n);
    await settlePeriod(t.ctx.db, id, t.clock.now());
  });

  it('a real winner alone on the real jackpot takes the whole pool, whatever trial tickets also hit six', async () => {
    t.clock.advance(86_400_000); // the next day's draw: the first test drew today's
    const realBefore = await api.wallet(real);
    const trialBefore = await api.wallet(trial);
    value(await ticket(real, '10.00'));
    value(await ticket(trial, '20.00'));
    const id = await storeHandResult(t, 'JACKPOT645', numero(), TICKET);
    const jp = await t.ctx.db
      .selectFrom('lottery_jackpot_period')
      .selectAll()
      .where('period_id', '=', id)
      .executeTakeFirstOrThrow();
    await settlePeriod(t.ctx.db, id, t.clock.now());
    const after = await t.ctx.db
      .selectFrom('lottery_jackpot_period')
      .selectAll()
      .where('period_id', '=', id)
      .executeTakeFirstOrThrow();
    // The real ticket takes the whole real pool; only that leaves the pool.
    expect(await api.wallet(real)).toBe(realBefore - 1_000n + jp.pool);
    expect(after.paid).toBe(jp.pool);
    // The trial ticket gets the same sum in play money, from the play book.
    expect(await api.wallet(trial)).toBe(trialBefore - 2_000n + jp.pool);
  });
});
