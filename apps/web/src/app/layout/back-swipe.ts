/** Spec §9: page changes fade for 300 ms; a swipe of 100 px counts as a back swipe for 500 ms. */
export const PAGE_FADE_MS = 300;
export const SWIPE_THRESHOLD_PX = 100;
export const SWIPE_RESET_MS = 500;

export interface Clock {
  now(): number;
}

export interface BackSwipe {
  start(x: number, y: number): void;
  /** Called on touchmove and touchend: the flag is set as soon as the gesture crosses the threshold. */
  move(x: number, y: number): void;
  end(): void;
  /** True within 500 ms of the flag being set (SHELL-007): the navigation it caused skips the fade. */
  active(): boolean;
}

/**
 * Recognises the browser's edge swipe (iOS Safari, installed PWAs) that navigates back. The browser
 * animates that swipe itself, so our fade on top of it would show the page twice (SHELL-005).
 * Navigation may be reported before touchend, hence the check on every move.
 */
export function createBackSwipe(clock: Clock, thresholdPx = SWIPE_THRESHOLD_PX): BackSwipe {
  let origin: { x: number; y: number } | null = null;
  let setAt: number | null = null;
  return {
    start(x, y) {
      origin = { x, y };
    },
    move(x, y) {
      if (!origin) return;
      const dx = Math.abs(x - origin.x);
      const dy = Math.abs(y - origin.y);
      // SHELL-006: only a mostly horizontal gesture that reaches the threshold counts.
      if (dx >= thresholdPx && dx > dy) {
        setAt = clock.now();
        origin = null;
      }
    },
    end() {
      origin = null;
    },
    active() {
      if (setAt === null) return false;
      if (clock.now() - setAt < SWIPE_RESET_MS) return true;
      setAt = null;
      return false;
    },
  };
}
