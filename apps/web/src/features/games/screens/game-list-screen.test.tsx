import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { renderWithShell } from '../../../app/test-utils';
import { memberSession } from '../../../app/test-fixtures';
import { session } from '../../../lib/session';
import { game } from '../test/fixtures';
import { HOT, LIST, listBodies, stubGames } from '../test/games-api-stub';
import { GameListScreen } from './game-list-screen';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const render = (path = '/m/gameList?gameType=RNG', session = false) =>
  renderWithShell(<GameListScreen />, { path, session: session ? memberSession : null });

describe('game list (/m/gameList)', () => {
  it('GAMES-004 VALID-034 VALID-035 GAMES-044 the search runs on Enter only; spaces are no search', async () => {
    const { calls } = stubGames();
    const r = render();
    await screen.findByTestId('games-grid');
    expect(listBodies(calls)).toHaveLength(1);
    const box = screen.getByRole('searchbox', { name: 'Search games' });
    await r.user.type(box, '  lucky   dragon ');
    expect(listBodies(calls)).toHaveLength(1);
    await r.user.keyboard('{Enter}');
    await waitFor(() => expect(listBodies(calls)).toHaveLength(2));
    expect(listBodies(calls)[1]).toMatchObject({ gameName: 'lucky dragon', pageNo: 1, gameType: 'RNG' });
    await r.user.clear(box);
    await r.user.type(box, '   {Enter}');
    await waitFor(() => expect(listBodies(calls)).toHaveLength(2));
    // Back to "no search": the first list (cached) shows again without a gameName.
    expect(listBodies(calls).every((b, i) => i === 1 || b.gameName === undefined)).toBe(true);
  });

  it('GAMES-005 GAMES-006 GAMES-044 RNG classify menu with new and vendor classifications; a choice restarts at page 1', async () => {
    const { calls } = stubGames({}, 3);
    const r = render();
    const menu = await screen.findByRole('group', { name: 'Game types' });
    await waitFor(() => expect(within(menu).getAllByRole('button')).toHaveLength(6));
    expect(
      within(menu)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['All', 'New', 'Hot', 'Favourites', 'Video slots', 'Esports']);
    expect(within(menu).getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');
    await r.user.click(within(menu).getByRole('button', { name: 'New' }));
    await waitFor(() =>
      expect(listBodies(calls).at(-1)).toMatchObject({ gameClassify: 'NEW', isNew: true, pageNo: 1 }),
    );
    await r.user.click(within(menu).getByRole('button', { name: 'Video slots' }));
    await waitFor(() => expect(listBodies(calls).at(-1)).toMatchObject({ gameClassify: 'VIDEO', pageNo: 1 }));
  });

  it('GAMES-006 GAMES-019 no new outside RNG; sports leave out the ESPORTS classification', async () => {
    stubGames();
    render('/m/gameList?gameType=SPORTS');
    const menu = await screen.findByRole('group', { name: 'Game types' });
    await waitFor(() =>
      expect(within(menu).getByRole('button', { name: 'Video slots' })).toBeInTheDocument(),
    );
    expect(within(menu).queryByRole('button', { name: 'New' })).toBeNull();
    expect(within(menu).queryByRole('button', { name: 'Esports' })).toBeNull();
  });

  it('GAMES-012 a fixed vendor hides the classification tabs and the strip and filters the list', async () => {
    const { calls } = stubGames();
    render('/m/gameList?gameType=RNG&vendor=BYN');
    await screen.findByTestId('games-grid');
    expect(screen.queryByTestId('games-classify')).toBeNull();
    expect(screen.queryByTestId('vendor-strip')).toBeNull();
    expect(listBodies(calls)[0]).toMatchObject({ vassalage: 'BYN' });
  });

  it('GAMES-013 FISH has no classification tabs', async () => {
    stubGames();
    render('/m/gameList?gameType=FISH');
    await screen.findByTestId('vendor-strip');
    expect(screen.queryByTestId('games-classify')).toBeNull();
  });

  it('GAMES-014 GAMES-015 GAMES-017 GAMES-018 GAMES-020 GAMES-048 vendor strip: All, 4 a page, arrows, 5 px, sets the vendor', async () => {
    const { calls } = stubGames();
    const r = render();
    const strip = await screen.findByTestId('vendor-strip');
    const items = within(strip).getByTestId('vendor-strip-items');
    expect(items).toHaveStyle({ gap: '5px' });
    const shown = () =>
      within(items)
        .getAllByRole('button')
        .map((b) => b.getAttribute('data-testid'));
    expect(shown()).toEqual(['vendor-ALL', 'vendor-BYN', 'vendor-ARW', 'vendor-HMY']);
    expect(screen.getByRole('button', { name: 'Previous providers' })).toBeDisabled();
    await r.user.click(screen.getByRole('button', { name: 'Next providers' }));
    // TF (esports) and DS88 (cockfight) are never listed.
    expect(shown()).toEqual(['vendor-AAA', 'vendor-BBB']);
    expect(screen.getByRole('button', { name: 'Next providers' })).toBeDisabled();
    await r.user.click(screen.getByTestId('vendor-AAA'));
    await waitFor(() => expect(listBodies(calls).at(-1)).toMatchObject({ vassalage: 'AAA', pageNo: 1 }));
    expect(screen.getByTestId('vendor-AAA')).toHaveAttribute('aria-pressed', 'true');
    // Choosing it again clears the vendor: the unfiltered list (already loaded) is shown again.
    await r.user.click(screen.getByTestId('vendor-AAA'));
    expect(screen.getByTestId('vendor-AAA')).toHaveAttribute('aria-pressed', 'false');
    expect(listBodies(calls).filter((b) => b.vassalage === undefined)).toHaveLength(1);
  });

  it('GAMES-016 one vendor: no paging, no arrows', async () => {
    stubGames({ '/api/games/vendors': { value: [{ ...vendorOf('PNL') }] } });
    render('/m/gameList?gameType=INHOUSE');
    const strip = await screen.findByTestId('vendor-strip');
    expect(strip).toHaveAttribute('data-paged', 'false');
    expect(within(strip).queryByRole('button', { name: 'Next providers' })).toBeNull();
    expect(within(strip).getAllByRole('button')).toHaveLength(2);
  });

  it('GAMES-009 GAMES-045 further pages are appended while pageNum < totalPages', async () => {
    const { calls } = stubGames({}, 2);
    render();
    await screen.findByTestId('games-grid');
    act(() => {
      window.dispatchEvent(new Event('scroll'));
    });
    await waitFor(() => expect(screen.getAllByTestId(/^game-tile-/)).toHaveLength(52), { timeout: 3000 });
    expect(listBodies(calls).map((b) => b.pageNo)).toEqual([1, 2]);
    act(() => {
      window.dispatchEvent(new Event('scroll'));
    });
    await new Promise((res) => setTimeout(res, 1100));
    expect(listBodies(calls)).toHaveLength(2);
  });

  it('ERR-006 when a list page fails, no further pages are loaded and no message is shown', async () => {
    const { calls } = stubGames({
      [LIST]: ({ init }) => {
        const body = JSON.parse(init?.body as string) as { pageNo?: number };
        return body.pageNo === 2
          ? { status: 500, code: 'unknown_error' }
          : { value: { games: [game({ nodeId: '1' })], pageNum: 1, totalPages: 5 } };
      },
    });
    render();
    await screen.findByTestId('games-grid');
    act(() => {
      window.dispatchEvent(new Event('scroll'));
    });
    await waitFor(() => expect(listBodies(calls).map((b) => b.pageNo)).toEqual([1, 2]));
    // Scrolling on after the failure asks for nothing more, and nothing is said about it.
    for (let i = 0; i < 2; i++) {
      await new Promise((res) => setTimeout(res, 1100));
      act(() => {
        window.dispatchEvent(new Event('scroll'));
      });
    }
    await new Promise((res) => setTimeout(res, 300));
    expect(listBodies(calls).map((b) => b.pageNo)).toEqual([1, 2]);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getAllByTestId(/^game-tile-/)).toHaveLength(1);
  });

  it('CONST-011 the game list, hot and recent requests carry platform html5 and clientType 2', async () => {
    const { calls } = stubGames();
    const r = render('/m/gameList?gameType=RNG', true);
    const tabs = await screen.findByRole('group', { name: 'Lists' });
    expect(listBodies(calls)[0]).toMatchObject({ platform: 'html5', gameType: 'RNG' });
    await r.user.click(within(tabs).getByRole('button', { name: 'Hot' }));
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/games/hot')).toBe(true));
    await r.user.click(within(tabs).getByRole('button', { name: 'Recent' }));
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/games/recent')).toBe(true));
    const query = (path: string) =>
      Object.fromEntries(calls.find((c) => c.url.pathname === path)!.url.searchParams);
    expect(query('/api/games/hot')).toMatchObject({ platform: 'html5' });
    expect(query('/api/games/recent')).toMatchObject({ clientType: '2' });
  });

  it('GAMES-008 GAMES-046 GAMES-047 tabs all, hot, recent, fav; hot is one page', async () => {
    const { calls } = stubGames();
    const r = render();
    const tabs = await screen.findByRole('group', { name: 'Lists' });
    expect(
      within(tabs)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['All', 'Hot', 'Recent', 'Favourites']);
    await r.user.click(within(tabs).getByRole('button', { name: 'Hot' }));
    await waitFor(() => expect(screen.getAllByTestId(/^game-tile-/)).toHaveLength(3));
    const hot = calls.filter((c) => c.url.pathname === '/api/games/hot');
    expect(hot).toHaveLength(1);
    expect(Object.fromEntries(hot[0]!.url.searchParams)).toMatchObject({
      gameType: 'RNG',
      platform: 'html5',
      isPlatform: '2',
    });
    act(() => {
      window.dispatchEvent(new Event('scroll'));
    });
    await new Promise((res) => setTimeout(res, 1100));
    expect(calls.filter((c) => c.url.pathname === '/api/games/hot')).toHaveLength(1);
  });

  it('ROLE-005 GAMES-041 a visitor is sent to /m/login by the heart, the fav and recent tabs and the FAV classify', async () => {
    stubGames();
    const r = render();
    await screen.findByTestId('games-grid');
    await r.user.click(
      within(screen.getByTestId('game-tile-1')).getByRole('button', { name: 'Favourite: Game 1' }),
    );
    expect(r.location().pathname).toBe('/m/login');
    expect(new URLSearchParams(r.location().search).get('redirect')).toBe('/m/gameList?gameType=RNG');
    for (const name of ['Recent', 'Favourites']) {
      const v = render();
      const tabs = (await screen.findAllByRole('group', { name: 'Lists' })).at(-1)!;
      await v.user.click(within(tabs).getByRole('button', { name }));
      expect(v.location().pathname).toBe('/m/login');
      v.unmount();
    }
    const c = render();
    const menu = (await screen.findAllByRole('group', { name: 'Game types' })).at(-1)!;
    await c.user.click(within(menu).getByTestId('classify-FAV'));
    expect(c.location().pathname).toBe('/m/login');
  });

  it('GAMES-032 GAMES-033 a tile shows the image, vendor logo, heart and the name or node name', async () => {
    stubGames({
      [LIST]: {
        value: {
          games: [game({ nodeId: '7', gameName: null, nodeName: 'Crash' })],
          pageNum: 1,
          totalPages: 1,
        },
      },
    });
    render();
    const tile = await screen.findByTestId('game-tile-7');
    expect(within(tile).getByTestId('game-name')).toHaveTextContent('Crash');
    expect(within(tile).getByTestId('game-vendor-logo')).toHaveAttribute(
      'src',
      '/api/games/art/vendors/BYN.svg',
    );
    expect(within(tile).getByRole('button', { name: 'Favourite: Crash' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    // CONST-016: the artwork waits for the lazy loader's first look (200 ms).
    expect(within(tile).queryByTestId('game-art')).toBeNull();
    await waitFor(() =>
      expect(within(tile).getByTestId('game-art')).toHaveAttribute('src', '/api/games/art/7.svg'),
    );
  });

  it('GAMES-021 GAMES-022 loading then empty; a failed list shows no message', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((res) => (release = res));
    stubGames({ [LIST]: { value: { games: [], pageNum: 1, totalPages: 0 } } });
    const fetchMock = vi.mocked(globalThis.fetch);
    const real = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (...a) => {
      await gate;
      return real(...a);
    });
    render();
    expect(await screen.findByTestId('games-loading')).toHaveTextContent('Loading games…');
    release();
    expect(await screen.findByTestId('games-empty')).toHaveTextContent('No games found');
  });

  it('ERR game list failure: no more pages and no message', async () => {
    stubGames({ [LIST]: { status: 500, code: 'unknown_error' } });
    render();
    expect(await screen.findByTestId('games-empty')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('GAMES-049 GAMES-051 ROLE-004 tapping a tile: a member goes to the launcher, a visitor to login', async () => {
    stubGames({ [HOT]: { value: [] } });
    const r = render('/m/gameList?gameType=RNG', true);
    await screen.findByTestId('games-grid');
    await r.user.click(within(screen.getByTestId('game-tile-3')).getByTestId('game-open'));
    expect(r.location().pathname).toBe('/m/launchGame');
    expect(Object.fromEntries(new URLSearchParams(r.location().search))).toEqual({
      category: 'RNG',
      vendor: 'BYN',
      gameId: 'g3',
      nodeId: '3',
      supportPlay: 'true',
    });
    r.unmount();
    session.clear();
    const v = render();
    await screen.findByTestId('games-grid');
    await v.user.click(within(screen.getByTestId('game-tile-3')).getByTestId('game-open'));
    expect(v.location().pathname).toBe('/m/login');
  });

  it('I18N-012 a language change reloads the list after 200 ms', async () => {
    const { calls } = stubGames();
    const r = render();
    await screen.findByTestId('games-grid');
    expect(listBodies(calls)[0]).toMatchObject({ language: 'EN' });
    await act(async () => {
      await r.i18n.changeLanguage('TY');
    });
    expect(listBodies(calls)).toHaveLength(1);
    await waitFor(() => expect(listBodies(calls).at(-1)).toMatchObject({ language: 'TY', pageNo: 1 }));
  });
});

function vendorOf(code: string) {
  return {
    vassalage: code,
    name: code,
    mobileSmallIcon: `/api/games/art/vendors/${code}.svg`,
    mobileLargeIcon: `/api/games/art/vendors/${code}-lg.svg`,
    gameCategory: 'INHOUSE',
    accountTypeName: code,
  };
}
