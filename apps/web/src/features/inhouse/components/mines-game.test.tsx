import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import type { InhouseGameInfo, InhouseRound, MinesStep } from '@panalo/contract/inhouse';
import { renderWithShell } from '../../../app/test-utils';
import { memberSession } from '../../../app/test-fixtures';
import { stubApi } from '../../member/test/member-fixtures';
import { InhouseGameScreen } from '../screens/inhouse-game-screen';
import { tileState } from './mines-game';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const info: InhouseGameInfo = {
  id: 'mines',
  kind: 'mines',
  nameKey: 'inhouse.mines.name',
  statedRtpBp: 9900,
  minBet: '0.01',
  maxBet: '1000000.00',
  rulesKeys: ['inhouse.mines.rules.pick'],
  facts: { cells: 25, minMines: 1, maxMines: 24 },
};
const open = (picks: number[], cashOut = '0.00'): InhouseRound => ({
  id: '42',
  game: 'mines',
  nonce: 3,
  serverSeedHash: 'a'.repeat(64),
  clientSeed: 'c1',
  serverSeed: null,
  bet: { amount: '10.00', mines: 3, picks },
  stake: '10.00',
  payout: '0.00',
  multiplier: '0.0000',
  outcome: null,
  status: 'open',
  createdAt: '2026-11-22T10:00:00.000Z',
  mines: { picks, cashOut, multiplier: '1.1300', nextMultiplier: '1.2800' },
});
const step = (round: InhouseRound, balance: string | null = null): { value: MinesStep } => ({
  value: { round, balance },
});

function renderMines(routes: Parameters<typeof stubApi>[0]) {
  const api = stubApi({
    '/api/inhouse/games': { value: [info] },
    '/api/inhouse/seed': { value: { serverSeedHash: 'a'.repeat(64), clientSeed: 'c1', nonce: 3 } },
    '/api/inhouse/mines/rounds': { value: [] },
    '/api/inhouse/mines/round': { value: null },
    '/api/wallet/balance': { value: { sumBalance: '100.00', currency: 'PHP', book: 'real' } },
    ...routes,
  });
  const r = renderWithShell(
    <Routes>
      <Route path="/m/inhouse/:game" element={<InhouseGameScreen />} />
    </Routes>,
    { session: memberSession, path: '/m/inhouse/mines' },
  );
  return { ...r, api };
}

describe('mines, tile by tile (/m/inhouse/mines)', () => {
  it('start stakes with an idempotency key; tiles reveal one by one; cash-out shows the win', async () => {
    const settled: InhouseRound = {
      ...open([6, 7]),
      status: 'settled',
      payout: '12.80',
      multiplier: '1.2800',
      outcome: { mineCells: [0, 1, 2], hitAt: null },
      bet: { amount: '10.00', mines: 3, picks: [6, 7] },
      mines: undefined,
    };
    const { api, user, queryClient } = renderMines({
      'POST /api/inhouse/mines/start': step(open([]), '90.00'),
      'POST /api/inhouse/mines/reveal': step(open([6], '11.30')),
      'POST /api/inhouse/mines/cashout': step(settled, '102.80'),
    });
    await user.clear(await screen.findByTestId('bet-amount'));
    await user.type(screen.getByTestId('bet-amount'), '10.00');
    await user.click(screen.getByTestId('play'));
    const start = await waitFor(() => api.calls.find((c) => c.url.pathname === '/api/inhouse/mines/start')!);
    expect(start.body).toEqual({ amount: '10.00', mines: 3 });
    expect(start.headers.get('idempotency-key')).toMatch(/[0-9a-f-]{36}/);
    expect(await screen.findByTestId('mines-cashout')).toBeDisabled();
    expect(queryClient.getQueryData(['wallet', 'balance', memberSession.token])).toMatchObject({
      sumBalance: '90.00',
    });
    await user.click(screen.getByTestId('mines-tile-6'));
    await waitFor(() => expect(screen.getByTestId('mines-tile-6')).toHaveAccessibleName('Tile 7, safe'));
    expect(screen.getByTestId('mines-cashout')).toHaveTextContent('Cash out 11.30');
    await user.click(screen.getByTestId('mines-cashout'));
    expect(await screen.findByTestId('round-result')).toHaveTextContent('You won 12.80.');
    expect(screen.getByTestId('mines-tile-0')).toHaveAccessibleName('Tile 1, mine');
    expect(screen.getByTestId('mines-tile-6')).toBeDisabled();
    expect(screen.getByTestId('play')).toBeEnabled();
  });

  it('an interrupted round resumes on load with its picks; no new round is started', async () => {
    const { api } = renderMines({ '/api/inhouse/mines/round': step(open([4, 9], '13.00')) });
    expect(await screen.findByTestId('mines-status')).toHaveTextContent('Bet 10.00 on 3 mines');
    expect(screen.getByTestId('mines-tile-4')).toHaveAccessibleName('Tile 5, safe');
    expect(screen.getByTestId('mines-tile-9')).toBeDisabled();
    expect(screen.getByTestId('mines-tile-10')).toBeEnabled();
    expect(screen.getByTestId('mines-cashout')).toHaveTextContent('Cash out 13.00');
    expect(screen.queryByTestId('play')).toBeNull();
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('refusals are shown in words: insufficient balance on start', async () => {
    const { user } = renderMines({
      'POST /api/inhouse/mines/start': { status: 409, code: 'insufficient_funds' },
    });
    await user.click(await screen.findByTestId('play'));
    expect(await screen.findByTestId('play-error')).toHaveTextContent('Insufficient balance.');
  });

  it('tile states: a hit mine, other mines, safe picks', () => {
    const lost: InhouseRound = {
      ...open([5, 1]),
      status: 'settled',
      outcome: { mineCells: [1, 2], hitAt: 1 },
      bet: { picks: [5, 1] },
    };
    expect([0, 1, 2, 5].map((c) => tileState(lost, c))).toEqual(['hidden', 'hit', 'mine', 'safe']);
    expect(tileState(null, 3)).toBe('hidden');
  });
});
