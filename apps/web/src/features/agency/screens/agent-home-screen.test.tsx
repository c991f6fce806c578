import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { renderWithShell } from '../../../app/test-utils';
import { memberSession, panaloBundle } from '../../../app/test-fixtures';
import { memberInfo, stubApi } from '../../member/test/member-fixtures';
import { AgentHomeScreen } from './agent-home-screen';

afterEach(() => vi.unstubAllGlobals());

const KPI = '/api/agent/team/kpi';
const agent = { ...memberSession, userName: 'agent01', type: 1 };
const DIVIDEND_INFO = '/api/agent/dividend/info';
const api = (
  footer: Record<string, number> = {},
  o: { dividend?: boolean; type?: number; unread?: number } = {},
) =>
  stubApi({
    [DIVIDEND_INFO]: {
      value: { active: o.dividend ? { id: '7', kind: 'dividend', status: 'active' } : null },
    },
    [KPI]: { value: { footer } },
    '/api/wallet/balance': { value: { sumBalance: '1234.50', currency: 'PHP', book: 'real' } },
    '/api/members/me': { value: memberInfo({ account: 'agent01', type: o.type ?? 1 }) },
    '/api/members/unread-count': { value: o.unread ?? 3 },
    '/api/agent/notices': {
      value: {
        list: [
          { id: 1, title: 'One', content: '<p>1</p>', date: '2026-11-13T00:00:00.000Z', read: false },
          { id: 2, title: 'Two', content: '<p>2</p>', date: '2026-11-12T00:00:00.000Z', read: true },
        ],
        footer: { unreadCount: 1 },
      },
    },
  });

/** Agent home at 14 November 2026, `hour` local time. */
const at = (hour: number) => () => new Date(2026, 10, 14, hour, 5);

function renderHome(o: { session?: typeof agent | null; hour?: number; bundle?: typeof panaloBundle } = {}) {
  return renderWithShell(
    <Routes>
      <Route path="/m/agent" element={<AgentHomeScreen now={at(o.hour ?? 9)} />} />
      <Route path="/m/home" element={<p>home page</p>} />
    </Routes>,
    {
      path: '/m/agent',
      session: o.session === undefined ? agent : o.session,
      ...(o.bundle ? { bundle: o.bundle } : {}),
    },
  );
}

describe('agent home (/m/agent)', () => {
  it.each([
    [0, 'Good morning'],
    [10, 'Good morning'],
    [11, 'Good afternoon'],
    [16, 'Good afternoon'],
    [19, 'Good evening'],
    [23, 'Good evening'],
  ])('AGENT-004 AGENT-005 greets by the local hour (%i h: %s)', async (hour, text) => {
    api();
    renderHome({ hour });
    expect(await screen.findByTestId('agent-greeting')).toHaveTextContent(text);
  });

  it('AGENT-006 AGENT-007 AGENT-008 shows the name and total balance, withdraw and deposit, and a way home', async () => {
    api();
    renderHome();
    expect(await screen.findByTestId('agent-name')).toHaveTextContent('agent01');
    await waitFor(() => expect(screen.getByTestId('agent-balance')).toHaveTextContent('1,234.50'));
    expect(screen.getByTestId('agent-withdraw')).toHaveAttribute('href', '/m/withdraw');
    expect(screen.getByTestId('agent-deposit')).toHaveAttribute('href', '/m/voucherCenter');
    expect(screen.getByTestId('agent-home-back')).toHaveAttribute('href', '/m/home');
  });

  it('AGENT-017 links to /m/agentRegister to open an account for a downline', async () => {
    api();
    renderHome();
    expect(await screen.findByTestId('agent-open-account')).toHaveAttribute('href', '/m/agentRegister');
  });

  it('AGENT-009 AGENT-010 AGENT-025 API-068 today’s four counters from the team KPI call (startDate = endDate = today, size 0), 0 when absent', async () => {
    const { calls } = api({ teamLoginMemberCount: 12, teamBetMemberCount: 5, teamOnlineCount: 2 });
    renderHome();
    await waitFor(() => expect(screen.getByTestId('kpi-teamLoginMemberCount')).toHaveTextContent('12'));
    expect(screen.getByTestId('kpi-teamBetMemberCount')).toHaveTextContent('5');
    expect(screen.getByTestId('kpi-teamRegisterMemberCount')).toHaveTextContent('0');
    expect(screen.getByTestId('kpi-teamOnlineCount')).toHaveTextContent('2');
    const kpi = calls.find((c) => c.url.pathname === KPI)!;
    expect(Object.fromEntries(kpi.url.searchParams)).toEqual({
      startDate: '2026-11-14',
      endDate: '2026-11-14',
      size: '0',
    });
  });

  it('AGENT-023 AGENT-024 AGENT-026 on load it fetches the wallet, the unread mail count, the agent announcements’ unread count and the member info', async () => {
    const { calls } = api();
    renderHome();
    await waitFor(() => {
      const paths = calls.map((c) => c.url.pathname);
      expect(paths).toEqual(
        expect.arrayContaining([
          '/api/wallet/balance',
          '/api/members/unread-count',
          '/api/agent/notices',
          '/api/members/me',
          KPI,
        ]),
      );
    });
  });

  it('AGENT-018 AGENT-027 after the on-load calls it loads dividend info; the dividend item shows only when dividend is enabled', async () => {
    const { calls } = api({}, { dividend: true });
    renderHome();
    expect(await screen.findByTestId('agent-dividend')).toHaveAttribute(
      'href',
      '/m/member/agent/agentDivident',
    );
    const paths = calls.map((c) => c.url.pathname);
    const info = paths.indexOf(DIVIDEND_INFO);
    for (const first of ['/api/members/me', KPI, '/api/agent/notices'])
      expect(paths.indexOf(first), first).toBeLessThan(info);
  });

  it('AGENT-018 no dividend contract: no dividend item', async () => {
    const { calls } = api({}, { dividend: false });
    renderHome();
    await waitFor(() => expect(calls.map((c) => c.url.pathname)).toContain(DIVIDEND_INFO));
    expect(screen.queryByTestId('agent-dividend')).toBeNull();
  });

  // Types 4 and 40 never reach agent home (AGENT-022); 41 and 42 do, without dividend info.
  it.each([41, 42])('AGENT-027 a member of type %i does not load dividend info', async (type) => {
    const { calls } = api({}, { dividend: true, type });
    renderHome({ session: { ...agent, type } });
    await screen.findByTestId('agent-grid');
    await waitFor(() => expect(calls.map((c) => c.url.pathname)).toContain('/api/agent/notices'));
    await new Promise((r) => setTimeout(r, 50));
    expect(calls.map((c) => c.url.pathname)).not.toContain(DIVIDEND_INFO);
    expect(screen.queryByTestId('agent-dividend')).toBeNull();
  });

  it('AGENT-019 links to /m/member/notice?types=A for agent announcements, with the unread badge above 0', async () => {
    api();
    renderHome();
    const link = await screen.findByTestId('agent-notices');
    expect(link).toHaveAttribute('href', '/m/member/notice?types=A');
    expect(await within(link).findByTestId('agent-notices-badge')).toHaveTextContent('1');
  });

  it('AGENT-011 AGENT-012 AGENT-013 AGENT-016 the grid follows the spec’s order, each entry a link to its path; customer service last', async () => {
    api();
    renderHome();
    const grid = await screen.findByTestId('agent-grid');
    const entries = within(grid).getAllByRole('listitem');
    expect(entries.map((e) => e.dataset.testid)).toEqual([
      'agent-entry-teamOverview',
      'agent-entry-transactionRecord',
      'agent-entry-teamManagement',
      'agent-entry-redRain',
      'agent-entry-teamPnl',
      'agent-entry-teamBetting',
      'agent-entry-rebateSettings',
      'agent-entry-rebateIncome',
      'agent-entry-securityCenter',
      'agent-entry-mail',
      'agent-entry-customerService',
    ]);
    expect(within(entries[0]!).getByRole('link', { name: 'Team overview' })).toHaveAttribute(
      'href',
      '/m/agent/team/overview',
    );
    expect(within(entries[1]!).getByRole('link')).toHaveAttribute('href', '/m/transaction/record?types=A');
    expect(within(entries[2]!).getByRole('link')).toHaveAttribute('href', '/m/member/team');
    expect(within(entries[3]!).getByRole('link', { name: 'Red envelope rain' })).toHaveAttribute(
      'href',
      '/m/redRain',
    );
    expect(within(entries[4]!).getByRole('link')).toHaveAttribute('href', '/m/agent/team/pnl');
    expect(within(entries[5]!).getByRole('link')).toHaveAttribute('href', '/m/teamBetting');
    expect(within(entries[7]!).getByRole('link')).toHaveAttribute('href', '/m/member/teamRebate');
    // The merchant's customer-service address (or our service page).
    expect(within(entries[9]!).getByRole('link')).toHaveAttribute('href', '/m/webEmail');
    expect(within(entries[10]!).getByRole('link', { name: 'Customer service' })).toBeInTheDocument();
  });

  it('AGENT-014 the mail entry opens the mail centre with an unread badge above 0, none at 0', async () => {
    api();
    const r = renderHome();
    const mail = await screen.findByTestId('agent-entry-mail');
    expect(await within(mail).findByTestId('agent-entry-badge')).toHaveTextContent('3');
    expect(within(mail).getByRole('link')).toHaveAccessibleName(/Mail.*3 unread/);
    r.unmount();
    vi.unstubAllGlobals();
    api({}, { unread: 0 });
    renderHome({ session: { ...agent, token: 'agent-token-without-mail-00' } });
    const none = await screen.findByTestId('agent-entry-mail');
    await screen.findByTestId('agent-greeting');
    expect(within(none).queryByTestId('agent-entry-badge')).toBeNull();
  });

  it('AGENT-015 AGENT-016 an entry whose permission key is off is not shown; customer service always is', async () => {
    api();
    const flags = Object.fromEntries(
      [
        'AGEPAG',
        'TRANSREC3',
        'DOWNMAN',
        'AGENTRANSMULTDOWN3',
        'AGETEAMPNL3',
        'TEAMBETTING3',
        'GAMSER',
        'AGEREBINC3',
        'SECPRIV',
        'MAILCEN',
      ].map((k) => [k, false]),
    );
    const bundle = {
      ...panaloBundle,
      info: { ...panaloBundle.info, whitelabel: { ...panaloBundle.info.whitelabel, ...flags } },
    };
    renderHome({ bundle });
    const grid = await screen.findByTestId('agent-grid');
    expect(
      within(grid)
        .getAllByRole('listitem')
        .map((e) => e.dataset.testid),
    ).toEqual(['agent-entry-customerService']);
  });

  it.each([0, 4, 40])('AGENT-022 member type %i is sent to /m/home', async (type) => {
    api();
    const r = renderHome({ session: { ...agent, type } });
    expect(await screen.findByText('home page')).toBeInTheDocument();
    expect(r.location().pathname).toBe('/m/home');
    expect(screen.queryByTestId('agent-home')).toBeNull();
  });

  it('AGENT-020 AGENT-021 without a session agent home is replaced by /m/home', async () => {
    const { calls } = api();
    const r = renderHome({ session: null });
    expect(await screen.findByText('home page')).toBeInTheDocument();
    expect(r.location().pathname).toBe('/m/home');
    expect(calls.filter((c) => c.url.pathname === KPI)).toEqual([]);
  });

  it('a failed counter load says why and tries again on request', async () => {
    let fail = true;
    stubApi({
      [KPI]: () =>
        fail ? { status: 503, code: 'service_unavailable' } : { value: { footer: { teamOnlineCount: 4 } } },
      '/api/wallet/balance': { value: { sumBalance: '0.00', currency: 'PHP', book: 'real' } },
      '/api/members/me': { value: memberInfo({ account: 'agent01', type: 1 }) },
      '/api/members/unread-count': { value: 0 },
    });
    const r = renderHome();
    const alert = await screen.findByRole('alert');
    fail = false;
    await r.user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getByTestId('kpi-teamOnlineCount')).toHaveTextContent('4'));
  });
});
