import { describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test-support/test-db';
import { lotteryBus, lotteryEvents, type LotteryEvent, type LotteryEvents } from './lottery.events';

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
  it('a period event published by one process reaches the streams of every process, through the database', async () => {
    // Two processes: each has its own emitter (its streams) and its own LISTEN on the same database.
    const handle = await openTestDatabase();
    const localA = lotteryEvents();
    const localB = lotteryEvents();
    const a = await lotteryBus({ db: handle.db, listen: handle.listen, local: localA });
    const b = await lotteryBus({ db: handle.db, listen: handle.listen, local: localB });
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
      await handle.close();
    }
  });
});
