import { describe, expect, it } from 'vitest';
import type { RegistrationRules } from '@panalo/contract/merchant';
import { panaloBundle } from '../app/test-fixtures';
import { catalogues } from '../i18n';
import {
  captchaRule,
  configuredRule,
  isBlank,
  loginRules,
  messageKey,
  mobileRule,
  smsCodeRule,
  validateConfirm,
  validateField,
  whitespaceRule,
  type Rule,
} from './validation';

const rules = panaloBundle.info.register.rules;
const rule = (p: Partial<Rule> = {}): Rule => ({
  enabled: true,
  required: false,
  regExp: '^[a-z]{3}$',
  message: 'valid.x',
  ...p,
});

const text = (lang: 'EN' | 'TY', key: string): unknown =>
  key
    .split('.')
    .reduce<unknown>((n, k) => (n && typeof n === 'object' ? (n as never)[k] : undefined), catalogues[lang]);

describe('validation rule engine', () => {
  it('VALID-002 a rule yields null (pass) or its message', () => {
    expect(validateField(rule(), 'abc')).toBeNull();
    expect(validateField(rule(), 'abcd')).toBe('valid.x');
    expect(validateField(rule(), 'AB1')).toBe('valid.x');
  });

  it('VALID-003 a non-required empty field passes; a required one fails', () => {
    expect(validateField(rule(), '')).toBeNull();
    expect(validateField(rule(), undefined)).toBeNull();
    expect(validateField(rule({ required: true }), '')).toBe('valid.x');
    expect(validateField(rule({ required: true, requiredMessage: 'valid.req' }), '  ')).toBe('valid.req');
  });

  it('VALID-002 a disabled rule is not checked', () => {
    expect(validateField(rule({ enabled: false, required: true }), '')).toBeNull();
    expect(validateField(rule({ enabled: false }), '!!!!')).toBeNull();
  });

  it('a rule without a pattern only checks presence; a pattern that does not compile is ignored', () => {
    expect(validateField(rule({ regExp: undefined, required: true }), 'anything')).toBeNull();
    expect(validateField(rule({ regExp: '([', required: true }), 'anything')).toBeNull();
  });

  it('VALID-001 each registration field gets the rule the configuration supplies for its name', () => {
    expect(configuredRule(rules, 'username')).toBe(rules.username);
    expect(validateField(configuredRule(rules, 'username'), 'juan123')).toBeNull();
    expect(validateField(configuredRule(rules, 'username'), '1juan')).toBe('valid.username');
    expect(validateField(configuredRule(rules, 'email'), 'no-at-sign')).toBe('valid.email');
    expect(validateField(configuredRule(rules, 'email'), '')).toBeNull();
  });

  it('a field the configuration does not mention is disabled unless it has a fallback', () => {
    expect(configuredRule(rules, 'zalo').enabled).toBe(false);
    expect(configuredRule({}, 'username')).toMatchObject({ enabled: true, required: true });
  });

  it('VALID-005 a confirmation that differs from the password fails with in_confirmation_correct', () => {
    expect(validateConfirm('secret12', 'secret13')).toBe('valid.in_confirmation_correct');
    expect(validateConfirm('secret12', 'secret12')).toBeNull();
  });

  it('VALID-006 an empty confirmation fails with in_incorrect_password', () => {
    expect(validateConfirm('secret12', '')).toBe('valid.in_incorrect_password');
  });

  it('VALID-007 the captcha is required when shown (in_vwrite_code)', () => {
    expect(validateField(captchaRule, '')).toBe('valid.in_vwrite_code');
  });

  it('VALID-008 the captcha must be numeric', () => {
    expect(validateField(captchaRule, '12a4')).toBe('valid.captcha');
    expect(validateField(captchaRule, '1234')).toBeNull();
  });

  it('VALID-009 the captcha accepts at most 6 characters', () => {
    expect(validateField(captchaRule, '123456')).toBeNull();
    expect(validateField(captchaRule, '1234567')).toBe('valid.captcha');
    expect(captchaRule.maxLength).toBe(6);
  });

  it('VALID-011 the catalogue wording describes the captcha as 1-16 characters', () => {
    expect(text('EN', 'valid.captcha')).toMatch(/1-16/);
    expect(text('TY', 'valid.captcha')).toMatch(/1-16/);
  });

  it('VALID-012 VALID-013 VALID-014 the SMS code is numeric, at most 10, by the verificationCode rule', () => {
    const r = smsCodeRule(rules);
    expect(r.message).toBe(rules.verificationCode!.message);
    expect(validateField(r, '12345')).toBeNull();
    expect(validateField(r, '12a45')).toBe('valid.verification_code');
    expect(validateField(r, '12345678901')).toBe('valid.verification_code');
    expect(r.maxLength).toBe(10);
    // A merchant pattern that would allow letters or more digits does not loosen the spec's limits.
    const loose: RegistrationRules = {
      verificationCode: {
        enabled: true,
        required: true,
        regExp: '^.{1,40}$',
        message: 'valid.verification_code',
      },
    };
    expect(validateField(smsCodeRule(loose), '12345678901')).toBe('valid.verification_code');
    expect(validateField(smsCodeRule(loose), 'abc')).toBe('valid.verification_code');
    expect(validateField(smsCodeRule(loose), '1234')).toBeNull();
    // ...while a stricter one (the seed's 4-10 digits) still applies.
    expect(validateField(r, '123')).toBe('valid.verification_code');
  });

  it('VALID-015 the mobile number accepts at most 20 characters', () => {
    const r = mobileRule({}, true);
    expect(r.maxLength).toBe(20);
    expect(validateField(r, '9'.repeat(20))).toBeNull();
    expect(validateField(r, '9'.repeat(21))).toBe('valid.mobile');
    expect(validateField(mobileRule(rules, true), '')).toBe('valid.mobile');
    expect(validateField(mobileRule(rules, false), '')).toBeNull();
  });

  it('VALID-020 login uses the named rule sets loginUsername, loginPassword, loginMobileNum, verificationCode', () => {
    const l = loginRules(rules);
    expect(Object.keys(l).sort()).toEqual([
      'loginMobileNum',
      'loginPassword',
      'loginUsername',
      'verificationCode',
    ]);
    expect(validateField(l.loginUsername, '')).toBe('valid.username');
    expect(validateField(l.loginUsername, 'juan123')).toBeNull();
    // A member who set a password by SMS logs in with the mobile number as user name (spec §4).
    expect(validateField(l.loginUsername, '9171234567')).toBeNull();
    expect(validateField(l.loginUsername, 'x!')).toBe('valid.username');
    expect(validateField(l.loginPassword, '')).toBe('valid.login_password');
    expect(validateField(l.loginPassword, 'old pass')).toBeNull();
    expect(validateField(l.loginMobileNum, '12')).toBe('valid.mobile');
    expect(validateField(l.verificationCode, '')).toBe('valid.verification_code');
  });

  it('VALID-035 an empty or whitespace-only string fails the whitespace rule', () => {
    expect(validateField(whitespaceRule, '')).toBe('valid.whitespace');
    expect(validateField(whitespaceRule, ' \t\n ')).toBe('valid.whitespace');
    expect(validateField(whitespaceRule, ' a ')).toBeNull();
    expect(isBlank('   ')).toBe(true);
  });

  it('message keys translate through valid.json in EN and TY', () => {
    expect(messageKey('valid.username')).toBe('valid.username');
    expect(messageKey('username')).toBe('valid.username');
    const keys = [
      ...Object.values(rules).map((r) => r.message),
      captchaRule.message,
      captchaRule.requiredMessage!,
      whitespaceRule.message,
      'valid.in_confirmation_correct',
      'valid.in_incorrect_password',
      'valid.login_password',
    ];
    for (const k of keys) {
      expect(typeof text('EN', messageKey(k)), k).toBe('string');
      expect(typeof text('TY', messageKey(k)), k).toBe('string');
    }
  });
});
