import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeBundle, panaloBundle } from '../../../app/test-fixtures';
import { RawAnswer, stubAuthApi, type ApiCall } from '../test/auth-fixtures';
import { arrivedHome, renderAuth, spyToasts } from '../test/render';

// AUTH-015, API-004, API-015, ERR-002, ERR-003: with a phone-verification service the SMS code is sent and
// checked by the service (its REST protocol, from the browser); our API gets the ID token it yields.

const INPUT = { selector: 'input' };
const input = (label: RegExp) => screen.getByLabelText(label, INPUT);
const SERVICE = { authUrl: 'https://identitytoolkit.test', apiKey: 'web-key' };
const SEND = 'POST /v1/accounts:sendVerificationCode';
const CHECK = 'POST /v1/accounts:signInWithPhoneNumber';

const withService = () =>
  makeBundle({ info: { register: { ...panaloBundle.info.register, phoneVerification: SERVICE } } });

/** The service: a session for any number; the code 654321 gives a token. */
const service = {
  [SEND]: () => new RawAnswer(200, { sessionInfo: 'session-1' }),
  [CHECK]: (c: ApiCall) =>
    (c.body as { code?: string }).code === '654321'
      ? new RawAnswer(200, { idToken: 'id-token-1', phoneNumber: '+639171234567' })
      : new RawAnswer(400, { error: { code: 400, message: 'INVALID_CODE' } }),
};

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the phone-verification service', () => {
  it('AUTH-015 API-004 login: the code is sent by the service for the dialling code plus number, checked there, and the login carries its token', async () => {
    const api = stubAuthApi(service);
    const toasts = spyToasts();
    const { user } = renderAuth({ path: '/m/login', bundle: withService() });
    await user.click(screen.getByRole('tab', { name: 'Mobile and SMS code' }));
    await user.type(input(/^Mobile number/), '9171234567');
    await user.click(screen.getByTestId('sms-send'));
    // A 60 s countdown through the service (not expiredMinutes).
    await waitFor(() => expect(screen.getByTestId('sms-send')).toHaveTextContent('Resend in 60 s'));
    const sent = api.last('POST', '/v1/accounts:sendVerificationCode')!;
    expect(sent.body).toEqual({ phoneNumber: '+639171234567' });
    expect(sent.query).toEqual({ key: 'web-key' });
    expect(api.of('POST', '/api/auth/sms-code')).toHaveLength(0);
    expect(toasts.show.mock.calls.map((c) => c[0])).toEqual(['sms sending...', 'sms sent']);

    await user.type(input(/^SMS code/), '654321');
    await user.click(screen.getByTestId('login-submit'));
    await arrivedHome();
    expect(api.last('POST', '/v1/accounts:signInWithPhoneNumber')!.body).toEqual({
      sessionInfo: 'session-1',
      code: '654321',
    });
    const body = api.last('POST', '/api/auth/login')!.body as Record<string, unknown>;
    expect(body).toMatchObject({
      type: 'firebase',
      firebaseChannel: 'sms',
      firebaseIdToken: 'id-token-1',
      firebaseMobileNo: '9171234567',
      countryDialingCode: '+63',
    });
    expect(body).not.toHaveProperty('messageCode');
  });

  it('ERR-002 a failed send through the service only dismisses the loading toast: no message, sendable again', async () => {
    stubAuthApi({
      [SEND]: () => new RawAnswer(400, { error: { code: 400, message: 'TOO_MANY_ATTEMPTS_TRY_LATER' } }),
    });
    const toasts = spyToasts();
    const { user } = renderAuth({ path: '/m/login', bundle: withService() });
    await user.click(screen.getByRole('tab', { name: 'Mobile and SMS code' }));
    await user.type(input(/^Mobile number/), '9171234567');
    await user.click(screen.getByTestId('sms-send'));
    await waitFor(() => expect(toasts.clear).toHaveBeenCalled());
    expect(screen.getByTestId('sms-send')).toBeEnabled();
    expect(toasts.show.mock.calls.map((c) => c[0])).toEqual(['sms sending...']);
    expect(screen.queryByRole('alert')?.textContent ?? '').toBe('');
  });

  it('ERR-003 API-015 registration: a code the service does not verify aborts it; a verified one sends firebaseChannel and firebaseIdToken', async () => {
    const api = stubAuthApi(service);
    spyToasts();
    const { user } = renderAuth({ path: '/m/register', bundle: withService() });
    await user.click(screen.getByRole('tab', { name: 'Mobile number' }));
    await user.type(input(/^Mobile number/), '9171234567');
    await user.click(screen.getByRole('button', { name: 'Get code' }));
    await waitFor(() => expect(screen.getByTestId('sms-send')).toHaveTextContent('Resend in 60 s'));
    await user.type(input(/^SMS code/), '111111');
    await user.type(input(/^Password/), 'Secret123');
    await user.type(input(/^Confirm password/), 'Secret123');
    await user.type(input(/^Captcha/), '4821');
    await user.click(screen.getByTestId('register-submit'));
    await waitFor(() => expect(input(/^SMS code/)).toHaveFocus());
    expect(screen.getByTestId('error-verificationCode')).toHaveTextContent(/verification code/i);
    expect(api.of('PUT', '/api/auth/register')).toHaveLength(0);

    await user.clear(input(/^SMS code/));
    await user.type(input(/^SMS code/), '654321');
    await user.click(screen.getByTestId('register-submit'));
    await arrivedHome();
    const body = api.last('PUT', '/api/auth/register')!.body as Record<string, unknown>;
    expect(body).toMatchObject({
      mode: 'mobile',
      countryDialingCode: '+63',
      mobileNum: '9171234567',
      firebaseChannel: 'sms',
      firebaseIdToken: 'id-token-1',
    });
    expect(body).not.toHaveProperty('verificationCode');
  });
});
