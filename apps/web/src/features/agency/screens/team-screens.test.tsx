import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import type {
  RebateIncome,
  TeamMember,
  TeamMoney,
  TeamOverview,
  TeamPnlRow,
  TeamBet,
} from '@panalo/contract/agent';
import { renderWithShell } from '../../../app/test-utils';
import { memberSession } from '../../../app/test-fixtures';
import { stubApi } from '../../member/test/member-fixtures';
import { Refused, stubKycApi } from '../../verification/test/kyc-fixtures';
import { agencyRoutes } from '../routes';
import { TeamMembersScreen } from './team-members-screen';
import { TeamOverviewScreen } from './team-overview-screen';
import { TeamPnlScreen } from './team-pnl-screen';
import { TeamBetsScreen } from './team-bets-screen';
import { TeamRebateScreen } from './team-rebate-screen';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 10, 22, 15, 0));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** The screen's own calls (the shell asks for other things too, in any order). */
const agencyCalls = (calls: { url: URL }[]) => calls.filter((c) => c.url.pathname.startsWith('/api/agent/'));
const agent = { ...memberSession, userName: 'agent01', type: 1 };
const money = (p: Partial<TeamMoney> = {}): TeamMoney => ({
  turnover: '0.00',
  wins: '0.00',
  bonuses: '0.00',
  rebates: '0.00',
  commissions: '0.00',
  deposits: '0.00',
  withdrawals: '0.00',
  profit: '0.00',
  ...p,
});

describe('team overview (/m/agent/team/overview)', () => {
  const overview = (days: TeamOverview['days']): TeamOverview => ({
    from: '2026-11-16',
    to: '2026-11-22',
    directDownlines: 4,
    teamSize: 57,
    registrations: 6,
    firstDeposits: 3,
    depositCount: 9,
    withdrawalCount: 1,
    bettors: 21,
    money: money({ turnover: '15000.00', wins: '13200.00', deposits: '8000.00', profit: '-1800.00' }),
    days,
  });

  it('AGENT-001 sizes and money of the last 7 days, and turnover by day as a chart with a table behind it', async () => {
    const days = ['2026-11-21', '2026-11-22'].map((date, i) => ({
      date,
      turnover: i === 0 ? '5000.00' : '10000.00',
      registrations: i,
      bettors: 10 + i,
      deposits: '0.00',
    }));
    const { calls } = stubApi({ '/api/agent/team/overview': { value: overview(days) } });
    renderWithShell(<TeamOverviewScreen />, { session: agent, path: '/m/agent/team/overview' });
    expect(await screen.findByTestId('overview-teamSize')).toHaveTextContent('57');
    expect(screen.getByTestId('overview-directDownlines')).toHaveTextContent('4');
    expect(screen.getByTestId('overview-bettors')).toHaveTextContent('21');
    expect(screen.getByTestId('overview-money-turnover')).toHaveTextContent('15,000.00');
    expect(screen.getByTestId('overview-money-profit')).toHaveTextContent('-1,800.00');
    const table = within(screen.getByTestId('turnover-chart')).getByRole('table', {
      name: 'Turnover by day',
    });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getByRole('rowheader', { name: '2026-11-22' })).toBeInTheDocument();
    expect(Object.fromEntries(agencyCalls(calls)[0]!.url.searchParams)).toEqual({
      from: '2026-11-16',
      to: '2026-11-22',
    });
  });

  it('a failed load says why and retries', async () => {
    let fail = true;
    stubApi({
      '/api/agent/team/overview': () =>
        fail ? { status: 403, code: 'no_permission' } : { value: overview([]) },
    });
    const r = renderWithShell(<TeamOverviewScreen />, { session: agent });
    const error = await screen.findByTestId('ui-error');
    expect(error).toHaveTextContent(/permission/i);
    fail = false;
    await r.user.click(screen.getByTestId('ui-retry'));
    expect(await screen.findByTestId('overview-teamSize')).toHaveTextContent('57');
  });
});

describe('team management (/m/member/team)', () => {
  const member = (p: Partial<TeamMember>): TeamMember => ({
    id: '1',
    username: 'x',
    nickname: null,
    type: 0,
    level: 1,
    status: 'active',
    directDownlines: 0,
    registeredAt: '2026-11-01T02:00:00.000Z',
    lastLoginAt: null,
    balance: null,
    ...p,
  });
  const page = (parent: string, list: TeamMember[]) => ({
    value: {
      parent: { id: parent, username: parent, level: 0 },
      list,
      pageNum: 1,
      totalPages: 1,
      total: list.length,
    },
  });

  it('lists the direct downlines with their balance, steps into one and back up the trail', async () => {
    const { calls } = stubApi({
      '/api/agent/team/members': ({ url }) =>
        url.searchParams.get('parentId') === '7'
          ? page('7', [member({ id: '9', username: 'grandchild', level: 2 })])
          : page('1', [
              member({ id: '7', username: 'subagent', type: 1, directDownlines: 1, balance: '12.00' }),
              member({ id: '8', username: 'player8', balance: '0.00' }),
            ]),
    });
    const r = renderWithShell(<TeamMembersScreen />, { session: agent, path: '/m/member/team' });
    const list = await screen.findByTestId('members-list');
    expect(
      within(list)
        .getAllByRole('article')
        .map((a) => a.getAttribute('aria-label')),
    ).toEqual(['subagent', 'player8']);
    expect(within(list).getAllByTestId('member-balance')[0]).toHaveTextContent('12.00');
    await r.user.click(within(list).getByTestId('member-open'));
    expect(await screen.findByRole('article', { name: 'grandchild' })).toBeInTheDocument();
    expect(agencyCalls(calls).at(-1)!.url.searchParams.get('parentId')).toBe('7');
    const trail = screen.getByTestId('members-trail');
    expect(within(trail).getByRole('button', { name: 'subagent' })).toHaveAttribute('aria-current', 'page');
    await r.user.click(within(trail).getByRole('button', { name: 'My team' }));
    expect(await screen.findByRole('article', { name: 'player8' })).toBeInTheDocument();
  });

  it('transfers to several downlines in one request: amounts kept while stepping down, checked, then sent once', async () => {
    const { calls } = stubApi({
      '/api/wallet/balance': { value: { sumBalance: '500.00', currency: 'PHP' } },
      '/api/agent/team/members': ({ url }) =>
        url.searchParams.get('parentId') === '7'
          ? page('7', [member({ id: '9', username: 'grandchild', level: 2 })])
          : page('1', [
              member({ id: '7', username: 'subagent', type: 1, directDownlines: 1 }),
              member({ id: '8', username: 'player8' }),
            ]),
      'POST /api/agent/transfers': { value: { sumBalance: '349.50', transferId: '55', lines: 2 } },
    });
    const r = renderWithShell(<TeamMembersScreen />, { session: agent, path: '/m/member/team' });
    await r.user.click(await screen.findByTestId('transfer-toggle'));
    const player8 = await screen.findByRole('article', { name: 'player8' });
    await r.user.type(within(player8).getByLabelText('Amount for player8'), '100.5');
    // Stepping into a sub-agent's team keeps what was typed.
    await r.user.click(screen.getByTestId('member-open'));
    const grandchild = await screen.findByRole('article', { name: 'grandchild' });
    await r.user.type(within(grandchild).getByLabelText('Amount for grandchild'), '50');
    await waitFor(() => expect(screen.getByTestId('transfer-total')).toHaveTextContent('150.50'));
    // Without the payment password nothing is sent.
    await r.user.click(screen.getByTestId('transfer-submit'));
    expect(screen.getByTestId('transfer-problem')).toHaveTextContent('6-digit payment password');
    await r.user.type(screen.getByTestId('transfer-password'), '135790');
    await r.user.click(screen.getByTestId('transfer-submit'));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.url.pathname).toBe('/api/agent/transfers');
    expect(post.headers.get('idempotency-key')).toMatch(/\S{8,}/);
    expect(post.body).toEqual({
      lines: [
        { memberId: '8', amount: '100.50' },
        { memberId: '9', amount: '50.00' },
      ],
      paymentPassword: '135790',
    });
    // Done: the panel closes.
    await waitFor(() => expect(screen.queryByTestId('transfer-panel')).toBeNull());
  });

  it('issue 53 a downline not verified yet: the refusal names them, with a way to verification', async () => {
    stubKycApi({
      '/api/wallet/balance': { value: { sumBalance: '500.00', currency: 'PHP' } },
      '/api/agent/team/members': page('1', [member({ id: '8', username: 'player8' })]),
      'POST /api/agent/transfers': new Refused(409, 'kyc_receiver_unverified', {
        username: 'player8',
        level: 2,
      }),
    });
    const r = renderWithShell(<TeamMembersScreen />, { session: agent, path: '/m/member/team' });
    await r.user.click(await screen.findByTestId('transfer-toggle'));
    await r.user.type(await screen.findByLabelText('Amount for player8'), '100');
    await r.user.type(screen.getByTestId('transfer-password'), '135790');
    await r.user.click(screen.getByTestId('transfer-submit'));
    const error = await screen.findByTestId('transfer-error');
    expect(error).toHaveTextContent('player8 has not verified their account yet');
    expect(within(error).getByTestId('kyc-verify-link')).toHaveAttribute('href', '/m/verification');
  });

  it('a transfer above the balance or with a wrong amount is stopped before it is sent', async () => {
    const { calls } = stubApi({
      '/api/wallet/balance': { value: { sumBalance: '50.00', currency: 'PHP' } },
      '/api/agent/team/members': page('1', [member({ id: '8', username: 'player8' })]),
    });
    const r = renderWithShell(<TeamMembersScreen />, { session: agent, path: '/m/member/team' });
    await r.user.click(await screen.findByTestId('transfer-toggle'));
    const box = await screen.findByLabelText('Amount for player8');
    await r.user.type(box, 'abc');
    expect(await screen.findByText('Enter an amount, like 100 or 100.50')).toBeInTheDocument();
    await r.user.clear(box);
    await r.user.type(box, '80');
    await r.user.type(screen.getByTestId('transfer-password'), '135790');
    await r.user.click(screen.getByTestId('transfer-submit'));
    await waitFor(() =>
      expect(screen.getByTestId('transfer-problem')).toHaveTextContent('more than your balance'),
    );
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('searches the team by username prefix and refuses characters no username has', async () => {
    const { calls } = stubApi({ '/api/agent/team/members': page('1', []) });
    const r = renderWithShell(<TeamMembersScreen />, { session: agent });
    await screen.findByTestId('ui-empty');
    await r.user.type(screen.getByTestId('team-search'), 'juan');
    await r.user.click(screen.getByTestId('team-search-submit'));
    await waitFor(() => expect(agencyCalls(calls).at(-1)!.url.searchParams.get('search')).toBe('juan'));
    expect(await screen.findByTestId('ui-empty')).toHaveTextContent('No team member has this username.');
    await r.user.type(screen.getByTestId('team-search'), '%');
    expect(screen.getByTestId('team-search-submit')).toBeDisabled();
  });
});

describe('team profit and loss (/m/agent/team/pnl)', () => {
  const row = (username: string, p: Partial<TeamMoney>, own: Partial<TeamMoney>, direct = 0): TeamPnlRow => ({
    id: `id-${username}`,
    username,
    level: 1,
    directDownlines: direct,
    ...money(p),
    own: money(own),
  });
  const page = (parent: string, level: number, team: Partial<TeamMoney>, list: TeamPnlRow[]) => ({
    value: {
      from: '2026-11-22',
      to: '2026-11-22',
      parent: { id: `id-${parent}`, username: parent, level },
      team: money(team),
      list,
      pageNum: 1,
      totalPages: 1,
      total: list.length,
    },
  });

  it('the team total for today, then each direct downline’s line with its own part; sorting asks the server again', async () => {
    const { calls } = stubApi({
      '/api/agent/team/pnl': page('agent01', 0, { turnover: '300.00', profit: '-40.00' }, [
        row('alpha', { turnover: '200.00', profit: '-60.00' }, { profit: '-10.00' }, 2),
        row('beta', { turnover: '100.00', profit: '20.00' }, { profit: '20.00' }),
      ]),
    });
    const r = renderWithShell(<TeamPnlScreen />, { session: agent });
    const team = await screen.findByTestId('pnl-team');
    expect(team).toHaveTextContent('Whole team, 2026-11-22 to 2026-11-22');
    expect(within(team).getByTestId('pnl-team-money-turnover')).toHaveTextContent('300.00');
    expect(within(team).getByTestId('pnl-team-money-profit')).toHaveTextContent('-40.00');
    const list = await screen.findByTestId('pnl-list');
    expect(
      within(list)
        .getAllByTestId('pnl-member-profit')
        .map((e) => e.textContent),
    ).toEqual(['-60.00', '+20.00']);
    expect(within(list).getAllByTestId('pnl-own-profit')[0]).toHaveTextContent('Own: -10.00');
    // Only a line with downlines opens.
    expect(within(list).getAllByTestId('pnl-open')).toHaveLength(1);
    expect(Object.fromEntries(agencyCalls(calls)[0]!.url.searchParams)).toMatchObject({
      from: '2026-11-22',
      to: '2026-11-22',
      sort: 'turnover',
    });
    expect(agencyCalls(calls)[0]!.url.searchParams.has('parentId')).toBe(false);
    await r.user.click(screen.getByTestId('pnl-sort-profit'));
    await waitFor(() => expect(agencyCalls(calls).at(-1)!.url.searchParams.get('sort')).toBe('profit'));
  });

  it('says how each figure is counted: on the day of the play, profit as wins + bonuses + rebates + commission − turnover', async () => {
    stubApi({ '/api/agent/team/pnl': page('agent01', 0, { turnover: '300.00', profit: '-40.00' }, []) });
    const r = renderWithShell(<TeamPnlScreen />, { session: agent });
    const defs = await screen.findByTestId('pnl-definitions');
    expect(defs.tagName).toBe('DETAILS');
    await r.user.click(within(defs).getByText('How these figures are counted'));
    expect(defs).toHaveProperty('open', true);
    expect(defs).toHaveTextContent('counts on the day the play happened');
    expect(defs).toHaveTextContent('wins + bonuses + rebates + agent commission − turnover');
    expect(within(defs).getAllByRole('listitem')).toHaveLength(6);
  });

  it('opens a line one level deeper, shows whose team it is, and the trail leads back up', async () => {
    const { calls } = stubApi({
      '/api/agent/team/pnl': ({ url }: { url: URL }) =>
        url.searchParams.get('parentId') === 'id-alpha'
          ? page('alpha', 1, { turnover: '200.00' }, [
              row('gamma', { turnover: '150.00' }, { turnover: '150.00' }),
            ])
          : page('agent01', 0, { turnover: '300.00' }, [row('alpha', { turnover: '200.00' }, {}, 1)]),
    });
    const r = renderWithShell(<TeamPnlScreen />, { session: agent });
    await r.user.click(await screen.findByTestId('pnl-open'));
    await waitFor(() => expect(agencyCalls(calls).at(-1)!.url.searchParams.get('parentId')).toBe('id-alpha'));
    expect(await screen.findByText('Team of alpha, 2026-11-22 to 2026-11-22')).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'gamma' })).toBeInTheDocument();
    const trail = screen.getByTestId('pnl-trail');
    expect(within(trail).getByRole('button', { name: 'alpha' })).toHaveAttribute('aria-current', 'page');
    await r.user.click(within(trail).getByRole('button', { name: 'My team' }));
    expect(await screen.findByRole('article', { name: 'alpha' })).toBeInTheDocument();
  });
});

describe('agent rebate income (/m/member/teamRebate)', () => {
  const income = (p: Partial<RebateIncome>): RebateIncome => ({
    from: '2026-11-16',
    to: '2026-11-22',
    paid: '0.00',
    earned: '0.00',
    today: { day: '2026-11-22', turnover: '0.00', amount: '0.00' },
    days: [],
    list: [],
    pageNum: 1,
    totalPages: 1,
    total: 0,
    ...p,
  });

  it('today so far, what was paid day by day (a carried reversal said in words) and where it came from', async () => {
    const { calls } = stubApi({
      '/api/agent/team/rebate-income': {
        value: income({
          paid: '42.00',
          earned: '30.00',
          today: { day: '2026-11-22', turnover: '3485.00', amount: '15.00' },
          days: [
            { day: '2026-11-21', turnover: '-800.00', amount: '-24.00', paid: '0.00', carried: '-1024.00' },
            { day: '2026-11-20', turnover: '1800.00', amount: '54.00', paid: '42.00', carried: '0.00' },
          ],
          list: [
            {
              day: '2026-11-21',
              source: 'beta',
              own: false,
              product: 'slots',
              turnover: '-800.00',
              rate: '3.00',
              amount: '-24.00',
            },
            {
              day: '2026-11-20',
              source: 'agent01',
              own: true,
              product: 'lottery',
              turnover: '1800000.00',
              rate: '3.00',
              amount: '54.00',
            },
          ],
          total: 2,
        }),
      },
    });
    renderWithShell(<TeamRebateScreen />, { session: agent, path: '/m/member/teamRebate' });
    expect(await screen.findByTestId('income-today')).toHaveTextContent('15.00');
    expect(screen.getByTestId('income-paid')).toHaveTextContent('42.00');
    expect(screen.getByTestId('income-carried')).toHaveTextContent(
      '-1,024.00 of reversals carried to the next payment',
    );
    // Amounts inside sentences are grouped like every other amount (#49 item 4).
    expect(screen.getByTestId('income-summary')).toHaveTextContent('On 3,485.00 of turnover');
    const days = within(screen.getByTestId('income-days')).getAllByRole('row');
    expect(days.map((r) => r.textContent)).toEqual([
      'DayTurnoverPaid to your wallet',
      expect.stringContaining('2026-11-21'),
      expect.stringContaining('2026-11-20'),
    ]);
    const lines = await screen.findAllByTestId('income-line');
    expect(lines[0]).toHaveTextContent('Through beta');
    expect(lines[0]).toHaveTextContent('Slots');
    expect(lines[1]).toHaveTextContent('Your own play');
    expect(lines[1]).toHaveTextContent('3.00 % of 1,800,000.00');
    expect(within(lines[0]!).getByTestId('income-line-amount')).toHaveTextContent('-24.00');
    // The last 7 days by default.
    expect(Object.fromEntries(agencyCalls(calls)[0]!.url.searchParams)).toMatchObject({
      from: '2026-11-16',
      to: '2026-11-22',
    });
  });

  it('says when nothing was paid yet, and how rebates are paid', async () => {
    stubApi({ '/api/agent/team/rebate-income': { value: income({}) } });
    renderWithShell(<TeamRebateScreen />, { session: agent, path: '/m/member/teamRebate' });
    expect(await screen.findByText(/Rebates are paid each day for the day before/)).toBeInTheDocument();
  });
});

describe('agent routes', () => {
  it('/m/agent, /m/agent/team/overview, /m/member/team, /m/agent/team/pnl, /m/member/teamRebate and /m/member/notice are routes; a player is sent home from a team screen', async () => {
    expect(agencyRoutes.map((r) => r.path)).toEqual(
      expect.arrayContaining([
        '/m/agent',
        '/m/agent/team/overview',
        '/m/member/team',
        '/m/agent/team/pnl',
        '/m/member/teamRebate',
        '/m/member/notice',
        '/m/teamBetting',
      ]),
    );
    stubApi({});
    const Overview = agencyRoutes.find((r) => r.path === '/m/agent/team/overview')!.Screen;
    const r = renderWithShell(
      <Routes>
        <Route path="/m/agent/team/overview" element={<Overview />} />
        <Route path="/m/home" element={<p>home page</p>} />
      </Routes>,
      { session: { ...agent, type: 0 }, path: '/m/agent/team/overview' },
    );
    expect(await screen.findByText('home page')).toBeInTheDocument();
    expect(r.location().pathname).toBe('/m/home');
  });
});

describe('team betting (/m/teamBetting)', () => {
  const bet = (p: Partial<TeamBet>): TeamBet => ({
    id: 'game:1',
    kind: 'game',
    username: 'juan1',
    level: 1,
    game: 'Lucky Slot',
    stake: '5.00',
    returned: '12.50',
    net: '7.50',
    status: 'settled',
    at: '2026-11-22T03:00:00.000Z',
    ...p,
  });
  it('TEAMBETTING3 the period’s totals, then each bet newest first; the product and a member’s username ask the server again', async () => {
    const { calls } = stubApi({
      '/api/agent/team/bets': {
        value: {
          from: '2026-11-22',
          to: '2026-11-22',
          list: [
            bet({}),
            bet({
              id: 'lottery:9',
              kind: 'lottery',
              username: 'ana2',
              level: 2,
              game: 'WINGO5 20261122001',
              stake: '10.00',
              returned: '0.00',
              net: '-10.00',
              status: 'open',
            }),
          ],
          pageNum: 1,
          totalPages: 1,
          total: 2,
          totals: { stake: '15.00', returned: '12.50', net: '-2.50' },
        },
      },
    });
    const r = renderWithShell(<TeamBetsScreen />, { session: agent });
    const totals = await screen.findByTestId('team-bets-totals');
    expect(totals).toHaveTextContent('2 bets, 2026-11-22 to 2026-11-22');
    expect(within(totals).getByTestId('team-bets-stake')).toHaveTextContent('15.00');
    expect(within(totals).getByTestId('team-bets-net')).toHaveTextContent('-2.50');
    const list = await screen.findByTestId('team-bets-list');
    expect(
      within(list)
        .getAllByTestId('team-bet-net')
        .map((e) => e.textContent),
    ).toEqual(['+7.50', '-10.00']);
    expect(within(list).getByText('Open')).toBeInTheDocument();
    expect(Object.fromEntries(agencyCalls(calls)[0]!.url.searchParams)).toMatchObject({
      product: 'all',
      from: '2026-11-22',
    });
    await r.user.click(screen.getByTestId('bets-product-lottery'));
    await waitFor(() => expect(agencyCalls(calls).at(-1)!.url.searchParams.get('product')).toBe('lottery'));
    await r.user.type(screen.getByTestId('team-search'), 'ana2');
    await r.user.click(screen.getByTestId('team-search-submit'));
    await waitFor(() => expect(agencyCalls(calls).at(-1)!.url.searchParams.get('username')).toBe('ana2'));
  });
});
