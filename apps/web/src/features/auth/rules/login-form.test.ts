import { describe, expect, it } from 'vitest';
import { afterLoginTarget, asksForCaptcha, loginFields, loginMethods, loginRuleName } from './login-form';

const target = (q: string) => afterLoginTarget(new URLSearchParams(q));

describe('login rules', () => {
  it('AUTH-016 AUTH-017 the SMS method only with MOBILEVERCODELOGIN3', () => {
    expect(loginMethods(true)).toEqual(['password', 'sms']);
    expect(loginMethods(false)).toEqual(['password']);
  });

  it('VALID-020 each field is checked by its named rule set; the captcha only once asked for', () => {
    expect(loginFields('password', false).map((f) => (f === 'captcha' ? f : loginRuleName(f)))).toEqual([
      'loginUsername',
      'loginPassword',
    ]);
    expect(loginFields('sms', true).map((f) => (f === 'captcha' ? f : loginRuleName(f)))).toEqual([
      'loginMobileNum',
      'verificationCode',
      'captcha',
    ]);
  });

  it('AUTH-024 only a truthy value.captcha asks for the captcha', () => {
    expect(asksForCaptcha({ captcha: true })).toBe(true);
    expect(asksForCaptcha({ captcha: false })).toBe(false);
    expect(asksForCaptcha(undefined)).toBe(false);
  });

  it('after login: an internal /m/ redirect, else home; never another site or the login itself', () => {
    expect(target('redirect=%2Fm%2Fwithdraw')).toBe('/m/withdraw');
    expect(target('redirect=%2Fm%2FgameList%3FgameType%3DSLOT')).toBe('/m/gameList?gameType=SLOT');
    expect(target('')).toBe('/m/home');
    expect(target('redirect=https%3A%2F%2Fevil.example')).toBe('/m/home');
    expect(target('redirect=%2F%2Fevil.example%2Fm%2F')).toBe('/m/home');
    expect(target('redirect=%2Fm%2F%5C%5Cevil.example')).toBe('/m/home');
    expect(target('redirect=%2Fm%2Flogin')).toBe('/m/home');
  });
});
