import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { RebateView, TeamMember } from '@panalo/contract/agent';
import { renderWithShell } from '../../../app/test-utils';
import { memberSession } from '../../../app/test-fixtures';
import { stubApi } from '../../member/test/member-fixtures';
import { RebateSettingsScreen } from './rebate-settings-screen';

afterEach(() => vi.unstubAllGlobals());

const agent = { ...memberSession, userName: 'agent01', type: 1 };
const rates = (p: Record<string, string> = {}) => ({
  lottery: '0.00',
  slots: '0.00',
  live: '0.00',
  sports: '0.00',
  fishing: '0.00',
  cards: '0.00',
  cockfight: '0.00',
  esports: '0.00',
  ...p,
});
const own: RebateView = { rates: rates({ lottery: '7.80', slots: '2.00' }), minGap: '0.10', member: null };
const ranges = Object.fromEntries(Object.keys(rates()).map((g) => [g, null]));
const withMember = (lottery: string): RebateView => ({
  ...own,
  member: {
    id: '42',
    username: 'sub1',
    rates: rates({ lottery }),
    ranges: {
      ...ranges,
      lottery: { min: lottery, max: '7.70' },
      slots: { min: '0.00', max: '1.90' },
    } as never,
  },
});

/** The agent's rates, its one direct downline sub1 (42) at 5.00 %, and `save` as the answer to PUT. */
/** A direct downline as the team list answers it; a player unless `type` says otherwise. */
const teamMember = (m: { id: string; username: string; type?: number }): TeamMember => ({
  nickname: null,
  type: 0,
  level: 1,
  status: 'active',
  directDownlines: 0,
  registeredAt: '2026-11-01T00:00:00Z',
  lastLoginAt: null,
  balance: '0.00',
  ...m,
});

const api = (save: { value: unknown } | { status: number; code: string }) =>
  stubApi({
    '/api/agent/rebate': ({ url }) => ({
      value: url.searchParams.get('memberId') ? withMember('5.00') : own,
    }),
    '/api/agent/team/members': {
      value: {
        parent: { id: '1', username: 'agent01', level: 0 },
        list: [teamMember({ id: '42', username: 'sub1', type: 1 })],
        pageNum: 1,
        totalPages: 1,
        total: 1,
      },
    },
    'PUT /api/agent/rebate': save,
  });

describe('rebate settings (/m/member/agent/agentRebeat)', () => {
  it('shows my rates, then raises a direct downline within its range', async () => {
    const { calls } = api({ value: withMember('6.50') });
    const r = renderWithShell(<RebateSettingsScreen />, {
      session: agent,
      path: '/m/member/agent/agentRebeat',
    });
    expect(await screen.findByTestId('rebate-own-lottery')).toHaveTextContent('7.80 %');
    await waitFor(() => expect(screen.getByRole('option', { name: 'sub1' })).toBeInTheDocument());
    await r.user.selectOptions(screen.getByTestId('rebate-member'), '42');
    const form = await screen.findByTestId('rebate-form');
    expect(within(form).getByTestId('rebate-input-live')).toBeDisabled();
    const lottery = within(form).getByTestId('rebate-input-lottery');
    await r.user.clear(lottery);
    await r.user.type(lottery, '9.00');
    // Outside the range: marked, and nothing is sent.
    expect(lottery).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByTestId('rebate-save')).toBeDisabled();
    await r.user.clear(lottery);
    await r.user.type(lottery, '6.50');
    await r.user.click(within(form).getByTestId('rebate-save'));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({
      memberId: '42',
      rates: { lottery: '6.50' },
    });
    await waitFor(() =>
      expect(within(screen.getByTestId('rebate-form')).getByTestId('rebate-input-lottery')).toHaveValue(
        '6.50',
      ),
    );
  });

  it('a refusal from the server is shown in words', async () => {
    api({ status: 409, code: 'rebate_rate_lower' });
    const r = renderWithShell(<RebateSettingsScreen />, { session: agent });
    await waitFor(() => expect(screen.getByRole('option', { name: 'sub1' })).toBeInTheDocument());
    await r.user.selectOptions(screen.getByTestId('rebate-member'), '42');
    const input = await screen.findByTestId('rebate-input-slots');
    await r.user.clear(input);
    await r.user.type(input, '1.00');
    await r.user.click(screen.getByTestId('rebate-save'));
    expect(await screen.findByTestId('rebate-failure')).toHaveTextContent(
      "A downline's rate can only be raised.",
    );
  });

  it('hands some of my quotas at a rate to a sub-agent, offering only the rates I hold', async () => {
    const { calls } = stubApi({
      '/api/agent/rebate': ({ url }) => ({
        value: url.searchParams.get('memberId') ? withMember('5.00') : own,
      }),
      '/api/agent/team/members': {
        value: {
          parent: { id: '1', username: 'agent01', level: 0 },
          list: [teamMember({ id: '42', username: 'sub1', type: 1 })],
          pageNum: 1,
          totalPages: 1,
          total: 1,
        },
      },
      '/api/agent/quotas': {
        value: {
          freeThreshold: '1.00',
          quotas: [
            { rate: '5.00', remaining: 3 },
            { rate: '3.00', remaining: 0 },
          ],
        },
      },
      'POST /api/agent/quotas/give': {
        value: { freeThreshold: '1.00', quotas: [{ rate: '5.00', remaining: 1 }] },
      },
    });
    const r = renderWithShell(<RebateSettingsScreen />, { session: agent });
    await waitFor(() => expect(screen.getByRole('option', { name: 'sub1' })).toBeInTheDocument());
    await r.user.selectOptions(screen.getByTestId('rebate-member'), '42');
    const form = await screen.findByTestId('quota-form');
    expect(
      within(form)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['5.00 % (3 left)']);
    const count = within(form).getByTestId('quota-count');
    await r.user.clear(count);
    await r.user.type(count, '2');
    await r.user.click(within(form).getByTestId('quota-give'));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ memberId: '42', rate: '5.00', count: 2 });
    await waitFor(() =>
      expect(
        within(screen.getByTestId('quota-form'))
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['5.00 % (1 left)']),
    );
  });

  it('finds any of many direct downlines: the list says how many there are, shows more on demand, and searches the direct downlines by name (#49 item 3)', async () => {
    // 66 direct downlines, as agent01 of the demo has: downline01 … downline66, 20 to a page.
    const all = Array.from({ length: 66 }, (_, i) =>
      teamMember({ id: String(1000 + i), username: `downline${String(i + 1).padStart(2, '0')}` }),
    );
    const { calls } = stubApi({
      '/api/agent/rebate': ({ url }) => ({
        value: url.searchParams.get('memberId')
          ? {
              ...withMember('0.00'),
              member: { ...withMember('0.00').member!, id: '1000', username: 'downline01' },
            }
          : own,
      }),
      '/api/agent/team/members': ({ url }) => {
        const search = url.searchParams.get('search') ?? '';
        const found = all.filter((m) => m.username.startsWith(search));
        const page = Number(url.searchParams.get('page'));
        const size = Number(url.searchParams.get('pageSize'));
        return {
          value: {
            parent: { id: '1', username: 'agent01', level: 0 },
            list: found.slice((page - 1) * size, page * size),
            pageNum: page,
            totalPages: Math.ceil(found.length / size),
            total: found.length,
          },
        };
      },
    });
    const r = renderWithShell(<RebateSettingsScreen />, { session: agent });
    const picker = await screen.findByTestId('rebate-member');
    await waitFor(() => expect(within(picker).getAllByRole('option')).toHaveLength(21));
    expect(screen.getByTestId('rebate-member-count')).toHaveTextContent('20 of 66 direct downlines shown');
    await r.user.click(screen.getByTestId('rebate-member-more'));
    await waitFor(() => expect(within(picker).getAllByRole('option')).toHaveLength(41));
    expect(screen.getByTestId('rebate-member-count')).toHaveTextContent('40 of 66 direct downlines shown');
    // A search over the direct downlines only, by name: downline01 comes up and can be chosen.
    await r.user.type(screen.getByTestId('team-search'), 'downline01');
    await r.user.click(screen.getByTestId('team-search-submit'));
    await waitFor(() =>
      expect(screen.getByTestId('rebate-member-count')).toHaveTextContent('1 of 1 direct downline shown'),
    );
    const asked = calls.filter((c) => c.url.pathname === '/api/agent/team/members').at(-1)!;
    expect(Object.fromEntries(asked.url.searchParams)).toMatchObject({
      search: 'downline01',
      searchIn: 'direct',
    });
    expect(screen.queryByTestId('rebate-member-more')).toBeNull();
    await r.user.selectOptions(picker, '1000');
    expect(await screen.findByTestId('rebate-form')).toBeInTheDocument();
    // A search that finds nothing says so, and the chosen downline stays chosen.
    await r.user.clear(screen.getByTestId('team-search'));
    await r.user.type(screen.getByTestId('team-search'), 'zz');
    await r.user.click(screen.getByTestId('team-search-submit'));
    await waitFor(() => expect(screen.getByTestId('rebate-member-count')).toHaveTextContent('0 of 0'));
    expect(picker).toHaveValue('1000');
    expect(screen.getByTestId('rebate-form')).toBeInTheDocument();
  });
});
