import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithShell } from '../../../app/test-utils';
import { HomeScreen } from '../screens/home-screen';
import { gameCategories, HOME_API, homeAnnouncements, hotMatches, stubApi } from '../test/home-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const member = { token: 'tok-1', merchantCode: 'panalo', userName: 'demo01', type: 1, firstTimeLogin: false };

function stubSignedInHome() {
  return stubApi({
    [HOME_API.announcements]: homeAnnouncements(),
    [HOME_API.hotMatches]: hotMatches(),
    [HOME_API.categories]: gameCategories(),
    '/api/games/favourites/ids': ['101', '202'],
    '/api/members/me': { id: '7', account: 'demo01', nickname: 'Juan', type: 1, regDate: 0, toUpline: false },
    '/api/wallet/balance': { sumBalance: '5000.00', currency: 'PHP', book: 'real' },
  });
}

describe('home on opening as a logged-in member', () => {
  it('HOME-003 HOME-004 HOME-005 API-054 loads the favourite games, refreshes the member info and loads the wallet', async () => {
    const api = stubSignedInHome();
    const { queryClient } = renderWithShell(<HomeScreen />, { session: member });
    const asked = () => api.calls.map((u) => u.pathname);
    await waitFor(() =>
      expect(asked()).toEqual(
        expect.arrayContaining(['/api/games/favourites/ids', '/api/members/me', '/api/wallet/balance']),
      ),
    );
    await waitFor(() =>
      expect(queryClient.getQueryData(['games', 'favourite-ids', 'demo01'])).toEqual(['101', '202']),
    );
    expect(queryClient.getQueryData(['wallet', 'balance', 'tok-1'])).toMatchObject({ sumBalance: '5000.00' });
    expect(queryClient.getQueryData(['member', 'info', 'tok-1'])).toMatchObject({ nickname: 'Juan' });
    // One request each, however many readers.
    for (const p of ['/api/games/favourites/ids', '/api/members/me', '/api/wallet/balance'])
      expect(asked().filter((a) => a === p)).toHaveLength(1);
  });

  it('HOME-003 a visitor loads no favourites, member info or wallet', async () => {
    const api = stubSignedInHome();
    renderWithShell(<HomeScreen />);
    await screen.findByTestId('banner-carousel');
    expect(api.calls.map((u) => u.pathname)).not.toEqual(
      expect.arrayContaining(['/api/games/favourites/ids']),
    );
    expect(
      api.calls.some((u) => u.pathname === '/api/members/me' || u.pathname === '/api/wallet/balance'),
    ).toBe(false);
  });
});
