import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithShell } from '../../../app/test-utils';
import { HomeBannerBlock } from '../components/home-banner-block';
import { ApiFailure, HOME_API, homeAnnouncements, stubHomeApi } from '../test/home-fixtures';
import { HomeScreen } from './home-screen';
import { memberSession } from '../../../app/test-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('HomeScreen', () => {
  it('HOME-001 shows banners, notice ticker, hot matches, game sections, hot games, recent wins, service menu, download bar and popups', async () => {
    stubHomeApi();
    // The recent wins are below the fold: this screen is tall enough that everything is near.
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(private readonly near: IntersectionObserverCallback) {}
        observe() {
          this.near([{ isIntersecting: true } as IntersectionObserverEntry], this as never);
        }
        disconnect() {}
      },
    );
    renderWithShell(<HomeScreen />);
    expect(await screen.findByTestId('banner-carousel')).toBeInTheDocument();
    expect(screen.getByTestId('marquee-text')).toHaveTextContent('Scheduled maintenance on Sunday');
    expect(await screen.findByTestId('hot-match-strip')).toBeInTheDocument();
    expect(await screen.findByTestId('categories')).toBeInTheDocument();
    // Issue 49 item 6: the hot games and the recent wins follow the game sections.
    expect(await screen.findByTestId('hot-games')).toBeInTheDocument();
    // The feed's code is loaded apart, when it comes near the screen.
    expect(await screen.findAllByTestId('recent-win', {}, { timeout: 5000 })).toHaveLength(3);
    expect(screen.getByTestId('cs-fab')).toBeInTheDocument();
    expect(screen.getByTestId('download-bar')).toBeInTheDocument();
    expect(await screen.findByRole('dialog', {}, { timeout: 3000 })).toHaveTextContent('Join today');
  });

  it('HOME-006 announcements are asked with types B,PL,PU,H, group m_home, platform M and the language', async () => {
    const api = stubHomeApi();
    renderWithShell(<HomeScreen />);
    await screen.findByTestId('banner-carousel');
    const call = api.calls.find((u) => u.pathname === HOME_API.announcements)!;
    expect(Object.fromEntries(call.searchParams)).toEqual({
      types: 'B,PL,PU,H',
      groupName: 'm_home',
      platform: 'M',
      merchantCode: 'panalo',
      lang: 'EN',
    });
    // Banners, marquee and popups share the one request.
    expect(api.calls.filter((u) => u.pathname === HOME_API.announcements)).toHaveLength(1);
  });

  it('API-039 the announcements call of a member names the merchant and carries the session token', async () => {
    const api = stubHomeApi();
    renderWithShell(<HomeScreen />, { session: memberSession });
    await screen.findByTestId('banner-carousel');
    const i = api.calls.findIndex((u) => u.pathname === HOME_API.announcements);
    expect(api.calls[i]!.searchParams.get('merchantCode')).toBe('panalo');
    const init = api.fetchMock.mock.calls[i]![1];
    expect(new Headers(init?.headers).get('authorization')).toBe(`Bearer ${memberSession.token}`);
  });

  it('I18N-010 a language change refetches the home content 200 ms later', async () => {
    const asked: { lang: string | null; at: number }[] = [];
    stubHomeApi({
      announcements: (u: URL) => {
        asked.push({ lang: u.searchParams.get('lang'), at: performance.now() });
        return homeAnnouncements();
      },
    });
    const { i18n } = renderWithShell(<HomeScreen />);
    await screen.findByTestId('banner-carousel');
    const changedAt = performance.now();
    await act(() => i18n.changeLanguage('TY'));
    await waitFor(() => expect(asked.map((a) => a.lang)).toContain('TY'), { timeout: 3000 });
    // EN first; the TY request waits for the 200 ms debounce. (On a loaded machine the query may be
    // refetched once more when it goes stale, so later repeats are not counted.)
    expect(asked[0]!.lang).toBe('EN');
    const firstTy = asked.find((a) => a.lang === 'TY')!;
    expect(asked.slice(0, asked.indexOf(firstTy)).every((a) => a.lang === 'EN')).toBe(true);
    expect(firstTy.at - changedAt).toBeGreaterThanOrEqual(195);
    // The previous language's content stays on screen while the new one loads.
    expect(screen.getByTestId('banner-carousel')).toBeInTheDocument();
  });

  it('HOME-002 opening home scrolls to the top', () => {
    stubHomeApi();
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    renderWithShell(<HomeScreen />);
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it('HOME-001 game sections: a tile per category with its icon and name, linking to its list', async () => {
    stubHomeApi();
    renderWithShell(<HomeScreen />);
    const grid = await screen.findByTestId('categories');
    const links = within(grid).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(['Hot', 'Lottery', 'Sports', 'Live casino']);
    expect(links.map((l) => l.getAttribute('href'))).toEqual([
      '/m/gameList?gameType=HOT',
      '/m/lottery',
      '/m/gameList?gameType=SPORTS',
      '/m/gameList?gameType=LIVE',
    ]);
    expect(links[0]!.querySelector('img')).toHaveAttribute('src', '/cdn/edge-a/img/categories/hot.svg');
  });

  it('#49 the categories placeholder holds as many tiles as the site showed last time (all ten at first)', async () => {
    stubHomeApi();
    const first = renderWithShell(<HomeScreen />);
    expect(
      within(screen.getByTestId('categories-loading')).getAllByRole('listitem', { hidden: true }),
    ).toHaveLength(10);
    await screen.findByTestId('categories');
    // The fixture's four categories are remembered for the next visit of this site.
    expect(localStorage.getItem('homeCategories')).toBe('4');
    first.unmount();
    vi.unstubAllGlobals();
    stubHomeApi();
    renderWithShell(<HomeScreen />);
    expect(
      within(screen.getByTestId('categories-loading')).getAllByRole('listitem', { hidden: true }),
    ).toHaveLength(4);
  });

  it('#49 before the recent wins load, their heading is there for a screen reader; the list comes when near', async () => {
    stubHomeApi();
    // An observer that never reports the section near: the place keeps its heading and skeleton.
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        observe() {}
        disconnect() {}
      },
    );
    renderWithShell(<HomeScreen />);
    const place = await screen.findByTestId('recent-wins-place');
    expect(within(place).getByRole('heading', { name: 'Recent wins' })).toBeInTheDocument();
    expect(screen.queryByTestId('recent-win')).toBeNull();
  });

  it('HOME-001 a failed section shows a retry and the rest of home still renders', async () => {
    let fail = true;
    stubHomeApi({ announcements: () => (fail ? new ApiFailure() : homeAnnouncements()) });
    const { user } = renderWithShell(<HomeScreen />);
    expect(await screen.findByTestId('banner-error')).toBeInTheDocument();
    expect(screen.getByTestId('marquee-error')).toBeInTheDocument();
    expect(await screen.findByTestId('categories')).toBeInTheDocument();
    expect(screen.getByTestId('hot-match-strip')).toBeInTheDocument();
    fail = false;
    await user.click(within(screen.getByTestId('banner-error')).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('banner-carousel')).toBeInTheDocument();
    expect(screen.getByTestId('marquee-text')).toBeInTheDocument();
  });

  it('HOME-024 HOME-001 empty answers: the ticker says so, no banner or match strip, no blank page', async () => {
    stubHomeApi({ announcements: [], hotMatches: [], categories: [] });
    renderWithShell(<HomeScreen />);
    expect(await screen.findByTestId('marquee-empty')).toHaveTextContent('No announcement');
    expect(screen.queryByTestId('banner-carousel')).toBeNull();
    expect(await screen.findByTestId('categories-empty')).toBeInTheDocument();
    expect(screen.queryByTestId('hot-match-strip')).toBeNull();
  });

  it('SHELL-003 with the banner block in the layout, home does not render it again', async () => {
    stubHomeApi();
    renderWithShell(<HomeScreen bannerInLayout />);
    await screen.findByTestId('marquee-text');
    expect(screen.queryByTestId('banner-carousel')).toBeNull();
    expect(screen.queryByTestId('banner-loading')).toBeNull();
  });
});

describe('HomeBannerBlock', () => {
  it('HOME-009 a banner linking inside the app navigates there', async () => {
    stubHomeApi();
    const r = renderWithShell(<HomeBannerBlock />);
    await r.user.click(await screen.findByRole('button', { name: 'Welcome' }));
    expect(r.location().pathname).toBe('/m/activity');
  });

  it('HOME-009 a banner linking elsewhere opens in a new tab', async () => {
    const list = homeAnnouncements().filter((a) => a.title === 'Sports');
    stubHomeApi({ announcements: list });
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const r = renderWithShell(<HomeBannerBlock />);
    await r.user.click(await screen.findByRole('button', { name: 'Sports' }));
    expect(open).toHaveBeenCalledWith('https://x.example', '_blank', 'noopener,noreferrer');
    expect(r.location().pathname).toBe('/m/home');
  });
});
