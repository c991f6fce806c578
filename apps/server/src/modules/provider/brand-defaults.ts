import type {
  MerchantSettings,
  MobileTemplate,
  RegistrationRules,
  Whitelabel,
} from '@panalo/contract/merchant';
import { WHITELABEL_FLAGS } from '@panalo/contract/merchant';
import { BRAND_MODULES_OFF_BY_DEFAULT } from '@panalo/contract/provider-rules';

/**
 * What a brand launched without a template starts with: the platform's defaults, each changeable later in
 * the brand's console. Amounts are minor units.
 */
export const DEFAULT_CASHIER = {
  minWithdraw: 100_00n,
  maxWithdraw: 50_000_00n,
  maxCards: 3,
  methods: [
    {
      code: 'PAYSIM',
      kind: 'gateway' as const,
      name: 'E-wallet (PaySim)',
      provider: 'paysim',
      min: 50_00n,
      max: 20_000_00n,
    },
    {
      code: 'BANK',
      kind: 'bank_transfer' as const,
      name: 'Bank transfer',
      provider: null,
      min: 100_00n,
      max: 50_000_00n,
    },
  ],
};

/** The banks and e-wallets players of the Philippines withdraw to. */
export const PH_WITHDRAW_BANKS = [
  { code: 'BDO', name: 'BDO Unibank' },
  { code: 'BPI', name: 'Bank of the Philippine Islands' },
  { code: 'MBTC', name: 'Metrobank' },
  { code: 'LBP', name: 'Landbank' },
  { code: 'UBP', name: 'UnionBank' },
  { code: 'GCASH', name: 'GCash' },
  { code: 'MAYA', name: 'Maya' },
];

/**
 * The modules of a brand launched without a template: every module of the spec but those that need the
 * brand's own accounts first (BRAND_MODULES_OFF_BY_DEFAULT); the launch form changes any of them.
 */
export const DEFAULT_MODULES: Whitelabel = Object.fromEntries(
  WHITELABEL_FLAGS.map((f) => [f, !(BRAND_MODULES_OFF_BY_DEFAULT as readonly string[]).includes(f)]),
);

/** The registration form of the demo brands: username, password, mobile, e-mail, invitation code, captcha. */
export const DEFAULT_REGISTRATION_RULES: RegistrationRules = {
  username: {
    enabled: true,
    required: true,
    regExp: '^[a-zA-Z][a-zA-Z0-9]{5,15}$',
    message: 'valid.username',
  },
  password: {
    enabled: true,
    required: true,
    regExp: '^(?=.*[A-Za-z])(?=.*\\d)[\\x21-\\x7e]{8,20}$',
    message: 'valid.password',
  },
  confirmPassword: { enabled: true, required: true, message: 'valid.confirm_password' },
  mobileNum: { enabled: true, required: false, regExp: '^\\d{7,15}$', message: 'valid.mobile' },
  verificationCode: {
    enabled: false,
    required: false,
    regExp: '^\\d{4,10}$',
    message: 'valid.verification_code',
  },
  email: {
    enabled: true,
    required: false,
    regExp: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]{2,}$',
    message: 'valid.email',
  },
  nickname: { enabled: false, required: false, regExp: '^.{2,20}$', message: 'valid.nickname' },
  affiliateCode: {
    enabled: true,
    required: false,
    regExp: '^[A-Za-z0-9]{4,16}$',
    message: 'valid.affiliate_code',
  },
  captcha: { enabled: true, required: true, regExp: '^\\d{1,6}$', message: 'valid.captcha' },
};

export const defaultSettings = (o: { name: string; minAge: number; timeZone: string }): MerchantSettings => ({
  promotions: {},
  downloadRequiresLogin: false,
  appName: o.name,
  passwordResetByPhone: true,
  captchaEnabled: true,
  smsExpiredMinutes: 5,
  countryDialingCodes: ['+63'],
  ageNotice: o.minAge,
  timeZone: o.timeZone,
});

export const defaultMobileTemplate = (o: {
  name: string;
  header: string;
  headerText: string;
}): MobileTemplate => ({
  mem_cen: '1',
  dep_func: '1',
  app_background: o.header,
  app_desc: o.name,
  app_desc_font_color: o.headerText,
});
