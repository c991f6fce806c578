import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithShell } from '../../../app/test-utils';
import { memberSession } from '../../../app/test-fixtures';
import { TOAST_MS } from '../../../lib/toast';
import { PasswordRoutes, stubApi } from '../test/password-fixtures';

const toastShow = vi.hoisted(() => vi.fn(async () => {}));
vi.mock(import('../../../lib/toast'), async (orig) => ({
  ...(await orig()),
  toast: { show: toastShow, clear: vi.fn(async () => {}) },
}));
const logoutLocally = vi.hoisted(() =>
  vi.fn(async (o: { revoke?: (token: string) => Promise<void> } = {}) => {
    await o.revoke?.('test-token-0123456789abcdef');
  }),
);
vi.mock(import('../../../lib/logout'), async (orig) => ({ ...(await orig()), logoutLocally }));

afterEach(() => {
  vi.clearAllMocks();
  vi.unstubAllGlobals();
});

async function open(session: typeof memberSession | null = memberSession) {
  const r = renderWithShell(<PasswordRoutes />, { path: '/m/set', session });
  if (session) await screen.findByTestId('settings-screen');
  return r;
}

describe('SettingsScreen (/m/set)', () => {
  it('MINE-003 ERR-007 without a session it replaces itself with /m/home', async () => {
    const r = await open(null);
    await screen.findByTestId('home-marker');
    expect(r.location().pathname).toBe('/m/home');
  });

  it("MINE-001 lists 'change password', which opens /m/changePsw", async () => {
    const r = await open();
    await r.user.click(screen.getByRole('link', { name: 'Change password' }));
    await screen.findByTestId('change-password-screen');
    expect(r.location().pathname).toBe('/m/changePsw');
  });

  it('MINE-002 AUTH-062 sign-out asks first; cancel keeps the user signed in', async () => {
    const r = await open();
    await r.user.click(screen.getByRole('button', { name: 'Sign out' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Sign out?' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await r.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(logoutLocally).not.toHaveBeenCalled();
  });

  it('MINE-002 AUTH-063 AUTH-064 ERR-010 on OK: loading 10 s, the DELETE logout call, then local sign-out', async () => {
    const api = stubApi({ 'DELETE /api/auth/session': {} });
    const r = await open();
    await r.user.click(screen.getByRole('button', { name: 'Sign out' }));
    await r.user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(logoutLocally).toHaveBeenCalledTimes(1));
    expect(toastShow).toHaveBeenCalledWith('please wait', TOAST_MS.logoutLoading, 'loading');
    await waitFor(() => expect(api.to('DELETE', '/api/auth/session')).toHaveLength(1));
    expect(api.to('DELETE', '/api/auth/session')[0]!.headers.authorization).toBe(
      'Bearer test-token-0123456789abcdef',
    );
  });
});
