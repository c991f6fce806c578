import { useCallback, useEffect, useRef, useState, type CSSProperties, type TouchEvent } from 'react';
import {
  activeIndex,
  positionOf,
  settlePosition,
  stepPosition,
  SWIPE_THRESHOLD_PX,
  type CarouselConfig,
} from '../rules/carousel';
import { useReducedMotion } from '../../../lib/use-reduced-motion';

interface Drag {
  x0: number;
  y0: number;
  dx: number;
  horizontal: boolean | null;
}

/**
 * A CSS-transform slider: position, auto-advance, swipe and the loop's clone jump. The auto-advance
 * timer restarts after every move, so it keeps running after a swipe or a dot tap (HOME-013).
 * Mount it with `key={count}` so a new number of slides starts from the first. With the system's
 * "reduce motion" setting it never moves on its own and changes slide without sliding (WCAG 2.2.2,
 * 2.3.3); swipes and dots still work.
 */
export function useCarousel(count: number, cfg: CarouselConfig) {
  const reducedMotion = useReducedMotion();
  const { loop, intervalMs } = cfg;
  const autoplay = cfg.autoplay && !reducedMotion;
  const speedMs = reducedMotion ? 0 : cfg.speedMs;
  const [slide, setSlide] = useState({ pos: positionOf(0, loop), animate: false, moves: 0 });
  const [dragPx, setDragPx] = useState<number | null>(null);
  const [keyboardFocus, setKeyboardFocus] = useState(false);
  const drag = useRef<Drag | null>(null);
  const swiped = useRef(false);

  const move = useCallback(
    (delta: number) =>
      setSlide((s) => {
        // A move that starts on a clone first lands on the real slide it mirrors.
        const from = settlePosition(s.pos, count, loop);
        return { pos: stepPosition(from, delta, count, loop), animate: true, moves: s.moves + 1 };
      }),
    [count, loop],
  );
  const goTo = useCallback(
    (index: number) => setSlide((s) => ({ pos: positionOf(index, loop), animate: true, moves: s.moves + 1 })),
    [loop],
  );

  useEffect(() => {
    if (!autoplay || dragPx !== null || keyboardFocus) return;
    const timer = setTimeout(() => move(1), intervalMs);
    return () => clearTimeout(timer);
  }, [autoplay, intervalMs, move, slide.moves, dragPx, keyboardFocus]);

  useEffect(() => {
    const settled = settlePosition(slide.pos, count, loop);
    if (settled === slide.pos) return;
    const timer = setTimeout(() => setSlide((s) => ({ ...s, pos: settled, animate: false })), speedMs);
    return () => clearTimeout(timer);
  }, [slide.pos, count, loop, speedMs]);

  const onTouchStart = (e: TouchEvent) => {
    const t = e.touches[0];
    if (!t || count < 2) return;
    drag.current = { x0: t.clientX, y0: t.clientY, dx: 0, horizontal: null };
    swiped.current = false;
  };
  const onTouchMove = (e: TouchEvent) => {
    const d = drag.current;
    const t = e.touches[0];
    if (!d || !t) return;
    const dx = t.clientX - d.x0;
    const dy = t.clientY - d.y0;
    // Decide once per gesture whether it is a swipe or a page scroll.
    if (d.horizontal === null && (Math.abs(dx) > 6 || Math.abs(dy) > 6)) {
      d.horizontal = Math.abs(dx) > Math.abs(dy);
    }
    if (d.horizontal) {
      d.dx = dx;
      setDragPx(dx);
    }
  };
  const onTouchEnd = () => {
    const d = drag.current;
    drag.current = null;
    setDragPx(null);
    if (d?.horizontal && Math.abs(d.dx) >= SWIPE_THRESHOLD_PX) {
      swiped.current = true;
      move(d.dx < 0 ? 1 : -1);
    }
  };
  const onFocus = (e: React.FocusEvent) => {
    // Only keyboard focus pauses: a tapped dot keeps focus and must not stop the slideshow.
    let visible: boolean;
    try {
      visible = e.target.matches(':focus-visible');
    } catch {
      visible = false; // engines without :focus-visible
    }
    setKeyboardFocus(visible);
  };
  const onBlur = (e: React.FocusEvent) => {
    if (!e.currentTarget.contains(e.relatedTarget)) setKeyboardFocus(false);
  };

  const trackStyle: CSSProperties = {
    transform: `translate3d(calc(${-slide.pos * 100}% + ${dragPx ?? 0}px), 0, 0)`,
    transition: slide.animate && dragPx === null && speedMs > 0 ? `transform ${speedMs}ms ease` : 'none',
  };

  return {
    active: activeIndex(slide.pos, count, loop),
    trackStyle,
    move,
    goTo,
    /** True right after a swipe: the click the browser may still send is not a tap. */
    consumeSwipe: () => {
      const was = swiped.current;
      swiped.current = false;
      return was;
    },
    handlers: { onTouchStart, onTouchMove, onTouchEnd, onTouchCancel: onTouchEnd, onFocus, onBlur },
  };
}
