import { describe, expect, it } from 'vitest';
import { panaloBundle } from '../../../app/test-fixtures';
import {
  checkCode,
  checkConfirm,
  checkEmail,
  checkMobile,
  checkNewPassword,
  checkOldPassword,
  checkUsername,
  mobileMinLength,
  validateChange,
} from './rules';

const rules = panaloBundle.info.register.rules;

describe('password form rules', () => {
  it('VALID-021 the username follows the login-username rule (the merchant regExp), trimmed', () => {
    expect(checkUsername(rules, '  juan123 ')).toBeNull();
    expect(checkUsername(rules, '')).toMatchObject({ key: 'password.valid.usernameRequired' });
    expect(checkUsername(rules, '1juan')).toEqual({
      key: 'password.valid.username',
      ruleMessage: 'valid.username',
    });
    // Without a configured rule anything without spaces passes.
    expect(checkUsername({}, '1juan')).toBeNull();
  });

  it("VALID-022 the email is required and must look like an address ('email incorrect')", () => {
    expect(checkEmail(' ana@example.com ')).toBeNull();
    for (const bad of ['', 'ana', 'ana@example', 'ana @example.com', '@example.com']) {
      expect(checkEmail(bad), bad).toEqual({ key: 'password.valid.email' });
    }
  });

  it('VALID-029 the old password only has to be there (login-password rule)', () => {
    expect(checkOldPassword('x')).toBeNull();
    expect(checkOldPassword('')).toEqual({ key: 'password.valid.oldRequired' });
  });

  it("VALID-030 the new password follows the merchant's password rule", () => {
    expect(checkNewPassword(rules, 'Fresh12345')).toBeNull();
    expect(checkNewPassword(rules, '')).toEqual({ key: 'password.valid.newRequired' });
    for (const bad of ['short1', 'lettersonly', '1234567890', 'x1'.repeat(11)]) {
      expect(checkNewPassword(rules, bad), bad).toMatchObject({ key: 'password.valid.format' });
    }
  });

  it("VALID-031 VALID-032 confirmation: 'Enter password' when empty, mismatch when different", () => {
    expect(checkConfirm('Fresh12345', '')).toEqual({ key: 'password.valid.confirmRequired' });
    expect(checkConfirm('Fresh12345', 'Fresh1234')).toEqual({ key: 'password.valid.confirmMismatch' });
    expect(checkConfirm('Fresh12345', 'Fresh12345')).toBeNull();
  });

  it('VALID-025 mobileNum is required; the message carries the minimum length of the rule', () => {
    expect(mobileMinLength(rules)).toBe(7);
    expect(mobileMinLength({})).toBe(5);
    expect(checkMobile(rules, '9171234567')).toBeNull();
    for (const bad of ['', '917123', 'abc1234567', '9'.repeat(21)]) {
      expect(checkMobile(rules, bad), bad).toEqual({ key: 'password.valid.mobile', params: { min: 7 } });
    }
  });

  it('VALID-026 VALID-012 VALID-013 the code is numeric, at most 10 digits, by the shared rule', () => {
    expect(checkCode(rules, '123456')).toBeNull();
    for (const bad of ['', '12a456', '12345678901', '123']) {
      expect(checkCode(rules, bad), bad).toEqual({ key: 'password.valid.code' });
    }
    expect(checkCode({}, '1')).toBeNull();
  });

  it('AUTH-053 the change form checks the old password only when its field is shown', () => {
    const empty = { old: '', next: '', confirm: '' };
    expect(Object.keys(validateChange(rules, empty, true))).toEqual(['old', 'next', 'confirm']);
    expect(Object.keys(validateChange(rules, empty, false))).toEqual(['next', 'confirm']);
    expect(validateChange(rules, { old: 'a', next: 'Fresh12345', confirm: 'Fresh12345' }, true)).toEqual({});
  });
});
