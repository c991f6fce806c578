import type { RegistrationField } from '@panalo/contract/registration-rules';
import type { Rule } from '../../../lib/validation';
import type { RegisterRequest } from '../api/register';
import type { FieldValues, RegisterMode } from './register-form';

export type RegisterMethod = RegisterRequest['registerMethod'];

/** The native app shell adds this token to its user agent (our contract with the app build). */
export const NATIVE_APP_UA_TOKEN = 'PanaloApp';

export interface RegisterEnvironment {
  userAgent: string;
  /** Launched from the home screen (display-mode standalone or navigator.standalone). */
  standalone: boolean;
  /** The stored WEBCLIP value. */
  webClip: string | null;
}

/**
 * API-009: where the member registered from. The native app and a web clip also run standalone, so
 * the more specific answers are tried first: the app's user-agent token, then the web-clip flag,
 * then standalone (an installed PWA), else the browser (H5).
 */
export function registerMethodFor(env: RegisterEnvironment): RegisterMethod {
  if (env.userAgent.includes(NATIVE_APP_UA_TOKEN)) return 'APP';
  if (env.webClip !== null && env.webClip !== '' && env.webClip !== '0' && env.webClip !== 'false') {
    return 'WEBCLIP';
  }
  return env.standalone ? 'PWA' : 'H5';
}

/** The invitation link's parameters (?code= or ?affiliateCode=, ?domain=; a friend's ?ref=). */
export interface LinkParams {
  code: string | null;
  domain: string | null;
  /** Invite friends (PROMO-003): the inviting member's referral code, when it has a code's shape. */
  ref?: string | null;
}

export function linkParams(search: URLSearchParams): LinkParams {
  const pick = (...names: string[]) => {
    for (const n of names) {
      const v = search.get(n)?.trim();
      if (v) return v;
    }
    return null;
  };
  const ref = pick('ref');
  return {
    code: pick('code', 'affiliateCode'),
    domain: pick('domain'),
    ...(ref && /^[A-Za-z0-9]{4,16}$/.test(ref) ? { ref } : {}),
  };
}

export interface PayloadInput {
  mode: RegisterMode;
  fields: Map<RegistrationField, Rule>;
  values: FieldValues;
  countryDialingCode: string;
  link: LinkParams;
  linkCodeValid: boolean;
  registerMethod: RegisterMethod;
  /** location.host */
  host: string;
  /**
   * API-015: the phone-verification service's ID token, when the SMS code went through it; it replaces
   * the code, which the service has checked.
   */
  firebaseIdToken?: string;
}

// Passwords are sent exactly as typed; every other text is trimmed.
const RAW: ReadonlySet<RegistrationField> = new Set(['password', 'confirmPassword', 'paymentPassword']);

/**
 * The registration payload of spec §3 (API-007..014): every field shown and filled, confirmPassword equal
 * to password, the affiliate code from the form or else the link's (when the link's was valid), domain
 * from the link, registerUrl the current host, type always 0.
 */
export function buildRegisterPayload(p: PayloadInput): RegisterRequest {
  const out: RegisterRequest = {
    registerMethod: p.registerMethod,
    registerUrl: p.host,
    type: 0,
    mode: p.mode,
  };
  const target = out as Record<string, unknown>;
  for (const f of p.fields.keys()) {
    if (f === 'confirmPassword') continue;
    const raw = p.values[f] ?? '';
    const v = RAW.has(f) ? raw : raw.trim();
    if (v !== '') target[f] = v;
  }
  if (out.password !== undefined) out.confirmPassword = out.password;
  if (out.mobileNum !== undefined) out.countryDialingCode = p.countryDialingCode;
  if (out.affiliateCode === undefined && p.link.code && p.linkCodeValid) out.affiliateCode = p.link.code;
  if (p.link.domain) out.domain = p.link.domain;
  if (p.link.ref) out.referralCode = p.link.ref;
  if (p.firebaseIdToken !== undefined) {
    delete out.verificationCode;
    out.firebaseChannel = 'sms';
    out.firebaseIdToken = p.firebaseIdToken;
  }
  return out;
}
