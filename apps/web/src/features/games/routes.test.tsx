import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { renderWithShell } from '../../app/test-utils';
import { listBodies, stubGames } from './test/games-api-stub';
import { gamesRoutes } from './routes';

afterEach(() => vi.unstubAllGlobals());

const tree = (
  <Routes>
    {gamesRoutes.map(({ path, Screen }) => (
      <Route key={path} path={path} element={<Screen />} />
    ))}
  </Routes>
);

describe('game list routes', () => {
  it('GAMES-001 /m/gameList, /m/gameCenter and /m/slotsCenter show the list of their category', async () => {
    expect(gamesRoutes.map((r) => r.path)).toEqual([
      '/m/gameList',
      '/m/gameCenter',
      '/m/slotsCenter',
      '/m/gameLobby',
    ]);
    for (const [path, type] of [
      ['/m/gameList?gameType=live', 'LIVE'],
      ['/m/gameCenter?gameType=PVP', 'PVP'],
      ['/m/slotsCenter', 'RNG'],
      ['/m/gameList?gameType=<bad>', 'HOT'],
    ] as const) {
      const { calls } = stubGames();
      const r = renderWithShell(tree, { path });
      expect(await screen.findByTestId('game-list')).toHaveAttribute('data-game-type', type);
      await screen.findByTestId('games-grid');
      expect(listBodies(calls)[0]).toMatchObject({ gameType: type });
      r.unmount();
      vi.unstubAllGlobals();
    }
  });
});
