import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { GameRecord } from '@panalo/contract/game-records';
import { renderWithShell } from '../../../app/test-utils';
import { memberSession } from '../../../app/test-fixtures';
import { stubApi } from '../test/records-fixtures';
import { GameRecordsScreen } from './game-records-screen';

const GAMES = '/api/games/records';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 10, 22, 15, 0));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const record = (p: Partial<GameRecord> = {}): GameRecord => ({
  id: '1',
  roundId: 'r-1',
  nodeId: '42',
  gameName: 'Golden Carabao',
  vassalage: 'BYN',
  gameType: 'RNG',
  bet: '10.00',
  win: '25.50',
  refund: '0.00',
  net: '15.50',
  status: 'closed',
  startedAt: new Date(2026, 10, 22, 14, 5).toISOString(),
  endedAt: new Date(2026, 10, 22, 14, 6).toISOString(),
  ...p,
});

const reply = (list: GameRecord[], totals = { bet: '15.00', win: '25.50', net: '10.50' }) => ({
  value: { list, pageNum: 1, totalPages: 1, total: list.length, totals },
});

const lastQuery = (calls: { url: URL }[]) =>
  Object.fromEntries(calls.filter((c) => c.url.pathname === GAMES).at(-1)!.url.searchParams);

describe('betting record (/m/gameRecord)', () => {
  it('SHELL-038 lists the rounds with game, provider, bet, win and signed net, and the period totals', async () => {
    const { calls } = stubApi({
      [GAMES]: reply([
        record(),
        record({
          id: '2',
          roundId: 'r-2',
          gameName: 'Reef Hunter',
          vassalage: 'KDG',
          net: '-5.00',
          win: '0.00',
        }),
      ]),
    });
    renderWithShell(<GameRecordsScreen />, { session: memberSession, path: '/m/gameRecord' });
    const list = await screen.findByRole('list', { name: 'Game rounds' });
    const [won, lost] = within(list).getAllByRole('listitem');
    expect(won).toHaveTextContent('Golden Carabao');
    expect(won).toHaveTextContent('BYN');
    expect(within(won!).getByTestId('game-record-bet')).toHaveTextContent('10.00');
    expect(within(won!).getByTestId('game-record-win')).toHaveTextContent('25.50');
    expect(within(won!).getByTestId('game-record-net')).toHaveTextContent('+15.50');
    expect(within(lost!).getByTestId('game-record-net')).toHaveAttribute('data-sign', 'negative');
    expect(screen.getByTestId('game-record-total-net')).toHaveTextContent('+10.50');
    expect(lastQuery(calls)).toEqual({
      from: '2026-11-22',
      to: '2026-11-22',
      language: 'EN',
      page: '1',
      pageSize: '20',
    });
  });

  it('a category and a period narrow the query; an empty period says so', async () => {
    const { calls } = stubApi({ [GAMES]: reply([], { bet: '0.00', win: '0.00', net: '0.00' }) });
    const r = renderWithShell(<GameRecordsScreen />, { session: memberSession });
    expect(await screen.findByText('No game rounds in this period')).toBeInTheDocument();
    await r.user.click(screen.getByTestId('game-category-FISH'));
    expect(screen.getByTestId('game-category-FISH')).toHaveAttribute('aria-pressed', 'true');
    await r.user.click(screen.getByRole('button', { name: 'Last 7 days' }));
    await waitFor(() =>
      expect(lastQuery(calls)).toMatchObject({ gameType: 'FISH', from: '2026-11-16', to: '2026-11-22' }),
    );
  });
});
