import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeBundle } from '../../../app/test-fixtures';
import { ApiFailure, stubAuthApi } from '../test/auth-fixtures';
import { arrivedHome, renderAuth, spyToasts } from '../test/render';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('free trial', () => {
  it('AUTH-032 AUTH-033 API-016 API-017 ERR-024 /m/trail makes a trial account, keeps its name, logs in, goes home', async () => {
    const api = stubAuthApi();
    const toasts = spyToasts();
    const view = renderAuth({ path: '/m/trail' });
    const { user } = view;
    await user.click(screen.getByRole('button', { name: 'Start free play' }));
    await arrivedHome();
    expect(api.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'GET /api/auth/trial',
      'POST /api/auth/trial-login',
    ]);
    expect(api.last('POST', '/api/auth/trial-login')!.body).toEqual({
      userName: 'guest8812',
      trialKey: 'trial-key-123',
    });
    expect(sessionStorage.getItem('trialUser')).toBe('guest8812');
    expect(JSON.parse(localStorage.getItem('MC_SESSION_INFO')!)).toMatchObject({
      userName: 'guest8812',
      type: 4,
      merchantCode: 'panalo-trial',
    });
    // The loading toast stays up to 9999 s while the trial is made, and is cleared at the end.
    expect(toasts.show).toHaveBeenCalledWith('please wait', 9_999_000, 'loading');
    expect(toasts.clear).toHaveBeenCalled();
    expect(view.location().pathname).toBe('/m/home');
  });

  it('AUTH-020 the login screen test-play button runs the same trial flow', async () => {
    const api = stubAuthApi();
    spyToasts();
    const { user } = renderAuth({ path: '/m/login' });
    await user.click(screen.getByRole('button', { name: 'Test play' }));
    await arrivedHome();
    expect(api.of('POST', '/api/auth/trial-login')).toHaveLength(1);
    expect(sessionStorage.getItem('trialUser')).toBe('guest8812');
  });

  it('a failure clears the loading toast, says why and lets the visitor try again', async () => {
    stubAuthApi({ 'GET /api/auth/trial': new ApiFailure('rate_limited', 429) });
    const toasts = spyToasts();
    const { user } = renderAuth({ path: '/m/trail' });
    await user.click(screen.getByRole('button', { name: 'Start free play' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Too many requests'));
    expect(toasts.clear).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Start free play' })).toBeEnabled();
    expect(localStorage.getItem('MC_SESSION_INFO')).toBeNull();
  });

  it('a merchant without a trial merchant offers no free play', () => {
    stubAuthApi();
    const bundle = makeBundle({ site: { trialMerchantCode: null } });
    const { unmount } = renderAuth({ path: '/m/trail', bundle });
    expect(screen.getByTestId('trial-unavailable')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Start free play' })).toBeNull();
    unmount();
    renderAuth({ path: '/m/login', bundle });
    expect(screen.queryByRole('button', { name: 'Test play' })).toBeNull();
  });

  it('speaks Filipino', () => {
    stubAuthApi();
    renderAuth({ path: '/m/trail', language: 'TY' });
    expect(screen.getByRole('button', { name: 'Simulan ang libreng laro' })).toBeInTheDocument();
  });
});
