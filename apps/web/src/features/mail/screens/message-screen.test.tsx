import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { ReadableNoticeItem } from '@panalo/contract/content';
import { renderWithShell } from '../../../app/test-utils';
import { makeBundle, memberSession } from '../../../app/test-fixtures';
import { stubApi } from '../../member/test/member-fixtures';
import { MessageScreen } from './message-screen';

afterEach(() => vi.unstubAllGlobals());

const notices: ReadableNoticeItem[] = [
  {
    id: 7,
    title: 'GCash deposits paused Sunday',
    content: '<p>From 01:00 to 03:00.</p>',
    date: '2026-11-20T02:00:00.000Z',
    read: false,
  },
  {
    id: 5,
    title: 'New lottery games',
    content: '<p>Try them.</p>',
    date: '2026-11-10T02:00:00.000Z',
    read: true,
  },
];

/** The stub server keeps the read state: opening one reads it. */
function server(list: ReadableNoticeItem[]) {
  const box = list.map((n) => ({ ...n }));
  const value = () => ({ list: box, footer: { unreadCount: box.filter((n) => !n.read).length } });
  return stubApi({
    '/api/messages': () => ({ value: value() }),
    'POST /api/messages/7/read': () => {
      box[0]!.read = true;
      return { value: { unreadCount: value().footer.unreadCount } };
    },
    '/api/members/unread-count': { value: 2 },
  });
}

describe('/m/message', () => {
  it('CONTENT-001 lists the site’s messages newest first, unread marked; opening one shows it and reads it', async () => {
    const api = server(notices);
    const r = renderWithShell(<MessageScreen />, { path: '/m/message', session: memberSession });
    const list = await screen.findByTestId('message-list');
    const rows = within(list).getAllByTestId('site-message');
    expect(rows.map((row) => within(row).getByRole('button').textContent)).toEqual([
      expect.stringContaining('GCash deposits paused Sunday'),
      expect.stringContaining('New lottery games'),
    ]);
    expect(within(rows[0]!).getByTestId('site-message-unread')).toHaveTextContent('Unread');
    expect(within(rows[1]!).queryByTestId('site-message-unread')).toBeNull();
    expect(screen.getByTestId('message-unread-count')).toHaveTextContent('1 unread');

    const button = within(rows[0]!).getByRole('button');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await r.user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    // The body is sanitised by a module loaded on first use: its text arrives a moment later.
    await waitFor(() =>
      expect(within(rows[0]!).getByTestId('site-message-content')).toHaveTextContent('From 01:00 to 03:00.'),
    );
    await waitFor(() => expect(within(list).queryByTestId('site-message-unread')).toBeNull());
    expect(screen.getByTestId('message-unread-count')).toHaveTextContent('0 unread');
    expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.url.pathname)).toEqual([
      '/api/messages/7/read',
    ]);
  });

  it('leads to the mail centre with its unread count when the merchant has it; says so when there are no messages', async () => {
    server([]);
    const r = renderWithShell(<MessageScreen />, { path: '/m/message', session: memberSession });
    expect(await screen.findByTestId('ui-empty')).toHaveTextContent('No messages from the site yet.');
    const link = screen.getByTestId('message-mail-link');
    expect(link).toHaveAttribute('href', '/m/webEmail');
    await waitFor(() => expect(link).toHaveTextContent('2 unread'));
    r.unmount();
    server([]);
    renderWithShell(<MessageScreen />, {
      path: '/m/message',
      session: memberSession,
      bundle: makeBundle({ flags: { MAILCEN: false } }),
    });
    await screen.findByTestId('ui-empty');
    expect(screen.queryByTestId('message-mail-link')).toBeNull();
  });

  it('a failed load offers a retry', async () => {
    stubApi({ '/api/messages': { status: 503, code: 'unknown_error' } });
    renderWithShell(<MessageScreen />, { path: '/m/message', session: memberSession });
    expect(await screen.findByTestId('ui-retry')).toBeInTheDocument();
  });
});
