import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { MissionsView } from '@panalo/contract/promotions';
import { renderWithShell } from '../../../app/test-utils';
import { memberSession } from '../../../app/test-fixtures';
import { stubApi } from '../../member/test/member-fixtures';
import { promotionRoutes } from '../routes';
import { LeaderboardScreen } from './leaderboard-screen';

afterEach(() => vi.unstubAllGlobals());

const view = (p: Partial<MissionsView['missions'][number]> = {}): MissionsView => ({
  missions: [
    {
      id: '11',
      title: 'Spin ₱1,000 on slots today',
      terms: '',
      goal: 'turnover',
      product: 'slots',
      target: '1000.00',
      done: '1000.00',
      percent: 100,
      reward: '5.00',
      period: { from: '2026-06-01', to: '2026-06-01' },
      status: null,
      ...p,
    },
  ],
  races: [
    {
      id: '12',
      title: 'Weekly slots race',
      terms: '',
      product: 'slots',
      period: { from: '2026-06-01', to: '2026-06-07' },
      prizes: ['500.00', '300.00'],
      top: [
        { rank: 1, name: 'ju***n', turnover: '9000.00', me: false },
        { rank: 2, name: 'ma***a', turnover: '7000.00', me: true },
        { rank: 3, name: 'pe***o', turnover: '5000.00', me: false },
      ],
      me: { rank: 2, turnover: '7000.00' },
    },
  ],
});

describe('/m/leaderBoard', () => {
  it('SHELL-039 the member routes manual rebate, mission activity and my rebate exist', () => {
    expect(promotionRoutes.map((r) => r.path)).toEqual(
      expect.arrayContaining([
        '/m/rewardCenter',
        '/m/member/manualRebate',
        '/m/leaderBoard',
        '/m/member/rebateReport',
      ]),
    );
  });

  it('MINE-028 missions with my progress and a claim once reached; the race’s ranking with prizes and my place', async () => {
    let claimed = false;
    const api = stubApi({
      '/api/promotions/missions': () => ({ value: view(claimed ? { status: 'claimed' } : {}) }),
      'POST /api/promotions/11/mission-claim': () => {
        claimed = true;
        return {
          value: {
            id: '1',
            promotionId: '11',
            title: 'Spin',
            status: 'claimed',
            amount: '5.00',
            turnover: '5.00',
            reason: null,
            createdAt: '2026-06-01T08:00:00Z',
            expiresAt: null,
          },
        };
      },
    });
    const r = renderWithShell(<LeaderboardScreen />, { path: '/m/leaderBoard', session: memberSession });
    const mission = await screen.findByTestId('mission');
    expect(within(mission).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    expect(mission).toHaveTextContent('1000.00 / 1000.00');
    await r.user.click(within(mission).getByTestId('mission-claim'));
    await waitFor(() => expect(screen.getByTestId('mission-done')).toBeInTheDocument());
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    const rows = within(screen.getByTestId('race-ranking')).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      '1ju***n9,000.00500.00',
      '2ma***a7,000.00300.00',
      '3pe***o5,000.00—',
    ]);
    expect(rows[1]).toHaveAttribute('aria-current', 'true');
    expect(screen.getByTestId('race-me')).toHaveTextContent('My place: 2');
  });

  it('a mission not reached waits; nothing to show says so', async () => {
    stubApi({ '/api/promotions/missions': { value: view({ done: '600.00', percent: 60 }) } });
    const r = renderWithShell(<LeaderboardScreen />, { path: '/m/leaderBoard', session: memberSession });
    expect(await screen.findByTestId('mission-claim')).toBeDisabled();
    expect(screen.getByTestId('mission-claim')).toHaveTextContent('Keep going');
    r.unmount();
    stubApi({ '/api/promotions/missions': { value: { missions: [], races: [] } } });
    renderWithShell(<LeaderboardScreen />, { path: '/m/leaderBoard', session: memberSession });
    expect(await screen.findByText('No missions right now. Check again soon.')).toBeInTheDocument();
  });

  it('a mission taken but held for review (a linked account took it too) says so, with no claim button', async () => {
    stubApi({ '/api/promotions/missions': { value: view({ status: 'applying' }) } });
    renderWithShell(<LeaderboardScreen />, { path: '/m/leaderBoard', session: memberSession });
    expect(await screen.findByTestId('mission-done')).toHaveTextContent('held for a check');
    expect(screen.queryByTestId('mission-claim')).toBeNull();
  });
});
