import { EventEmitter } from 'node:events';
import { sql } from 'kysely';
import type { LotteryStreamEvent } from '@panalo/contract/lottery';
import type { Database, Listen } from '../../db/database';

export type LotteryEvent = Omit<LotteryStreamEvent, 'at'> & { at: Date };

/** Period events (open, lock, draw, settle, cancel) for the stream route: one emitter per process. */
export interface LotteryEvents {
  publish(e: LotteryEvent): void;
  subscribe(fn: (e: LotteryEvent) => void): () => void;
}

export function lotteryEvents(): LotteryEvents {
  const emitter = new EventEmitter();
  // One listener per open stream; a busy lobby may hold many.
  emitter.setMaxListeners(0);
  return {
    publish: (e) => void emitter.emit('event', e),
    subscribe(fn) {
      emitter.on('event', fn);
      return () => void emitter.off('event', fn);
    },
  };
}

/** The process's emitter: jobs publish, stream routes subscribe. */
export const processLotteryEvents = lotteryEvents();

/** The NOTIFY channel that carries period events between API processes. */
export const LOTTERY_CHANNEL = 'lottery_events';

export interface LotteryBus extends LotteryEvents {
  close(): Promise<void>;
}

/**
 * Period events across processes (PostgreSQL): publish sends NOTIFY on LOTTERY_CHANNEL through the pool;
 * every process listens on the database handle's LISTEN connection (the one live updates use, reopened
 * after a drop) and re-emits what arrives into its `local` emitter, which its streams subscribe to. So a
 * draw run by one process's jobs reaches the streams of every process, the publisher's own included
 * (through the database, like the others). Events sent while a process's connection is down are lost to
 * it; the clients' refresh timer covers them. A NOTIFY that fails still reaches this process's streams.
 */
export async function lotteryBus(o: {
  db: Database;
  listen: Listen;
  local: LotteryEvents;
  onError?: (err: unknown) => void;
}): Promise<LotteryBus> {
  const onError = o.onError ?? (() => {});
  const stop = await o.listen(LOTTERY_CHANNEL, (payload) => {
    try {
      const e = JSON.parse(payload) as LotteryStreamEvent;
      o.local.publish({ ...e, at: new Date(e.at) });
    } catch (err) {
      onError(err);
    }
  });
  return {
    publish(e) {
      const payload: LotteryStreamEvent = { ...e, at: e.at.toISOString() };
      sql`select pg_notify(${LOTTERY_CHANNEL}, ${JSON.stringify(payload)})`
        .execute(o.db)
        .catch((err: unknown) => {
          onError(err);
          o.local.publish(e);
        });
    },
    subscribe: (fn) => o.local.subscribe(fn),
    close: stop,
  };
}
