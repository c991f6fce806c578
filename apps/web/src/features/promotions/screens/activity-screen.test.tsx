import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { PromotionItem, RewardItem } from '@panalo/contract/promotions';
import { renderWithShell } from '../../../app/test-utils';
import { memberSession } from '../../../app/test-fixtures';
import { stubApi } from '../../member/test/member-fixtures';
import { ActivityScreen } from './activity-screen';
import { NO_RULES } from '../test/promotion-fixtures';

afterEach(() => vi.unstubAllGlobals());

const checkin = (p: Partial<PromotionItem> = {}): PromotionItem => ({
  id: '1',
  kind: 'checkin',
  category: 'daily',
  title: 'Daily check-in',
  terms: '<p>Check in every day.</p>',
  startsAt: '2026-11-01T00:00:00.000Z',
  endsAt: null,
  status: null,
  turnoverMultiplier: '1.0',
  bannerUrl: '/api/promotions/art/1.svg?v=a',
  rules: NO_RULES,
  checkIn: { amounts: ['1.00', '2.00', '3.00', '5.00', '8.00', '10.00', '20.00'], streak: 2, today: false },
  ...p,
});
const manual = (p: Partial<PromotionItem> = {}): PromotionItem => ({
  ...checkin(),
  id: '2',
  kind: 'manual',
  title: 'Welcome back bonus',
  checkIn: null,
  status: 'issued',
  ...p,
});

describe('/m/activity', () => {
  it('PROMO-001 PROMO-007 lists the promotions with my status; the check-in strip marks the streak and checks in', async () => {
    let signed = false;
    const api = stubApi({
      '/api/promotions': () => ({
        value: [
          signed
            ? checkin({ status: 'signed', checkIn: { ...checkin().checkIn!, streak: 3, today: true } })
            : checkin(),
          manual(),
          manual({ id: '3', title: 'Old race', status: 'close' }),
          manual({ id: '4', title: 'Next week', status: 'coming' }),
        ],
      }),
      'POST /api/promotions/1/check-in': () => {
        signed = true;
        const r: RewardItem = {
          id: '9',
          promotionId: '1',
          title: 'Daily check-in',
          status: 'signed',
          amount: '3.00',
          turnover: '3.00',
          reason: null,
          createdAt: '2026-11-27T00:00:00.000Z',
          expiresAt: null,
        };
        return { value: r };
      },
    });
    const r = renderWithShell(<ActivityScreen />, { path: '/m/activity', session: memberSession });
    const list = await screen.findByTestId('promotion-list');
    const cards = within(list).getAllByTestId('promotion');
    expect(cards.map((c) => within(c).getByRole('heading').textContent)).toEqual([
      'Daily check-in',
      'Welcome back bonus',
      'Old race',
      'Next week',
    ]);
    expect(cards.slice(1).map((c) => within(c).getByTestId('promotion-status').textContent)).toEqual([
      'Ready to claim',
      'Ended',
      'Coming soon',
    ]);
    const days = within(cards[0]!).getAllByTestId('checkin-day');
    expect(days.map((d) => d.getAttribute('data-done'))).toEqual([
      'true',
      'true',
      'false',
      'false',
      'false',
      'false',
      'false',
    ]);
    await r.user.click(within(cards[0]!).getByTestId('checkin-button'));
    await waitFor(() => expect(within(cards[0]!).getByTestId('checkin-button')).toBeDisabled());
    expect(within(cards[0]!).getByTestId('checkin-button')).toHaveTextContent('Checked in today');
    expect(within(cards[0]!).getByTestId('promotion-status')).toHaveTextContent('Checked in');
    expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.url.pathname)).toEqual([
      '/api/promotions/1/check-in',
    ]);
  });

  it('each promotion has its banner from the server, decorative, its space kept before it loads (issue 49 item 6)', async () => {
    stubApi({
      '/api/promotions': {
        value: [checkin(), manual({ id: '7', bannerUrl: '/api/promotions/art/7.svg?v=b' })],
      },
    });
    renderWithShell(<ActivityScreen />, { session: memberSession });
    const banners = await screen.findAllByTestId('promotion-banner');
    expect(banners.map((b) => b.getAttribute('src'))).toEqual([
      '/api/promotions/art/1.svg?v=a',
      '/api/promotions/art/7.svg?v=b',
    ]);
    expect(banners.every((b) => b.getAttribute('alt') === '' && b.getAttribute('width') === '640')).toBe(
      true,
    );
  });

  it('a refused check-in says why; the terms open with the turnover rule', async () => {
    stubApi({
      '/api/promotions': { value: [checkin()] },
      'POST /api/promotions/1/check-in': { status: 409, code: 'promotion_budget_used' },
    });
    const r = renderWithShell(<ActivityScreen />, { path: '/m/activity', session: memberSession });
    await r.user.click(await screen.findByTestId('checkin-button'));
    expect(await screen.findByRole('alert')).toHaveTextContent('This promotion has given all it can.');
    await r.user.click(screen.getByRole('button', { name: 'Terms' }));
    await waitFor(() =>
      expect(screen.getByTestId('promotion-terms')).toHaveTextContent('Check in every day.'),
    );
    // One way to state a wagering requirement on every screen (#49 item 1).
    expect(screen.getByText('Wagering requirement: 1× the reward before a withdrawal.')).toBeInTheDocument();
  });

  it('a visitor is sent to log in to check in; no promotions and a failed load have their states', async () => {
    stubApi({ '/api/promotions': { value: [checkin()] } });
    const r = renderWithShell(<ActivityScreen />, { path: '/m/activity' });
    await r.user.click(await screen.findByTestId('checkin-button'));
    expect(r.location().pathname).toBe('/m/login');
    r.unmount();
    stubApi({ '/api/promotions': { value: [] } });
    const empty = renderWithShell(<ActivityScreen />, { path: '/m/activity' });
    expect(await screen.findByTestId('ui-empty')).toHaveTextContent('No promotions right now.');
    empty.unmount();
    stubApi({ '/api/promotions': { status: 503, code: 'unknown_error' } });
    renderWithShell(<ActivityScreen />, { path: '/m/activity' });
    expect(await screen.findByTestId('ui-retry')).toBeInTheDocument();
  });
});
