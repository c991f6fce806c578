import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { MailDetail, MailItem, MailList } from '@panalo/contract/mail';
import { renderWithShell } from '../../../app/test-utils';
import { memberSession } from '../../../app/test-fixtures';
import { unreadKeys } from '../../../app/layout/use-unread-count';
import { stubApi } from '../../member/test/member-fixtures';
import { MailScreen } from './mail-screen';

afterEach(() => vi.unstubAllGlobals());

const operatorMail: MailItem = {
  id: '9',
  kind: 'operator',
  title: 'Weekend bonus',
  template: null,
  params: {},
  read: false,
  createdAt: '2026-11-20T02:00:00.000Z',
};
const systemMail: MailItem = {
  id: '8',
  kind: 'system',
  title: null,
  template: 'withdrawal_rejected',
  params: { amount: '500.00', reason: 'Name does not match' },
  read: false,
  createdAt: '2026-11-19T02:00:00.000Z',
};
const oldMail: MailItem = {
  ...operatorMail,
  id: '3',
  title: 'Welcome',
  read: true,
  createdAt: '2026-11-01T02:00:00.000Z',
};

/** A mailbox the stub server keeps: opening reads, delete removes, read-all reads all. */
function mailbox(initial: MailItem[]) {
  let box = initial.map((m) => ({ ...m }));
  const unread = () => box.filter((m) => !m.read).length;
  const page = (): MailList => ({
    list: [...box].sort((a, b) => Number(a.read) - Number(b.read)),
    pageNum: 1,
    totalPages: 1,
    total: box.length,
    unread: unread(),
  });
  const routes = {
    '/api/mail': () => ({ value: page() }),
    'POST /api/mail/read-all': () => {
      box = box.map((m) => ({ ...m, read: true }));
      return { value: { unread: 0 } };
    },
    '/api/members/unread-count': () => ({ value: unread() }),
  } as Record<string, () => { value: unknown } | { status: number; code: string }>;
  for (const m of initial) {
    routes[`/api/mail/${m.id}`] = () => {
      const found = box.find((x) => x.id === m.id);
      if (!found) return { status: 404, code: 'mail_unknown' };
      found.read = true;
      const detail: MailDetail = {
        ...found,
        body: found.kind === 'operator' ? '<p>Deposit <b>today</b></p>' : null,
        unread: unread(),
      };
      return { value: detail };
    };
    routes[`DELETE /api/mail/${m.id}`] = () => {
      box = box.filter((x) => x.id !== m.id);
      return { value: { unread: unread() } };
    };
  }
  return routes;
}

const items = async () => within(await screen.findByTestId('mail-list')).getAllByTestId('mail-item');

describe('the mail centre (/m/webEmail)', () => {
  it('CONTENT-001 lists my mail unread first; opening one shows its sanitised body, marks it read and sets the unread count', async () => {
    const { calls } = stubApi(mailbox([operatorMail, systemMail, oldMail]));
    const r = renderWithShell(<MailScreen />, { session: memberSession, path: '/m/webEmail' });
    const rows = await items();
    expect(rows.map((i) => within(i).getByRole('button').textContent)).toEqual([
      expect.stringContaining('Weekend bonus'),
      expect.stringContaining('Withdrawal rejected'),
      expect.stringContaining('Welcome'),
    ]);
    expect(rows.map((i) => i.getAttribute('data-read'))).toEqual(['false', 'false', 'true']);
    expect(screen.getByTestId('mail-unread-count')).toHaveTextContent('2 unread');
    const toggle = within(rows[0]!).getByRole('button');
    await r.user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const content = await within(rows[0]!).findByTestId('mail-content');
    await waitFor(() => expect(content).toHaveTextContent('Deposit today')); // sanitised in the browser too
    expect(content.querySelector('b')).toHaveTextContent('today');
    expect(calls.some((c) => c.url.pathname === '/api/mail/9')).toBe(true);
    // The header's, the member centre's and the agent grid's count are this one query's.
    await waitFor(() => expect(r.queryClient.getQueryData(unreadKeys.count(memberSession.token))).toBe(1));
    await waitFor(() => expect(screen.getByTestId('mail-unread-count')).toHaveTextContent('1 unread'));
    // The mail just read stays where it is while the member reads it (no jump below the unread ones).
    const after = await items();
    expect(after[0]).toHaveTextContent('Weekend bonus');
    expect(after.map((i) => i.getAttribute('data-read'))).toEqual(['true', 'false', 'true']);
  });

  it('a system mail is written from its template in my language, with the amount and the reason', async () => {
    stubApi(mailbox([systemMail]));
    const r = renderWithShell(<MailScreen />, { session: memberSession, language: 'TY' });
    const [row] = await items();
    expect(row).toHaveTextContent('Tinanggihan ang withdrawal');
    await r.user.click(within(row!).getByRole('button'));
    expect(await within(row!).findByTestId('mail-content')).toHaveTextContent(
      'Tinanggihan ang withdrawal mong 500.00: Name does not match. Nasa wallet mo na ulit ang halaga.',
    );
  });

  it('deletes a mail and marks all read; the button is off with nothing unread', async () => {
    const { calls } = stubApi(mailbox([operatorMail, systemMail, oldMail]));
    const r = renderWithShell(<MailScreen />, { session: memberSession });
    const rows = await items();
    await r.user.click(within(rows[2]!).getByRole('button'));
    await r.user.click(await within(rows[2]!).findByTestId('mail-delete'));
    await waitFor(async () => expect(await items()).toHaveLength(2));
    expect(calls.some((c) => c.method === 'DELETE' && c.url.pathname === '/api/mail/3')).toBe(true);
    const all = screen.getByTestId('mail-read-all');
    expect(all).toBeEnabled();
    await r.user.click(all);
    await waitFor(() => expect(screen.getByTestId('mail-unread-count')).toHaveTextContent('0 unread'));
    expect(screen.getByTestId('mail-read-all')).toBeDisabled();
    expect((await items()).every((i) => i.getAttribute('data-read') === 'true')).toBe(true);
  });

  it('says when the mailbox is empty, and offers a retry when it cannot load', async () => {
    stubApi({ '/api/mail': { value: { list: [], pageNum: 1, totalPages: 0, total: 0, unread: 0 } } });
    renderWithShell(<MailScreen />, { session: memberSession });
    expect(await screen.findByTestId('ui-empty')).toHaveTextContent('No mail yet.');
    vi.unstubAllGlobals();
    stubApi({ '/api/mail': { status: 503, code: 'maintenance' } });
    renderWithShell(<MailScreen />, { session: { ...memberSession, token: 'other-token-000000000000' } });
    expect(await screen.findByTestId('ui-retry')).toBeInTheDocument();
  });
});
