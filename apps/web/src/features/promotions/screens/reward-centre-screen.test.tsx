import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { RewardItem } from '@panalo/contract/promotions';
import { renderWithShell } from '../../../app/test-utils';
import { memberSession } from '../../../app/test-fixtures';
import { stubApi } from '../../member/test/member-fixtures';
import { RewardCentreScreen } from './reward-centre-screen';

afterEach(() => vi.unstubAllGlobals());

const reward = (p: Partial<RewardItem> = {}): RewardItem => ({
  id: '7',
  promotionId: '2',
  title: 'Welcome back bonus',
  status: 'issued',
  amount: '50.00',
  turnover: '250.00',
  reason: null,
  createdAt: '2026-11-26T00:00:00.000Z',
  expiresAt: null,
  ...p,
});

describe('/m/rewardCenter', () => {
  it('PROMO-001 issued rewards wait with their turnover; claiming moves one to the history', async () => {
    let claimed = false;
    const api = stubApi({
      '/api/rewards': () => ({
        value: claimed
          ? {
              issued: [],
              history: [
                reward({ status: 'claimed' }),
                reward({
                  id: '5',
                  status: 'signed',
                  amount: '1.00',
                  turnover: '1.00',
                  title: 'Daily check-in',
                }),
              ],
            }
          : {
              issued: [reward()],
              history: [
                reward({
                  id: '5',
                  status: 'signed',
                  amount: '1.00',
                  turnover: '1.00',
                  title: 'Daily check-in',
                }),
              ],
            },
      }),
      'POST /api/rewards/7/claim': () => {
        claimed = true;
        return { value: reward({ status: 'claimed' }) };
      },
    });
    const r = renderWithShell(<RewardCentreScreen />, { path: '/m/rewardCenter', session: memberSession });
    const issued = await screen.findByTestId('reward-issued');
    expect(issued).toHaveTextContent('Welcome back bonus');
    expect(issued).toHaveTextContent('50.00');
    expect(issued).toHaveTextContent('Adds 250.00 to your wagering requirement.');
    await r.user.click(within(issued).getByTestId('reward-claim'));
    await waitFor(() => expect(screen.queryByTestId('reward-issued')).toBeNull());
    expect(screen.getByText('No rewards waiting.')).toBeInTheDocument();
    expect(
      screen
        .getAllByTestId('reward-history')
        .map((h) => within(h).getByText(/Claimed|Checked in/).textContent),
    ).toEqual(['Claimed', 'Checked in']);
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('a refused claim says why; a failed load offers a retry', async () => {
    stubApi({
      '/api/rewards': { value: { issued: [reward()], history: [] } },
      'POST /api/rewards/7/claim': { status: 409, code: 'reward_not_claimable' },
    });
    const r = renderWithShell(<RewardCentreScreen />, { path: '/m/rewardCenter', session: memberSession });
    await r.user.click(await screen.findByTestId('reward-claim'));
    expect(await screen.findByRole('alert')).toHaveTextContent('This reward cannot be claimed.');
    r.unmount();
    stubApi({ '/api/rewards': { status: 503, code: 'unknown_error' } });
    renderWithShell(<RewardCentreScreen />, { path: '/m/rewardCenter', session: memberSession });
    expect(await screen.findByTestId('ui-retry')).toBeInTheDocument();
  });
});
