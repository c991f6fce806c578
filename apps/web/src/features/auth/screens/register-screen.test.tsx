import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RegistrationRules } from '@panalo/contract/merchant';
import { makeBundle, panaloBundle } from '../../../app/test-fixtures';
import { ApiFailure, sessionValue, stubAuthApi } from '../test/auth-fixtures';
import { arrivedHome, renderAuth, spyToasts } from '../test/render';
import { passwordMemory } from '../../../lib/password-memory';

const INPUT = { selector: 'input' };

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const open = (opts: Omit<Parameters<typeof renderAuth>[0], 'path'> & { path?: string } = {}) => {
  const toasts = spyToasts();
  return { ...renderAuth({ path: '/m/register', ...opts }), toasts };
};
const input = (label: RegExp) => screen.getByLabelText(label, INPUT);
const rules = panaloBundle.info.register.rules;
const withRules = (patch: RegistrationRules, flags = {}) =>
  makeBundle({ info: { register: { ...panaloBundle.info.register, rules: { ...rules, ...patch } } }, flags });
const shownFields = () =>
  screen.getAllByTestId(/^field-/).map((el) => el.getAttribute('data-testid')!.slice('field-'.length));

type User = ReturnType<typeof open>['user'];
const fillUsernameForm = async (user: User) => {
  await user.type(input(/^Username/), 'juan123');
  await user.type(input(/^Password/), 'Secret123');
  await user.type(input(/^Confirm password/), 'Secret123');
  await user.type(input(/^Captcha/), '4821');
};

describe('RegisterScreen', () => {
  it('AUTH-001 AUTH-002 both methods on: username and mobile tabs', () => {
    stubAuthApi();
    open();
    const tabs = within(screen.getByRole('tablist', { name: 'Registration method' })).getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Username', 'Mobile number']);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
  });

  it('AUTH-002 one method only: no tabs', () => {
    stubAuthApi();
    open({ bundle: makeBundle({ flags: { MOBILENUMREG3: false } }) });
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(screen.getByTestId('register-form')).toHaveAttribute('data-mode', 'username');
  });

  it('AUTH-003 mobile is the default only when mobile is on and username off', () => {
    stubAuthApi();
    open({ bundle: makeBundle({ flags: { USERNAMEREG3: false, MOBILENUMREG3: true } }) });
    expect(screen.getByTestId('register-form')).toHaveAttribute('data-mode', 'mobile');
    expect(screen.queryByLabelText(/^Username/, INPUT)).toBeNull();
    expect(input(/^SMS code/)).toBeInTheDocument();
  });

  it('AUTH-004 the seeded panalo form by username, and by mobile', async () => {
    stubAuthApi();
    const { user } = open();
    expect(shownFields()).toEqual([
      'username',
      'mobileNum',
      'password',
      'confirmPassword',
      'email',
      'affiliateCode',
      'captcha',
    ]);
    await user.click(screen.getByRole('tab', { name: 'Mobile number' }));
    expect(shownFields()).toEqual([
      'mobileNum',
      'verificationCode',
      'password',
      'confirmPassword',
      'email',
      'affiliateCode',
      'captcha',
    ]);
  });

  it('AUTH-004 fields follow their rules: enabled ones appear, disabled ones do not', () => {
    stubAuthApi();
    const on = { enabled: true, required: false, message: 'valid.invalid' };
    open({
      bundle: withRules({
        nickname: on,
        payeeName: on,
        whatsapp: on,
        recommenderId: on,
        email: { ...rules.email!, enabled: false },
        affiliateCode: { ...rules.affiliateCode!, enabled: false },
      }),
    });
    const f = shownFields();
    expect(f).toEqual(expect.arrayContaining(['whatsapp', 'nickname', 'payeeName', 'recommenderId']));
    expect(f).not.toContain('email');
    expect(f).not.toContain('affiliateCode');
    expect(f).not.toContain('zalo');
  });

  it('AUTH-004 REGMOBVERF3 adds the SMS code to username registration; MOBILENUMPASSREG3 off drops mobile passwords', async () => {
    stubAuthApi();
    const { user, unmount } = open({ bundle: makeBundle({ flags: { REGMOBVERF3: true } }) });
    expect(shownFields()).toContain('verificationCode');
    unmount();
    open({ bundle: makeBundle({ flags: { MOBILENUMPASSREG3: false } }) });
    await user.click(screen.getByRole('tab', { name: 'Mobile number' }));
    expect(shownFields()).not.toContain('password');
    expect(shownFields()).not.toContain('confirmPassword');
  });

  it('VALID-004 required asterisks follow the rules', () => {
    stubAuthApi();
    open({ bundle: withRules({ email: { ...rules.email!, required: true } }) });
    expect(screen.getByTestId('required-username')).toBeInTheDocument();
    expect(screen.getByTestId('required-email')).toBeInTheDocument();
    expect(screen.queryByTestId('required-affiliateCode')).toBeNull();
    expect(input(/^Username/)).toHaveAttribute('aria-required', 'true');
    expect(input(/^Invitation code/)).not.toHaveAttribute('aria-required');
  });

  it('AUTH-005 the mobile number has a country dialling-code picker of the merchant codes; max 20', () => {
    stubAuthApi();
    open();
    const picker = screen.getByRole('combobox', { name: 'Country dialling code' });
    expect(within(picker).getAllByRole('option')).toHaveLength(6);
    expect(input(/^Mobile number/)).toHaveAttribute('maxlength', '20');
  });

  it('AUTH-006 ERR-011 ERR-012 API-022 get code: mobileNo for registration, sending then sent, countdown', async () => {
    const api = stubAuthApi();
    const { user, toasts } = open();
    await user.click(screen.getByRole('tab', { name: 'Mobile number' }));
    await user.type(input(/^Mobile number/), '9171234567');
    await user.click(screen.getByRole('button', { name: 'Get code' }));
    await waitFor(() => expect(screen.getByTestId('sms-send')).toHaveTextContent('Resend in 300 s'));
    expect(screen.getByTestId('sms-send')).toBeDisabled();
    expect(api.last('POST', '/api/auth/sms-code')!.body).toEqual({
      countryDialingCode: '+63',
      mobileNo: '9171234567',
      module: 'VERIFICATION3',
      purpose: 'register',
    });
    expect(toasts.show.mock.calls.map((c) => [c[0], c[1], c[2]])).toEqual([
      ['sms sending...', 9_999_000, 'loading'],
      ['sms sent', 1500, 'success'],
    ]);
  });

  it('ERR-004 a failed send dismisses the loading toast and the button is usable again', async () => {
    stubAuthApi({ 'POST /api/auth/sms-code': new ApiFailure('rate_limited', 429) });
    const { user, toasts } = open();
    await user.click(screen.getByRole('tab', { name: 'Mobile number' }));
    await user.type(input(/^Mobile number/), '9171234567');
    await user.click(screen.getByRole('button', { name: 'Get code' }));
    await waitFor(() => expect(toasts.clear).toHaveBeenCalled());
    expect(screen.getByRole('button', { name: 'Get code' })).toBeEnabled();
    expect(screen.getByRole('alert')).toHaveTextContent('Too many requests');
  });

  it('AUTH-007 the password has a show/hide toggle', async () => {
    stubAuthApi();
    const { user } = open();
    await user.click(screen.getByTestId('toggle-password'));
    expect(input(/^Password/)).toHaveAttribute('type', 'text');
  });

  it('AUTH-008 the captcha picture is fetched and a tap fetches a new one; luzon has none', async () => {
    const api = stubAuthApi();
    const { user, unmount } = open();
    expect(await screen.findByTestId('captcha-image')).toHaveAttribute(
      'src',
      expect.stringMatching(/^data:image\/png;base64,.*#1$/),
    );
    await user.click(screen.getByRole('button', { name: 'Captcha picture, tap for a new one' }));
    await waitFor(() => expect(screen.getByTestId('captcha-image').getAttribute('src')).toMatch(/#2$/));
    expect(api.of('GET', '/api/auth/captcha')).toHaveLength(2);
    unmount();
    open({
      bundle: makeBundle({ info: { register: { ...panaloBundle.info.register, captchaEnabled: false } } }),
    });
    expect(screen.queryByLabelText(/^Captcha/, INPUT)).toBeNull();
  });

  it('AUTH-009 AUTH-010 the agree switch starts on; off disables submit', async () => {
    stubAuthApi();
    const { user } = open();
    const agree = screen.getByRole('switch');
    expect(agree).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByTestId('register-submit')).toBeEnabled();
    await user.click(agree);
    expect(agree).toHaveAttribute('aria-checked', 'false');
    expect(screen.getByTestId('register-submit')).toBeDisabled();
  });

  it('VALID-041 the agreement line shows the age notice', () => {
    stubAuthApi();
    open();
    expect(screen.getByText(/at least 18 years old/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'user agreement' })).toHaveAttribute('href', '/m/useragreement');
  });

  it('AUTH-011 social buttons only with the provider configured and its flag on', () => {
    stubAuthApi();
    const { unmount } = open();
    expect(screen.queryByTestId('social-buttons')).toBeNull();
    unmount();
    open({
      bundle: makeBundle({
        flags: { GOOGLELOGIN3: true },
        site: { socialLogin: { facebook: true, google: true } },
      }),
    });
    expect(screen.getByTestId('social-google')).toHaveAttribute('href', '/api/auth/oauth/google/start');
    expect(screen.queryByTestId('social-facebook')).toBeNull();
  });

  it('AUTH-012 "already have an account" goes to /m/login', async () => {
    stubAuthApi();
    const view = open();
    const { user } = view;
    await user.click(screen.getByRole('link', { name: /Already have an account/ }));
    expect(view.location().pathname).toBe('/m/login');
  });

  it('SHELL-030 /register.html shows the register screen too', () => {
    stubAuthApi();
    open({ path: '/register.html' });
    expect(screen.getByTestId('register-screen')).toBeInTheDocument();
  });
});

describe('RegisterScreen invitation code', () => {
  it('AUTH-013 API-035 a valid link code is checked on load and hides the field; it is sent with the domain', async () => {
    const api = stubAuthApi();
    const { user } = open({ path: '/m/register?code=GOOD1234&domain=agent.example' });
    await waitFor(() => expect(api.of('GET', '/api/auth/affiliate-check')).toHaveLength(1));
    expect(api.last('GET', '/api/auth/affiliate-check')!.query).toEqual({
      code: 'GOOD1234',
      domain: 'agent.example',
    });
    expect(screen.queryByLabelText(/^Invitation code/, INPUT)).toBeNull();
    await fillUsernameForm(user);
    await user.click(screen.getByTestId('register-submit'));
    await arrivedHome();
    expect(api.last('PUT', '/api/auth/register')!.body).toMatchObject({
      affiliateCode: 'GOOD1234',
      domain: 'agent.example',
    });
  });

  it('AUTH-013 ?affiliateCode= works as well', async () => {
    const api = stubAuthApi();
    open({ path: '/m/register?affiliateCode=GOOD1234' });
    await waitFor(() => expect(api.last('GET', '/api/auth/affiliate-check')?.query.code).toBe('GOOD1234'));
  });

  it('AUTH-014 an invalid link code leaves the field shown when enabled', async () => {
    stubAuthApi();
    open({ path: '/m/register?code=BAD00000' });
    expect(await screen.findByLabelText(/^Invitation code/, INPUT)).toBeInTheDocument();
  });

  it('VALID-019 ERR-001 a typed code is checked before submit: failure toasts "invitation code error" and focuses it', async () => {
    const api = stubAuthApi();
    const { user, toasts } = open();
    await fillUsernameForm(user);
    await user.type(input(/^Invitation code/), 'NOPE1234');
    await user.click(screen.getByTestId('register-submit'));
    await waitFor(() => expect(input(/^Invitation code/)).toHaveFocus());
    expect(api.last('GET', '/api/auth/affiliate-check')!.query).toEqual({ code: 'NOPE1234' });
    expect(toasts.show).toHaveBeenCalledWith('invitation code error', 1500, 'fail');
    expect(screen.getByTestId('error-affiliateCode')).toHaveTextContent('invitation code error');
    expect(api.of('PUT', '/api/auth/register')).toHaveLength(0);
  });
});

describe('RegisterScreen submit', () => {
  it('VALID-018 a failed check focuses the first invalid field and sends nothing', async () => {
    const api = stubAuthApi();
    const { user } = open();
    await user.type(input(/^Username/), 'juan123');
    await user.type(input(/^Password/), 'Secret123');
    await user.type(input(/^Confirm password/), 'Secret124');
    await user.click(screen.getByTestId('register-submit'));
    expect(input(/^Confirm password/)).toHaveFocus();
    expect(screen.getByTestId('error-confirmPassword')).toHaveTextContent(
      'Confirmation password not matched',
    );
    expect(screen.getByTestId('error-captcha')).toHaveTextContent('Enter a captcha');
    expect(api.of('PUT', '/api/auth/register')).toHaveLength(0);
  });

  it('VALID-006 an empty confirmation says "Enter password"', async () => {
    stubAuthApi();
    const { user } = open();
    await user.type(input(/^Password/), 'Secret123');
    await user.click(screen.getByTestId('register-submit'));
    expect(screen.getByTestId('error-confirmPassword')).toHaveTextContent('Enter password');
    expect(input(/^Username/)).toHaveFocus();
  });

  it('API-006..013 ERR-013 AUTH-031 sends the exact payload sealed with PUT, keeps the session, toasts and goes home', async () => {
    const api = stubAuthApi({
      'PUT /api/auth/register': sessionValue({ userName: 'juan123', customerType: 0, firstTimeLogin: false }),
    });
    const view = open();
    const { user, toasts } = view;
    await fillUsernameForm(user);
    await user.type(input(/^Mobile number/), '9171234567');
    await user.click(screen.getByTestId('register-submit'));
    await arrivedHome();
    const call = api.last('PUT', '/api/auth/register')!;
    expect(call.sealed).toBe(true);
    expect(call.headers.encryption).toBe('RSA-OAEP-256+A256GCM');
    expect(call.headers.device).toBe(localStorage.getItem('deviceId'));
    expect(call.body).toEqual({
      registerMethod: 'H5',
      registerUrl: window.location.host,
      type: 0,
      mode: 'username',
      username: 'juan123',
      mobileNum: '9171234567',
      countryDialingCode: '+63',
      password: 'Secret123',
      confirmPassword: 'Secret123',
      captcha: '4821',
      ts: expect.any(Number),
      nonce: expect.any(String),
    });
    expect(JSON.parse(localStorage.getItem('MC_SESSION_INFO')!)).toEqual({
      token: 'tok-0123456789abcdef0123456789abcdef',
      merchantCode: 'panalo',
      userName: 'juan123',
      type: 0,
      firstTimeLogin: false,
    });
    expect(toasts.show).toHaveBeenCalledWith('registered successfully', 1500, 'success');
    expect(view.location().pathname).toBe('/m/home');
    // Spec §2: change password will not ask again for the password just typed (held in memory only).
    expect(passwordMemory.get('juan123')).toBe('Secret123');
  });

  it('API-009 a web-clip start registers as WEBCLIP', async () => {
    const api = stubAuthApi();
    const { user } = open({ storage: { WEBCLIP: '1' } });
    await fillUsernameForm(user);
    await user.click(screen.getByTestId('register-submit'));
    await arrivedHome();
    expect(api.last('PUT', '/api/auth/register')!.body).toMatchObject({ registerMethod: 'WEBCLIP' });
  });

  it('mobile registration sends the number, its code and the dialling code', async () => {
    const api = stubAuthApi();
    const { user } = open();
    await user.click(screen.getByRole('tab', { name: 'Mobile number' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Country dialling code' }), '+65');
    await user.type(input(/^Mobile number/), '91234567');
    await user.type(input(/^SMS code/), '123456');
    await user.type(input(/^Password/), 'Secret123');
    await user.type(input(/^Confirm password/), 'Secret123');
    await user.type(input(/^Captcha/), '4821');
    await user.click(screen.getByTestId('register-submit'));
    await arrivedHome();
    expect(api.last('PUT', '/api/auth/register')!.body).toMatchObject({
      mode: 'mobile',
      countryDialingCode: '+65',
      mobileNum: '91234567',
      verificationCode: '123456',
    });
    expect(api.last('PUT', '/api/auth/register')!.body).not.toHaveProperty('username');
  });

  it('ERR-017 "Sorry, the username already exists" is shown at the username, which takes focus; a new captcha', async () => {
    const api = stubAuthApi({ 'PUT /api/auth/register': new ApiFailure('username_taken', 409) });
    const { user } = open();
    await fillUsernameForm(user);
    await user.click(screen.getByTestId('register-submit'));
    await waitFor(() => expect(input(/^Username/)).toHaveFocus());
    expect(screen.getByTestId('error-username')).toHaveTextContent('Sorry, the username already exists');
    expect(screen.getByRole('alert')).toHaveTextContent('Sorry, the username already exists');
    await waitFor(() => expect(api.of('GET', '/api/auth/captcha')).toHaveLength(2));
    expect(input(/^Captcha/)).toHaveValue('');
    expect(localStorage.getItem('MC_SESSION_INFO')).toBeNull();
  });

  it('an unknown refusal code shows "Unknown error", never the raw key', async () => {
    stubAuthApi({ 'PUT /api/auth/register': new ApiFailure('something_new', 400) });
    const { user } = open();
    await fillUsernameForm(user);
    await user.click(screen.getByTestId('register-submit'));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Unknown error'));
  });
});
