import type { GameMenus } from '@panalo/contract/lottery';
import { cardRemainingMs, lobbyRefreshDelayMs } from '@panalo/contract/lottery-rules';

const ms = (iso: string) => new Date(iso).getTime();

/** Milliseconds from the server's answer to the period's sales lock (0 when not open or already past). */
export function periodRemainMs(menus: Pick<GameMenus, 'period' | 'serverTime'>): number {
  if (menus.period.state !== 'open') return 0;
  const left = ms(menus.period.lockAt) - ms(menus.serverTime);
  return Number.isFinite(left) ? Math.max(0, left) : 0;
}

/**
 * When the betting screen polls for the next period without the event stream: the refresh-timer rule
 * (LOTT-028..030) over this game's own remaining time to the lock.
 */
export function bettingRefreshDelayMs(menus: Pick<GameMenus, 'game'>): number {
  const g = menus.game;
  return lobbyRefreshDelayMs([{ numero: g.numero, remainingMs: cardRemainingMs(g.remainTime, g.lockTime) }]);
}
