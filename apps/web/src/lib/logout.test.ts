import { describe, expect, it, vi } from 'vitest';
import { LOGOUT_LANDING, logoutLocally } from './logout';
import { session } from './session';

function signIn() {
  session.set({
    token: 'tok-123',
    merchantCode: 'panalo',
    userName: 'juan123',
    type: 1,
    firstTimeLogin: false,
  });
  localStorage.setItem('autoLogin', '1');
  localStorage.setItem('autoRemPass', '{"username":"juan123"}');
  localStorage.setItem('MC_BankList', '[1,2]');
  localStorage.setItem('memberInfo', '{"nickname":"Juan"}');
  localStorage.setItem('language', 'EN');
  sessionStorage.setItem('trialUser', 'guest42');
  sessionStorage.setItem('anything', 'x');
}

describe('logoutLocally', () => {
  it('AUTH-064 sends the session token to the revoke step before clearing', async () => {
    signIn();
    const revoke = vi.fn(async (token: string) => {
      expect(localStorage.getItem('MC_SESSION_INFO')).not.toBeNull();
      expect(token).toBe('tok-123');
    });
    await logoutLocally({ revoke, reload: () => {} });
    expect(revoke).toHaveBeenCalledOnce();
  });

  it('AUTH-065 AUTH-066 AUTH-067 sets autoLogin 0, clears saved password, bank list, session storage and member info', async () => {
    signIn();
    await logoutLocally({ reload: () => {} });
    expect(localStorage.getItem('autoLogin')).toBe('0');
    expect(localStorage.getItem('autoRemPass')).toBeNull();
    expect(localStorage.getItem('MC_BankList')).toBeNull();
    expect(localStorage.getItem('memberInfo')).toBeNull();
    expect(localStorage.getItem('MC_SESSION_INFO')).toBeNull();
    expect(sessionStorage.length).toBe(0);
    expect(session.get()).toBeNull();
    // Preferences that are not the member's data survive.
    expect(localStorage.getItem('language')).toBe('EN');
  });

  it('AUTH-068 reloads the page at home', async () => {
    signIn();
    const reload = vi.fn();
    await logoutLocally({ reload });
    expect(reload).toHaveBeenCalledWith('/m/home');
    expect(LOGOUT_LANDING).toBe('/m/home');
  });

  it('AUTH-067 a failing revoke still signs out locally', async () => {
    signIn();
    const reload = vi.fn();
    await logoutLocally({ revoke: () => Promise.reject(new Error('offline')), reload });
    expect(session.get()).toBeNull();
    expect(reload).toHaveBeenCalledOnce();
  });
});
