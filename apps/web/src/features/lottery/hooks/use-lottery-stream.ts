import { useEffect, useRef, useState } from 'react';
import type { LotteryStreamEvent } from '@panalo/contract/lottery';
import { subscribeLive, subscribeLiveStatus } from '../../../lib/live-stream';

const NAMED = ['open', 'lock', 'draw', 'settle', 'cancel'] as const;

/** The event a stream message carries, or null for anything else (a keep-alive, another game). */
export function streamEvent(data: unknown, gameCode: string): LotteryStreamEvent | null {
  if (typeof data !== 'string') return null;
  try {
    const e = JSON.parse(data) as Partial<LotteryStreamEvent> | null;
    return e && NAMED.some((n) => n === e.type) && e.gameCode === gameCode ? (e as LotteryStreamEvent) : null;
  } catch {
    return null;
  }
}

/**
 * Follows a game's periods over the page's live stream (lib/live-stream: open, lock, draw, settle,
 * cancel). Returns whether the stream is connected: while it is not (no EventSource, or the connection
 * dropped and is being opened again), the screen polls on the refresh-timer rule instead.
 */
export function useLotteryStream(gameCode: string | null, onEvent: (e: LotteryStreamEvent) => void): boolean {
  const [live, setLive] = useState(false);
  const handler = useRef(onEvent);
  useEffect(() => {
    handler.current = onEvent;
  });
  useEffect(() => {
    if (!gameCode) return;
    const onData = (data: unknown) => {
      const e = streamEvent(JSON.stringify(data), gameCode);
      if (e) handler.current(e);
    };
    const stops = NAMED.map((name) => subscribeLive(name, onData));
    const stopStatus = subscribeLiveStatus(setLive);
    return () => {
      stops.forEach((s) => s());
      stopStatus();
      setLive(false);
    };
  }, [gameCode]);
  return live;
}
