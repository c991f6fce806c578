import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { ReadableNotices } from '@panalo/contract/content';
import { renderWithShell } from '../../../app/test-utils';
import { memberSession } from '../../../app/test-fixtures';
import { stubApi } from '../../member/test/member-fixtures';
import { AgentNoticeScreen } from './agent-notice-screen';

afterEach(() => vi.unstubAllGlobals());

const agent = { ...memberSession, userName: 'agent01', type: 1 };

describe('agent announcements (/m/member/notice?types=A)', () => {
  it('AGENT-019 lists them newest first, the unread marked; opening one shows its text and tells the server it was read', async () => {
    let read = false;
    const notices = (): ReadableNotices => ({
      list: [
        {
          id: 7,
          title: 'Rebate daily',
          content: '<p>Paid <b>every day</b></p>',
          date: '2026-11-13T02:00:00.000Z',
          read,
        },
        { id: 6, title: 'Older news', content: '<p>old</p>', date: '2026-11-10T02:00:00.000Z', read: true },
      ],
      footer: { unreadCount: read ? 0 : 1 },
    });
    const { calls } = stubApi({
      '/api/agent/notices': () => ({ value: notices() }),
      'POST /api/agent/notices/7/read': () => {
        read = true;
        return { value: { unreadCount: 0 } };
      },
    });
    const r = renderWithShell(<AgentNoticeScreen />, { session: agent, path: '/m/member/notice?types=A' });
    const list = await screen.findByTestId('agent-notice-list');
    const items = within(list).getAllByTestId('agent-notice');
    expect(items.map((i) => within(i).getByRole('button').textContent)).toEqual([
      expect.stringContaining('Rebate daily'),
      expect.stringContaining('Older news'),
    ]);
    expect(within(items[0]!).getByTestId('agent-notice-unread')).toHaveTextContent('Unread');
    expect(within(items[1]!).queryByTestId('agent-notice-unread')).toBeNull();
    const toggle = within(items[0]!).getByRole('button');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await r.user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const content = await within(items[0]!).findByTestId('agent-notice-content');
    await waitFor(() => expect(content).toHaveTextContent('Paid every day'));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    await waitFor(() => expect(within(list).queryByTestId('agent-notice-unread')).toBeNull());
    // An announcement already read is not sent again.
    await r.user.click(within(items[1]!).getByRole('button'));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('says when there are none, and offers a retry when the list cannot load', async () => {
    stubApi({ '/api/agent/notices': { value: { list: [], footer: { unreadCount: 0 } } } });
    renderWithShell(<AgentNoticeScreen />, { session: agent });
    expect(await screen.findByText('No announcements for agents right now.')).toBeInTheDocument();
  });
});
