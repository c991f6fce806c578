import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithShell } from '../../../app/test-utils';
import { memberSession, trialSession } from '../../../app/test-fixtures';
import { passwordMemory } from '../../../lib/password-memory';
import { remember } from '../../../lib/remember';
import { session } from '../../../lib/session';
import { TOAST_MS } from '../../../lib/toast';
import { PasswordRoutes, Refusal, stubApi } from '../test/password-fixtures';

const toastShow = vi.hoisted(() => vi.fn(async () => {}));
const toastClear = vi.hoisted(() => vi.fn(async () => {}));
vi.mock(import('../../../lib/toast'), async (orig) => ({
  ...(await orig()),
  toast: { show: toastShow, clear: toastClear },
}));
const sealedRequest = vi.hoisted(() => vi.fn());
vi.mock(import('../../../lib/sealed-request'), async (orig) => ({ ...(await orig()), sealedRequest }));

afterEach(() => {
  vi.clearAllMocks();
  vi.unstubAllGlobals();
  passwordMemory.clear();
});

const CHANGE = 'POST /api/auth/password';

async function open(opts: { path?: string; session?: typeof memberSession | null } = {}) {
  const r = renderWithShell(<PasswordRoutes />, {
    path: opts.path ?? '/m/changePsw',
    session: opts.session === undefined ? memberSession : opts.session,
  });
  const refused = opts.session === null || opts.session?.type === trialSession.type;
  if (!refused) await screen.findByTestId('change-password-screen');
  return r;
}

async function fill(
  r: Awaited<ReturnType<typeof open>>,
  v: { old?: string; next?: string; confirm?: string },
) {
  if (v.old !== undefined) await r.user.type(screen.getByLabelText('Old password'), v.old);
  if (v.next !== undefined) await r.user.type(screen.getByLabelText('New password'), v.next);
  if (v.confirm !== undefined) await r.user.type(screen.getByLabelText('Confirm new password'), v.confirm);
}

const confirm = (r: Awaited<ReturnType<typeof open>>) =>
  r.user.click(screen.getByRole('button', { name: 'Confirm' }));

describe('ChangePasswordScreen (/m/changePsw)', () => {
  it('AUTH-049 ERR-007 without a session it replaces itself with /m/home', async () => {
    const r = await open({ session: null });
    await screen.findByTestId('home-marker');
    expect(r.location().pathname).toBe('/m/home');
  });

  it('ROLE-011 a free-trial account is sent home with the free_reject toast', async () => {
    const r = await open({ session: trialSession });
    await screen.findByTestId('home-marker');
    expect(r.location().pathname).toBe('/m/home');
    expect(toastShow).toHaveBeenCalledWith(
      'Please login an actual account to use this function',
      TOAST_MS.info,
    );
  });

  it('AUTH-050 AUTH-052 shows the username read-only, new and confirm fields and a Confirm button', async () => {
    await open();
    const username = screen.getByLabelText('Account');
    expect(username).toHaveValue('juan123');
    expect(username).toHaveAttribute('readonly');
    expect(screen.getByLabelText('New password')).toHaveAttribute('type', 'password');
    expect(screen.getByLabelText('Confirm new password')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeEnabled();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Change password');
  });

  it('AUTH-051 the old-password field shows only when the old password is not held in memory', async () => {
    await open();
    expect(screen.getByLabelText('Old password')).toBeInTheDocument();
  });

  it('AUTH-051 with the password held in memory there is no old-password field', async () => {
    passwordMemory.set('juan123', 'OldPass123');
    await open();
    expect(screen.queryByLabelText('Old password')).toBeNull();
  });

  it('the first-password variant (?first=1) has its own title', async () => {
    await open({ path: '/m/changePsw?first=1' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Set your password');
    expect(
      screen.getByText('Choose a new password for your account before you continue.'),
    ).toBeInTheDocument();
  });

  it("AUTH-053 VALID-029 VALID-031 Confirm validates first: 'Enter password', focus, no call", async () => {
    const api = stubApi({ [CHANGE]: {} });
    const r = await open();
    await confirm(r);
    expect(screen.getByText('Enter the old password')).toBeInTheDocument();
    expect(screen.getByText('Enter the new password')).toBeInTheDocument();
    expect(screen.getByText('Enter password')).toBeInTheDocument();
    expect(screen.getByLabelText('Old password')).toHaveFocus();
    expect(screen.getByLabelText('Old password')).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls).toHaveLength(0);
    expect(toastShow).not.toHaveBeenCalled();
  });

  it("VALID-032 a confirmation that differs gives 'Confirmation password not matched'", async () => {
    const api = stubApi({ [CHANGE]: {} });
    const r = await open();
    await fill(r, { old: 'OldPass123', next: 'NewPass456', confirm: 'NewPass457' });
    await confirm(r);
    expect(screen.getByText('Confirmation password not matched')).toBeInTheDocument();
    expect(screen.getByLabelText('Confirm new password')).toHaveFocus();
    expect(api.calls).toHaveLength(0);
  });

  it("VALID-030 the new password follows the merchant's password rule", async () => {
    const api = stubApi({ [CHANGE]: {} });
    const r = await open();
    await fill(r, { old: 'OldPass123', next: 'short', confirm: 'short' });
    await confirm(r);
    const error = screen.getByLabelText('New password').getAttribute('aria-describedby');
    expect(document.getElementById(error!)).toHaveTextContent(
      r.i18n.t('valid.password', { defaultValue: r.i18n.t('password.valid.format') }),
    );
    expect(api.calls).toHaveLength(0);
  });

  it('AUTH-054 VALID-033 ERR-008 the same password again opens the dialog and nothing is called', async () => {
    const api = stubApi({ [CHANGE]: {} });
    const r = await open();
    await fill(r, { old: 'OldPass123', next: 'OldPass123', confirm: 'OldPass123' });
    await confirm(r);
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(
      within(dialog).getByText('The new password and the old password cannot be the same'),
    ).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
    expect(toastShow).not.toHaveBeenCalled();
    await r.user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Confirm' })).toHaveFocus();
  });

  it('AUTH-054 the same check uses the password held in memory when the field is hidden', async () => {
    const api = stubApi({ [CHANGE]: {} });
    passwordMemory.set('juan123', 'OldPass123');
    const r = await open();
    await fill(r, { next: 'OldPass123', confirm: 'OldPass123' });
    await confirm(r);
    expect(await screen.findByRole('alertdialog')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('AUTH-055 API-020 loading "please wait" for 10 s, then the call with the three fields', async () => {
    const api = stubApi({ [CHANGE]: {} });
    const r = await open();
    await fill(r, { old: 'OldPass123', next: 'NewPass456', confirm: 'NewPass456' });
    await confirm(r);
    await waitFor(() => expect(api.to('POST', '/api/auth/password')).toHaveLength(1));
    expect(toastShow).toHaveBeenNthCalledWith(1, 'please wait', 10_000, 'loading');
    const call = api.to('POST', '/api/auth/password')[0]!;
    expect(call.json()).toEqual({
      oldPassword: 'OldPass123',
      newPassword: 'NewPass456',
      confirmNewPassword: 'NewPass456',
    });
    expect(call.headers.authorization).toBe(`Bearer ${memberSession.token}`);
  });

  it('AUTH-056 AUTH-057 AUTH-058 AUTH-060 success: loading hidden, "Change saved" 1 s, password in memory, home after 1 s', async () => {
    stubApi({ [CHANGE]: {} });
    const r = await open();
    await fill(r, { old: 'OldPass123', next: 'NewPass456', confirm: 'NewPass456' });
    await confirm(r);
    await waitFor(() => expect(toastShow).toHaveBeenCalledWith('Change saved', 1000, 'success'));
    expect(toastClear).toHaveBeenCalled();
    expect(passwordMemory.get('juan123')).toBe('NewPass456');
    // AUTH-058: no copy of a password anywhere in storage.
    expect(JSON.stringify({ ...localStorage, ...sessionStorage })).not.toMatch(/OldPass123|NewPass456/);
    expect(r.location().pathname).toBe('/m/changePsw');
    await screen.findByTestId('home-marker', {}, { timeout: 2000 });
    expect(r.location().pathname).toBe('/m/home');
  });

  it('the first password change clears firstTimeLogin in the stored session', async () => {
    stubApi({ [CHANGE]: {} });
    const r = await open({
      path: '/m/changePsw?first=1',
      session: { ...memberSession, firstTimeLogin: true },
    });
    await fill(r, { old: 'OldPass123', next: 'NewPass456', confirm: 'NewPass456' });
    await confirm(r);
    await waitFor(() => expect(session.get()?.firstTimeLogin).toBe(false));
    expect(session.get()?.token).toBe(memberSession.token);
  });

  it('AUTH-059 a remembered login of this account gets a fresh device credential', async () => {
    const api = stubApi({ [CHANGE]: {}, 'DELETE /api/auth/session': {} });
    remember.set({
      type: 'username',
      username: 'juan123',
      deviceToken: 'old-device',
      countryDialingCode: '+63',
    });
    sealedRequest.mockResolvedValue({
      token: 'extra-session-token-0123456789',
      userName: 'juan123',
      customerType: 1,
      firstTimeLogin: false,
      merchantCode: 'panalo',
      expiresAt: '2026-06-08T08:00:00.000Z',
      deviceToken: 'new-device',
    });
    const r = await open();
    await fill(r, { old: 'OldPass123', next: 'NewPass456', confirm: 'NewPass456' });
    await confirm(r);
    await waitFor(() => expect(remember.get()?.deviceToken).toBe('new-device'));
    expect(sealedRequest).toHaveBeenCalledWith('POST', '/auth/login', {
      type: 'username',
      username: 'juan123',
      password: 'NewPass456',
      remember: true,
      countryDialingCode: '+63',
    });
    // The login's own session is given back at once; the member keeps the session they had.
    await waitFor(() => expect(api.to('DELETE', '/api/auth/session')).toHaveLength(1));
    expect(api.to('DELETE', '/api/auth/session')[0]!.headers.authorization).toBe(
      'Bearer extra-session-token-0123456789',
    );
    expect(session.get()?.token).toBe(memberSession.token);
  });

  it("AUTH-059 another account's remembered login is left alone", async () => {
    stubApi({ [CHANGE]: {} });
    remember.set({ type: 'username', username: 'maria456', deviceToken: 'her-device' });
    const r = await open();
    await fill(r, { old: 'OldPass123', next: 'NewPass456', confirm: 'NewPass456' });
    await confirm(r);
    await waitFor(() => expect(toastShow).toHaveBeenCalledWith('Change saved', 1000, 'success'));
    expect(sealedRequest).not.toHaveBeenCalled();
    expect(remember.get()?.deviceToken).toBe('her-device');
  });

  it('AUTH-061 failure: only the loading message is hidden; the reason shows, no navigation', async () => {
    stubApi({ [CHANGE]: new Refusal('old_password_wrong', 401) });
    const r = await open();
    await fill(r, { old: 'Wrong0000', next: 'NewPass456', confirm: 'NewPass456' });
    await confirm(r);
    expect(await screen.findByTestId('change-failure')).toHaveTextContent('The old password is incorrect');
    expect(toastClear).toHaveBeenCalledTimes(1);
    expect(toastShow).toHaveBeenCalledTimes(1);
    expect(passwordMemory.get('juan123')).toBeNull();
    expect(r.location().pathname).toBe('/m/changePsw');
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeEnabled();
  });

  it('AUTH-051 a held password the server refuses (changed in another tab) is dropped and the old-password field shown', async () => {
    passwordMemory.set('juan123', 'Stale1234');
    stubApi({ [CHANGE]: new Refusal('old_password_wrong', 401) });
    const r = await open();
    expect(screen.queryByLabelText('Old password')).toBeNull();
    await fill(r, { next: 'NewPass456', confirm: 'NewPass456' });
    await confirm(r);
    expect(await screen.findByTestId('change-failure')).toHaveTextContent('The old password is incorrect');
    expect(passwordMemory.get('juan123')).toBeNull();
    expect(screen.getByLabelText('Old password')).toBeInTheDocument();
  });

  it('the show/hide toggle reveals the typed password', async () => {
    const r = await open();
    const input = screen.getByLabelText('New password');
    const toggle = screen.getAllByRole('button', { name: 'Show password' })[1]!;
    await r.user.click(toggle);
    expect(input).toHaveAttribute('type', 'text');
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
  });
});
