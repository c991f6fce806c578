import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { type TestApp } from '../../test-support/test-app';
import { databaseUrl, testDbKind } from '../../test-support/test-db';
import { settlePeriod } from './lottery.settlement';
import { lotteryApi, lotteryPlayer, useCheckedApp, wingo5Drawn } from './lottery.test-support';

// A real kill: another OS process settles a period on the same PostgreSQL database and is SIGKILLed
// half-way (every bet decided, no money moved). PGlite is one process's memory: nothing to kill there.
const here = path.dirname(fileURLToPath(import.meta.url));

describe.skipIf(testDbKind !== 'postgres')('lottery settlement survives a killed server', () => {
  let t: TestApp;
  useCheckedApp((app) => {
    t = app;
  });

  it('a server killed during settlement leaves nothing half-done; the restarted one settles every bet once', async () => {
    const api = lotteryApi(t);
    const players = await Promise.all([1, 2, 3].map(() => lotteryPlayer(t, { funds: 100_000n })));
    const id = await wingo5Drawn(t, players, '4', 'small');
    const name = (await sql<{ db: string }>`select current_database() as db`.execute(t.ctx.db)).rows[0]!.db;
    const url = databaseUrl(process.env.TEST_DATABASE_URL!, name);

    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        path.join(here, 'settle-and-die.fixture.ts'),
        url,
        id.toString(),
        t.clock.now().toISOString(),
      ],
      { stdio: 'inherit' },
    );
    const signal = await new Promise<NodeJS.Signals | null>((resolve) =>
      child.on('exit', (_c, s) => resolve(s)),
    );
    expect(signal).toBe('SIGKILL');

    // The killed transaction is rolled back by the server: the period is still drawn, no bet decided.
    const state = async () =>
      (
        await t.ctx.db
          .selectFrom('lottery_period')
          .select('state')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).state;
    await expect.poll(state, { timeout: 10_000 }).toBe('drawn');
    const open = await t.ctx.db
      .selectFrom('lottery_bet')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('period_id', '=', id)
      .where('status', '=', 'accepted')
      .executeTakeFirstOrThrow();
    expect(Number(open.n)).toBe(6);
    for (const p of players) expect(await api.wallet(p)).toBe(98_000n);

    // The restarted server settles it, once; a second run finds nothing to do.
    const first = await settlePeriod(t.ctx.db, id, t.clock.now());
    expect(first).toMatchObject({ settled: true, bets: 6, transfers: 3 });
    expect((await settlePeriod(t.ctx.db, id, t.clock.now())).settled).toBe(false);
    // number 4 pays 9x (90.00), size small 1.96x (19.60): 98_000 + 9_000 + 1_960 each.
    for (const p of players) expect(await api.wallet(p)).toBe(108_960n);
  });
});
