import { useEffect, useState } from 'react';

/**
 * The time a rain's card shows, in ms: ticks every second while `ticking(now)` says the card depends on
 * it (a countdown, an open window), and stops once it does not.
 */
export function useNow(ticking: (now: number) => boolean): number {
  const [now, setNow] = useState(() => Date.now());
  const live = ticking(now);
  useEffect(() => {
    if (!live) return;
    const id = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(id);
  }, [live]);
  return now;
}
