import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithShell } from '../../../app/test-utils';
import { PasswordRoutes, Refusal, stubApi } from '../test/password-fixtures';

const toastShow = vi.hoisted(() => vi.fn(async () => {}));
const toastClear = vi.hoisted(() => vi.fn(async () => {}));
vi.mock(import('../../../lib/toast'), async (orig) => ({
  ...(await orig()),
  toast: { show: toastShow, clear: toastClear },
}));

afterEach(() => {
  vi.clearAllMocks();
  vi.unstubAllGlobals();
});

const TOKEN = 'tok_0123456789abcdefghijklmnopqrstuvwxyzABCDE';
const RESET = 'POST /api/auth/forgot/reset';

async function open(path = `/m/resetPassword?token=${TOKEN}`) {
  const r = renderWithShell(<PasswordRoutes />, { path });
  await screen.findByTestId('reset-password-screen');
  return r;
}

async function submit(r: Awaited<ReturnType<typeof open>>, next: string, confirm = next) {
  await r.user.type(screen.getByLabelText('New password'), next);
  await r.user.type(screen.getByLabelText('Confirm new password'), confirm);
  await r.user.click(screen.getByRole('button', { name: 'Save password' }));
}

describe('ResetPasswordScreen (/m/resetPassword?token=…)', () => {
  it('sets the new password with the link token, then offers the login', async () => {
    const api = stubApi({ [RESET]: {} });
    const r = await open();
    await submit(r, 'Fresh12345');
    expect(await screen.findByTestId('reset-done')).toHaveTextContent('Your password has been changed.');
    expect(api.to('POST', '/api/auth/forgot/reset')[0]!.json()).toEqual({
      token: TOKEN,
      newPassword: 'Fresh12345',
    });
    expect(toastShow).toHaveBeenCalledWith('please wait', expect.any(Number), 'loading');
    expect(toastClear).toHaveBeenCalled();
    await r.user.click(screen.getByRole('link', { name: 'Go to login' }));
    expect(r.location().pathname).toBe('/m/login');
  });

  it('checks the password rule and the confirmation before calling', async () => {
    const api = stubApi({ [RESET]: {} });
    const r = await open();
    await submit(r, 'Fresh12345', 'Fresh1234');
    expect(screen.getByText('Confirmation password not matched')).toBeInTheDocument();
    await r.user.clear(screen.getByLabelText('Confirm new password'));
    await r.user.click(screen.getByRole('button', { name: 'Save password' }));
    expect(screen.getByText('Enter password')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('a used or expired link says so and offers a new one', async () => {
    stubApi({ [RESET]: new Refusal('reset_link_invalid') });
    const r = await open();
    await submit(r, 'Fresh12345');
    expect(await screen.findByTestId('reset-invalid')).toHaveTextContent('This reset link is invalid');
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/m/forget');
  });

  it('without a token there is no form', async () => {
    const api = stubApi({});
    await open('/m/resetPassword');
    expect(screen.getByTestId('reset-invalid')).toBeInTheDocument();
    expect(screen.queryByTestId('reset-form')).toBeNull();
    expect(api.calls).toHaveLength(0);
  });

  it('another refusal keeps the form and says why', async () => {
    stubApi({ [RESET]: new Refusal('password_format') });
    const r = await open();
    await submit(r, 'Fresh12345');
    expect(await screen.findByTestId('reset-failure')).toHaveTextContent('Wrong password format');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save password' })).toBeEnabled());
  });
});
