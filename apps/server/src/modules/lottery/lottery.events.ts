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
