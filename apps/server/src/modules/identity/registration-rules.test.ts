import { describe, expect, it } from 'vitest';
import type { RegistrationField, RegistrationRules } from '@panalo/contract/merchant';
import { checkRegistrationFields, type FieldPlan } from './registration-rules';

const rules: RegistrationRules = {
  username: {
    enabled: true,
    required: true,
    regExp: '^[a-zA-Z][a-zA-Z0-9]{5,15}$',
    message: 'valid.username',
  },
  password: {
    enabled: true,
    required: true,
    regExp: '^(?=.*[A-Za-z])(?=.*\\d).{8,20}$',
    message: 'valid.password',
  },
  email: { enabled: true, required: false, regExp: '^[^\\s@]+@[^\\s@]+$', message: 'valid.email' },
  nickname: { enabled: false, required: true, regExp: '^.{2,20}$', message: 'valid.nickname' },
  qqNum: { enabled: true, required: true, message: 'valid.qq' },
  affiliateCode: {
    enabled: false,
    required: false,
    regExp: '^[A-Z0-9]{4,16}$',
    message: 'valid.affiliate_code',
  },
  idNumber: { enabled: true, required: false, regExp: '([', message: 'valid.id' },
};
const plan = (o: Partial<Record<keyof FieldPlan, RegistrationField[]>> = {}): FieldPlan => ({
  required: new Set(o.required ?? ['username', 'password']),
  kept: new Set(o.kept ?? []),
  skipped: new Set(o.skipped ?? []),
});
const base = { username: 'Ana2026', password: 'Secret123', qqNum: '12345' };

describe('registration field rules on the server (spec §5)', () => {
  it('VALID-001 VALID-002 an enabled field must match its regExp; the failure names the field and the rule message', () => {
    expect(checkRegistrationFields(rules, { ...base, username: '1ana' }, plan())).toEqual({
      ok: false,
      field: 'username',
      rule: 'valid.username',
    });
    expect(checkRegistrationFields(rules, { ...base, email: 'not-an-address' }, plan())).toMatchObject({
      field: 'email',
      rule: 'valid.email',
    });
  });

  it('VALID-003 an enabled non-required empty field passes and is not stored', () => {
    const r = checkRegistrationFields(rules, { ...base, email: '   ' }, plan());
    expect(r).toEqual({ ok: true, values: { username: 'Ana2026', password: 'Secret123', qqNum: '12345' } });
  });

  it('VALID-002 an enabled required field must be filled', () => {
    expect(
      checkRegistrationFields(rules, { username: 'Ana2026', password: 'Secret123' }, plan()),
    ).toMatchObject({
      ok: false,
      field: 'qqNum',
    });
  });

  it('a disabled field is ignored, even when its rule says required', () => {
    const r = checkRegistrationFields(rules, { ...base, nickname: 'x' }, plan());
    expect(r).toEqual({ ok: true, values: base });
    expect(checkRegistrationFields(rules, base, plan()).ok).toBe(true);
  });

  it('the method’s own fields are required whatever the rules say; skipped fields are left alone', () => {
    expect(checkRegistrationFields({}, {}, plan({ required: ['mobileNum'] }))).toMatchObject({
      ok: false,
      field: 'mobileNum',
    });
    const r = checkRegistrationFields(
      rules,
      { ...base, username: '' },
      plan({ required: ['password'], skipped: ['username'] }),
    );
    expect(r.ok).toBe(true);
  });

  it('a kept field (invitation code from a link) counts even when its rule is off, without its pattern', () => {
    const r = checkRegistrationFields(
      rules,
      { ...base, affiliateCode: 'abc' },
      plan({ kept: ['affiliateCode'] }),
    );
    expect(r.ok && r.values.affiliateCode).toBe('abc');
  });

  it('values are trimmed, passwords are not; a pattern the merchant mistyped does not refuse everyone', () => {
    const r = checkRegistrationFields(
      rules,
      { ...base, username: '  Ana2026 ', password: ' Secret123', idNumber: 'X123' },
      plan(),
    );
    expect(r).toEqual({
      ok: true,
      values: { username: 'Ana2026', password: ' Secret123', qqNum: '12345', idNumber: 'X123' },
    });
  });
});
