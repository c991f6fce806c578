import type { FieldRule, RegistrationRules } from '@panalo/contract/merchant';
import { REGISTRATION_FIELD_MAX, type RegistrationField } from '@panalo/contract/registration-rules';

/**
 * The field rule engine of spec §5. A rule has the merchant's shape (enabled, required, regExp, message)
 * plus two optional extras the spec fixes for some fields: a separate message for an empty required
 * field (in_vwrite_code, in_incorrect_password) and a maximum length (captcha 6, SMS code 10,
 * mobile 20). Messages are i18n keys; `messageKey` turns one into a key of valid.json.
 */
export interface Rule extends FieldRule {
  /** Shown instead of `message` when a required field is empty. */
  requiredMessage?: string | undefined;
  maxLength?: number | undefined;
}

/** The catalogue prefix of validation messages (valid.json). */
export const VALID_NS = 'valid';

/** Max lengths of spec §5/§9. */
export const CAPTCHA_MAX = 6;
export const SMS_CODE_MAX = REGISTRATION_FIELD_MAX.verificationCode;
export const MOBILE_MAX = REGISTRATION_FIELD_MAX.mobileNum;

const compiled = new Map<string, RegExp | null>();

/** The merchant's pattern, compiled once; a pattern that does not compile is ignored, never thrown. */
function pattern(source: string): RegExp | null {
  let re = compiled.get(source);
  if (re === undefined) {
    try {
      re = new RegExp(source);
    } catch {
      re = null;
    }
    compiled.set(source, re);
  }
  return re;
}

/** Empty, or whitespace only. */
export const isBlank = (value: string | null | undefined) => (value ?? '').trim() === '';

/**
 * Validates one value: null when it passes, else the rule's message key. A disabled rule is not
 * checked; an empty (or blank) value passes unless the rule requires it (VALID-003).
 */
export function validateField(rule: Rule, value: string | null | undefined): string | null {
  if (!rule.enabled) return null;
  const v = value ?? '';
  if (isBlank(v)) return rule.required ? (rule.requiredMessage ?? rule.message) : null;
  if (rule.maxLength !== undefined && v.length > rule.maxLength) return rule.message;
  if (rule.regExp !== undefined) {
    const re = pattern(rule.regExp);
    if (re && !re.test(v)) return rule.message;
  }
  return null;
}

/** A message as a catalogue key: the merchant sends 'valid.username'; a bare 'username' gets the prefix. */
export function messageKey(message: string): string {
  return message.includes('.') ? message : `${VALID_NS}.${message}`;
}

/** VALID-035: the 'whitespace' rule; an empty or whitespace-only string fails. */
export const whitespaceRule: Rule = { enabled: true, required: true, message: 'valid.whitespace' };

/** VALID-007..009: required when shown (in_vwrite_code), numeric, at most 6 digits. */
export const captchaRule: Rule = {
  enabled: true,
  required: true,
  regExp: `^\\d{1,${CAPTCHA_MAX}}$`,
  message: 'valid.captcha',
  requiredMessage: 'valid.in_vwrite_code',
  maxLength: CAPTCHA_MAX,
};

/** VALID-005/006: confirm password is required (in_incorrect_password) and equals the password. */
export function validateConfirm(password: string, confirm: string): string | null {
  if (confirm === '') return 'valid.in_incorrect_password';
  return confirm === password ? null : 'valid.in_confirmation_correct';
}

// Fallbacks for a merchant whose configuration lacks a field's rule. Conservative: they only stop what
// the server would refuse anyway (lengths of the contract, digits where the spec says numeric).
const FALLBACK: Partial<Record<RegistrationField, Rule>> = {
  username: { enabled: true, required: true, regExp: '^[A-Za-z0-9_]{4,32}$', message: 'valid.username' },
  password: { enabled: true, required: true, regExp: '^\\S{6,128}$', message: 'valid.password' },
  mobileNum: {
    enabled: true,
    required: true,
    regExp: `^\\d{5,${MOBILE_MAX}}$`,
    message: 'valid.mobile',
  },
  verificationCode: {
    enabled: true,
    required: true,
    regExp: `^\\d{1,${SMS_CODE_MAX}}$`,
    message: 'valid.verification_code',
  },
};

const DISABLED: Rule = { enabled: false, required: false, message: 'valid.invalid' };

/** The configured rule for a registration field (VALID-001), else a fallback, else a disabled rule. */
export function configuredRule(rules: RegistrationRules, field: RegistrationField): Rule {
  return rules[field] ?? FALLBACK[field] ?? DISABLED;
}

/** VALID-012..015: the SMS code is numeric and at most 10 long, whatever the merchant's pattern allows. */
export function smsCodeRule(rules: RegistrationRules): Rule {
  const r = configuredRule(rules, 'verificationCode');
  const digits = FALLBACK.verificationCode!.regExp!;
  // The merchant may narrow the code (e.g. exactly 6 digits) but never widen it past the spec's limits.
  const regExp =
    r.regExp !== undefined && pattern(r.regExp) ? `^(?=${digits.slice(1)})(?:${r.regExp})` : digits;
  return { enabled: true, required: true, regExp, message: r.message, maxLength: SMS_CODE_MAX };
}

/** VALID-015: a mobile number of at most 20 digits, by the merchant's pattern. */
export function mobileRule(rules: RegistrationRules, required: boolean): Rule {
  const r = configuredRule(rules, 'mobileNum');
  return {
    enabled: true,
    required,
    regExp: r.regExp ?? FALLBACK.mobileNum!.regExp,
    message: r.message,
    maxLength: MOBILE_MAX,
  };
}

export interface LoginRules {
  loginUsername: Rule;
  loginPassword: Rule;
  loginMobileNum: Rule;
  verificationCode: Rule;
}

/**
 * VALID-020: the named login rule sets, built from the merchant's registration rules. A member may
 * log in with the mobile number as user name (after setting a password by SMS, spec §4), so the user
 * name passes the username or the mobile pattern. The password is only required: a merchant that
 * tightens its password rule must not lock out members with older passwords.
 */
export function loginRules(rules: RegistrationRules): LoginRules {
  const username = configuredRule(rules, 'username');
  const mobile = mobileRule(rules, true);
  const either =
    username.regExp !== undefined && mobile.regExp !== undefined
      ? `(?:${username.regExp})|(?:${mobile.regExp})`
      : undefined;
  return {
    loginUsername: {
      enabled: true,
      required: true,
      regExp: either,
      message: username.message,
      maxLength: 64,
    },
    loginPassword: {
      enabled: true,
      required: true,
      message: 'valid.login_password',
      maxLength: 128,
    },
    loginMobileNum: mobile,
    verificationCode: smsCodeRule(rules),
  };
}
