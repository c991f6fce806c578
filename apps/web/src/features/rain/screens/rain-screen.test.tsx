import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { OpenRain, RainSummary } from '@panalo/contract/rain';
import { renderWithShell } from '../../../app/test-utils';
import { memberSession } from '../../../app/test-fixtures';
import { appRoutes } from '../../../app/router';
import { stubApi } from '../../member/test/member-fixtures';
import { RainScreen } from './rain-screen';

afterEach(() => vi.unstubAllGlobals());

const player = { ...memberSession, userName: 'down01', type: 0 };
const agent = { ...memberSession, userName: 'agent01', type: 1 };
const minute = 60_000;
const openRain = (p: Partial<OpenRain> = {}): OpenRain => ({
  id: '7',
  from: 'agent01',
  startsAt: new Date(Date.now() - minute).toISOString(),
  endsAt: new Date(Date.now() + 5 * minute).toISOString(),
  status: 'scheduled',
  perMember: 2,
  envelopes: 10,
  left: 6,
  won: [],
  ...p,
});
const summary = (p: Partial<RainSummary> = {}): RainSummary => ({
  id: '7',
  budget: '100.00',
  envelopes: 10,
  minAmount: '0.01',
  perMember: 2,
  audience: 'team',
  chosen: 0,
  startsAt: new Date(Date.now() - minute).toISOString(),
  endsAt: new Date(Date.now() + 5 * minute).toISOString(),
  status: 'scheduled',
  claimed: 4,
  claimedAmount: '41.20',
  claimants: 3,
  returned: '0.00',
  createdAt: new Date(Date.now() - 2 * minute).toISOString(),
  ...p,
});

describe('red envelope rain (/m/redRain)', () => {
  it('SHELL-040 AGENT-012 /m/redRain is a route', () => {
    expect(appRoutes.map((r) => r.path)).toContain('/m/redRain');
  });

  it('a member taps a falling envelope: its next claim number is sent, the win and the total show, the limit stops it', async () => {
    let claims = 0;
    const { calls } = stubApi({
      '/api/rains': { value: { list: [openRain()] } },
      'POST /api/rains/7/claim': () => {
        claims += 1;
        return { value: { claim: claims, amount: claims === 1 ? '1.25' : '0.75', sumBalance: '101.25' } };
      },
    });
    renderWithShell(<RainScreen />, { session: player, path: '/m/redRain' });
    const card = await screen.findByTestId('rain-card');
    expect(card).toHaveTextContent('A rain from agent01');
    expect(within(card).getByTestId('rain-status')).toHaveTextContent(
      'you may open 2 more (6 left in the rain)',
    );
    // Only one envelope is in the tab order, named for screen readers.
    const envelopes = within(card).getAllByTestId('rain-envelope');
    expect(envelopes).toHaveLength(8);
    expect(within(card).getByRole('button', { name: 'Open a red envelope' })).toBe(envelopes[0]);
    fireEvent.click(envelopes[3]!);
    await waitFor(() => expect(within(card).getByTestId('rain-won')).toHaveTextContent('You won 1.25!'));
    expect(within(card).getByTestId('rain-won')).toHaveTextContent('1 envelope, 1.25 in all.');
    fireEvent.click(within(card).getAllByTestId('rain-envelope')[0]!);
    await waitFor(() =>
      expect(within(card).getByTestId('rain-won')).toHaveTextContent('2 envelopes, 2.00 in all.'),
    );
    expect(within(card).getByTestId('rain-status')).toHaveTextContent(
      'You have opened all 2 of your envelopes.',
    );
    expect(within(card).queryByTestId('rain-envelope')).toBeNull();
    const sent = calls.filter((c) => c.method === 'POST').map((c) => c.body);
    expect(sent).toEqual([{ claim: 1 }, { claim: 2 }]);
    // A member who is not an agent has no "My rains".
    expect(screen.queryByTestId('rain-mine')).toBeNull();
  });

  it('a refused claim says why, in the member’s language', async () => {
    stubApi({
      '/api/rains': { value: { list: [openRain()] } },
      'POST /api/rains/7/claim': { status: 409, code: 'rain_empty' },
    });
    renderWithShell(<RainScreen />, { session: player, path: '/m/redRain' });
    fireEvent.click((await screen.findAllByTestId('rain-envelope'))[0]!);
    expect(await screen.findByTestId('rain-error')).toHaveTextContent('Every envelope has been opened.');
  });

  it('before the window a countdown shows and no envelope falls; after it, what was won', async () => {
    stubApi({
      '/api/rains': {
        value: {
          list: [
            openRain({
              id: '8',
              startsAt: new Date(Date.now() + 90 * 60_000).toISOString(),
              endsAt: new Date(Date.now() + 95 * 60_000).toISOString(),
            }),
            openRain({
              id: '9',
              startsAt: new Date(Date.now() - 10 * minute).toISOString(),
              endsAt: new Date(Date.now() - 5 * minute).toISOString(),
              status: 'finished',
              won: [{ claim: 1, amount: '3.10' }],
            }),
          ],
        },
      },
    });
    renderWithShell(<RainScreen />, { session: player, path: '/m/redRain' });
    const [upcoming, over] = await screen.findAllByTestId('rain-card');
    expect(within(upcoming!).getByTestId('rain-countdown')).toHaveTextContent(/Starts in 1:(29|30):\d\d/);
    expect(within(upcoming!).queryByTestId('rain-envelope')).toBeNull();
    expect(within(over!).getByTestId('rain-status')).toHaveTextContent('This rain is over.');
    expect(within(over!).getByTestId('rain-won')).toHaveTextContent('1 envelope, 3.10 in all.');
  });

  it('shows an empty state when no rain is for the member', async () => {
    stubApi({ '/api/rains': { value: { list: [] } } });
    renderWithShell(<RainScreen />, { session: player, path: '/m/redRain' });
    expect(await screen.findByText(/No rain for you right now/)).toBeInTheDocument();
  });

  it('an agent schedules a rain: the form names the first problem, then sends the terms with a key; its rains show their figures', async () => {
    const { calls } = stubApi({
      '/api/rains': { value: { list: [] } },
      '/api/agent/rains': {
        value: {
          list: [
            summary(),
            summary({
              id: '6',
              status: 'finished',
              claimed: 10,
              claimedAmount: '50.00',
              returned: '0.00',
              startsAt: new Date(Date.now() - 60 * minute).toISOString(),
              endsAt: new Date(Date.now() - 50 * minute).toISOString(),
            }),
            summary({
              id: '5',
              startsAt: new Date(Date.now() + 60 * minute).toISOString(),
              endsAt: new Date(Date.now() + 65 * minute).toISOString(),
              claimed: 0,
              claimedAmount: '0.00',
              claimants: 0,
            }),
          ],
        },
      },
      'POST /api/agent/rains': { value: summary({ id: '11' }) },
      'POST /api/agent/rains/5/cancel': { value: summary({ id: '5', status: 'cancelled' }) },
      '/api/wallet/balance': { value: { sumBalance: '1000.00', currency: 'PHP', book: 'real' } },
    });
    renderWithShell(<RainScreen />, { session: agent, path: '/m/redRain' });
    const mine = await screen.findByTestId('rain-mine');
    const rows = await within(mine).findAllByTestId('rain-row');
    expect(rows.map((r) => r.dataset.phase)).toEqual(['open', 'finished', 'upcoming']);
    expect(within(rows[0]!).getByTestId('rain-row-figures')).toHaveTextContent(
      'Opened 4 of 10 · 41.20 · 3 members',
    );
    expect(rows[1]).toHaveTextContent('returned 0.00');
    expect(within(rows[0]!).queryByTestId('rain-cancel')).toBeNull();
    fireEvent.click(within(rows[2]!).getByTestId('rain-cancel'));
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/agent/rains/5/cancel')).toBe(true));

    fireEvent.click(within(mine).getByTestId('rain-new'));
    const form = await screen.findByTestId('rain-form');
    fireEvent.change(within(form).getByTestId('rain-budget'), { target: { value: '5' } });
    fireEvent.change(within(form).getByTestId('rain-envelopes'), { target: { value: '1000' } });
    fireEvent.click(within(form).getByTestId('rain-submit'));
    expect(
      await within(form).findByText('The budget must be at least 10.00 for these envelopes.'),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.url.pathname === '/api/agent/rains')).toBe(false);
    fireEvent.change(within(form).getByTestId('rain-envelopes'), { target: { value: '50' } });
    fireEvent.change(within(form).getByTestId('rain-perMember'), { target: { value: '3' } });
    fireEvent.change(within(form).getByTestId('rain-password'), { target: { value: '135790' } });
    fireEvent.click(within(form).getByTestId('rain-submit'));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.url.pathname === '/api/agent/rains')).toBe(true),
    );
    const post = calls.find((c) => c.method === 'POST' && c.url.pathname === '/api/agent/rains')!;
    expect(post.body).toEqual({
      budget: '5.00',
      envelopes: 50,
      minAmount: '0.01',
      minutes: 5,
      perMember: 3,
      audience: 'team',
      memberIds: [],
      paymentPassword: '135790',
    });
    expect(post.headers.get('idempotency-key')).toMatch(/.{8,}/);
    await waitFor(() => expect(screen.queryByTestId('rain-form')).toBeNull());
  });
});
