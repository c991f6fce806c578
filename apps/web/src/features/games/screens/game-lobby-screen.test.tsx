import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { AppRoutes, appRoutes } from '../../../app/router';
import { memberSession } from '../../../app/test-fixtures';
import { renderWithShell } from '../../../app/test-utils';
import type { StubAnswer } from '../../member/test/member-fixtures';
import { games, vendor } from '../test/fixtures';
import { CONFIG, HOT, stubGames, VENDORS } from '../test/games-api-stub';
import { GameLobbyScreen } from './game-lobby-screen';

afterEach(() => vi.unstubAllGlobals());

const ORDER = ['HOT', 'LIVE', 'RNG', 'ESPORTS', 'LOTT', 'ELOTT'];
const config = (categories: readonly string[]): StubAnswer => ({
  value: {
    sorting: categories.map((gameCategory) => ({ gameCategory, vendorNames: [] })),
    mapping: {},
    prizeMode: 'Lott',
  },
});
const BY_CATEGORY: Record<string, string[]> = {
  HOT: ['BYN', 'TF'],
  LIVE: ['MNL', 'EVO'],
  RNG: ['BYN', 'ARW'],
  ESPORTS: ['TF'],
  LOTT: ['TCG_SEA'],
};
const vendorsOf = ({ url }: { url: URL }): StubAnswer => {
  const type = url.searchParams.get('gameType') ?? '';
  const categoryOf = (c: string) => (c === 'TF' ? 'ESPORTS' : type === 'HOT' ? 'RNG' : type);
  return { value: (BY_CATEGORY[type] ?? []).map((c) => vendor(c, categoryOf(c))) };
};

const render = (language: 'EN' | 'TY' = 'EN', signedIn = false) =>
  renderWithShell(<GameLobbyScreen />, {
    path: '/m/gameLobby',
    language,
    session: signedIn ? memberSession : null,
  });
/** Hot games of live casino only (ids 500, 501 by MNL); the other categories have none. */
const hotOf = ({ url }: { url: URL }): StubAnswer => ({
  value:
    url.searchParams.get('gameType') === 'LIVE' ? games(2, 500, { vassalage: 'MNL', gameType: 'LIVE' }) : [],
});

const section = (name: string) => screen.getByRole('region', { name });

describe('game lobby (/m/gameLobby)', () => {
  it('lists the merchant’s categories in the vendor config’s order, each with its vendors and a see-all link', async () => {
    const { calls } = stubGames({ [CONFIG]: config(ORDER), [VENDORS]: vendorsOf });
    render();
    await screen.findByRole('link', { name: 'MNL Studio' });
    expect(screen.getByRole('heading', { level: 1, name: 'Game lobby' })).toBeInTheDocument();
    // ELOTT is no section of its own (as in the drawer's other games); the order is the merchant's.
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Hot',
      'Live casino',
      'Slots',
      'E-sports',
      'Lottery',
    ]);

    const live = section('Live casino');
    expect(within(live).getByRole('link', { name: 'See all Live casino' })).toHaveAttribute(
      'href',
      '/m/gameList?gameType=LIVE',
    );
    const liveVendors = within(live).getByRole('list', { name: 'Live casino providers' });
    expect(
      within(liveVendors)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['MNL Studio', '/m/gameList?gameType=LIVE&vendor=MNL'],
      ['EVO Studio', '/m/gameList?gameType=LIVE&vendor=EVO'],
    ]);
    await waitFor(() =>
      expect(within(section('Slots')).getByRole('link', { name: 'ARW Studio' })).toHaveAttribute(
        'href',
        '/m/gameList?gameType=RNG&vendor=ARW',
      ),
    );

    // The lottery opens its own lobby, from its vendors and from "see all".
    const lott = section('Lottery');
    await waitFor(() =>
      expect(within(lott).getByRole('link', { name: 'TCG_SEA Studio' })).toHaveAttribute(
        'href',
        '/m/lottery',
      ),
    );
    expect(within(lott).getByRole('link', { name: 'See all Lottery' })).toHaveAttribute('href', '/m/lottery');

    // GAMES-020 as on the list's strip: the e-sport vendor is not among the hot vendors, only in its own section.
    await waitFor(() =>
      expect(within(section('E-sports')).getByRole('link', { name: 'TF Studio' })).toHaveAttribute(
        'href',
        '/m/gameList?gameType=ESPORTS&vendor=TF',
      ),
    );
    expect(
      within(section('Hot'))
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['See all', 'BYN Studio']);
    expect(
      calls
        .filter((c) => c.url.pathname === '/api/games/vendors')
        .map((c) => c.url.searchParams.get('gameType')),
    ).toEqual(expect.arrayContaining(['HOT', 'LIVE', 'RNG', 'ESPORTS', 'LOTT']));
    expect(calls.some((c) => c.url.searchParams.get('gameType') === 'ELOTT')).toBe(false);
  });

  it('a vendor tile opens by keyboard on its category’s list fixed on that vendor', async () => {
    stubGames({ [CONFIG]: config(ORDER), [VENDORS]: vendorsOf });
    const r = render();
    const evo = await screen.findByRole('link', { name: 'EVO Studio' });
    evo.focus();
    await r.user.keyboard('{Enter}');
    await waitFor(() => expect(r.location().pathname).toBe('/m/gameList'));
    expect(r.location().search).toBe('?gameType=LIVE&vendor=EVO');
  });

  it('ROLE-004 a category’s hot games show as a row; a visitor’s tap logs in first and comes back to the lobby', async () => {
    const { calls } = stubGames({ [CONFIG]: config(['RNG', 'LIVE']), [VENDORS]: vendorsOf, [HOT]: hotOf });
    const r = render();
    const row = await screen.findByRole('list', { name: 'Live casino: hot games' });
    expect(
      within(row)
        .getAllByTestId('game-name')
        .map((n) => n.textContent),
    ).toEqual(['Game 500', 'Game 501']);
    expect(screen.queryByRole('list', { name: 'Slots: hot games' })).toBeNull();
    expect(
      calls.filter((c) => c.url.pathname === HOT).map((c) => c.url.searchParams.get('gameType')),
    ).toEqual(expect.arrayContaining(['RNG', 'LIVE']));
    await r.user.click(within(row).getAllByTestId('game-open')[0]!);
    await waitFor(() => expect(r.location().pathname).toBe('/m/login'));
    expect(r.location().search).toBe('?redirect=%2Fm%2FgameLobby');
  });

  it('GAMES-051 a member’s tap on a hot game launches it through the generic launcher', async () => {
    stubGames({ [CONFIG]: config(['LIVE']), [VENDORS]: vendorsOf, [HOT]: hotOf });
    const r = render('EN', true);
    const row = await screen.findByRole('list', { name: 'Live casino: hot games' });
    await r.user.click(within(row).getAllByTestId('game-open')[1]!);
    await waitFor(() => expect(r.location().pathname).toBe('/m/launchGame'));
    expect(Object.fromEntries(new URLSearchParams(r.location().search))).toEqual({
      category: 'LIVE',
      vendor: 'MNL',
      gameId: 'g501',
      nodeId: '501',
      supportPlay: 'true',
    });
  });

  it('shows loading, then an error with a retry that loads the lobby', async () => {
    let fail = true;
    stubGames({
      [CONFIG]: () => (fail ? { status: 500, code: 'server_error' } : config(['RNG'])),
      [VENDORS]: vendorsOf,
    });
    const r = render();
    expect(screen.getByTestId('lobby-loading')).toHaveTextContent('Loading the game lobby…');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The game lobby could not be loaded.');
    fail = false;
    await r.user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Slots' })).toBeInTheDocument();
    expect(screen.queryByTestId('lobby-error')).toBeNull();
  });

  it('a section whose vendors fail shows its own retry; the others stay', async () => {
    let fail = true;
    stubGames({
      [CONFIG]: config(['LIVE', 'RNG']),
      [VENDORS]: (req) =>
        fail && req.url.searchParams.get('gameType') === 'RNG'
          ? { status: 500, code: 'server_error' }
          : vendorsOf(req),
    });
    const r = render();
    await screen.findByRole('link', { name: 'MNL Studio' });
    const slots = section('Slots');
    const alert = await within(slots).findByRole('alert');
    expect(alert).toHaveTextContent('The providers could not be loaded.');
    fail = false;
    await r.user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await within(slots).findByRole('link', { name: 'ARW Studio' })).toBeInTheDocument();
  });

  it('a merchant that sells no category sees the empty state', async () => {
    stubGames({ [CONFIG]: config([]) });
    render();
    expect(await screen.findByTestId('lobby-empty')).toHaveTextContent('No games here yet');
    expect(screen.queryAllByRole('region')).toHaveLength(0);
  });

  it('speaks TY', async () => {
    stubGames({ [CONFIG]: config(['LIVE']), [VENDORS]: vendorsOf });
    render('TY');
    await screen.findByRole('link', { name: 'MNL Studio' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Lobby ng mga laro');
    expect(screen.getByRole('link', { name: 'Tingnan lahat ng Live casino' })).toHaveTextContent(
      'Tingnan lahat',
    );
  });

  it('SHELL-036 the game routes /m/lottery, /m/gameList?gameType=, /m/gameLobby, /m/gameCenter and /m/slotsCenter exist', async () => {
    expect(appRoutes.map((r) => r.path)).toEqual(
      expect.arrayContaining([
        '/m/lottery',
        '/m/gameList',
        '/m/gameLobby',
        '/m/gameCenter',
        '/m/slotsCenter',
      ]),
    );
    for (const [path, testId] of [
      ['/m/gameLobby', 'game-lobby'],
      ['/m/gameList?gameType=LIVE', 'game-list'],
      ['/m/gameCenter', 'game-list'],
      ['/m/slotsCenter', 'game-list'],
      ['/m/lottery', 'lottery-lobby'],
    ] as const) {
      stubGames({ [CONFIG]: config(ORDER), [VENDORS]: vendorsOf });
      const r = renderWithShell(<AppRoutes homeExtra={null} />, { path });
      expect(await screen.findByTestId(testId, {}, { timeout: 5000 })).toBeInTheDocument();
      expect(screen.queryByTestId('not-found-screen')).toBeNull();
      r.unmount();
      vi.unstubAllGlobals();
    }
  });
});
