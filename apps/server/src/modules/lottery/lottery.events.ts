import { EventEmitter } from 'node:events';
import type { LotteryStreamEvent } from '@panalo/contract/lottery';

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
 * Period events across processes (PostgreSQL): publish sends NOTIFY on LOTTERY_CHANNEL; every process
 * holds one LISTEN connection that re-emits what arrives into its `local` emitter, which its streams
 * subscribe to. So a draw run by one process's jobs reaches the streams of every process, the
 * publisher's own included (through the database, like the others). A dropped connection is reopened
 * after a second; events sent meanwhile are lost, and the clients' refresh timer covers them.
 */
export async function pgLotteryBus(o: {
  url: string;
  local: LotteryEvents;
  onError?: (err: unknown) => void;
}): Promise<LotteryBus> {
  const { default: pg } = await import('pg');
  const onError = o.onError ?? (() => {});
  let client: InstanceType<typeof pg.Client> | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: o.url });
    c.on('notification', (n) => {
      if (n.channel !== LOTTERY_CHANNEL || !n.payload) return;
      try {
        const e = JSON.parse(n.payload) as LotteryStreamEvent;
        o.local.publish({ ...e, at: new Date(e.at) });
      } catch (err) {
        onError(err);
      }
    });
    const reopen = (err?: unknown) => {
      if (err) onError(err);
      if (closed || client !== c) return;
      client = null;
      retry = setTimeout(() => void connect().catch(reopenLater), 1_000);
      retry.unref();
    };
    const reopenLater = (err: unknown) => {
      onError(err);
      if (closed) return;
      retry = setTimeout(() => void connect().catch(reopenLater), 1_000);
      retry.unref();
    };
    c.on('error', reopen);
    c.on('end', () => reopen());
    await c.connect();
    await c.query(`listen ${LOTTERY_CHANNEL}`);
    if (closed) {
      await c.end();
      return;
    }
    client = c;
  };
  await connect();

  return {
    publish(e) {
      const payload: LotteryStreamEvent = { ...e, at: e.at.toISOString() };
      if (!client) {
        // Not connected right now: this process's own streams still hear it.
        o.local.publish(e);
        return;
      }
      client.query('select pg_notify($1, $2)', [LOTTERY_CHANNEL, JSON.stringify(payload)]).catch(onError);
    },
    subscribe: (fn) => o.local.subscribe(fn),
    async close() {
      closed = true;
      clearTimeout(retry);
      const c = client;
      client = null;
      await c?.end();
    },
  };
}
