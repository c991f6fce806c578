import { describe, expect, it } from 'vitest';
import { testDbKind } from '../../test-support/test-db';
import { lotteryEvents, pgLotteryBus, type LotteryEvent, type LotteryEvents } from './lottery.events';

const draw: LotteryEvent = {
  type: 'draw',
  gameCode: 'WINGO1',
  numero: '202606010481',
  result: '7',
  at: new Date('2026-06-01T08:01:00.000Z'),
};

const next = (events: LotteryEvents) =>
  new Promise<LotteryEvent>((resolve) => {
    const off = events.subscribe((e) => {
      off();
      resolve(e);
    });
  });

describe('lottery events between API processes', () => {
  it('a period event published by one process reaches the streams of every process', async () => {
    // Two processes: each has its own emitter (its streams) and, on PostgreSQL, its own bus.
    const localA = lotteryEvents();
    const localB = lotteryEvents();
    if (testDbKind !== 'postgres') {
      // PGlite serves one process: its jobs publish straight to that process's emitter.
      const heard = next(localA);
      localA.publish(draw);
      expect(await heard).toEqual(draw);
      return;
    }
    const url = process.env.TEST_DATABASE_URL!;
    const a = await pgLotteryBus({ url, local: localA });
    const b = await pgLotteryBus({ url, local: localB });
    try {
      const inB = next(localB);
      const inA = next(localA);
      a.publish(draw);
      expect(await inB).toEqual(draw);
      // The publisher's own streams hear it through the database too (once).
      expect(await inA).toEqual(draw);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
