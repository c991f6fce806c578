import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeBundle } from '../../../app/test-fixtures';
import { ApiFailure, CAPTCHA_PNG, sessionValue, stubAuthApi } from '../test/auth-fixtures';
import { arrivedHome, renderAuth, spyToasts } from '../test/render';
import { passwordMemory } from '../../../lib/password-memory';

const INPUT = { selector: 'input' };

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const login = (opts: Parameters<typeof renderAuth>[0] | undefined = undefined) => {
  spyToasts();
  return renderAuth({ path: '/m/login', ...opts });
};

describe('LoginScreen', () => {
  it('AUTH-016 AUTH-018 the username tab has a username and a password with a show/hide toggle', async () => {
    stubAuthApi();
    const { user } = login();
    expect(screen.getByRole('tab', { name: 'Username' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText(/^Username/, INPUT)).toBeInTheDocument();
    const password = screen.getByLabelText(/^Password/, INPUT);
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('a failed social login coming back with ?oauth_error shows its text; a malformed value shows nothing', () => {
    stubAuthApi();
    const { unmount } = login({ path: '/m/login?oauth_error=oauth_denied' });
    expect(screen.getByRole('alert')).toHaveTextContent('The sign-in was cancelled');
    unmount();
    login({ path: '/m/login?oauth_error=<script>' });
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
  });

  it('AUTH-017 the mobile + SMS tab exists only with MOBILEVERCODELOGIN3', () => {
    stubAuthApi();
    const { unmount } = login();
    expect(screen.getByRole('tab', { name: 'Mobile and SMS code' })).toBeInTheDocument();
    unmount();
    login({ path: '/m/login', bundle: makeBundle({ flags: { MOBILEVERCODELOGIN3: false } }) });
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(screen.getByLabelText(/^Username/, INPUT)).toBeInTheDocument();
  });

  it('AUTH-019 API-021 API-022 the mobile tab: dialling code picker, messageCode, get-code sends mobileNum for login', async () => {
    const api = stubAuthApi();
    const { user } = login();
    await user.click(screen.getByRole('tab', { name: 'Mobile and SMS code' }));
    const picker = screen.getByRole('combobox', { name: 'Country dialling code' });
    expect(
      within(picker)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['+63', '+65', '+60', '+66', '+84', '+62']);
    expect(screen.getByLabelText(/^SMS code/, INPUT)).toHaveAttribute('maxlength', '10');
    await user.selectOptions(picker, '+65');
    await user.type(screen.getByLabelText(/^Mobile number/, INPUT), '91234567');
    await user.click(screen.getByTestId('sms-send'));
    await waitFor(() => expect(screen.getByTestId('sms-send')).toHaveTextContent('Resend in 300 s'));
    expect(api.last('POST', '/api/auth/sms-code')!.body).toEqual({
      countryDialingCode: '+65',
      mobileNum: '91234567',
      module: 'VERIFICATION3',
      purpose: 'login',
    });
  });

  it('VALID-016 the code is not requested for an invalid number: its error shows and it takes focus', async () => {
    const api = stubAuthApi();
    const { user } = login();
    await user.click(screen.getByRole('tab', { name: 'Mobile and SMS code' }));
    await user.type(screen.getByLabelText(/^Mobile number/, INPUT), '12');
    await user.click(screen.getByTestId('sms-send'));
    expect(screen.getByTestId('error-mobileNum')).toHaveTextContent('Please enter a valid mobile number');
    expect(screen.getByLabelText(/^Mobile number/, INPUT)).toHaveFocus();
    expect(api.of('POST', '/api/auth/sms-code')).toHaveLength(0);
  });

  it('SMS login sends type sms with the dialling code, mobileNum and messageCode', async () => {
    const api = stubAuthApi();
    const { user } = login();
    await user.click(screen.getByRole('tab', { name: 'Mobile and SMS code' }));
    await user.type(screen.getByLabelText(/^Mobile number/, INPUT), '9171234567');
    await user.type(screen.getByLabelText(/^SMS code/, INPUT), '123456');
    await user.click(screen.getByTestId('login-submit'));
    await arrivedHome();
    expect(api.last('POST', '/api/auth/login')!.body).toMatchObject({
      type: 'sms',
      countryDialingCode: '+63',
      mobileNum: '9171234567',
      messageCode: '123456',
    });
  });

  it('AUTH-020 AUTH-023 remember checkbox, login, test play, customer service and the navigation strip', () => {
    stubAuthApi();
    login();
    expect(screen.getByRole('checkbox', { name: 'Remember password' })).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Log in' })).toHaveAttribute('type', 'submit');
    expect(screen.getByRole('button', { name: 'Test play' })).toBeInTheDocument();
    expect(screen.getByTestId('login-service')).toHaveAttribute('href', 'https://chat.panalo.example/live');
    const strip = within(screen.getByRole('navigation', { name: 'More options' }));
    const links = strip.getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Back home', '/m/home'],
      ['Register now', '/m/register'],
      ['Forgot password', '/m/forget'],
      ['Customer service', 'https://chat.panalo.example/live'],
    ]);
    expect(links[3]).toHaveAttribute('target', '_blank');
    expect(links[3]).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('the back arrow and logo top bar replaces the hidden header; back goes to /m/home', async () => {
    stubAuthApi();
    const view = login();
    const { user } = view;
    expect(screen.getByRole('img', { name: 'Panalo' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Back to home' }));
    expect(view.location().pathname).toBe('/m/home');
  });

  it('AUTH-021 AUTH-022 social buttons need the provider and its flag, and only on the password tab', async () => {
    stubAuthApi();
    const both = makeBundle({
      flags: { FACEBOOKLOGIN3: true, GOOGLELOGIN3: true },
      site: { socialLogin: { facebook: true, google: true } },
    });
    const { user, unmount } = login({ path: '/m/login', bundle: both });
    expect(screen.getByTestId('social-facebook')).toHaveAttribute('href', '/api/auth/oauth/facebook/start');
    expect(screen.getByTestId('social-google')).toHaveAttribute('href', '/api/auth/oauth/google/start');
    await user.click(screen.getByRole('tab', { name: 'Mobile and SMS code' }));
    expect(screen.queryByTestId('social-buttons')).toBeNull();
    unmount();

    const flagOff = makeBundle({
      flags: { FACEBOOKLOGIN3: false, GOOGLELOGIN3: true },
      site: { socialLogin: { facebook: true, google: false } },
    });
    login({ path: '/m/login', bundle: flagOff });
    expect(screen.queryByTestId('social-buttons')).toBeNull();
  });

  it('API-001 API-002 API-003 API-005 AUTH-030 AUTH-031 logs in with a sealed POST and keeps the session', async () => {
    const api = stubAuthApi({
      'POST /api/auth/login': sessionValue({ userName: 'juan123', customerType: 1, firstTimeLogin: true }),
    });
    const view = login();
    const { user } = view;
    await user.type(screen.getByLabelText(/^Username/, INPUT), 'juan123');
    await user.type(screen.getByLabelText(/^Password/, INPUT), 'Secret123');
    await user.click(screen.getByTestId('login-submit'));
    await arrivedHome();
    const call = api.last('POST', '/api/auth/login')!;
    expect(call.sealed).toBe(true);
    expect(call.headers.encryption).toBe('RSA-OAEP-256+A256GCM');
    expect(call.headers.device).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(call.body).toEqual({
      type: 'username',
      username: 'juan123',
      password: 'Secret123',
      ts: expect.any(Number),
      nonce: expect.any(String),
    });
    expect(JSON.parse(localStorage.getItem('MC_SESSION_INFO')!)).toEqual({
      token: 'tok-0123456789abcdef0123456789abcdef',
      merchantCode: 'panalo',
      userName: 'juan123',
      type: 1,
      firstTimeLogin: true,
    });
    expect(view.location().pathname).toBe('/m/home');
    // Spec §2: the change-password screen then does not ask for the old password (held in memory only).
    expect(passwordMemory.get('juan123')).toBe('Secret123');
  });

  it('goes back to an internal ?redirect= target, never to another site', async () => {
    stubAuthApi();
    const view = login({ path: '/m/login?redirect=%2Fm%2FvoucherCenter' });
    const { user } = view;
    await user.type(screen.getByLabelText(/^Username/, INPUT), 'juan123');
    await user.type(screen.getByLabelText(/^Password/, INPUT), 'Secret123');
    await user.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(view.location().pathname).toBe('/m/voucherCenter'));
  });

  it('VALID-018 VALID-020 an empty form is not sent: messages by the login rules, focus on the first', async () => {
    const api = stubAuthApi();
    const { user } = login();
    await user.click(screen.getByTestId('login-submit'));
    expect(screen.getByTestId('error-username')).toHaveTextContent('Wrong account format');
    expect(screen.getByTestId('error-password')).toHaveTextContent('Enter your password');
    const username = screen.getByLabelText(/^Username/, INPUT);
    expect(username).toHaveFocus();
    expect(username).toHaveAttribute('aria-invalid', 'true');
    expect(username).toHaveAttribute('aria-describedby', 'username-error');
    expect(api.of('POST', '/api/auth/login')).toHaveLength(0);
  });

  it('ERR-021 a refusal is shown with its translated text', async () => {
    stubAuthApi({ 'POST /api/auth/login': new ApiFailure('non_member_login', 403) });
    const { user } = login();
    await user.type(screen.getByLabelText(/^Username/, INPUT), 'staff01');
    await user.type(screen.getByLabelText(/^Password/, INPUT), 'Secret123');
    await user.click(screen.getByTestId('login-submit'));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Non-member account unable to login'),
    );
    expect(localStorage.getItem('MC_SESSION_INFO')).toBeNull();
  });
});

describe('LoginScreen captcha', () => {
  const failOnceWithCaptcha = () => {
    let n = 0;
    return () => (++n === 1 ? new ApiFailure('login_failed', 401, { captcha: true }) : sessionValue());
  };

  const fillAndSubmit = async (user: ReturnType<typeof login>['user']) => {
    await user.type(screen.getByLabelText(/^Username/, INPUT), 'juan123');
    await user.type(screen.getByLabelText(/^Password/, INPUT), 'Wrong1234');
    await user.click(screen.getByTestId('login-submit'));
  };

  it('AUTH-024 the captcha stays hidden until a failed login answers value.captcha', async () => {
    const api = stubAuthApi({
      'POST /api/auth/login': new ApiFailure('login_failed', 401, { captcha: false }),
    });
    const { user } = login();
    expect(screen.queryByLabelText(/^Captcha/, INPUT)).toBeNull();
    await fillAndSubmit(user);
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Incorrect account or password'));
    expect(screen.queryByLabelText(/^Captcha/, INPUT)).toBeNull();
    expect(api.of('GET', '/api/auth/captcha')).toHaveLength(0);
  });

  it('AUTH-025 API-019 after a failure with value.captcha a base64 PNG captcha is fetched and sent back', async () => {
    const api = stubAuthApi({ 'POST /api/auth/login': failOnceWithCaptcha() });
    const { user } = login();
    await fillAndSubmit(user);
    const img = await screen.findByTestId('captcha-image');
    expect(img.getAttribute('src')).toBe(`data:image/png;base64,${CAPTCHA_PNG}#1`);
    expect(api.last('GET', '/api/auth/captcha')!.headers.device).toBe(localStorage.getItem('deviceId'));
    const captcha = screen.getByLabelText(/^Captcha/, INPUT);
    expect(captcha).toHaveAttribute('maxlength', '6');
    // VALID-007: required while shown.
    await user.click(screen.getByTestId('login-submit'));
    expect(screen.getByTestId('error-captcha')).toHaveTextContent('Enter a captcha');
    expect(captcha).toHaveFocus();
    await user.type(captcha, '4821');
    await user.click(screen.getByTestId('login-submit'));
    await arrivedHome();
    expect(api.last('POST', '/api/auth/login')!.body).toMatchObject({ type: 'username', captcha: '4821' });
  });

  it('AUTH-026 tapping the captcha fetches a new one', async () => {
    const api = stubAuthApi({
      'POST /api/auth/login': new ApiFailure('login_failed', 401, { captcha: true }),
    });
    const { user } = login();
    await fillAndSubmit(user);
    await screen.findByTestId('captcha-image');
    await user.click(screen.getByRole('button', { name: 'Captcha picture, tap for a new one' }));
    await waitFor(() => expect(screen.getByTestId('captcha-image').getAttribute('src')).toMatch(/#2$/));
    expect(api.of('GET', '/api/auth/captcha')).toHaveLength(2);
  });

  it('AUTH-027 switching the login method fetches a new captcha', async () => {
    const api = stubAuthApi({
      'POST /api/auth/login': new ApiFailure('login_failed', 401, { captcha: true }),
    });
    const { user } = login();
    await fillAndSubmit(user);
    await screen.findByTestId('captcha-image');
    await user.click(screen.getByRole('tab', { name: 'Mobile and SMS code' }));
    await waitFor(() => expect(api.of('GET', '/api/auth/captcha')).toHaveLength(2));
    expect(screen.getByLabelText(/^Captcha/, INPUT)).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Username' }));
    await waitFor(() => expect(api.of('GET', '/api/auth/captcha')).toHaveLength(3));
  });

  it('a failed attempt with the captcha shown fetches a new one (the old answer is used up)', async () => {
    const api = stubAuthApi({
      'POST /api/auth/login': new ApiFailure('login_failed', 401, { captcha: true }),
    });
    const { user } = login();
    await fillAndSubmit(user);
    await screen.findByTestId('captcha-image');
    await user.type(screen.getByLabelText(/^Captcha/, INPUT), '1111');
    await user.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(api.of('GET', '/api/auth/captcha')).toHaveLength(2));
    expect(screen.getByLabelText(/^Captcha/, INPUT)).toHaveValue('');
  });
});

describe('LoginScreen remember password', () => {
  it('AUTH-028 AUTH-029 remember asks for a device credential and stores it, never the password', async () => {
    const api = stubAuthApi({ 'POST /api/auth/login': sessionValue({ deviceToken: 'device-cred-1' }) });
    const { user } = login();
    await user.type(screen.getByLabelText(/^Username/, INPUT), 'juan123');
    await user.type(screen.getByLabelText(/^Password/, INPUT), 'Secret123');
    await user.click(screen.getByRole('checkbox', { name: 'Remember password' }));
    await user.click(screen.getByTestId('login-submit'));
    await arrivedHome();
    expect(api.last('POST', '/api/auth/login')!.body).toMatchObject({ type: 'username', remember: true });
    expect(JSON.parse(localStorage.getItem('autoRemPass')!)).toEqual({
      type: 'username',
      username: 'juan123',
      deviceToken: 'device-cred-1',
      countryDialingCode: '+63',
    });
    for (let i = 0; i < localStorage.length; i++) {
      expect(localStorage.getItem(localStorage.key(i)!)).not.toContain('Secret123');
    }
  });

  it('AUTH-028 the form comes back pre-filled with a masked password; logging in sends type device', async () => {
    const api = stubAuthApi();
    const { user } = login({
      path: '/m/login',
      storage: {
        autoRemPass: JSON.stringify({
          type: 'username',
          username: 'juan123',
          deviceToken: 'device-cred-1',
          countryDialingCode: '+63',
        }),
      },
    });
    expect(screen.getByLabelText(/^Username/, INPUT)).toHaveValue('juan123');
    expect(screen.getByLabelText(/^Password/, INPUT)).toHaveValue('••••••••');
    expect(screen.getByRole('checkbox', { name: 'Remember password' })).toBeChecked();
    await user.click(screen.getByTestId('login-submit'));
    await arrivedHome();
    const body = api.last('POST', '/api/auth/login')!.body!;
    expect(body).toMatchObject({
      type: 'device',
      username: 'juan123',
      deviceToken: 'device-cred-1',
      remember: true,
    });
    expect(body).not.toHaveProperty('password');
    // A remembered device's login typed no password: none is held, change-password asks for it.
    expect(passwordMemory.get('juan123')).toBeNull();
  });

  it('unticking remember clears the record and the masked password', async () => {
    stubAuthApi();
    const { user } = login({
      path: '/m/login',
      storage: { autoRemPass: JSON.stringify({ type: 'username', username: 'juan123', deviceToken: 'd-1' }) },
    });
    await user.click(screen.getByRole('checkbox', { name: 'Remember password' }));
    expect(localStorage.getItem('autoRemPass')).toBeNull();
    expect(screen.getByLabelText(/^Password/, INPUT)).toHaveValue('');
  });

  it('a login without remember clears an earlier record', async () => {
    stubAuthApi();
    const { user } = login({
      path: '/m/login',
      storage: { autoRemPass: JSON.stringify({ type: 'username', username: 'maria88', deviceToken: 'd-1' }) },
    });
    await user.clear(screen.getByLabelText(/^Username/, INPUT));
    await user.type(screen.getByLabelText(/^Username/, INPUT), 'juan123');
    await user.type(screen.getByLabelText(/^Password/, INPUT), 'Secret123');
    await user.click(screen.getByRole('checkbox', { name: 'Remember password' }));
    await user.click(screen.getByTestId('login-submit'));
    await arrivedHome();
    expect(localStorage.getItem('autoRemPass')).toBeNull();
  });

  it('a refused device credential is forgotten and the password asked for', async () => {
    stubAuthApi({ 'POST /api/auth/login': new ApiFailure('login_failed', 401) });
    const { user } = login({
      path: '/m/login',
      storage: {
        autoRemPass: JSON.stringify({ type: 'username', username: 'juan123', deviceToken: 'revoked' }),
      },
    });
    await user.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(screen.getByRole('alert')).not.toBeEmptyDOMElement());
    await waitFor(() => expect(screen.getByLabelText(/^Password/, INPUT)).toHaveValue(''));
    expect(localStorage.getItem('autoRemPass')).toBeNull();
    expect(screen.getByLabelText(/^Username/, INPUT)).toHaveValue('juan123');
  });
});

describe('LoginScreen language', () => {
  it('I18N-011 a language change re-validates the filled fields 200 ms later', async () => {
    stubAuthApi();
    const { user, i18n } = login();
    await user.type(screen.getByLabelText(/^Username/, INPUT), '1bad');
    await user.tab();
    expect(screen.getByTestId('error-username')).toHaveTextContent('Wrong account format');
    const changedAt = performance.now();
    await act(() => i18n.changeLanguage('TY'));
    expect(screen.getByTestId('error-username')).toHaveTextContent('Wrong account format');
    await waitFor(() =>
      expect(screen.getByTestId('error-username')).toHaveTextContent('Mali ang format ng account'),
    );
    expect(performance.now() - changedAt).toBeGreaterThanOrEqual(195);
  });

  it('I18N-011 filled fields without a shown error are checked after a language change', async () => {
    stubAuthApi();
    const { user, i18n } = login();
    await user.type(screen.getByLabelText(/^Username/, INPUT), '1bad');
    expect(screen.queryByTestId('error-username')).toBeNull();
    await act(() => i18n.changeLanguage('TY'));
    expect(await screen.findByTestId('error-username')).toHaveTextContent('Mali ang format ng account');
    // The empty password is not filled, so it is left alone.
    expect(screen.queryByTestId('error-password')).toBeNull();
  });
});
