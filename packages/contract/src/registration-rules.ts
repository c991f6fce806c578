// Zod-free registration rules (spec §5), shared by the server and the web: the registration form's fields,
// in the order the form shows them (and the server checks them, so the first failure is the first field
// the member sees). merchant.ts builds its zod enum from this list.

export const REGISTRATION_FIELDS = [
  'username',
  'mobileNum',
  'verificationCode',
  'password',
  'confirmPassword',
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
  'birthDate',
  'recommenderId',
  'affiliateCode',
  'captcha',
] as const;
export type RegistrationField = (typeof REGISTRATION_FIELDS)[number];

/**
 * The longest value the registration takes for each field (the register payload's limits; the form's
 * inputs stop there too, except the captcha, whose form limit is the spec's six digits).
 */
export const REGISTRATION_FIELD_MAX: Readonly<Record<RegistrationField, number>> = {
  username: 32,
  mobileNum: 20,
  verificationCode: 10,
  password: 128,
  confirmPassword: 128,
  paymentPassword: 32,
  idNumber: 32,
  qqNum: 32,
  facebook: 64,
  wechat: 64,
  line: 64,
  whatsapp: 32,
  zalo: 32,
  email: 128,
  nickname: 32,
  payeeName: 64,
  birthDate: 10,
  recommenderId: 32,
  affiliateCode: 32,
  captcha: 16,
};

/** Is this (a server refusal's field name, say) one of the registration fields? */
export const isRegistrationField = (f: unknown): f is RegistrationField =>
  typeof f === 'string' && (REGISTRATION_FIELDS as readonly string[]).includes(f);
