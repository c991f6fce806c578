import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WhenNearView } from './when-near-view';

/** A stand-in IntersectionObserver the test drives: `fire(true)` says the watched box came near. */
function stubObserver() {
  const made: { callback: IntersectionObserverCallback; options?: IntersectionObserverInit }[] = [];
  class FakeObserver {
    constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
      made.push({ callback, options });
    }
    observe() {}
    disconnect() {}
  }
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  return {
    made,
    fire: (isIntersecting: boolean) =>
      act(() => {
        for (const o of made)
          o.callback([{ isIntersecting } as IntersectionObserverEntry], {} as IntersectionObserver);
      }),
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('WhenNearView', () => {
  it('#49 a section below the fold shows its placeholder until it comes within the margin, then stays', () => {
    const io = stubObserver();
    const { rerender } = render(
      <WhenNearView placeholder={<p>placeholder</p>} marginPx={48}>
        <p>section</p>
      </WhenNearView>,
    );
    expect(screen.getByText('placeholder')).toBeInTheDocument();
    expect(screen.queryByText('section')).toBeNull();
    expect(io.made[0]?.options?.rootMargin).toBe('0px 0px 48px 0px');
    io.fire(false);
    expect(screen.queryByText('section')).toBeNull();
    io.fire(true);
    expect(screen.getByText('section')).toBeInTheDocument();
    expect(screen.queryByText('placeholder')).toBeNull();
    rerender(
      <WhenNearView placeholder={<p>placeholder</p>} marginPx={48}>
        <p>section</p>
      </WhenNearView>,
    );
    expect(screen.getByText('section')).toBeInTheDocument();
  });

  it('#49 without IntersectionObserver the section renders at once', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(
      <WhenNearView placeholder={<p>placeholder</p>}>
        <p>section</p>
      </WhenNearView>,
    );
    expect(screen.getByText('section')).toBeInTheDocument();
  });
});
