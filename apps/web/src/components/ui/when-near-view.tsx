import { type ReactNode, useEffect, useRef, useState } from 'react';

/**
 * Renders `children` once the placeholder comes within `marginPx` of the screen, and `placeholder` until
 * then: a section below the fold (and its code, when `children` is lazy) is not part of the first load.
 * Without IntersectionObserver (old browsers, jsdom) the children render at once. Once shown they stay.
 */
export function WhenNearView({
  placeholder,
  children,
  marginPx = 48,
}: {
  placeholder: ReactNode;
  children: ReactNode;
  marginPx?: number;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const el = ref.current;
    if (near || !el) return;
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), {
      rootMargin: `0px 0px ${marginPx}px 0px`,
    });
    io.observe(el);
    return () => io.disconnect();
  }, [near, marginPx]);
  if (near) return <>{children}</>;
  // A plain block: the placeholder's margins collapse through it, so nothing moves when it is replaced.
  return <div ref={ref}>{placeholder}</div>;
}
