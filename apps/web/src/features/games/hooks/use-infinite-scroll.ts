import { useEffect, useEffectEvent } from 'react';
import { nearBottom, SCROLL_THROTTLE_MS, throttle } from '../rules/paging';

const metrics = () => {
  const doc = document.documentElement;
  return {
    scrollTop: window.scrollY || doc.scrollTop,
    viewportHeight: window.innerHeight,
    scrollHeight: doc.scrollHeight,
  };
};

/**
 * GAMES-009/010/011: asks for the next page when the view comes within 500 px of the bottom, at most once
 * a second. It also looks once after each page arrives, so a short first page that does not fill the
 * screen still leads to the next one.
 */
export function useInfiniteScroll(canLoad: boolean, loadMore: () => void, pagesLoaded: number): void {
  const check = useEffectEvent(() => {
    if (canLoad && nearBottom(metrics())) loadMore();
  });
  useEffect(() => {
    const onScroll = throttle(() => check(), SCROLL_THROTTLE_MS);
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    return () => {
      onScroll.cancel();
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
    };
  }, []);
  useEffect(() => {
    if (pagesLoaded === 0) return;
    const timer = setTimeout(() => check(), SCROLL_THROTTLE_MS);
    return () => clearTimeout(timer);
  }, [pagesLoaded]);
}
