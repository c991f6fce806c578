import { describe, expect, it } from 'vitest';
import { remember } from './remember';

describe('remembered login (autoRemPass)', () => {
  it('AUTH-028 stores type, username, device credential and dialling code under autoRemPass', () => {
    remember.set({
      type: 'username',
      username: 'juan123',
      deviceToken: 'dev-token-1',
      countryDialingCode: '+63',
    });
    expect(JSON.parse(localStorage.getItem('autoRemPass')!)).toEqual({
      type: 'username',
      username: 'juan123',
      deviceToken: 'dev-token-1',
      countryDialingCode: '+63',
    });
    expect(remember.get()).toEqual({
      type: 'username',
      username: 'juan123',
      deviceToken: 'dev-token-1',
      countryDialingCode: '+63',
    });
  });

  it('AUTH-029 never stores a password, even one passed in by mistake', () => {
    const withPassword = {
      type: 'username' as const,
      username: 'juan123',
      deviceToken: 'dev-token-1',
      password: 'Secret123',
    };
    remember.set(withPassword);
    const raw = localStorage.getItem('autoRemPass')!;
    expect(raw).not.toContain('Secret123');
    expect(Object.keys(JSON.parse(raw) as object)).not.toContain('password');
  });

  it('AUTH-029 a record in the old shape (an encoded password, no device credential) is dropped', () => {
    localStorage.setItem(
      'autoRemPass',
      JSON.stringify({
        type: 'username',
        username: 'juan123',
        password: 'U2VjcmV0MTIz',
        countryDialingCode: '+63',
      }),
    );
    expect(remember.get()).toBeNull();
    expect(localStorage.getItem('autoRemPass')).toBeNull();
    localStorage.setItem('autoRemPass', '{not json');
    expect(remember.get()).toBeNull();
    expect(localStorage.getItem('autoRemPass')).toBeNull();
  });

  it('clear removes the record', () => {
    remember.set({ type: 'sms', username: '9171234567', deviceToken: 'd' });
    expect(remember.get()).toEqual({ type: 'sms', username: '9171234567', deviceToken: 'd' });
    remember.clear();
    expect(remember.get()).toBeNull();
  });
});
