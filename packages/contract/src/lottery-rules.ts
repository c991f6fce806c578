/**
 * The lobby's time rules (spec §4), shared by the server and the web: pure, no node imports, the clock
 * passed in as milliseconds so that they are tested without waiting.
 */

export const LOTTERY_TIMER_TICK_MS = 500;
export const LOTTERY_TIMER_NEAR_MS = 6_000;
export const LOTTERY_TIMER_BLANK = '--:--:--';
export const LOTTERY_REFRESH_FALLBACK_MS = 7_000;
export const LOTTERY_REFRESH_MAX_MS = 30_000;

export interface LotteryTimerInput {
  isSale: boolean;
  /** ms to the draw, as the server computed it. */
  remainTime: number;
  /**
   * The lotteryTime pair: client clock when the list request was sent and when its answer arrived. The
   * server measured remainTime somewhere in between, so half the round trip has already elapsed.
   */
  lotteryTime: readonly [sentAt: number, receivedAt: number];
}

/** The client-clock instant the countdown reaches zero. */
export function lotteryTimerDeadline(input: LotteryTimerInput): number {
  const [sentAt, receivedAt] = input.lotteryTime;
  return receivedAt + input.remainTime - Math.max(0, receivedAt - sentAt) / 2;
}

export interface LotteryTimerView {
  text: string;
  remainingMs: number;
  near: boolean;
  expired: boolean;
}

const two = (n: number) => String(n).padStart(2, '0');

/** HH:MM:SS of a duration, whole seconds rounded down. */
export function formatCountdown(ms: number): string {
  const total = Math.floor(Math.max(0, ms) / 1000);
  return `${two(Math.floor(total / 3600))}:${two(Math.floor((total % 3600) / 60))}:${two(total % 60)}`;
}

/** What the timer shows at `now`: --:--:-- when not on sale or expired, else the countdown. */
export function lotteryTimerView(input: LotteryTimerInput, now: number): LotteryTimerView {
  const remainingMs = Math.max(0, lotteryTimerDeadline(input) - now);
  const expired = remainingMs <= 0;
  if (!input.isSale || expired) return { text: LOTTERY_TIMER_BLANK, remainingMs, near: false, expired };
  return {
    text: formatCountdown(remainingMs),
    remainingMs,
    near: remainingMs < LOTTERY_TIMER_NEAR_MS,
    expired,
  };
}

export interface TimerHost {
  now(): number;
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

/**
 * Runs the timer: calls `onTick` at once and every 500 ms with the current view, and stops by itself
 * once expired. Returns the stop function (for an effect's cleanup).
 */
export function startLotteryTimer(
  input: LotteryTimerInput,
  onTick: (view: LotteryTimerView) => void,
  host: TimerHost,
): () => void {
  let handle: unknown = null;
  const stop = () => {
    if (handle !== null) host.clearInterval(handle);
    handle = null;
  };
  const tick = () => {
    const view = lotteryTimerView(input, host.now());
    onTick(view);
    if (view.expired || !input.isSale) stop();
  };
  handle = host.setInterval(tick, LOTTERY_TIMER_TICK_MS);
  tick();
  return stop;
}

/** A card's remaining time: until sales lock (remainTime − lockTime × 1000), never below 0. */
export function cardRemainingMs(remainTime: number, lockTime: number): number {
  return Math.max(0, remainTime - lockTime * 1000);
}

/**
 * When to refetch the lottery menu: the smallest non-negative remaining time among the games that have
 * a numero; 7000 ms when that is 0 or less (or there is none), at most 30000 ms. The caller passes each
 * game's remaining time as the card shows it (cardRemainingMs).
 */
export function lobbyRefreshDelayMs(
  games: readonly { numero?: string | null; remainingMs: number }[],
): number {
  const times = games.filter((g) => !!g.numero && g.remainingMs >= 0).map((g) => g.remainingMs);
  const smallest = times.length ? Math.min(...times) : 0;
  if (smallest <= 0) return LOTTERY_REFRESH_FALLBACK_MS;
  return Math.min(smallest, LOTTERY_REFRESH_MAX_MS);
}

/** The card's "previous winning numbers": the first number of the first group, digit by digit. */
export function previousWinningDigits(previousWinningNumber: string | null | undefined): string[] {
  const first = (previousWinningNumber ?? '').split('~')[0]!.split(',')[0]!.trim();
  return [...first];
}

/** Win Go's colours of a digit, the market's convention: odd green, even red; 0 red and violet, 5 green and violet. */
export function wingoColours(digit: number): ('green' | 'red' | 'violet')[] {
  if (digit === 0) return ['red', 'violet'];
  if (digit === 5) return ['green', 'violet'];
  return digit % 2 === 1 ? ['green'] : ['red'];
}

/** Win Go's size of a digit: 5–9 big, 0–4 small. */
export const wingoSize = (digit: number): 'big' | 'small' => (digit >= 5 ? 'big' : 'small');
