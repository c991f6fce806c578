import type { RegistrationRules } from '@panalo/contract/merchant';

/**
 * Why a value fails: an i18n key of this feature (with its parameters), and the merchant's own message
 * key for the rule when it configured one (tried first, so a merchant wording wins when it exists).
 */
export interface Problem {
  key: string;
  params?: Record<string, string | number>;
  ruleMessage?: string;
}

type Rules = RegistrationRules;

function compile(source: string | undefined, fallback: RegExp): RegExp {
  if (!source) return fallback;
  try {
    return new RegExp(source);
  } catch {
    return fallback;
  }
}

const problem = (key: string, extra: Omit<Problem, 'key'> = {}): Problem => ({ key, ...extra });
const withRule = (message: string | undefined) => (message ? { ruleMessage: message } : {});

const ANY_USERNAME = /^\S{1,64}$/;
// When the merchant has no password rule: printable, 6 to 128 characters (the server's fallback too).
const ANY_PASSWORD = /^[\x21-\x7e]{6,128}$/;
const ANY_MOBILE = /^\d{5,20}$/;
const ANY_CODE = /^\d{1,10}$/;
/** VALID-022: an address pattern (something@host.tld, no spaces). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/** VALID-021: the login-username rule (the merchant's username regExp), on the trimmed value. */
export function checkUsername(rules: Rules, value: string): Problem | null {
  const v = value.trim();
  if (!v) return problem('password.valid.usernameRequired');
  const rule = rules.username;
  return compile(rule?.regExp, ANY_USERNAME).test(v)
    ? null
    : problem('password.valid.username', withRule(rule?.message));
}

/** VALID-022: required and an address, else the localized 'email incorrect'. */
export function checkEmail(value: string): Problem | null {
  return EMAIL_PATTERN.test(value.trim()) ? null : problem('password.valid.email');
}

/**
 * VALID-029: the login-password rule for the old password: only that it is there. A member whose
 * password predates today's rule must still be able to type it.
 */
export function checkOldPassword(value: string): Problem | null {
  return value ? null : problem('password.valid.oldRequired');
}

/** VALID-030: the merchant's password rule (registration_rules.password). */
export function checkNewPassword(rules: Rules, value: string): Problem | null {
  if (!value) return problem('password.valid.newRequired');
  const rule = rules.password;
  return compile(rule?.regExp, ANY_PASSWORD).test(value)
    ? null
    : problem('password.valid.format', withRule(rule?.message));
}

/** VALID-031/032: 'Enter password' when empty, 'Confirmation password not matched' when different. */
export function checkConfirm(password: string, confirm: string): Problem | null {
  if (!confirm) return problem('password.valid.confirmRequired');
  return confirm === password ? null : problem('password.valid.confirmMismatch');
}

/** The shortest mobile number the merchant's rule allows (its first {min,max}), for VALID-025's message. */
export function mobileMinLength(rules: Rules): number {
  const m = /\{(\d+)(?:,\d*)?\}/.exec(rules.mobileNum?.regExp ?? '');
  return m ? Number(m[1]) : 5;
}

/** VALID-025: mobileNum required and by the merchant's rule; the message names the minimum length. */
export function checkMobile(rules: Rules, value: string): Problem | null {
  const v = value.trim();
  const ok = v !== '' && ANY_MOBILE.test(v) && compile(rules.mobileNum?.regExp, ANY_MOBILE).test(v);
  return ok ? null : problem('password.valid.mobile', { params: { min: mobileMinLength(rules) } });
}

/** VALID-026 (and VALID-012/013): numeric, at most 10 digits, and the merchant's code rule if any. */
export function checkCode(rules: Rules, value: string): Problem | null {
  const v = value.trim();
  const ok = ANY_CODE.test(v) && compile(rules.verificationCode?.regExp, ANY_CODE).test(v);
  return ok ? null : problem('password.valid.code');
}

export interface ChangeForm {
  old: string;
  next: string;
  confirm: string;
}
export type ChangeErrors = Partial<Record<keyof ChangeForm, Problem>>;

/**
 * AUTH-053: the change-password form's checks, in field order (the first one gets the focus). The old
 * password is checked only when its field is shown (it is not held in memory).
 */
export function validateChange(rules: Rules, form: ChangeForm, askOld: boolean): ChangeErrors {
  const errors: ChangeErrors = {};
  const old = askOld ? checkOldPassword(form.old) : null;
  const next = checkNewPassword(rules, form.next);
  const confirm = checkConfirm(form.next, form.confirm);
  if (old) errors.old = old;
  if (next) errors.next = next;
  if (confirm) errors.confirm = confirm;
  return errors;
}
