import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { Contract } from '@panalo/contract/contracts';
import { renderWithShell } from '../../../app/test-utils';
import { memberSession } from '../../../app/test-fixtures';
import { stubApi } from '../../member/test/member-fixtures';
import { OfferScreen } from './offer-screen';

afterEach(() => vi.unstubAllGlobals());

const agent = { ...memberSession, userName: 'agent01', type: 1 };
const mine: Contract = {
  id: '1',
  kind: 'daily_salary',
  version: 1,
  status: 'active',
  scope: 'all',
  tiers: [{ turnover: '10000.00', active: 5, rate: '0.50' }],
  cap: '5000.00',
  offeredBy: null,
  member: 'agent01',
  offeredAt: '2026-11-20T00:00:00.000Z',
  decidedAt: null,
  endsAt: null,
};

describe('an upline offers a direct downline a contract', () => {
  it('AGENT-003 starts from my tiers, refuses a rate above mine before sending, and sends the offer', async () => {
    const { calls } = stubApi({
      '/api/agent/contracts': { value: { list: [mine] } },
      '/api/agent/contracts/downline': { value: { list: [] } },
      'POST /api/agent/contracts/offers': {
        value: { ...mine, id: '2', status: 'pending', member: 'down01' },
      },
    });
    const r = renderWithShell(<OfferScreen />, {
      session: agent,
      path: '/m/agent/contracts?memberId=77&username=down01',
    });
    const rate = await screen.findByTestId('offer-rate-0');
    expect(rate).toHaveValue('0.50');
    await r.user.clear(rate);
    await r.user.type(rate, '0.60');
    expect(screen.getByTestId('offer-problem')).toHaveTextContent(/Tier 1: .*more than your own contract/);
    expect(screen.getByTestId('offer-send')).toBeDisabled();
    await r.user.clear(rate);
    await r.user.type(rate, '0.40');
    await r.user.clear(screen.getByTestId('offer-cap'));
    await r.user.type(screen.getByTestId('offer-cap'), '2000');
    await r.user.click(screen.getByTestId('offer-send'));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      memberId: '77',
      kind: 'daily_salary',
      scope: 'all',
      tiers: [{ turnover: '10000.00', active: 5, rate: '0.40' }],
      cap: '2000',
    });
  });

  it('without a downline chosen it points to team management; without a contract of my own there is nothing to offer', async () => {
    stubApi({
      '/api/agent/contracts': { value: { list: [] } },
      '/api/agent/contracts/downline': { value: { list: [] } },
    });
    const r = renderWithShell(<OfferScreen />, { session: agent, path: '/m/agent/contracts' });
    expect(screen.getByRole('link', { name: 'Team management' })).toHaveAttribute('href', '/m/member/team');
    r.unmount();
    renderWithShell(<OfferScreen />, {
      session: agent,
      path: '/m/agent/contracts?memberId=77&username=down01',
    });
    expect(await screen.findByText(/Nothing to offer/)).toBeInTheDocument();
  });
});
