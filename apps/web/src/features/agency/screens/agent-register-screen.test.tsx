import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { AffiliateLink, RebateView } from '@panalo/contract/agent';
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

describe('invitation links (/m/agentRegister?tab=links)', () => {
  const link = (p: Partial<AffiliateLink>): AffiliateLink => ({
    id: '5',
    code: 'ABCDEFGH23',
    path: '/m/register?code=ABCDEFGH23',
    kind: 'player',
    rates: { ...zero, lottery: '0.80' },
    quotaSpent: null,
    expiresAt: '2026-12-01T00:00:00.000Z',
    expired: false,
    registrations: 3,
    createdAt: '2026-11-24T00:00:00.000Z',
    ...p,
  });
  const links = (list: AffiliateLink[]) => ({
    value: { list, pageNum: 1, totalPages: 1, total: list.length },
  });
  const base = {
    '/api/agent/rebate': { value: own },
    '/api/agent/quotas': { value: { freeThreshold: '1.00', quotas: [{ rate: '5.00', remaining: 2 }] } },
    '/api/agent/affiliate': {
      value: { code: 'MYCODE2345', path: '/m/register?code=MYCODE2345', registrations: 4 },
    },
  };

  it('AGENT-002 shows my register link, makes a link at rates below mine with an expiry, and lists my links', async () => {
    let made = false;
    const { calls } = stubApi({
      ...base,
      '/api/agent/affiliate-links': () =>
        links(made ? [link({ id: '6', code: 'NEWCODE234', kind: 'agent' }), link({})] : [link({})]),
      'POST /api/agent/affiliate-links': () => {
        made = true;
        return { value: link({ id: '6', code: 'NEWCODE234', kind: 'agent' }) };
      },
    });
    const r = renderWithShell(<AgentRegisterScreen />, {
      session: agent,
      path: '/m/agentRegister?tab=links',
    });
    expect(await screen.findByTestId('register-link-code')).toHaveTextContent('MYCODE2345');
    expect(screen.getByTestId('register-link-url')).toHaveTextContent(/\/m\/register\?code=MYCODE2345$/);
    expect(screen.getByText('4 members joined your team with your code or links.')).toBeInTheDocument();
    expect(screen.getByTestId('agent-register-tab-links')).toHaveAttribute('aria-selected', 'true');
    const list = await screen.findByTestId('link-list');
    expect(within(list).getByTestId('link-rates')).toHaveTextContent('0.80 %');
    expect(within(list).getByTestId('link-registrations')).toHaveTextContent('3');

    await r.user.click(screen.getByTestId('link-kind-agent'));
    const lottery = screen.getByTestId('link-rate-lottery');
    await r.user.type(lottery, '7.75');
    expect(screen.getByTestId('link-submit')).toBeDisabled();
    await r.user.clear(lottery);
    await r.user.type(lottery, '5.00');
    await r.user.selectOptions(screen.getByTestId('link-expiry'), '7');
    await r.user.click(screen.getByTestId('link-submit'));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')).toBeDefined());
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      kind: 'agent',
      rates: { lottery: '5.00' },
      expiresInDays: 7,
    });
    await waitFor(() =>
      expect(within(screen.getByTestId('link-list')).getAllByRole('article')).toHaveLength(2),
    );
  });

  it('deletes a link after asking; an unused one says its quota comes back; a refusal is said in words', async () => {
    let gone = false;
    const { calls } = stubApi({
      ...base,
      '/api/agent/affiliate-links': () => links(gone ? [] : [link({ registrations: 0, quotaSpent: '5.00' })]),
      'DELETE /api/agent/affiliate-links/5': () => {
        gone = true;
        return { value: { id: '5', quotaReturned: '5.00' } };
      },
    });
    const r = renderWithShell(<AgentRegisterScreen />, { session: agent, path: '/m/agentRegister' });
    await r.user.click(await screen.findByTestId('agent-register-tab-links'));
    await r.user.click(await screen.findByTestId('link-delete'));
    expect(
      screen.getByText('Delete this link? Nobody used it, so your 5.00 % quota comes back.'),
    ).toBeInTheDocument();
    await r.user.click(screen.getByTestId('link-delete-yes'));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    expect(
      await screen.findByText('No invitation links yet. Make one above and share it.'),
    ).toBeInTheDocument();
  });

  it('an expired link says so; a link refused by the server shows why', async () => {
    stubApi({
      ...base,
      '/api/agent/affiliate-links': links([link({ expired: true })]),
      'POST /api/agent/affiliate-links': { status: 409, code: 'affiliate_link_limit' },
    });
    const r = renderWithShell(<AgentRegisterScreen />, {
      session: agent,
      path: '/m/agentRegister?tab=links',
    });
    expect(await screen.findByTestId('link-state')).toHaveTextContent('Expired');
    await r.user.click(screen.getByTestId('link-submit'));
    expect(await screen.findByTestId('link-failure')).toHaveTextContent('Delete one before making another');
  });
});
