import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { RebateView } from '@panalo/contract/agent';
import { renderWithShell } from '../../../app/test-utils';
import { memberSession } from '../../../app/test-fixtures';
import { stubApi } from '../../member/test/member-fixtures';
import { AgentRegisterScreen } from './agent-register-screen';

afterEach(() => vi.unstubAllGlobals());

const agent = { ...memberSession, userName: 'agent01', type: 1 };
const zero = {
  lottery: '0.00',
  slots: '0.00',
  live: '0.00',
  sports: '0.00',
  fishing: '0.00',
  cards: '0.00',
  cockfight: '0.00',
  esports: '0.00',
};
const own: RebateView = { rates: { ...zero, lottery: '7.80', slots: '2.00' }, minGap: '0.10', member: null };
const api = (open: { value: unknown } | { status: number; code: string }) =>
  stubApi({
    '/api/agent/rebate': { value: own },
    '/api/agent/quotas': { value: { freeThreshold: '1.00', quotas: [{ rate: '5.00', remaining: 2 }] } },
    '/api/agent/username-check': ({ url }) => ({
      value: { available: url.searchParams.get('username') !== 'taken1' },
    }),
    'POST /api/agent/downlines': open,
  });

describe('open an account for the team (/m/agentRegister)', () => {
  it('opens a player at rates below mine, showing the limits, the free threshold and my quotas', async () => {
    const { calls } = api({
      value: {
        id: '77',
        username: 'newbie1',
        kind: 'player',
        rates: { ...zero, lottery: '5.00' },
        quotaSpent: '5.00',
      },
    });
    const r = renderWithShell(<AgentRegisterScreen />, { session: agent, path: '/m/agentRegister' });
    const user = await screen.findByTestId('agent-register-username');
    expect(screen.getByText('Rates up to 1.00 % are free. Your quotas: 5.00 % × 2.')).toBeInTheDocument();
    expect(screen.getByTestId('agent-register-rate-live')).toBeDisabled();
    await r.user.type(user, 'taken1');
    await r.user.tab();
    await waitFor(() =>
      expect(screen.getByTestId('agent-register-available')).toHaveTextContent(
        'Sorry, the username already exists',
      ),
    );
    await r.user.clear(user);
    await r.user.type(user, 'newbie1');
    await r.user.type(screen.getByTestId('agent-register-password'), 'Secret123');
    await r.user.type(screen.getByTestId('agent-register-confirm'), 'Secret123');
    const lottery = screen.getByTestId('agent-register-rate-lottery');
    await r.user.type(lottery, '7.75');
    expect(lottery).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByTestId('agent-register-submit')).toBeDisabled();
    await r.user.clear(lottery);
    await r.user.type(lottery, '5.00');
    await r.user.click(screen.getByTestId('agent-register-submit'));
    expect(await screen.findByTestId('agent-register-done')).toHaveTextContent('Account newbie1 is open');
    expect(screen.getByText('One quota at 5.00 % was used.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      username: 'newbie1',
      password: 'Secret123',
      confirmPassword: 'Secret123',
      kind: 'player',
      rates: { lottery: '5.00' },
    });
    expect(screen.getByTestId('agent-register-team')).toHaveAttribute('href', '/m/member/team');
  });

  it('a refusal (no quota left) is shown in words and the form stays', async () => {
    api({ status: 409, code: 'quota_exhausted' });
    const r = renderWithShell(<AgentRegisterScreen />, { session: agent });
    await r.user.type(await screen.findByTestId('agent-register-username'), 'newbie2');
    await r.user.type(screen.getByTestId('agent-register-password'), 'Secret123');
    await r.user.type(screen.getByTestId('agent-register-confirm'), 'Secret123');
    await r.user.click(screen.getByTestId('agent-register-kind-agent'));
    await r.user.click(screen.getByTestId('agent-register-submit'));
    expect(await screen.findByTestId('agent-register-failure')).toHaveTextContent(
      'You have no quota left for this rate.',
    );
    expect(screen.getByTestId('agent-register-username')).toHaveValue('newbie2');
  });
});
