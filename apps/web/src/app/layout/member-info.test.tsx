import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { renderWithShell } from '../test-utils';
import { memberSession } from '../test-fixtures';
import { TOAST_MS, toast } from '../../lib/toast';
import { memberInfo, stubApi } from '../../features/member/test/member-fixtures';
import { Header } from './header';

const ME = '/api/members/me';

type Assign = (url: string | URL) => void;
let assign: ReturnType<typeof vi.fn<Assign>>;
let show: ReturnType<typeof vi.fn<typeof toast.show>>;
beforeEach(() => {
  // The page reload of a logout; replaced so that the test page stays.
  assign = vi.fn<Assign>();
  vi.spyOn(window.location, 'assign').mockImplementation(assign);
  show = vi.fn<typeof toast.show>(async () => {});
  vi.spyOn(toast, 'show').mockImplementation(show);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('member info in the shell', () => {
  it('API-031 SHELL-018 fetched with GET when a session exists, cached under memberInfo, shown by the header', async () => {
    const { calls } = stubApi({ [ME]: { value: memberInfo({ nickname: 'Juanito' }) } });
    renderWithShell(<Header />, { session: memberSession });
    // Until the answer the header shows the session's user name…
    expect(screen.getByTestId('header-name')).toHaveTextContent('juan123');
    // …and then the nickname, without a navigation (reactive).
    await waitFor(() => expect(screen.getByTestId('header-name')).toHaveTextContent('Juanito'));
    const me = calls.filter((c) => c.url.pathname === ME);
    expect(me.map((c) => `${c.method} ${c.url.pathname}`)).toEqual([`GET ${ME}`]);
    expect(me[0]!.headers.get('authorization')).toBe(`Bearer ${memberSession.token}`);
    expect(JSON.parse(localStorage.getItem('memberInfo')!)).toMatchObject({
      account: 'juan123',
      nickname: 'Juanito',
    });
  });

  it('API-031 the cached copy shows at once and is refreshed in the background', async () => {
    stubApi({ [ME]: { value: memberInfo({ nickname: 'New name' }) } });
    renderWithShell(<Header />, {
      session: memberSession,
      storage: { memberInfo: JSON.stringify(memberInfo({ nickname: 'Cached name' })) },
    });
    expect(screen.getByTestId('header-name')).toHaveTextContent('Cached name');
    await waitFor(() => expect(screen.getByTestId('header-name')).toHaveTextContent('New name'));
  });

  it('a visitor’s member info is not fetched', async () => {
    const { calls } = stubApi({ [ME]: { value: memberInfo() } });
    renderWithShell(<Header />);
    await screen.findByTestId('header');
    expect(calls).toEqual([]);
  });

  it('refresh (the menu’s refresh balance) reloads the member info', async () => {
    let n = 0;
    const { calls } = stubApi({ [ME]: () => ({ value: memberInfo({ nickname: `Name ${++n}` }) }) });
    const r = renderWithShell(<Header />, { session: memberSession });
    await waitFor(() => expect(screen.getByTestId('header-name')).toHaveTextContent('Name 1'));
    await r.user.click(screen.getByRole('button', { name: 'Menu' }));
    await r.user.click(
      within(await screen.findByRole('dialog', { name: 'Menu' })).getByRole('button', {
        name: 'Refresh balance',
      }),
    );
    await waitFor(() => expect(screen.getByTestId('header-name')).toHaveTextContent('Name 2'));
    expect(calls.filter((c) => c.url.pathname === ME)).toHaveLength(2);
  });

  it('ERR-015 a 401 with a stored session: logged out here, told so for 2 s, then home', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'], shouldAdvanceTime: true });
    const { calls } = stubApi({ [ME]: { status: 401, code: 'not_logged_in' } });
    renderWithShell(<Header />, {
      session: memberSession,
      storage: { memberInfo: JSON.stringify(memberInfo()), autoLogin: '1' },
    });
    await waitFor(() => expect(localStorage.getItem('MC_SESSION_INFO')).toBeNull());
    expect(show).toHaveBeenCalledWith('The account has been logged out, please log in again', TOAST_MS.info);
    expect(localStorage.getItem('memberInfo')).toBeNull();
    expect(localStorage.getItem('autoLogin')).toBe('0');
    // The server already ended the session: no logout call.
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    // The header is a visitor's at once; the reload at home waits for the toast.
    expect(screen.getByRole('link', { name: 'Log in' })).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(TOAST_MS.info);
    });
    expect(assign).toHaveBeenCalledWith('/m/home');
  });

  it('a session ended by the member’s session limit (issue 22) says so when it logs out', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'], shouldAdvanceTime: true });
    stubApi({ [ME]: { status: 401, code: 'session_limit_ended' } });
    // (Another token than the test above: a token is expired once per page.)
    renderWithShell(<Header />, {
      session: { ...memberSession, token: 'test-token-limit-0123456789abcdef' },
      storage: { memberInfo: JSON.stringify(memberInfo()) },
    });
    await waitFor(() => expect(localStorage.getItem('MC_SESSION_INFO')).toBeNull());
    expect(show).toHaveBeenCalledWith(
      'Your session limit has ended your session. Log in again when you are ready.',
      TOAST_MS.info,
    );
  });

  it('another failure (network, 500) keeps the session and the cached copy', async () => {
    stubApi({ [ME]: { status: 500, code: 'unknown_error' } });
    renderWithShell(<Header />, {
      session: memberSession,
      storage: { memberInfo: JSON.stringify(memberInfo({ nickname: 'Cached' })) },
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(localStorage.getItem('MC_SESSION_INFO')).not.toBeNull();
    expect(screen.getByTestId('header-name')).toHaveTextContent('Cached');
  });
});

describe('logout wiring', () => {
  it('AUTH-062 AUTH-063 AUTH-064 AUTH-065 AUTH-067 AUTH-068 confirm, loading toast, DELETE /api/auth/session with the token, clear, reload home', async () => {
    const { calls } = stubApi({
      [ME]: { value: memberInfo() },
      'DELETE /api/auth/session': { value: {} },
    });
    const r = renderWithShell(<Header />, { session: memberSession, storage: { autoLogin: '1' } });
    await r.user.click(screen.getByRole('button', { name: 'Menu' }));
    await r.user.click(
      within(await screen.findByRole('dialog', { name: 'Menu' })).getByRole('button', { name: 'Sign out' }),
    );
    const dialog = await screen.findByRole('alertdialog', { name: 'Sign out?' });
    await r.user.click(within(dialog).getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/m/home'));
    expect(show).toHaveBeenCalledWith('Please wait…', TOAST_MS.untilDone, 'loading');
    const revoke = calls.find((c) => c.method === 'DELETE');
    expect(revoke?.url.pathname).toBe('/api/auth/session');
    expect(revoke?.headers.get('authorization')).toBe(`Bearer ${memberSession.token}`);
    expect(localStorage.getItem('MC_SESSION_INFO')).toBeNull();
    expect(localStorage.getItem('memberInfo')).toBeNull();
    expect(localStorage.getItem('autoLogin')).toBe('0');
  });

  it('a failed logout call still signs out on this device', async () => {
    stubApi({
      [ME]: { value: memberInfo() },
      'DELETE /api/auth/session': { status: 500, code: 'unknown_error' },
    });
    const r = renderWithShell(<Header />, { session: memberSession });
    await r.user.click(screen.getByRole('button', { name: 'Menu' }));
    await r.user.click(
      within(await screen.findByRole('dialog', { name: 'Menu' })).getByRole('button', { name: 'Sign out' }),
    );
    await r.user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/m/home'));
    expect(localStorage.getItem('MC_SESSION_INFO')).toBeNull();
  });
});
