import { birthDateAccepted } from '@panalo/contract/age';
import type { RegistrationRules } from '@panalo/contract/merchant';
import {
  REGISTRATION_FIELDS,
  isRegistrationField,
  type RegistrationField,
} from '@panalo/contract/registration-rules';
import {
  captchaRule,
  configuredRule,
  mobileRule,
  smsCodeRule,
  validateConfirm,
  validateField,
  type Rule,
} from '../../../lib/validation';

/**
 * The register screen's rules (spec §2 Register screen, §4 Registration method, §5), as pure functions of
 * the merchant's flags and registration rules, so they are tested without rendering.
 */
export type RegisterMode = 'username' | 'mobile';

export interface RegisterConfig {
  /** USERNAMEREG3 */
  usernameReg: boolean;
  /** MOBILENUMREG3 */
  mobileReg: boolean;
  /** REGMOBVERF3: username registration also verifies a mobile number by SMS. */
  smsOnUsername: boolean;
  /** MOBILENUMPASSREG3: mobile registration also sets a password. */
  passwordOnMobile: boolean;
  /** bundle.info.register.captchaEnabled */
  captchaEnabled: boolean;
  rules: RegistrationRules;
}

/** AUTH-002: the username / mobile tabs only when both methods are on. */
export function registerTabs(c: RegisterConfig): RegisterMode[] {
  return c.usernameReg && c.mobileReg ? ['username', 'mobile'] : [];
}

/** AUTH-003: mobile only when mobile registration is on and username registration is off. */
export function defaultRegisterMode(c: RegisterConfig): RegisterMode {
  return c.mobileReg && !c.usernameReg ? 'mobile' : 'username';
}

export type FieldValues = Partial<Record<RegistrationField, string>>;

export interface FieldContext {
  mode: RegisterMode;
  /**
   * The link's invitation code stands in for the field: it was checked and is valid (AUTH-013), or its
   * check is still running (so the field does not flash up and vanish again).
   */
  codeFromLink: boolean;
}

/**
 * The effective rule of each field shown, in screen order (AUTH-004). The method's own fields are always
 * shown and required: username and password for username registration, the mobile number and its SMS
 * code for mobile registration (plus the password with MOBILENUMPASSREG3). Every other field appears
 * only when the merchant's rule enables it, required as the rule says (VALID-004).
 */
export function visibleFields(c: RegisterConfig, ctx: FieldContext): Map<RegistrationField, Rule> {
  const enabled = (f: RegistrationField) => configuredRule(c.rules, f).enabled;
  const shown = new Map<RegistrationField, Rule>();
  const byMode = ctx.mode === 'username';
  // By username, REGMOBVERF3 (or the merchant enabling the code's rule) adds a verified mobile number.
  const smsVerified = byMode ? c.smsOnUsername || enabled('verificationCode') : true;
  const withPassword = byMode || c.passwordOnMobile;
  // The contract's field list is the screen order; the verification code sits under the mobile number.
  for (const f of REGISTRATION_FIELDS) {
    const configured = configuredRule(c.rules, f);
    switch (f) {
      case 'username':
        if (byMode) shown.set(f, { ...configured, enabled: true, required: true });
        break;
      case 'mobileNum':
        if (!byMode || smsVerified) shown.set(f, mobileRule(c.rules, true));
        else if (enabled(f)) shown.set(f, mobileRule(c.rules, configured.required));
        break;
      case 'verificationCode':
        if (smsVerified) shown.set(f, smsCodeRule(c.rules));
        break;
      case 'password':
        if (withPassword) shown.set(f, { ...configured, enabled: true, required: true });
        break;
      case 'confirmPassword':
        // VALID-006: required whenever shown; the equality check is validateConfirm's.
        if (withPassword) {
          shown.set(f, {
            ...configured,
            enabled: true,
            required: true,
            requiredMessage: 'valid.in_incorrect_password',
          });
        }
        break;
      case 'captcha':
        // VALID-010: only with the merchant's captcha switched on and the field's rule enabled.
        if (c.captchaEnabled && enabled(f)) shown.set(f, captchaRule);
        break;
      case 'affiliateCode':
        if (enabled(f) && !ctx.codeFromLink) shown.set(f, configured);
        break;
      case 'paymentPassword':
      case 'idNumber':
      case 'qqNum':
      case 'facebook':
      case 'wechat':
      case 'line':
      case 'whatsapp':
      case 'zalo':
      case 'email':
      case 'nickname':
      case 'payeeName':
      case 'birthDate':
      case 'recommenderId':
        if (enabled(f)) shown.set(f, configured);
    }
  }
  return shown;
}

/** Error message keys by field; the first in screen order is where focus goes (VALID-018). */
export function validateForm(
  fields: Map<RegistrationField, Rule>,
  values: FieldValues,
  age?: AgeCheck,
): Partial<Record<RegistrationField, string>> {
  const errors: Partial<Record<RegistrationField, string>> = {};
  for (const [f, rule] of fields) {
    const error = validateOne(f, rule, values, age);
    if (error) errors[f] = error;
  }
  return errors;
}

/** The merchant's minimum age and the user's today ('YYYY-MM-DD'), for the date of birth (VALID-042). */
export interface AgeCheck {
  minAge: number;
  today: string;
}

/**
 * One field's check; the confirmation is checked against the password (VALID-005/006), a date of birth
 * against the merchant's minimum age (VALID-042; the server checks it again by its own clock).
 */
export function validateOne(
  field: RegistrationField,
  rule: Rule,
  values: FieldValues,
  age?: AgeCheck,
): string | null {
  if (field === 'birthDate') {
    const v = values.birthDate ?? '';
    return (
      validateField(rule, v) ??
      (v === '' || !age || birthDateAccepted(v, age.today, age.minAge) ? null : 'errors.birth_date_invalid')
    );
  }
  if (field === 'confirmPassword') {
    return (
      validateField(rule, values.confirmPassword) ??
      validateConfirm(values.password ?? '', values.confirmPassword ?? '')
    );
  }
  return validateField(rule, values[field]);
}

export function firstInvalid(
  fields: Map<RegistrationField, Rule>,
  errors: Partial<Record<RegistrationField, string>>,
): RegistrationField | null {
  for (const f of fields.keys()) if (errors[f]) return f;
  return null;
}

/**
 * The field a server refusal belongs to, and the message to show there: a known code maps to its
 * field; validation_failed names the field (and the rule's message key) in its value.
 */
export function fieldError(
  code: string,
  value: Record<string, unknown> | undefined,
): { field: RegistrationField; key: string } | null {
  if (code === 'validation_failed') {
    const { field, rule } = value ?? {};
    if (!isRegistrationField(field)) return null;
    return {
      field,
      key: typeof rule === 'string' && rule.startsWith('valid.') ? rule : 'errors.validation_failed',
    };
  }
  const field = fieldForError(code);
  return field ? { field, key: `errors.${code}` } : null;
}

/** Server refusals that belong to one field: the error is shown there and the field focused. */
export function fieldForError(code: string): RegistrationField | null {
  switch (code) {
    case 'username_taken':
    case 'username_exists':
    case 'account_format':
      return 'username';
    case 'mobile_taken':
    case 'mobile_format':
    case 'mobile_invalid':
      return 'mobileNum';
    case 'sms_code_wrong':
    case 'verification_code_error':
      return 'verificationCode';
    case 'captcha_required':
    case 'captcha_wrong':
      return 'captcha';
    case 'affiliate_invalid':
    case 'invalid_invitation_code':
    case 'invitation_code_error':
    case 'referrer_link_error':
      return 'affiliateCode';
    case 'password_format':
      return 'password';
    case 'password_mismatch':
      return 'confirmPassword';
    case 'email_format':
      return 'email';
    case 'birth_date_invalid':
      return 'birthDate';
    default:
      return null;
  }
}
