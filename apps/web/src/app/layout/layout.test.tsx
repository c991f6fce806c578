import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { Link, Route, Routes, useNavigate } from 'react-router';
import { renderWithShell } from '../test-utils';
import { AppRoutes } from '../router';
import { makeBundle } from '../test-fixtures';
import { Layout } from './layout';
import { PageTransition } from './page-transition';
import { createBackSwipe } from './back-swipe';

afterEach(() => vi.restoreAllMocks());

function Shell({ homeExtra }: { homeExtra?: React.ReactNode }) {
  return (
    <Routes>
      <Route element={<Layout homeExtra={homeExtra} />}>
        <Route path="*" element={<p data-testid="screen">screen</p>} />
      </Route>
    </Routes>
  );
}

describe('Layout', () => {
  it('SHELL-002 renders header, page and footer', () => {
    renderWithShell(<Shell />, { path: '/m/help' });
    expect(screen.getByTestId('header')).toBeInTheDocument();
    expect(screen.getByTestId('screen')).toBeInTheDocument();
    expect(screen.getByTestId('footer')).toBeInTheDocument();
  });

  it('SHELL-003 renders the home extra block above the page on home paths only', () => {
    const extra = <section data-testid="home-extra">banners</section>;
    const home = renderWithShell(<Shell homeExtra={extra} />, { path: '/m' });
    const block = screen.getByTestId('home-extra');
    expect(block.compareDocumentPosition(screen.getByTestId('screen'))).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
    home.unmount();
    renderWithShell(<Shell homeExtra={extra} />, { path: '/m/help' });
    expect(screen.queryByTestId('home-extra')).toBeNull();
  });

  it('SHELL-008 SHELL-027 no header on mine; no footer on notice; neither on login', () => {
    const mine = renderWithShell(<Shell />, { path: '/m/mine' });
    expect(screen.queryByTestId('header')).toBeNull();
    expect(screen.getByTestId('footer')).toBeInTheDocument();
    mine.unmount();
    const notice = renderWithShell(<Shell />, { path: '/m/notice' });
    expect(screen.getByTestId('header')).toBeInTheDocument();
    expect(screen.queryByTestId('footer')).toBeNull();
    notice.unmount();
    renderWithShell(<Shell />, { path: '/m/login' });
    expect(screen.queryByTestId('header')).toBeNull();
    expect(screen.queryByTestId('footer')).toBeNull();
  });

  it('scroll (brief item 10, no spec ID): a forward navigation scrolls to the top, going back does not', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    function Back() {
      const navigate = useNavigate();
      return (
        <button type="button" onClick={() => void navigate(-1)}>
          go back
        </button>
      );
    }
    const r = renderWithShell(
      <Routes>
        <Route element={<Layout />}>
          <Route path="/m/gameList" element={<Link to="/m/gameLobby">lobby</Link>} />
          <Route path="/m/gameLobby" element={<Back />} />
        </Route>
      </Routes>,
      { path: '/m/gameList' },
    );
    scrollTo.mockClear();
    await r.user.click(screen.getByRole('link', { name: 'lobby' }));
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
    scrollTo.mockClear();
    await r.user.click(screen.getByRole('button', { name: 'go back' }));
    expect(r.location().pathname).toBe('/m/gameList');
    expect(scrollTo).not.toHaveBeenCalled();
  });
});

describe('page transition', () => {
  function touch(type: string, x: number, y: number) {
    const e = new Event(type);
    const point = [{ clientX: x, clientY: y }];
    Object.assign(e, { touches: type === 'touchend' ? [] : point, changedTouches: point });
    window.dispatchEvent(e);
  }

  function Pages() {
    return (
      <PageTransition>
        <Routes>
          <Route path="/m/a" element={<Link to="/m/b">to b</Link>} />
          <Route path="/m/b" element={<Link to="/m/a">to a</Link>} />
        </Routes>
      </PageTransition>
    );
  }

  it('SHELL-004 the first page does not fade; a page reached by navigation fades', async () => {
    const r = renderWithShell(<Pages />, { path: '/m/a' });
    expect(screen.getByTestId('page')).not.toHaveClass('page--fade');
    await r.user.click(screen.getByRole('link', { name: 'to b' }));
    expect(screen.getByTestId('page')).toHaveClass('page--fade');
    expect(screen.getByTestId('page').style.animationDuration).toBe('300ms');
  });

  it('SHELL-005 SHELL-006 a navigation right after a 100 px swipe does not fade', async () => {
    const r = renderWithShell(<Pages />, { path: '/m/a' });
    touch('touchstart', 5, 400);
    touch('touchmove', 120, 402);
    touch('touchend', 120, 402);
    await r.user.click(screen.getByRole('link', { name: 'to b' }));
    expect(screen.getByTestId('page')).not.toHaveClass('page--fade');
  });

  it('SHELL-006 a short swipe does not suppress the fade', async () => {
    const r = renderWithShell(<Pages />, { path: '/m/a' });
    touch('touchstart', 5, 400);
    touch('touchmove', 60, 400);
    touch('touchend', 60, 400);
    await r.user.click(screen.getByRole('link', { name: 'to b' }));
    expect(screen.getByTestId('page')).toHaveClass('page--fade');
  });

  it('SHELL-007 once the swipe flag has reset, navigations fade again', async () => {
    let now = 0;
    const swipe = createBackSwipe({ now: () => now });
    function Nav() {
      const navigate = useNavigate();
      return (
        <button type="button" onClick={() => void navigate('/m/b')}>
          go
        </button>
      );
    }
    renderWithShell(
      <PageTransition swipe={swipe}>
        <Nav />
      </PageTransition>,
      { path: '/m/a' },
    );
    touch('touchstart', 0, 0);
    touch('touchmove', 200, 0);
    now = 500;
    act(() => screen.getByRole('button', { name: 'go' }).click());
    expect(screen.getByTestId('page')).toHaveClass('page--fade');
  });
});

describe('shell routes', () => {
  it('SHELL-032 /m/maintenance shows the maintenance screen with the merchant message', async () => {
    renderWithShell(<AppRoutes />, {
      path: '/m/maintenance',
      bundle: makeBundle({ maintenance: { message: 'Back at noon', endsAt: null } }),
    });
    expect(await screen.findByTestId('maintenance-screen', {}, { timeout: 5000 })).toHaveTextContent(
      'Back at noon',
    );
    expect(screen.queryByTestId('footer')).toBeNull();
  });

  it('SHELL-002 an unknown path shows the 404 screen inside the layout', async () => {
    renderWithShell(<AppRoutes />, { path: '/m/no-such-page' });
    expect(await screen.findByTestId('not-found-screen', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByTestId('header')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/m/home');
  });
});
