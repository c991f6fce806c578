import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithShell } from '../../../app/test-utils';
import { BannerCarousel, type Banner } from './banner-carousel';

const banners: Banner[] = [
  { id: 1, title: 'Welcome', url: 'banners/a.svg', linkUrl: '/m/activity' },
  { id: 2, title: 'Draws', url: 'banners/b.svg', linkUrl: '/m/lottery' },
  { id: 3, title: 'Sports', url: 'banners/c.svg', linkUrl: null },
];

const active = () => screen.getByTestId('banner-carousel').getAttribute('data-active-index');
const tick = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });

function swipe(dx: number) {
  const el = screen.getByTestId('banner-carousel');
  fireEvent.touchStart(el, { touches: [{ clientX: 200, clientY: 50 }] });
  fireEvent.touchMove(el, { touches: [{ clientX: 200 + dx / 2, clientY: 52 }] });
  fireEvent.touchMove(el, { touches: [{ clientX: 200 + dx, clientY: 52 }] });
  fireEvent.touchEnd(el, { touches: [] });
}

describe('BannerCarousel', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('HOME-011 with more than one banner it advances every 5000 ms', () => {
    renderWithShell(<BannerCarousel banners={banners} onBannerTap={vi.fn()} />);
    expect(active()).toBe('0');
    tick(4999);
    expect(active()).toBe('0');
    tick(1);
    expect(active()).toBe('1');
    tick(5000);
    expect(active()).toBe('2');
  });

  it('HOME-010 it loops from the last banner back to the first, and keeps going', () => {
    renderWithShell(<BannerCarousel banners={banners} onBannerTap={vi.fn()} />);
    tick(5000);
    tick(5000);
    expect(active()).toBe('2');
    tick(5000);
    expect(active()).toBe('0');
    tick(1000); // the clone jump has settled
    expect(screen.getByTestId('banner-carousel').querySelector('.banner__track')).toHaveStyle({
      transform: 'translate3d(calc(-100% + 0px), 0, 0)',
    });
    tick(4000);
    expect(active()).toBe('1');
  });

  it('HOME-012 shows one pagination dot per banner, the current one marked', () => {
    renderWithShell(<BannerCarousel banners={banners} onBannerTap={vi.fn()} />);
    const dots = within(screen.getByTestId('banner-dots')).getAllByRole('button');
    expect(dots).toHaveLength(3);
    expect(dots[0]).toHaveAttribute('aria-current', 'true');
    tick(5000);
    expect(dots[1]).toHaveAttribute('aria-current', 'true');
    expect(dots[0]).not.toHaveAttribute('aria-current');
  });

  it('HOME-013 after a dot tap or a swipe the auto-advance continues', () => {
    renderWithShell(<BannerCarousel banners={banners} onBannerTap={vi.fn()} />);
    tick(3000);
    fireEvent.click(screen.getAllByRole('button', { name: /Show banner 3/ })[0]!);
    expect(active()).toBe('2');
    tick(5000);
    expect(active()).toBe('0');
    swipe(-120);
    expect(active()).toBe('1');
    swipe(100);
    expect(active()).toBe('0');
    tick(5000);
    expect(active()).toBe('1');
  });

  it('HOME-013 a short drag snaps back without changing banner', () => {
    renderWithShell(<BannerCarousel banners={banners} onBannerTap={vi.fn()} />);
    swipe(-20);
    expect(active()).toBe('0');
  });

  it('HOME-014 with one banner there is no auto-advance and no dots', () => {
    renderWithShell(<BannerCarousel banners={banners.slice(0, 1)} onBannerTap={vi.fn()} />);
    expect(screen.queryByTestId('banner-dots')).toBeNull();
    expect(screen.getByTestId('banner-carousel')).toHaveAttribute('data-autoplay', 'false');
    for (let i = 0; i < 4; i++) tick(5000);
    expect(active()).toBe('0');
    expect(screen.getAllByRole('img')).toHaveLength(1);
  });

  it('HOME-009 tapping a banner passes that banner to the handler', () => {
    const onBannerTap = vi.fn();
    renderWithShell(<BannerCarousel banners={banners} onBannerTap={onBannerTap} />);
    tick(5000);
    fireEvent.click(screen.getByRole('img', { name: 'Draws', hidden: true }).closest('button')!);
    expect(onBannerTap).toHaveBeenCalledWith(banners[1]);
  });

  it('HOME-008 banner images come from the image host; the first loads eagerly, the rest lazily', () => {
    renderWithShell(<BannerCarousel banners={banners} onBannerTap={vi.fn()} />);
    const first = screen.getByRole('img', { name: 'Welcome' });
    expect(first).toHaveAttribute('src', '/cdn/edge-a/img/banners/a.svg');
    expect(first).toHaveAttribute('loading', 'eager');
    expect(first).toHaveAttribute('fetchpriority', 'high');
    expect(first).toHaveAttribute('width', '750');
    expect(first).toHaveAttribute('height', '300');
    for (const img of screen.getAllByRole('img', { name: 'Sports', hidden: true })) {
      expect(img).toHaveAttribute('loading', 'lazy');
    }
    // Only the first real banner is eager (its clone at the end of the loop track is lazy).
    expect(
      screen.getAllByRole('img', { hidden: true }).filter((i) => i.getAttribute('loading') === 'eager'),
    ).toEqual([first]);
  });

  it('with the system set to reduce motion it does not advance on its own and does not slide', () => {
    const listeners = new Set<() => void>();
    vi.stubGlobal('matchMedia', (q: string) => ({
      matches: q === '(prefers-reduced-motion: reduce)',
      media: q,
      addEventListener: (_: string, l: () => void) => listeners.add(l),
      removeEventListener: (_: string, l: () => void) => listeners.delete(l),
    }));
    try {
      renderWithShell(<BannerCarousel banners={banners} onBannerTap={vi.fn()} />);
      tick(20_000);
      expect(active()).toBe('0');
      // A swipe still moves it, at once.
      swipe(-120);
      expect(active()).toBe('1');
      const track = screen.getByTestId('banner-carousel').querySelector<HTMLElement>('.banner__track');
      expect(track?.style.transition).toBe('none');
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
