import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { renderWithShell } from '../../../app/test-utils';
import { memberSession, trialSession } from '../../../app/test-fixtures';
import { stubApi } from '../test/member-fixtures';
import { MessageIndicator, unreadBadge } from './message-indicator';

const UNREAD = '/api/members/unread-count';

afterEach(() => vi.restoreAllMocks());

describe('message indicator', () => {
  it('MINE-033 MINE-037 the unread badge shows the plain count when it is above 0', async () => {
    stubApi({ [UNREAD]: { value: 5 } });
    renderWithShell(<MessageIndicator />, { session: memberSession });
    expect(await screen.findByTestId('message-indicator-badge')).toHaveTextContent('5');
    expect(screen.getByRole('button', { name: 'Messages, 5 unread' })).toBeInTheDocument();
  });

  it('MINE-033 no badge at 0', async () => {
    const { calls } = stubApi({ [UNREAD]: { value: 0 } });
    renderWithShell(<MessageIndicator />, { session: memberSession });
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.queryByTestId('message-indicator-badge')).toBeNull();
    expect(screen.getByRole('button', { name: 'Messages' })).toBeInTheDocument();
  });

  it('MINE-036 the count is fetched on load with a session (bearer token), never without', async () => {
    const member = stubApi({ [UNREAD]: { value: 2 } });
    const first = renderWithShell(<MessageIndicator />, { session: memberSession });
    await waitFor(() => expect(member.calls).toHaveLength(1));
    expect(member.calls[0]!.headers.get('authorization')).toBe(`Bearer ${memberSession.token}`);
    first.unmount();
    localStorage.clear();

    const visitor = stubApi({ [UNREAD]: { value: 2 } });
    renderWithShell(<MessageIndicator />);
    await screen.findByTestId('message-indicator');
    expect(visitor.calls).toEqual([]);
  });

  it('a free-trial account is not asked (it has no mailbox; the server answers free_reject)', async () => {
    const { calls } = stubApi({ [UNREAD]: { status: 403, code: 'free_reject' } });
    renderWithShell(<MessageIndicator />, { session: trialSession });
    await screen.findByTestId('message-indicator');
    expect(calls).toEqual([]);
  });

  it('MINE-034 tapping it with a session opens /m/webEmail', async () => {
    stubApi({ [UNREAD]: { value: 1 } });
    const r = renderWithShell(<MessageIndicator />, { session: memberSession });
    await r.user.click(screen.getByTestId('message-indicator'));
    expect(r.location().pathname).toBe('/m/webEmail');
  });

  it('MINE-035 tapping it without a session opens the login screen', async () => {
    stubApi({});
    const r = renderWithShell(<MessageIndicator />);
    await r.user.click(screen.getByTestId('message-indicator'));
    expect(r.location().pathname).toBe('/m/login');
  });

  it('a large count is capped so that it fits', () => {
    expect(unreadBadge(7)).toBe('7');
    expect(unreadBadge(99)).toBe('99');
    expect(unreadBadge(100)).toBe('99+');
  });
});
