import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderWithShell } from '../../../app/test-utils';
import { memberSession } from '../../../app/test-fixtures';
import { game } from '../test/fixtures';
import { FAV_ADD, FAV_IDS, FAV_REMOVE, FAVS, listBodies, stubGames } from '../test/games-api-stub';
import { GameListScreen } from './game-list-screen';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('favourites on the game list', () => {
  it('GAMES-038 GAMES-039 GAMES-040 the heart adds and removes with nodeId and vendor', async () => {
    let ids = ['2'];
    const { calls } = stubGames({
      [FAV_IDS]: () => ({ value: ids }),
      [FAV_ADD]: ({ init }) => {
        const b = JSON.parse(init?.body as string) as { nodeId: string };
        ids = [...ids, b.nodeId];
        return { value: ids };
      },
      [FAV_REMOVE]: ({ url }) => {
        ids = ids.filter((i) => i !== url.searchParams.get('nodeId'));
        return { value: ids };
      },
    });
    const r = renderWithShell(<GameListScreen />, {
      path: '/m/gameList?gameType=RNG',
      session: memberSession,
    });
    await screen.findByTestId('games-grid');
    const heart = (id: string) => within(screen.getByTestId(`game-tile-${id}`)).getByTestId('game-fav');
    await waitFor(() => expect(heart('2')).toHaveAttribute('aria-pressed', 'true'));
    expect(heart('1')).toHaveAttribute('aria-pressed', 'false');
    await r.user.click(heart('1'));
    expect(heart('1')).toHaveAttribute('aria-pressed', 'true');
    const add = calls.find((c) => c.method === 'POST' && c.url.pathname === '/api/games/favourites');
    expect(add?.body).toEqual({ nodeId: '1', vendor: 'BYN' });
    await r.user.click(heart('2'));
    expect(heart('2')).toHaveAttribute('aria-pressed', 'false');
    const del = calls.find((c) => c.method === 'DELETE');
    expect(Object.fromEntries(del!.url.searchParams)).toEqual({ nodeId: '2', vendor: 'BYN' });
    await waitFor(() => expect(ids).toEqual(['1']));
  });

  it('GAMES-043 removing on the fav tab takes the game off the list at once', async () => {
    let answer: (v: string[]) => void = () => undefined;
    const pending = new Promise<string[]>((res) => (answer = res));
    stubGames({
      [FAV_IDS]: { value: ['5', '6'] },
      [FAVS]: {
        value: { content: [game({ nodeId: '5' }), game({ nodeId: '6' })], pageNum: 1, totalPages: 1 },
      },
    });
    const fetchMock = vi.mocked(globalThis.fetch);
    const real = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      if (init?.method === 'DELETE') {
        const ids = await pending;
        return new Response(JSON.stringify({ success: true, value: ids }), { status: 200 });
      }
      return real(input, init);
    });
    const r = renderWithShell(<GameListScreen />, {
      path: '/m/gameList?gameType=RNG',
      session: memberSession,
    });
    await r.user.click(await screen.findByTestId('games-tab-fav'));
    await screen.findByTestId('game-tile-5');
    await r.user.click(within(screen.getByTestId('game-tile-5')).getByTestId('game-fav'));
    // The server has not answered yet: the list already changed.
    expect(screen.queryByTestId('game-tile-5')).toBeNull();
    expect(screen.getByTestId('game-tile-6')).toBeInTheDocument();
    answer(['6']);
    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith(
        expect.stringContaining('/api/games/favourites?nodeId=5'),
        expect.anything(),
      ),
    );
  });
});

describe('filter drawer', () => {
  it('GAMES-023 GAMES-024 GAMES-025 GAMES-026 GAMES-027 GAMES-028 RNG drawer: vendors, type, minimum bet, Submit', async () => {
    const { calls } = stubGames();
    const r = renderWithShell(<GameListScreen />, { path: '/m/gameList?gameType=RNG' });
    await screen.findByTestId('games-grid');
    const open = screen.getByRole('button', { name: 'Filter games' });
    await r.user.click(open);
    const dialog = await screen.findByRole('dialog', { name: 'Slots' });
    const vendors = within(dialog).getByRole('group', { name: 'Providers' });
    expect(
      within(vendors)
        .getAllByRole('button')
        .map((b) => b.getAttribute('data-testid')),
    ).toEqual([
      'drawer-vendor-ALL',
      'drawer-vendor-BYN',
      'drawer-vendor-ARW',
      'drawer-vendor-HMY',
      'drawer-vendor-AAA',
      'drawer-vendor-BBB',
    ]);
    const byn = within(vendors).getByRole('button', { name: 'BYN Studio' });
    await r.user.click(byn);
    expect(byn).toHaveAttribute('aria-pressed', 'true');
    await r.user.click(byn);
    expect(byn).toHaveAttribute('aria-pressed', 'false');
    expect(within(vendors).getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');
    await r.user.click(within(vendors).getByRole('button', { name: 'ARW Studio' }));
    const bets = within(dialog).getByRole('group', { name: 'Minimum bet' });
    expect(
      within(bets)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['All', '0.01', '0.05', '0.1', '0.5', '0.75']);
    await r.user.click(within(bets).getByRole('button', { name: '0.5' }));
    const types = within(dialog).getByRole('group', { name: 'Game type' });
    await r.user.click(within(types).getByRole('button', { name: 'Video slots' }));
    expect(listBodies(calls)).toHaveLength(1);
    await r.user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() =>
      expect(listBodies(calls).at(-1)).toMatchObject({
        vassalage: 'ARW',
        minBet: '0.5',
        gameClassify: 'VIDEO',
        pageNo: 1,
      }),
    );
    expect(open).toHaveFocus();
  });

  it('GAMES-028 Reset clears the drawer choices; Escape closes and returns focus', async () => {
    const { calls } = stubGames();
    const r = renderWithShell(<GameListScreen />, { path: '/m/gameList?gameType=RNG' });
    await screen.findByTestId('games-grid');
    const open = screen.getByRole('button', { name: 'Filter games' });
    await r.user.click(open);
    let dialog = await screen.findByRole('dialog');
    await r.user.click(within(dialog).getByTestId('drawer-minbet-0.75'));
    await r.user.click(within(dialog).getByTestId('drawer-submit'));
    await waitFor(() => expect(listBodies(calls).at(-1)).toMatchObject({ minBet: '0.75' }));
    await r.user.click(open);
    dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('drawer-minbet-0.75')).toHaveAttribute('aria-pressed', 'true');
    await r.user.click(within(dialog).getByTestId('drawer-reset'));
    expect(within(dialog).getByTestId('drawer-minbet-all')).toHaveAttribute('aria-pressed', 'true');
    await r.user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(open).toHaveFocus();
  });

  it('GAMES-026 GAMES-029 GAMES-030 GAMES-031 other categories: no type or bet sections; other games lead on', async () => {
    stubGames();
    const r = renderWithShell(<GameListScreen />, { path: '/m/gameList?gameType=LIVE' });
    await screen.findByTestId('games-grid');
    await r.user.click(screen.getByRole('button', { name: 'Filter games' }));
    const dialog = await screen.findByRole('dialog', { name: 'Live casino' });
    expect(within(dialog).queryByRole('group', { name: 'Game type' })).toBeNull();
    expect(within(dialog).queryByRole('group', { name: 'Minimum bet' })).toBeNull();
    const others = await within(dialog).findByRole('navigation', { name: 'Other games' });
    expect(
      within(others)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/m/gameList?gameType=HOT', '/m/gameList?gameType=RNG', '/m/lottery']);
    await r.user.click(within(others).getByRole('link', { name: 'Lottery' }));
    expect(r.location().pathname).toBe('/m/lottery');
  });
});
