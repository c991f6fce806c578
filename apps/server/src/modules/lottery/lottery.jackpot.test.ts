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

  // lottery.settlement.ts (not edited here: being rewritten) shares the pool by stake among every bet that
  // hits six, play-money bets included: the real winner gets a third of the pool, the trial ticket two thirds
  // (in play money), and the rest of the real pool is written off as paid.
  it.todo(
    'a real winner alone on the real jackpot takes the whole pool, whatever trial tickets also hit six',
  );
});
