import { describe, expect, it } from 'vitest';
import type { RegistrationRules } from '@panalo/contract/merchant';
import { panaloBundle } from '../../../app/test-fixtures';
import {
  fieldError,
  defaultRegisterMode,
  firstInvalid,
  registerTabs,
  validateForm,
  visibleFields,
  type RegisterConfig,
} from './register-form';

const rules = panaloBundle.info.register.rules;
const config = (patch: Partial<RegisterConfig> = {}): RegisterConfig => ({
  usernameReg: true,
  mobileReg: true,
  smsOnUsername: false,
  passwordOnMobile: true,
  captchaEnabled: true,
  rules,
  ...patch,
});
const shown = (c: RegisterConfig, mode: 'username' | 'mobile', codeFromLink = false) => [
  ...visibleFields(c, { mode, codeFromLink }).keys(),
];

describe('register rules', () => {
  it('AUTH-002 tabs only when both methods are on', () => {
    expect(registerTabs(config())).toEqual(['username', 'mobile']);
    expect(registerTabs(config({ mobileReg: false }))).toEqual([]);
    expect(registerTabs(config({ usernameReg: false }))).toEqual([]);
  });

  it('AUTH-003 the method defaults to mobile only when mobile is on and username off', () => {
    expect(defaultRegisterMode(config({ usernameReg: false, mobileReg: true }))).toBe('mobile');
    expect(defaultRegisterMode(config({ usernameReg: true, mobileReg: true }))).toBe('username');
    expect(defaultRegisterMode(config({ usernameReg: true, mobileReg: false }))).toBe('username');
    expect(defaultRegisterMode(config({ usernameReg: false, mobileReg: false }))).toBe('username');
  });

  it('AUTH-004 username registration: the seeded panalo rules', () => {
    expect(shown(config(), 'username')).toEqual([
      'username',
      'mobileNum',
      'password',
      'confirmPassword',
      'email',
      'affiliateCode',
      'captcha',
    ]);
  });

  it('AUTH-004 every optional field appears only when its rule enables it', () => {
    const optional = [
      'paymentPassword',
      'idNumber',
      'qqNum',
      'facebook',
      'wechat',
      'line',
      'whatsapp',
      'zalo',
      'email',
      'nickname',
      'payeeName',
      'recommenderId',
      'affiliateCode',
    ] as const;
    for (const f of optional) {
      const on: RegistrationRules = { [f]: { enabled: true, required: false, message: 'valid.invalid' } };
      const off: RegistrationRules = { [f]: { enabled: false, required: false, message: 'valid.invalid' } };
      expect(shown(config({ rules: on }), 'username'), f).toContain(f);
      expect(shown(config({ rules: off }), 'username'), f).not.toContain(f);
      expect(shown(config({ rules: {} }), 'username'), f).not.toContain(f);
    }
  });

  it('AUTH-004 VALID-010 the captcha needs both the merchant switch and the enabled rule', () => {
    expect(shown(config(), 'username')).toContain('captcha');
    expect(shown(config({ captchaEnabled: false }), 'username')).not.toContain('captcha');
    const off = { ...rules, captcha: { enabled: false, required: false, message: 'valid.captcha' } };
    expect(shown(config({ rules: off }), 'username')).not.toContain('captcha');
  });

  it('AUTH-004 the SMS code shows for username registration with REGMOBVERF3 or its rule (and then the number is required)', () => {
    expect(shown(config(), 'username')).not.toContain('verificationCode');
    const ruleOn = { ...rules, verificationCode: { ...rules.verificationCode!, enabled: true } };
    expect(shown(config({ rules: ruleOn }), 'username')).toContain('verificationCode');
    const withSms = visibleFields(config({ smsOnUsername: true }), { mode: 'username', codeFromLink: false });
    expect([...withSms.keys()]).toContain('verificationCode');
    expect(withSms.get('mobileNum')!.required).toBe(true);
    // Without it, the number follows its rule (optional in the seed).
    expect(
      visibleFields(config(), { mode: 'username', codeFromLink: false }).get('mobileNum')!.required,
    ).toBe(false);
  });

  it('AUTH-004 mobile registration: number and code always; password fields only with MOBILENUMPASSREG3', () => {
    expect(shown(config(), 'mobile')).toEqual([
      'mobileNum',
      'verificationCode',
      'password',
      'confirmPassword',
      'email',
      'affiliateCode',
      'captcha',
    ]);
    const noPassword = shown(config({ passwordOnMobile: false }), 'mobile');
    expect(noPassword).not.toContain('password');
    expect(noPassword).not.toContain('confirmPassword');
    expect(noPassword).not.toContain('username');
  });

  it('VALID-004 the required flags follow the rules', () => {
    const r: RegistrationRules = {
      ...rules,
      email: { ...rules.email!, required: true },
      nickname: { enabled: true, required: false, message: 'valid.nickname' },
    };
    const f = visibleFields(config({ rules: r }), { mode: 'username', codeFromLink: false });
    expect(f.get('email')!.required).toBe(true);
    expect(f.get('nickname')!.required).toBe(false);
    expect(f.get('username')!.required).toBe(true);
    expect(f.get('confirmPassword')!.required).toBe(true);
  });

  it('AUTH-013 AUTH-014 a valid link code (or one being checked) hides the invitation field', () => {
    expect(shown(config(), 'username', true)).not.toContain('affiliateCode');
    expect(shown(config(), 'username', false)).toContain('affiliateCode');
  });

  it('VALID-018 the first invalid field in screen order', () => {
    const f = visibleFields(config(), { mode: 'username', codeFromLink: false });
    const errors = validateForm(f, {
      username: 'juan123',
      password: 'x',
      confirmPassword: 'y',
      email: 'bad',
    });
    expect(Object.keys(errors).sort()).toEqual(['captcha', 'confirmPassword', 'email', 'password']);
    expect(errors.confirmPassword).toBe('valid.in_confirmation_correct');
    expect(firstInvalid(f, errors)).toBe('password');
  });
});

describe('server refusals by field', () => {
  it('known codes and validation_failed land on their field', () => {
    expect(fieldError('username_taken', undefined)).toEqual({
      field: 'username',
      key: 'errors.username_taken',
    });
    expect(fieldError('mobile_taken', undefined)).toEqual({ field: 'mobileNum', key: 'errors.mobile_taken' });
    expect(fieldError('sms_code_wrong', undefined)).toEqual({
      field: 'verificationCode',
      key: 'errors.sms_code_wrong',
    });
    expect(fieldError('affiliate_invalid', undefined)).toEqual({
      field: 'affiliateCode',
      key: 'errors.affiliate_invalid',
    });
    expect(fieldError('validation_failed', { field: 'email', rule: 'valid.email' })).toEqual({
      field: 'email',
      key: 'valid.email',
    });
    expect(fieldError('validation_failed', { field: 'email', rule: 'required' })).toEqual({
      field: 'email',
      key: 'errors.validation_failed',
    });
    expect(fieldError('validation_failed', { field: 'countryDialingCode' })).toBeNull();
    expect(fieldError('rate_limited', undefined)).toBeNull();
  });
});

describe('date of birth (issue 22)', () => {
  const withBirth = config({
    rules: { ...rules, birthDate: { enabled: true, required: true, message: 'valid.birthDate' } },
  });
  const fields = visibleFields(withBirth, { mode: 'username', codeFromLink: false });

  it('VALID-042 asked only where the merchant’s rule enables it, after the profile fields', () => {
    expect(shown(config(), 'username')).not.toContain('birthDate');
    expect(shown(withBirth, 'username')).toContain('birthDate');
  });

  it('VALID-042 refused when missing, or younger than the merchant’s minimum age on today', () => {
    const age = { minAge: 21, today: '2026-11-26' };
    const only = new Map([...fields].filter(([f]) => f === 'birthDate'));
    expect(validateForm(only, {}, age)).toEqual({ birthDate: 'valid.birthDate' });
    expect(validateForm(only, { birthDate: '2005-11-27' }, age)).toEqual({
      birthDate: 'errors.birth_date_invalid',
    });
    expect(validateForm(only, { birthDate: '2005-11-26' }, age)).toEqual({});
    expect(validateForm(only, { birthDate: '2008-11-26' }, { ...age, minAge: 18 })).toEqual({});
  });

  it('VALID-042 the server’s refusal is shown at the date of birth field', () => {
    expect(fieldError('birth_date_invalid', { field: 'birthDate', minAge: 21 })).toEqual({
      field: 'birthDate',
      key: 'errors.birth_date_invalid',
    });
  });
});
