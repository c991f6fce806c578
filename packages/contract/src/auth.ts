import { z } from 'zod';
import { ok } from './common';
import { ENVELOPE_ALGORITHM } from './auth-constants';
import { REGISTRATION_FIELD_MAX, type RegistrationField } from './registration-rules';

export { ENVELOPE_ALGORITHM };

// ---------------------------------------------------------------------------------------------
// Encrypted envelope (spec §7: login and register send their payload encrypted, with Encryption
// and Device headers). Hybrid: an AES-256-GCM key per request, wrapped with the server's RSA-OAEP
// (SHA-256) public key. The plaintext carries a timestamp and a nonce; a replay is refused.
// ---------------------------------------------------------------------------------------------
export const loginKeyResponse = ok(
  z.object({
    kid: z.string(),
    algorithm: z.literal(ENVELOPE_ALGORITHM),
    publicKey: z.string().describe('SPKI, base64'),
  }),
);
export type LoginKey = z.infer<typeof loginKeyResponse>['value'];

const b64 = z
  .string()
  .regex(/^[A-Za-z0-9+/]+={0,2}$/)
  .max(16_384);
export const envelope = z.object({
  kid: z.string().max(64),
  key: b64.describe('AES key wrapped with RSA-OAEP-256'),
  iv: b64.describe('12-byte GCM nonce'),
  data: b64.describe('AES-GCM ciphertext (with tag) of the JSON payload'),
});
export type Envelope = z.infer<typeof envelope>;
/** Every encrypted payload carries these two fields for replay protection. */
export const envelopeFreshness = z.object({
  ts: z.number().int().describe('client time, ms since epoch'),
  nonce: z.string().min(16).max(64),
});

export const deviceHeader = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/);

// ---------------------------------------------------------------------------------------------
// Login (spec §3 login payload; §4 captcha after a failure; response value.token, value.userName,
// value.customerType, value.firstTimeLogin).
// ---------------------------------------------------------------------------------------------
export const loginType = z.enum(['username', 'sms', 'firebase', 'device']);
export const loginPayload = envelopeFreshness.extend({
  type: loginType,
  username: z.string().max(64).optional(),
  password: z.string().max(128).optional(),
  captcha: z.string().max(16).optional(),
  countryDialingCode: z.string().max(8).optional(),
  mobileNum: z.string().max(20).optional(),
  messageCode: z.string().max(10).optional(),
  /** 'device' login: the long-lived credential that replaces a remembered password. */
  deviceToken: z.string().max(128).optional(),
  /** Ask for a device credential (remember password). */
  remember: z.boolean().optional(),
  /** 'firebase' login (API-004): the phone-verification service's ID token for this number. */
  firebaseChannel: z.literal('sms').optional(),
  firebaseIdToken: z.string().max(4096).optional(),
  firebaseMobileNo: z.string().max(20).optional(),
  /** Staff sign-in (the operator console): the authenticator app's current 6-digit code. */
  otp: z
    .string()
    .regex(/^\d{6}$/)
    .optional(),
});
export type LoginPayload = z.infer<typeof loginPayload>;

export const sessionValue = z.object({
  token: z.string(),
  userName: z.string(),
  customerType: z.number().int(),
  firstTimeLogin: z.boolean(),
  merchantCode: z.string(),
  expiresAt: z.string(),
  /** Only when remember was asked: the device credential to keep instead of a password. */
  deviceToken: z.string().optional(),
});
export type SessionValue = z.infer<typeof sessionValue>;
export const sessionResponse = ok(sessionValue);

// ---------------------------------------------------------------------------------------------
// Registration (spec §3 registration payload; type always 0).
// ---------------------------------------------------------------------------------------------
export const registerMethod = z.enum(['APP', 'H5', 'WEBCLIP', 'PWA']);
const opt = (max: number) => z.string().max(max).optional();
/** A registration field, up to its limit (`REGISTRATION_FIELD_MAX`: the site's form stops there too). */
const field = (name: RegistrationField) => opt(REGISTRATION_FIELD_MAX[name]);
export const registerPayload = envelopeFreshness.extend({
  registerMethod,
  registerUrl: z.string().max(255),
  domain: opt(255),
  type: z.literal(0),
  mode: z.enum(['username', 'mobile']),
  username: field('username'),
  password: field('password'),
  confirmPassword: field('confirmPassword'),
  countryDialingCode: opt(8),
  mobileNum: field('mobileNum'),
  verificationCode: field('verificationCode'),
  affiliateCode: field('affiliateCode'),
  paymentPassword: field('paymentPassword'),
  recommenderId: field('recommenderId'),
  /** Invite friends (PROMO-003): the inviter's referral code, from the invitation link's ?ref=. */
  referralCode: z
    .string()
    .regex(/^[A-Za-z0-9]{4,16}$/)
    .optional(),
  nickname: field('nickname'),
  payeeName: field('payeeName'),
  /** 'YYYY-MM-DD' (the merchant's birthDate rule says whether it is asked and required). */
  birthDate: field('birthDate'),
  email: field('email'),
  idNumber: field('idNumber'),
  qqNum: field('qqNum'),
  facebook: field('facebook'),
  wechat: field('wechat'),
  line: field('line'),
  whatsapp: field('whatsapp'),
  zalo: field('zalo'),
  captcha: field('captcha'),
  firebaseChannel: z.literal('sms').optional(),
  firebaseIdToken: opt(4096),
});
export type RegisterPayload = z.infer<typeof registerPayload>;

// ---------------------------------------------------------------------------------------------
// Captcha, SMS code, affiliate check, field check, trial, passwords.
// ---------------------------------------------------------------------------------------------
/** The captcha image as a base64 PNG data string in value (spec §3); bound to the Device header. */
export const captchaResponse = ok(z.string().describe('base64 PNG'));

export const smsModule = z.literal('VERIFICATION3');
export const smsPurpose = z.enum(['register', 'login', 'reset']);
export const smsCodeRequest = z.object({
  countryDialingCode: z.string().regex(/^\+\d{1,4}$/),
  /** mobileNo for registration, mobileNum for login and set-password (spec §3). */
  mobileNo: z
    .string()
    .regex(/^\d{5,20}$/)
    .optional(),
  mobileNum: z
    .string()
    .regex(/^\d{5,20}$/)
    .optional(),
  module: smsModule,
  purpose: smsPurpose,
});
export const smsCodeResponse = ok(z.object({ expiredMinutes: z.number().int().positive() }));

export const affiliateCheckQuery = z.object({
  code: z.string().max(32),
  domain: z.string().max(255).optional(),
});
export const affiliateCheckResponse = ok(z.object({ success: z.boolean() }));

/** The verification call (GET with a query): is this username / mobile number free to register? */
export const verifyQuery = z.object({
  field: z.enum(['username', 'mobileNum']),
  value: z.string().max(32),
  countryDialingCode: z.string().max(8).optional(),
});
export const verifyResponse = ok(z.object({ available: z.boolean() }));

export const trialCreateResponse = ok(z.object({ userName: z.string(), trialKey: z.string() }));
export const trialLoginRequest = z.object({ userName: z.string().max(32), trialKey: z.string().max(128) });

export const changePasswordRequest = z.object({
  oldPassword: z.string().min(1).max(128),
  newPassword: z.string().min(1).max(128),
  confirmNewPassword: z.string().min(1).max(128),
});
export const forgotEmailRequest = z.object({
  username: z.string().trim().min(1).max(64),
  email: z.string().trim().min(3).max(128),
});
export const resetByLinkRequest = z.object({
  token: z.string().min(16).max(256),
  newPassword: z.string().min(1).max(128),
});
export const setPasswordBySmsRequest = z.object({
  countryDialingCode: z.string().regex(/^\+\d{1,4}$/),
  mobileNum: z.string().regex(/^\d{5,20}$/),
  verificationCode: z.string().regex(/^\d{1,10}$/),
  newPassword: z.string().min(1).max(128),
});
export const okEmpty = ok(z.object({}));
