import { useEffect, useRef, useState } from 'react';
import type { LotteryStreamEvent } from '@panalo/contract/lottery';
import { streamUrl } from '../api/lottery-api';

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
    source.onopen = () => setLive(true);
    source.onerror = () => setLive(false);
    source.onmessage = (m: MessageEvent<string>) => {
      try {
        const e = JSON.parse(m.data) as LotteryStreamEvent;
        if (e && typeof e.type === 'string' && e.gameCode === gameCode) handler.current(e);
      } catch {
        // a comment or keep-alive line: nothing to do
      }
    };
    return () => {
      source.close();
      setLive(false);
    };
  }, [gameCode]);
  return live;
}
