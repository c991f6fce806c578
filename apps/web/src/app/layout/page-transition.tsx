import { useEffect, useLayoutEffect, useState, type ReactNode } from 'react';
import { NavigationType, useLocation, useNavigationType } from 'react-router';
import { createBackSwipe, PAGE_FADE_MS, type BackSwipe } from './back-swipe';

const wallClock = { now: () => Date.now() };

/** Feeds window touches to the back-swipe recogniser; passive, so scrolling is never delayed. */
function useBackSwipeTracking(swipe: BackSwipe) {
  useEffect(() => {
    const point = (e: TouchEvent) => e.touches[0] ?? e.changedTouches[0];
    const onStart = (e: TouchEvent) => {
      const p = point(e);
      if (p) swipe.start(p.clientX, p.clientY);
    };
    const onMove = (e: TouchEvent) => {
      const p = point(e);
      if (p) swipe.move(p.clientX, p.clientY);
    };
    const onEnd = (e: TouchEvent) => {
      onMove(e);
      swipe.end();
    };
    const opts = { passive: true, capture: true } as const;
    window.addEventListener('touchstart', onStart, opts);
    window.addEventListener('touchmove', onMove, opts);
    window.addEventListener('touchend', onEnd, opts);
    window.addEventListener('touchcancel', onEnd, opts);
    return () => {
      window.removeEventListener('touchstart', onStart, opts);
      window.removeEventListener('touchmove', onMove, opts);
      window.removeEventListener('touchend', onEnd, opts);
      window.removeEventListener('touchcancel', onEnd, opts);
    };
  }, [swipe]);
}

function Page({ animate, swipe, children }: { animate: boolean; swipe: BackSwipe; children: ReactNode }) {
  // Decided once, when the page mounts, i.e. at the navigation that brought it.
  const [fade] = useState(() => animate && !swipe.active());
  return (
    <div
      className={fade ? 'page page--fade' : 'page'}
      // The fade's length is the constant the spec names, not a second copy in CSS.
      style={fade ? { animationDuration: `${PAGE_FADE_MS}ms` } : undefined}
      data-testid="page"
    >
      {children}
    </div>
  );
}

/**
 * Fades each new page in over PAGE_FADE_MS (SHELL-004), except the first page of the visit and a page reached
 * by a back swipe (SHELL-005), which the browser has already animated. The fade is CSS, switched off
 * under prefers-reduced-motion.
 */
export function PageTransition({ children, swipe }: { children: ReactNode; swipe?: BackSwipe }) {
  const location = useLocation();
  const [initialKey] = useState(location.key);
  const [recogniser] = useState(() => swipe ?? createBackSwipe(wallClock));
  useBackSwipeTracking(recogniser);
  return (
    <Page key={location.pathname} animate={location.key !== initialKey} swipe={recogniser}>
      {children}
    </Page>
  );
}

/** Forward navigation (push or replace) starts at the top; back and forward keep the browser's position. */
export function useScrollToTopOnForward() {
  const { key } = useLocation();
  const type = useNavigationType();
  useLayoutEffect(() => {
    if (type !== NavigationType.Pop) window.scrollTo(0, 0);
  }, [key, type]);
}
