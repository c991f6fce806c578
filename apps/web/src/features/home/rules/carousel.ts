/** Banner auto-advance (spec §9, HOME-011). */
export const BANNER_INTERVAL_MS = 5000;
/** Banner slide transition: not in the spec; short enough to finish well before the next advance. */
export const BANNER_SPEED_MS = 400;
/** Hot-match carousel delay and speed (spec §9, HOME-019). */
export const HOT_MATCH_DELAY_MS = 5000;
export const HOT_MATCH_SPEED_MS = 500;
/** A horizontal drag longer than this changes slide; a shorter one snaps back. */
export const SWIPE_THRESHOLD_PX = 40;

export interface CarouselConfig {
  loop: boolean;
  autoplay: boolean;
  dots: boolean;
  intervalMs: number;
  speedMs: number;
  /** Auto-advance resumes after a swipe or a dot tap (HOME-013). */
  continueAfterInteraction: true;
}

function config(count: number, intervalMs: number, speedMs: number): CarouselConfig {
  const many = count > 1;
  return { loop: many, autoplay: many, dots: many, intervalMs, speedMs, continueAfterInteraction: true };
}

/** HOME-010..014: loop, 5 s auto-advance and dots only with more than one banner. */
export const bannerCarouselConfig = (count: number) => config(count, BANNER_INTERVAL_MS, BANNER_SPEED_MS);

/** HOME-018/019: the hot-match strip rotates only with more than one match. */
export const hotMatchCarouselConfig = (count: number) =>
  ({ ...config(count, HOT_MATCH_DELAY_MS, HOT_MATCH_SPEED_MS), dots: false }) satisfies CarouselConfig;

/*
 * A looping track holds [clone of last, ...slides, clone of first]; `pos` indexes that track, so the
 * real slides are at 1..count. Moving past either end lands on a clone with a transition, then jumps
 * without one to the real slide it mirrors, so the loop never visibly rewinds.
 */

/** Track position of real slide `index`. */
export const positionOf = (index: number, loop: boolean) => (loop ? index + 1 : index);

/** Moves by `delta`, staying on the track (which has two clones when looping). */
export function stepPosition(pos: number, delta: number, count: number, loop: boolean): number {
  const max = loop ? count + 1 : count - 1;
  return Math.min(max, Math.max(0, pos + delta));
}

/** After a transition onto a clone: the real slide's position. */
export function settlePosition(pos: number, count: number, loop: boolean): number {
  if (!loop) return pos;
  if (pos <= 0) return count;
  if (pos >= count + 1) return 1;
  return pos;
}

/** The real slide index shown at `pos`. */
export function activeIndex(pos: number, count: number, loop: boolean): number {
  if (count <= 0) return 0;
  if (!loop) return Math.min(count - 1, Math.max(0, pos));
  return (((pos - 1) % count) + count) % count;
}
