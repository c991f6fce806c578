import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { Contract } from '@panalo/contract/contracts';
import { renderWithShell } from '../../../app/test-utils';
import { memberSession } from '../../../app/test-fixtures';
import { appRoutes } from '../../../app/router';
import { stubApi } from '../../member/test/member-fixtures';
import { ContractScreen } from './contract-screen';

afterEach(() => vi.unstubAllGlobals());

const agent = { ...memberSession, userName: 'down01', type: 1 };
const contract = (p: Partial<Contract>): Contract => ({
  id: '1',
  kind: 'daily_salary',
  version: 1,
  status: 'active',
  scope: 'all',
  tiers: [
    { turnover: '10000.00', active: 5, rate: '0.30' },
    { turnover: '60000.00', active: 25, rate: '0.80' },
  ],
  cap: '3000.00',
  offeredBy: 'agent01',
  member: 'down01',
  offeredAt: '2026-11-20T02:00:00.000Z',
  decidedAt: '2026-11-20T03:00:00.000Z',
  endsAt: null,
  ...p,
});

describe('contract screens', () => {
  it('SHELL-041 the agent routes rebate settings, rebate income, dividend and agent notices exist', () => {
    const paths = appRoutes.map((r) => r.path);
    for (const p of [
      '/m/member/agent/agentRebeat',
      '/m/member/teamRebate',
      '/m/member/agent/agentDivident',
      '/m/member/notice', // opened as /m/member/notice?types=A
    ])
      expect(paths).toContain(p);
  });

  it('SHELL-042 the three contract routes exist', () => {
    const paths = appRoutes.map((r) => r.path);
    for (const p of [
      '/m/member/agent/getSalaryContract',
      '/m/member/agent/getDevidendContract',
      '/m/member/agent/getHourContract',
    ])
      expect(paths).toContain(p);
  });

  it('AGENT-003 shows the offer with its tiers and accepts it; the active one and the earlier versions below', async () => {
    let accepted = false;
    const list = () => [
      contract({ id: '3', version: 3, status: accepted ? 'active' : 'pending', decidedAt: null }),
      contract({ id: '2', version: 2, status: accepted ? 'replaced' : 'active' }),
      contract({ id: '1', version: 1, status: 'refused' }),
      contract({ id: '9', kind: 'dividend', status: 'pending' }),
    ];
    const { calls } = stubApi({
      '/api/agent/contracts': () => ({ value: { list: list() } }),
      'POST /api/agent/contracts/3/accept': () => {
        accepted = true;
        return { value: list()[0]! };
      },
    });
    const r = renderWithShell(<ContractScreen kind="daily_salary" />, {
      session: agent,
      path: '/m/member/agent/getSalaryContract',
    });
    const offer = await screen.findByTestId('contract-offer');
    const rows = within(within(offer).getByTestId('contract-tiers')).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'Team turnover aboveActive members aboveRate of turnover',
      '> 10,000.00> 50.30%',
      '> 60,000.00> 250.80%',
    ]);
    expect(offer).toHaveTextContent('agent01');
    expect(offer).toHaveTextContent('3,000.00');
    expect(screen.getByTestId('contract-active')).toBeInTheDocument();
    // Only this kind's contracts: the dividend offer is not here.
    expect(within(screen.getByTestId('contract-history')).getAllByRole('listitem')).toHaveLength(1);
    await r.user.click(within(offer).getByTestId('contract-accept'));
    await waitFor(() => expect(screen.queryByTestId('contract-offer')).toBeNull());
    expect(calls.some((c) => c.method === 'POST' && c.url.pathname === '/api/agent/contracts/3/accept')).toBe(
      true,
    );
    expect(within(screen.getByTestId('contract-history')).getAllByRole('listitem')).toHaveLength(2);
  });

  it('shows the server’s refusal when an answer is refused, and an empty state when nothing was offered', async () => {
    stubApi({
      '/api/agent/contracts': { value: { list: [contract({ id: '4', status: 'pending' })] } },
      'POST /api/agent/contracts/4/accept': { status: 409, code: 'contract_offer_stale' },
    });
    const r = renderWithShell(<ContractScreen kind="daily_salary" />, { session: agent });
    await r.user.click(await screen.findByTestId('contract-accept'));
    expect(await screen.findByTestId('contract-failure')).toHaveTextContent(/terms have changed/);
    r.unmount();
    vi.unstubAllGlobals();
    stubApi({ '/api/agent/contracts': { value: { list: [] } } });
    renderWithShell(<ContractScreen kind="hourly_salary" />, { session: agent });
    expect(await screen.findByText(/No contract of this kind/)).toBeInTheDocument();
  });

  it('ends the active contract after asking; types without contracts are told so', async () => {
    let ended = false;
    const { calls } = stubApi({
      '/api/agent/contracts': () => ({
        value: { list: [contract({ status: ended ? 'terminated' : 'active' })] },
      }),
      'POST /api/agent/contracts/1/terminate': () => {
        ended = true;
        return { value: contract({ status: 'terminated' }) };
      },
    });
    const r = renderWithShell(<ContractScreen kind="daily_salary" />, { session: agent });
    await r.user.click(await screen.findByTestId('contract-terminate'));
    const dialog = await screen.findByTestId('contract-terminate-dialog');
    await r.user.click(within(dialog).getByRole('button', { name: 'End contract' }));
    await waitFor(() => expect(screen.getByTestId('contract-no-active')).toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    r.unmount();
    renderWithShell(<ContractScreen kind="dividend" />, { session: { ...agent, type: 41 } });
    expect(screen.getByText('Your account type has no contracts.')).toBeInTheDocument();
  });
});
