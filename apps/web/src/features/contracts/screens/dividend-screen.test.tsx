import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { ContractSettlement } from '@panalo/contract/contracts';
import { renderWithShell } from '../../../app/test-utils';
import { memberSession } from '../../../app/test-fixtures';
import { appRoutes } from '../../../app/router';
import { stubApi } from '../../member/test/member-fixtures';
import { ContractScreen } from './contract-screen';
import { DividendScreen } from './dividend-screen';

afterEach(() => vi.unstubAllGlobals());

const agent = { ...memberSession, userName: 'agent01', type: 1 };
const settlement = (p: Partial<ContractSettlement>): ContractSettlement => ({
  id: '1',
  kind: 'dividend',
  period: '2026-11-01',
  periodStart: '2026-10-31T16:00:00.000Z',
  periodEnd: '2026-11-15T16:00:00.000Z',
  member: 'agent01',
  version: 2,
  turnover: '120000.00',
  active: 12,
  netLoss: '30000.00',
  carryIn: '0.00',
  tier: 1,
  rate: '20.00',
  capped: false,
  amount: '6000.00',
  payer: 'platform',
  payerName: null,
  status: 'paid',
  settledAt: '2026-11-16T20:00:00.000Z',
  resolvedAt: null,
  reason: null,
  ...p,
});
const current = {
  period: '2026-11-16',
  periodStart: '2026-11-15T16:00:00.000Z',
  periodEnd: '2026-11-30T16:00:00.000Z',
  version: 2,
  turnover: '50000.00',
  active: 8,
  netLoss: '12000.00',
  tier: 1,
  rate: '20.00',
  capped: false,
  estimate: '2400.00',
};

describe('dividend and settlements on the site', () => {
  it('the dividend screen is a route (/m/member/agent/agentDivident)', () => {
    expect(appRoutes.map((r) => r.path)).toContain('/m/member/agent/agentDivident');
  });

  it('shows the running period with its estimate, my settlements with their figures, and pays what I owe my downlines', async () => {
    let owed = true;
    const { calls } = stubApi({
      '/api/agent/dividend/current': { value: current },
      '/api/agent/dividend/history': { value: { list: [settlement({})], owed: '0.00' } },
      '/api/agent/dividend/payout': () => ({
        value: {
          list: [
            settlement({
              id: '5',
              member: 'down01',
              amount: '900.00',
              payer: 'upline',
              payerName: 'agent01',
              status: owed ? 'owed' : 'paid',
            }),
          ],
          owed: owed ? '900.00' : '0.00',
        },
      }),
      'POST /api/agent/dividend/process': () => {
        owed = false;
        return { value: { paid: 1, left: 0, iOwe: '0.00' } };
      },
    });
    renderWithShell(<DividendScreen />, { session: agent, path: '/m/member/agent/agentDivident' });
    const running = await screen.findByTestId('contract-current');
    expect(running).toHaveTextContent('Running period 2026-11-16');
    expect(running).toHaveTextContent('12,000.00');
    expect(within(running).getByTestId('contract-estimate')).toHaveTextContent('2,400.00');
    const mine = await screen.findByTestId('contract-settlements-mine');
    const row = await within(mine).findByTestId('contract-settlement');
    expect(row).toHaveTextContent('2026-11-01');
    expect(row).toHaveTextContent('Paid');
    expect(row).toHaveTextContent('6,000.00');
    expect(row).toHaveTextContent('tier 1 · 20.00%');
    expect(row).toHaveTextContent('Payer: the platform');
    const downline = screen.getByTestId('contract-settlements-downline');
    expect(await within(downline).findByTestId('contract-settlements-downline-owed')).toHaveTextContent(
      'You owe: 900.00',
    );
    within(downline).getByTestId('dividend-pay').click();
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.url.pathname === '/api/agent/dividend/process')).toBe(
        true,
      ),
    );
    await waitFor(() => expect(screen.queryByTestId('dividend-pay')).toBeNull());
    expect(within(downline).getByTestId('contract-settlement')).toHaveTextContent('Paid');
  });

  it('a salary contract screen shows what is owed to me, named with the upline that owes it', async () => {
    stubApi({
      '/api/agent/contracts': {
        value: {
          list: [
            {
              id: '4',
              kind: 'daily_salary',
              version: 1,
              status: 'active',
              scope: 'all',
              tiers: [{ turnover: '0.00', active: 0, rate: '0.50' }],
              cap: null,
              offeredBy: 'agent01',
              member: 'down01',
              offeredAt: '2026-11-20T02:00:00.000Z',
              decidedAt: '2026-11-20T03:00:00.000Z',
              endsAt: null,
            },
          ],
        },
      },
      '/api/agent/salary/current': { value: null },
      '/api/agent/salary/history': {
        value: {
          list: [
            settlement({
              kind: 'daily_salary',
              status: 'owed',
              payer: 'upline',
              payerName: 'agent01',
              amount: '50.00',
            }),
          ],
          owed: '50.00',
        },
      },
    });
    renderWithShell(<ContractScreen kind="daily_salary" />, {
      session: { ...agent, userName: 'down01' },
      path: '/m/member/agent/getSalaryContract',
    });
    const mine = await screen.findByTestId('contract-settlements-mine');
    expect(await within(mine).findByTestId('contract-settlements-mine-owed')).toHaveTextContent(
      'Owed to you: 50.00',
    );
    const row = within(mine).getByTestId('contract-settlement');
    expect(row).toHaveTextContent('Owed');
    expect(row).toHaveTextContent('Payer: agent01');
    expect(screen.queryByTestId('contract-current')).toBeNull();
  });
});
