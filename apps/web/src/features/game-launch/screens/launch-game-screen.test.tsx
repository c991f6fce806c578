import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { renderWithShell } from '../../../app/test-utils';
import { memberSession, trialSession } from '../../../app/test-fixtures';
import { RequireSession } from '../../../components/ui/require-session';
import type { Game } from '@panalo/contract/games';
import type { SessionInfo } from '../../../lib/session';
import { toast, TOAST_MS } from '../../../lib/toast';
import { stubApi } from '../../member/test/member-fixtures';
import { browser } from '../rules/launch-plan';
import { LaunchGameScreen } from './launch-game-screen';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const sportsGame: Game = {
  nodeId: '7',
  gameName: 'Kampeon Basketball',
  nodeName: 'x',
  vassalage: 'KSP',
  gameType: 'SPORTS',
  gameId: 'ksp-basketball',
  roomId: null,
  showIcon: true,
  iconUrl: '',
  supportPlay: false,
  gameClassifyNew: null,
  minBet: '1.00',
  lines: null,
  isNew: false,
  hot: false,
};

const VENDOR_URL =
  '/m/launchGame?category=RNG&vendor=BYN&gameId=byn-golden-carabao&nodeId=42&supportPlay=true';
const GAME_URL = 'http://127.0.0.1:5001/games/byn-golden-carabao?token=t';

function renderLaunch(
  path: string,
  routes: Parameters<typeof stubApi>[0],
  session: SessionInfo | null = memberSession,
) {
  const show = vi.spyOn(toast, 'show').mockResolvedValue();
  const clear = vi.spyOn(toast, 'clear').mockResolvedValue();
  const leave = vi.spyOn(browser, 'leaveTo').mockImplementation(() => {});
  const api = stubApi(routes);
  const r = renderWithShell(
    <Routes>
      <Route
        path="/m/launchGame"
        element={
          <RequireSession allowTrial>
            <LaunchGameScreen />
          </RequireSession>
        }
      />
      <Route path="/m/startLottery" element={<p data-testid="betting">betting</p>} />
      <Route path="/m/login" element={<p data-testid="login">login</p>} />
      <Route path="/m/gameList" element={<p data-testid="list">list</p>} />
    </Routes>,
    { session, path },
  );
  return { ...r, api, show, clear, leave };
}

describe('LaunchGameScreen (/m/launchGame)', () => {
  it('API-064 ERR-029 shows launching with a 3 s loading toast, calls the generic launch and sends the browser to gameUrl', async () => {
    const r = renderLaunch(VENDOR_URL, { 'POST /api/games/launch': { value: { gameUrl: GAME_URL } } });
    expect(screen.getByTestId('launch-launching').textContent).toContain('Launching the game');
    expect(r.show).toHaveBeenCalledWith('Launching the game…', TOAST_MS.launchLoading, 'loading');
    await waitFor(() => expect(r.leave).toHaveBeenCalledWith(GAME_URL));
    const call = r.api.calls.find((c) => c.url.pathname === '/api/games/launch')!;
    expect(call.method).toBe('POST');
    expect(call.body).toEqual({
      category: 'RNG',
      vendor: 'BYN',
      gameId: 'byn-golden-carabao',
      nodeId: '42',
      supportPlay: true,
      device: 'MOBILE',
      language: 'EN',
      backUrl: '/m/gameList?gameType=RNG',
    });
    expect(call.headers.get('authorization')).toBe(`Bearer ${memberSession.token}`);
    expect(r.api.calls.filter((c) => c.url.pathname === '/api/games/launch')).toHaveLength(1);
    expect(r.clear).toHaveBeenCalled();
  });

  it('GAMES-052 API-061 API-063 a lottery launch sends the lottery fields and navigates to the returned gameUrl', async () => {
    const r = renderLaunch('/m/launchGame?playType=trad&prize_mode=Lott&code=WINGO1&pageBack=home', {
      'POST /api/lottery/launch': { value: { gameUrl: '/m/startLottery?code=WINGO1&backUrl=%2Fm%2Fhome' } },
    });
    await screen.findByTestId('betting');
    expect(r.location().search).toBe('?code=WINGO1&backUrl=%2Fm%2Fhome');
    expect(r.api.calls.find((c) => c.url.pathname === '/api/lottery/launch')!.body).toEqual({
      lottoArea: 'VN',
      launchMode: 'LOTT',
      lottoPrizeMode: 'Lott',
      lottoGameCode: 'WINGO1',
      lottoView: 'betting',
      device: 'MOBILE',
      backUrl: '/m/home',
      language: 'EN',
    });
    expect(r.leave).not.toHaveBeenCalled();
  });

  it('ERR-005 a refused launch dismisses the loading toast and says why, translated, with retry and back', async () => {
    let n = 0;
    const r = renderLaunch(VENDOR_URL, {
      'POST /api/games/launch': () =>
        ++n === 1 ? { status: 403, code: 'vendor_disabled' } : { value: { gameUrl: GAME_URL } },
    });
    expect((await screen.findByTestId('launch-error')).textContent).toBe(
      'This game provider is currently unavailable.',
    );
    expect(r.clear).toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toContain('The game could not be opened');
    expect(screen.getByTestId('launch-back').getAttribute('href')).toBe('/m/gameList?gameType=RNG');
    await r.user.click(screen.getByTestId('launch-retry'));
    await waitFor(() => expect(r.leave).toHaveBeenCalledWith(GAME_URL));
  });

  it('API-064 an unknown game and a lottery failure are shown in the member’s language', async () => {
    renderLaunch(VENDOR_URL, { 'POST /api/games/launch': { status: 404, code: 'unknown_game' } });
    expect((await screen.findByTestId('launch-error')).textContent).toBe('Unknown game.');
  });

  it('ROLE-004 a visitor is sent to /m/login (and comes back here); a lost session too', async () => {
    const visitor = renderLaunch(VENDOR_URL, {}, null);
    await screen.findByTestId('login');
    expect(decodeURIComponent(visitor.location().search)).toContain('/m/launchGame?category=RNG');
    expect(visitor.api.calls).toHaveLength(0);
    visitor.unmount();
    localStorage.clear();

    const lost = renderLaunch(VENDOR_URL, {
      'POST /api/games/launch': { status: 401, code: 'not_logged_in' },
    });
    await screen.findByTestId('login');
    expect(lost.location().pathname).toBe('/m/login');
  });

  it('API-064 a launch that answers after the player left does not take the browser away', async () => {
    const r = renderLaunch(VENDOR_URL, { 'POST /api/games/launch': { value: { gameUrl: GAME_URL } } });
    // Left before the answer arrives (the answer resolves in later microtasks).
    r.unmount();
    await new Promise((res) => setTimeout(res, 20));
    expect(r.api.calls).toHaveLength(1);
    expect(r.leave).not.toHaveBeenCalled();
  });

  it('API-064 a free-trial account may launch (with play money)', async () => {
    const r = renderLaunch(
      VENDOR_URL,
      { 'POST /api/games/launch': { value: { gameUrl: GAME_URL } } },
      trialSession,
    );
    await waitFor(() => expect(r.leave).toHaveBeenCalledWith(GAME_URL));
  });

  it('API-064 a hot match of a vendor the catalogue lacks launches the first sports game', async () => {
    const r = renderLaunch('/m/launchGame?code=match-1&vendor=SABA&roomId=r1', {
      'POST /api/games/list': ({ init }) => {
        const body = JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as { vassalage?: string };
        return { value: { games: body.vassalage ? [] : [sportsGame], pageNum: 1, totalPages: 1 } };
      },
      'POST /api/games/launch': { value: { gameUrl: GAME_URL } },
    });
    await waitFor(() => expect(r.leave).toHaveBeenCalledWith(GAME_URL));
    const lists = r.api.calls.filter((c) => c.url.pathname === '/api/games/list').map((c) => c.body);
    expect(lists).toMatchObject([{ vassalage: 'SABA' }, { gameType: 'SPORTS' }]);
  });

  it('API-064 a hot match (vendor only) launches the vendor’s first game', async () => {
    const r = renderLaunch('/m/launchGame?code=match-1&vendor=KSP&roomId=r1', {
      'POST /api/games/list': { value: { games: [sportsGame], pageNum: 1, totalPages: 1 } },
      'POST /api/games/launch': { value: { gameUrl: GAME_URL } },
    });
    await waitFor(() => expect(r.leave).toHaveBeenCalledWith(GAME_URL));
    expect(r.api.calls.find((c) => c.url.pathname === '/api/games/list')!.body).toMatchObject({
      vassalage: 'KSP',
      pageSize: 1,
    });
    expect(r.api.calls.find((c) => c.url.pathname === '/api/games/launch')!.body).toMatchObject({
      vendor: 'KSP',
      gameId: 'ksp-basketball',
      nodeId: '7',
      backUrl: '/m/home',
    });
  });
});
