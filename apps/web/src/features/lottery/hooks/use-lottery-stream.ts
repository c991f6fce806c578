import { useEffect, useRef, useState } from 'react';
import type { LotteryStreamEvent } from '@panalo/contract/lottery';
import { streamUrl } from '../api/lottery-api';

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
 * Follows a game's periods over the server's event stream (open, lock, draw, settle, cancel). Returns
 * whether the stream is connected: while it is not (no EventSource, or the connection dropped and the
 * browser is retrying), the screen polls on the refresh-timer rule instead.
 */
export function useLotteryStream(gameCode: string | null, onEvent: (e: LotteryStreamEvent) => void): boolean {
  const [live, setLive] = useState(false);
  const handler = useRef(onEvent);
  useEffect(() => {
    handler.current = onEvent;
  });
  useEffect(() => {
    if (!gameCode || typeof EventSource === 'undefined') return;
    const source = new EventSource(streamUrl(gameCode));
    const onData = (m: Event) => {
      const e = streamEvent((m as MessageEvent<unknown>).data, gameCode);
      if (e) handler.current(e);
    };
    // Events come unnamed (message) or named by their type. A named "open" shares its name with the
    // connection's own open event, which carries no data: that one only marks the stream live.
    source.addEventListener('open', (m) => {
      setLive(true);
      onData(m);
    });
    source.onerror = () => setLive(false);
    source.onmessage = onData;
    for (const name of NAMED) if (name !== 'open') source.addEventListener(name, onData);
    return () => {
      source.close();
      setLive(false);
    };
  }, [gameCode]);
  return live;
}
