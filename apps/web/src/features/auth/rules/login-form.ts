import type { LoginRules } from '../../../lib/validation';

/** The login methods of spec §4: user name and password, and mobile plus SMS code (MOBILEVERCODELOGIN3). */
export type LoginMethod = 'password' | 'sms';

export type LoginField = 'username' | 'password' | 'mobileNum' | 'messageCode' | 'captcha';

/** AUTH-016/017: the password tab always, the SMS tab only with MOBILEVERCODELOGIN3. */
export function loginMethods(smsLogin: boolean): LoginMethod[] {
  return smsLogin ? ['password', 'sms'] : ['password'];
}

/** The fields a method submits, in screen order; the captcha last, once the server asked for it. */
export function loginFields(method: LoginMethod, captchaShown: boolean): LoginField[] {
  const own: LoginField[] = method === 'password' ? ['username', 'password'] : ['mobileNum', 'messageCode'];
  return captchaShown ? [...own, 'captcha'] : own;
}

/** VALID-020: which named rule set checks each field (the captcha has its own rule). */
export function loginRuleName(field: Exclude<LoginField, 'captcha'>): keyof LoginRules {
  switch (field) {
    case 'username':
      return 'loginUsername';
    case 'password':
      return 'loginPassword';
    case 'mobileNum':
      return 'loginMobileNum';
    case 'messageCode':
      return 'verificationCode';
  }
}

/** A failed login's answer asks for the captcha with value.captcha (AUTH-024/025). */
export function asksForCaptcha(value: Record<string, unknown> | undefined): boolean {
  return Boolean(value?.captcha);
}

/**
 * Where to go after logging in: the ?redirect= target when it is one of our own /m/ pages, else home.
 * Anything else (another site, //host, a backslash trick) is ignored rather than followed.
 */
export function afterLoginTarget(search: URLSearchParams): string {
  const r = search.get('redirect');
  if (r && /^\/m\/[^\\]*$/.test(r) && !r.startsWith('//') && !/^\/m\/(login|register)\b/i.test(r)) return r;
  return '/m/home';
}

/** What the password box shows for a remembered login: a mask, never a password. */
export const REMEMBERED_MASK = '••••••••';
