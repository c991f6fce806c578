import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithShell } from '../../../app/test-utils';
import { makeBundle, panaloBundle } from '../../../app/test-fixtures';
import { passwordMemory } from '../../../lib/password-memory';
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
  vi.useRealTimers();
  passwordMemory.clear();
});

const emailOnly = makeBundle({
  info: { register: { ...panaloBundle.info.register, passwordResetByPhone: false } },
});

async function open(bundle = panaloBundle) {
  const r = renderWithShell(<PasswordRoutes />, { path: '/m/forget', bundle });
  await screen.findByTestId('forget-screen');
  return r;
}

describe('ForgetScreen (/m/forget): the recovery method', () => {
  it('AUTH-034 AUTH-035 AUTH-036 with reset by phone on: a phone/e-mail choice, phone first', async () => {
    const r = await open();
    const phone = screen.getByRole('button', { name: 'Mobile number' });
    const email = screen.getByRole('button', { name: 'E-mail' });
    expect(phone).toHaveAttribute('aria-pressed', 'true');
    expect(email).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByTestId('forget-phone-form')).toBeInTheDocument();
    await r.user.click(email);
    expect(screen.getByTestId('forget-email-form')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-pressed', 'true');
  });

  it('AUTH-035 AUTH-036 with reset by phone off: e-mail only and no choice', async () => {
    await open(emailOnly);
    expect(screen.queryByTestId('forget-switch')).toBeNull();
    expect(screen.getByTestId('forget-email-form')).toBeInTheDocument();
    expect(screen.queryByTestId('forget-phone-form')).toBeNull();
  });
});

describe('ForgetScreen: by e-mail', () => {
  it('AUTH-037 has username and e-mail fields', async () => {
    await open(emailOnly);
    expect(screen.getByLabelText('Account')).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail address')).toHaveAttribute('type', 'email');
  });

  it("VALID-021 VALID-022 VALID-024 sends nothing unless the username and 'email incorrect' checks pass", async () => {
    const api = stubApi({ 'POST /api/auth/forgot/email': {} });
    const r = await open(emailOnly);
    await r.user.type(screen.getByLabelText('Account'), '1bad');
    await r.user.type(screen.getByLabelText('E-mail address'), 'not-an-address');
    await r.user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(screen.getByText('email incorrect')).toBeInTheDocument();
    expect(screen.getByLabelText('Account')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Account')).toHaveFocus();
    expect(api.calls).toHaveLength(0);
  });

  it('VALID-023 API-025 AUTH-039 AUTH-040 trimmed, form-encoded; loading, success message, then back', async () => {
    const api = stubApi({ 'POST /api/auth/forgot/email': {} });
    const r = renderWithShell(<PasswordRoutes />, { path: '/m/forget', bundle: emailOnly });
    await screen.findByTestId('forget-screen');
    await r.user.type(screen.getByLabelText('Account'), '  juan123 ');
    await r.user.type(screen.getByLabelText('E-mail address'), ' juan@example.com ');
    await r.user.click(screen.getByRole('button', { name: 'Send reset link' }));
    await waitFor(() => expect(api.to('POST', '/api/auth/forgot/email')).toHaveLength(1));
    const call = api.to('POST', '/api/auth/forgot/email')[0]!;
    expect(call.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(call.body!))).toEqual({
      username: 'juan123',
      email: 'juan@example.com',
    });
    expect(toastShow).toHaveBeenNthCalledWith(1, 'please wait', TOAST_MS.untilDone, 'loading');
    await waitFor(() =>
      expect(toastShow).toHaveBeenNthCalledWith(
        2,
        'If the details match an account, a reset link is on its way to that e-mail.',
        TOAST_MS.success,
        'success',
      ),
    );
    expect(toastClear).toHaveBeenCalled();
    // No earlier page in this tab: "back" lands on the login screen.
    await screen.findByTestId('login-marker', {}, { timeout: 3000 });
  });

  it('a refusal hides the loading message and says why', async () => {
    stubApi({ 'POST /api/auth/forgot/email': new Refusal('rate_limited', 429) });
    const r = await open(emailOnly);
    await r.user.type(screen.getByLabelText('Account'), 'juan123');
    await r.user.type(screen.getByLabelText('E-mail address'), 'juan@example.com');
    await r.user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByTestId('forget-email-failure')).toHaveTextContent('Too many requests');
    expect(toastClear).toHaveBeenCalled();
    expect(r.location().pathname).toBe('/m/forget');
  });
});

describe('ForgetScreen: set password by SMS', () => {
  const SMS = 'POST /api/auth/sms-code';
  const SET = 'POST /api/auth/forgot/sms';

  async function typeValid(r: Awaited<ReturnType<typeof open>>) {
    await r.user.type(screen.getByLabelText('Mobile number'), '9171234567');
    await r.user.click(screen.getByRole('button', { name: 'Get code' }));
    await waitFor(() => expect(screen.getByLabelText('Verification code')).toBeEnabled());
    await r.user.type(screen.getByLabelText('Verification code'), '123456');
    await r.user.type(screen.getByLabelText('New password'), 'Fresh12345');
  }

  it('AUTH-038 has mobile number (with a dialling-code picker), code, new password and submit', async () => {
    await open();
    expect(screen.getByLabelText('Mobile number')).toHaveAttribute('maxlength', '20');
    const dial = screen.getByRole('combobox', { name: 'Country code' });
    expect([...(dial as HTMLSelectElement).options].map((o) => o.value)).toEqual(
      panaloBundle.info.register.countryDialingCodes,
    );
    expect(screen.getByLabelText('Verification code')).toBeInTheDocument();
    expect(screen.getByLabelText('New password')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeInTheDocument();
  });

  it('AUTH-048 the code field is disabled until a code was sent', async () => {
    stubApi({ [SMS]: { expiredMinutes: 5 } });
    const r = await open();
    expect(screen.getByLabelText('Verification code')).toBeDisabled();
    await r.user.type(screen.getByLabelText('Mobile number'), '9171234567');
    expect(screen.getByLabelText('Verification code')).toBeDisabled();
    await r.user.click(screen.getByRole('button', { name: 'Get code' }));
    await waitFor(() => expect(screen.getByLabelText('Verification code')).toBeEnabled());
  });

  it('VALID-027 VALID-028 submit is disabled until a field is touched and while any field fails', async () => {
    stubApi({ [SMS]: { expiredMinutes: 5 } });
    const r = await open();
    const submit = screen.getByRole('button', { name: 'Submit' });
    expect(submit).toBeDisabled();
    await r.user.type(screen.getByLabelText('Mobile number'), '9171234567');
    expect(submit).toBeDisabled();
    await typeValidRest(r);
    expect(submit).toBeEnabled();
    await r.user.clear(screen.getByLabelText('New password'));
    await r.user.type(screen.getByLabelText('New password'), 'weak');
    expect(submit).toBeDisabled();
  });

  async function typeValidRest(r: Awaited<ReturnType<typeof open>>) {
    await r.user.click(screen.getByRole('button', { name: 'Get code' }));
    await waitFor(() => expect(screen.getByLabelText('Verification code')).toBeEnabled());
    await r.user.type(screen.getByLabelText('Verification code'), '123456');
    await r.user.type(screen.getByLabelText('New password'), 'Fresh12345');
  }

  it('VALID-025 VALID-016 an invalid number names the minimum length and no code is requested', async () => {
    const api = stubApi({ [SMS]: { expiredMinutes: 5 } });
    const r = await open();
    await r.user.type(screen.getByLabelText('Mobile number'), '917');
    await r.user.click(screen.getByRole('button', { name: 'Get code' }));
    expect(screen.getByText('Please enter a mobile number of at least 7 digits')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('VALID-026 the code and the password follow the shared rules', async () => {
    stubApi({ [SMS]: { expiredMinutes: 5 } });
    const r = await open();
    await r.user.type(screen.getByLabelText('Mobile number'), '9171234567');
    await r.user.click(screen.getByRole('button', { name: 'Get code' }));
    await waitFor(() => expect(screen.getByLabelText('Verification code')).toBeEnabled());
    await r.user.type(screen.getByLabelText('Verification code'), '12a');
    expect(screen.getByText('Enter the numeric verification code (up to 10 digits)')).toBeInTheDocument();
    expect(screen.getByLabelText('Verification code')).toHaveAttribute('maxlength', '10');
  });

  it('API-021 API-022 ERR-011 ERR-012 AUTH-045 the code request names mobileNum; countdown of 5 x 60 s', async () => {
    const api = stubApi({ [SMS]: { expiredMinutes: 5 } });
    const r = await open();
    await r.user.selectOptions(screen.getByRole('combobox', { name: 'Country code' }), '+65');
    await r.user.type(screen.getByLabelText('Mobile number'), '91234567');
    await r.user.click(screen.getByRole('button', { name: 'Get code' }));
    await waitFor(() => expect(api.to('POST', '/api/auth/sms-code')).toHaveLength(1));
    expect(api.to('POST', '/api/auth/sms-code')[0]!.json()).toEqual({
      countryDialingCode: '+65',
      mobileNum: '91234567',
      module: 'VERIFICATION3',
      purpose: 'reset',
    });
    expect(toastShow).toHaveBeenCalledWith('sms sending...', TOAST_MS.untilDone, 'loading');
    await waitFor(() =>
      expect(toastShow).toHaveBeenCalledWith('sms sent', TOAST_MS.successPassword, 'success'),
    );
    const button = screen.getByTestId('forget-get-code');
    expect(button).toHaveTextContent('300 s');
    expect(button).toBeDisabled();
  });

  it('VALID-017 AUTH-047 no second code during the countdown; sendable again when it ends', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = stubApi({ [SMS]: { expiredMinutes: 1 } });
    const r = await open();
    await r.user.type(screen.getByLabelText('Mobile number'), '9171234567');
    await r.user.click(screen.getByRole('button', { name: 'Get code' }));
    await waitFor(() => expect(screen.getByTestId('forget-get-code')).toHaveTextContent('60 s'));
    await r.user.click(screen.getByTestId('forget-get-code'));
    expect(api.to('POST', '/api/auth/sms-code')).toHaveLength(1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(30_000);
    });
    expect(screen.getByTestId('forget-get-code')).toHaveTextContent('30 s');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(30_000);
    });
    expect(screen.getByTestId('forget-get-code')).toHaveTextContent('Get code');
    expect(screen.getByTestId('forget-get-code')).toBeEnabled();
  });

  it('ERR-004 a failed send only dismisses the loading message (and says why)', async () => {
    stubApi({ [SMS]: new Refusal('rate_limited', 429) });
    const r = await open();
    await r.user.type(screen.getByLabelText('Mobile number'), '9171234567');
    await r.user.click(screen.getByRole('button', { name: 'Get code' }));
    expect(await screen.findByTestId('forget-phone-failure')).toHaveTextContent('Too many requests');
    expect(toastClear).toHaveBeenCalled();
    expect(screen.getByLabelText('Verification code')).toBeDisabled();
    expect(screen.getByTestId('forget-get-code')).toHaveTextContent('Get code');
  });

  it('AUTH-041 a modify.new.old.same failure clears the password and keeps the code', async () => {
    stubApi({ [SMS]: { expiredMinutes: 5 }, [SET]: new Refusal('modify.new.old.same') });
    const r = await open();
    await typeValid(r);
    await r.user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByTestId('forget-phone-failure')).toHaveTextContent(
      'The new password and the old password cannot be the same',
    );
    expect(screen.getByLabelText('New password')).toHaveValue('');
    expect(screen.getByLabelText('Verification code')).toHaveValue('123456');
    expect(toastClear).toHaveBeenCalled();
  });

  it('AUTH-042 any other failure clears the code and keeps the password', async () => {
    stubApi({ [SMS]: { expiredMinutes: 5 }, [SET]: new Refusal('sms_code_wrong') });
    const r = await open();
    await typeValid(r);
    await r.user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByTestId('forget-phone-failure')).toHaveTextContent('Verification code error');
    expect(screen.getByLabelText('Verification code')).toHaveValue('');
    expect(screen.getByLabelText('New password')).toHaveValue('Fresh12345');
  });

  it('API-026 AUTH-043 success sets the password, then logs in with the mobile number and goes home', async () => {
    const api = stubApi({ [SMS]: { expiredMinutes: 5 }, [SET]: {} });
    sealedRequest.mockResolvedValue({
      token: 'new-session-token-0123456789',
      userName: 'juan123',
      customerType: 0,
      firstTimeLogin: false,
      merchantCode: 'panalo',
      expiresAt: '2026-06-08T08:00:00.000Z',
    });
    const r = await open();
    await typeValid(r);
    await r.user.click(screen.getByRole('button', { name: 'Submit' }));
    await screen.findByTestId('home-marker');
    expect(api.to('POST', '/api/auth/forgot/sms')[0]!.json()).toEqual({
      countryDialingCode: '+63',
      mobileNum: '9171234567',
      verificationCode: '123456',
      newPassword: 'Fresh12345',
    });
    expect(toastShow).toHaveBeenCalledWith('please wait', TOAST_MS.untilDone, 'loading');
    expect(toastShow).toHaveBeenCalledWith('Password set', TOAST_MS.successPassword, 'success');
    expect(sealedRequest).toHaveBeenCalledWith('POST', '/auth/login', {
      type: 'username',
      username: '9171234567',
      password: 'Fresh12345',
      countryDialingCode: '+63',
    });
    expect(session.get()).toEqual({
      token: 'new-session-token-0123456789',
      merchantCode: 'panalo',
      userName: 'juan123',
      type: 0,
      firstTimeLogin: false,
    });
    expect(passwordMemory.get('juan123')).toBe('Fresh12345');
    expect(r.location().pathname).toBe('/m/home');
  });

  it('when that login fails the user lands on the login screen', async () => {
    stubApi({ [SMS]: { expiredMinutes: 5 }, [SET]: {} });
    sealedRequest.mockRejectedValue(new Error('login failed'));
    const r = await open();
    await typeValid(r);
    await r.user.click(screen.getByRole('button', { name: 'Submit' }));
    await screen.findByTestId('login-marker');
    expect(session.get()).toBeNull();
  });
});
