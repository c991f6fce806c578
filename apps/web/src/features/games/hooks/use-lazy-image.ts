import { useEffect, useState, type RefObject } from 'react';
import { LAZY_IMAGE, nearViewport, throttle } from '../rules/paging';

// One scroll listener serves every tile: a grid holds hundreds of images.
const waiting = new Map<Element, () => void>();
let listening: (ReturnType<typeof throttle> & (() => void)) | undefined;

function scan() {
  const height = window.innerHeight;
  for (const [el, show] of waiting) {
    if (nearViewport(el.getBoundingClientRect(), height)) {
      waiting.delete(el);
      show();
    }
  }
  if (waiting.size === 0) stop();
}

function start() {
  if (listening) return;
  listening = throttle(scan, LAZY_IMAGE.throttleMs);
  window.addEventListener('scroll', listening, { passive: true });
  window.addEventListener('resize', listening);
}

function stop() {
  if (!listening) return;
  listening.cancel();
  window.removeEventListener('scroll', listening);
  window.removeEventListener('resize', listening);
  listening = undefined;
}

/**
 * CONST-014/015/016: true once the element comes within 100 px of the view; scroll is looked at every
 * 300 ms at most, and the first look waits 200 ms so a page being laid out does not load every image.
 */
export function useLazyVisible(ref: RefObject<Element | null>): boolean {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || visible) return;
    waiting.set(el, () => setVisible(true));
    start();
    const timer = setTimeout(scan, LAZY_IMAGE.delayMs);
    return () => {
      clearTimeout(timer);
      waiting.delete(el);
      if (waiting.size === 0) stop();
    };
  }, [ref, visible]);
  return visible;
}
