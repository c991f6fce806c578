import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithShell } from '../../../app/test-utils';
import { memberSession } from '../../../app/test-fixtures';
import { ApiFailure, HOME_API, hotGames, recentWins, stubHomeApi } from '../test/home-fixtures';
import { HOME_HOT_GAMES } from '../api/get-hot-games';
import { HotGamesRow } from './hot-games-row';
import { RecentWinsFeed } from './recent-wins-feed';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('home hot games (issue 49 item 6)', () => {
  it('#49 shows the site’s hot games with their artwork, at most ten, asked for every category in the language', async () => {
    const api = stubHomeApi({ hotGames: hotGames(14) });
    renderWithShell(<HotGamesRow />);
    const row = await screen.findByTestId('hot-games');
    const tiles = within(row).getAllByRole('button');
    expect(tiles).toHaveLength(HOME_HOT_GAMES);
    expect(tiles[0]).toHaveAccessibleName('Pearl of Manila');
    expect(tiles[0]!.querySelector('img')).toHaveAttribute(
      'src',
      expect.stringContaining('/api/games/art/500.svg'),
    );
    const call = api.calls.find((u) => u.pathname === HOME_API.hotGames)!;
    expect(Object.fromEntries(call.searchParams)).toEqual({
      isPlatform: '2',
      platform: 'html5',
      language: 'EN',
    });
    expect(within(row).getByTestId('hot-games-all')).toHaveAttribute('href', '/m/gameList?gameType=HOT');
  });

  it('#49 a visitor’s tap asks to log in and come back home; a member’s tap opens the game', async () => {
    stubHomeApi();
    const visitor = renderWithShell(<HotGamesRow />);
    await visitor.user.click(await screen.findByTestId('hot-game-501'));
    await vi.waitFor(() => expect(visitor.location().pathname).toBe('/m/login'));
    expect(visitor.location().search).toBe(`?redirect=${encodeURIComponent('/m/home')}`);
    visitor.unmount();

    const member = renderWithShell(<HotGamesRow />, { session: memberSession });
    await member.user.click(await screen.findByTestId('hot-game-500'));
    await vi.waitFor(() => expect(member.location().pathname).toBe('/m/inhouse/pearl-of-manila'));
  });

  it('#49 no row when the site has no hot game; a failed load offers a retry', async () => {
    stubHomeApi({ hotGames: [] });
    const a = renderWithShell(<HotGamesRow />);
    await vi.waitFor(() => expect(screen.queryByTestId('hot-games-loading')).toBeNull());
    expect(screen.queryByTestId('hot-games')).toBeNull();
    a.unmount();
    vi.unstubAllGlobals();
    stubHomeApi({ hotGames: new ApiFailure() });
    renderWithShell(<HotGamesRow />);
    expect(await screen.findByTestId('hot-games-error')).toHaveRole('alert');
  });
});

describe('home recent wins (issue 49 item 6)', () => {
  it('#49 lists the server’s wins newest first: masked name, game, amount with the currency, how long ago', async () => {
    stubHomeApi();
    renderWithShell(<RecentWinsFeed />);
    const rows = await screen.findAllByTestId('recent-win');
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('de***01');
    expect(rows[0]).toHaveTextContent('Win Go 1 min');
    expect(within(rows[0]!).getByTestId('recent-win-amount')).toHaveTextContent('won ₱1,250.00');
    expect(rows[0]).toHaveTextContent('just now');
    expect(rows[1]).toHaveTextContent('5 min ago');
    expect(rows[2]).toHaveTextContent('3 hr ago');
    expect(within(rows[2]!).getByTestId('recent-win-amount')).toHaveTextContent('₱9.50');
  });

  it('#49 an empty week says so; a failed load offers a retry; in TY the words are Filipino', async () => {
    stubHomeApi({ recentWins: [] });
    const a = renderWithShell(<RecentWinsFeed />);
    expect(await screen.findByTestId('recent-wins-empty')).toHaveTextContent('No wins this week yet');
    a.unmount();
    vi.unstubAllGlobals();
    stubHomeApi({ recentWins: new ApiFailure() });
    const b = renderWithShell(<RecentWinsFeed />);
    expect(await screen.findByTestId('recent-wins-error')).toBeInTheDocument();
    b.unmount();
    vi.unstubAllGlobals();
    stubHomeApi({ recentWins: recentWins() });
    renderWithShell(<RecentWinsFeed />, { language: 'TY' });
    const rows = await screen.findAllByTestId('recent-win');
    expect(rows[0]).toHaveTextContent('ngayon lang');
    expect(rows[1]).toHaveTextContent('5 minuto ang nakalipas');
    expect(screen.getByRole('heading', { name: 'Mga bagong panalo' })).toBeInTheDocument();
  });
});
