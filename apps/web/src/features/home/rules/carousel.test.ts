import { describe, expect, it } from 'vitest';
import {
  activeIndex,
  bannerCarouselConfig,
  hotMatchCarouselConfig,
  positionOf,
  settlePosition,
  stepPosition,
} from './carousel';

describe('banner carousel config', () => {
  it('HOME-010 HOME-011 HOME-012 with more than one banner: loop, 5000 ms auto-advance, dots', () => {
    const c = bannerCarouselConfig(3);
    expect(c).toMatchObject({ loop: true, autoplay: true, dots: true, intervalMs: 5000 });
  });

  it('HOME-013 auto-advance continues after interaction', () => {
    expect(bannerCarouselConfig(2).continueAfterInteraction).toBe(true);
  });

  it('HOME-014 one banner: no auto-advance, no dots, no loop', () => {
    expect(bannerCarouselConfig(1)).toMatchObject({ loop: false, autoplay: false, dots: false });
    expect(bannerCarouselConfig(0)).toMatchObject({ loop: false, autoplay: false, dots: false });
  });
});

describe('hot-match carousel config', () => {
  it('HOME-018 loops and rotates only with more than one match', () => {
    expect(hotMatchCarouselConfig(2)).toMatchObject({ loop: true, autoplay: true });
    expect(hotMatchCarouselConfig(1)).toMatchObject({ loop: false, autoplay: false });
  });

  it('HOME-019 delay 5000 ms and speed 500 ms', () => {
    expect(hotMatchCarouselConfig(3)).toMatchObject({ intervalMs: 5000, speedMs: 500 });
  });
});

describe('loop positions', () => {
  it('HOME-010 moving past the last slide lands on the first clone, then settles on the first', () => {
    const n = 3;
    let pos = positionOf(2, true);
    expect(activeIndex(pos, n, true)).toBe(2);
    pos = stepPosition(pos, 1, n, true);
    expect(pos).toBe(4);
    expect(activeIndex(pos, n, true)).toBe(0);
    expect(settlePosition(pos, n, true)).toBe(1);
  });

  it('HOME-010 moving back from the first lands on the last clone, then settles on the last', () => {
    const pos = stepPosition(positionOf(0, true), -1, 3, true);
    expect(pos).toBe(0);
    expect(activeIndex(pos, 3, true)).toBe(2);
    expect(settlePosition(pos, 3, true)).toBe(3);
  });

  it('HOME-014 without loop the position stays on the slides', () => {
    expect(stepPosition(0, 1, 1, false)).toBe(0);
    expect(stepPosition(0, -1, 1, false)).toBe(0);
    expect(settlePosition(0, 1, false)).toBe(0);
    expect(activeIndex(0, 1, false)).toBe(0);
  });
});
