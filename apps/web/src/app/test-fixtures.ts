import type { StartupBundle } from '@panalo/contract/startup';
import type { Whitelabel } from '@panalo/contract/merchant';
import type { SessionInfo } from '../lib/session';

/**
 * Test fixtures shared by component tests: the startup bundle the server builds for the seeded 'panalo'
 * merchant (apps/server/src/db/seed/merchants.seed.ts, buildStartupBundle) and a member session.
 * Derive variants with `makeBundle` rather than editing these objects.
 */
export const panaloBundle: StartupBundle = {
  maintenance: null,
  regionRestriction: null,
  info: {
    customerService: {
      CS: [{ title: 'Live chat 24/7', url: 'https://chat.panalo.example/live' }],
      TELEGRAM: [
        { title: 'Telegram support', url: 'https://t.me/panalo_support' },
        { title: 'Telegram VIP desk', url: 'https://t.me/panalo_vip' },
      ],
      FACEBOOK: [{ title: 'Panalo on Facebook', url: 'https://facebook.com/panalo.example' }],
    },
    imageCDNs: ['/cdn/edge-a', '/cdn/edge-b'],
    domainRoute: ['https://panalo.localhost'],
    mobileTemplate: {
      mem_cen: '1',
      dep_func: '1',
      app_background: '#0b6b49',
      app_desc: 'Panalo — laro, taya at lotto sa iyong bulsa',
      app_desc_font_color: '#ffffff',
    },
    paths: {
      customerService: 'https://chat.panalo.example/live',
      help: '/m/help',
      agreement: '/m/useragreement',
    },
    register: {
      rules: {
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
      },
      captchaEnabled: true,
      passwordResetByPhone: true,
      smsExpiredMinutes: 5,
      countryDialingCodes: ['+63', '+65', '+60', '+66', '+84', '+62'],
      ageNotice: 18,
      phoneVerification: null,
    },
    resources: [
      { resourceType: 'Android', url: '/downloads/panalo.apk' },
      { resourceType: 'MOBILECONFIG', url: '/downloads/panalo.mobileconfig' },
      { resourceType: 'AppDownloadIcon', url: 'brand/panalo-icon.svg' },
    ],
    whitelabel: {
      USERNAMEREG3: true,
      MOBILENUMREG3: true,
      REGMOBVERF3: false,
      MOBILENUMPASSREG3: true,
      FACEBOOKLOGIN3: false,
      GOOGLELOGIN3: false,
      MOBILEVERCODELOGIN3: true,
      DEPRECM3: true,
      WITHREC3: true,
      TRANSREC3: true,
      TRANSBETREPMEM3: true,
      PERSREP: true,
      REWCEN3: true,
      MANPLAYREB3: true,
      PLYRBT: true,
      MAILCEN: true,
      FEEDBACK3: true,
      AGETRANSFERUP3: true,
      DIRECTREG: true,
      VIPBENEFIT: true,
      DIVIDEND: true,
      AGEPAG: true,
      DOWNMAN: true,
      AGENTRANSMULTDOWN3: true,
      AGETEAMPNL3: true,
      TEAMBETTING3: true,
      GAMSER: true,
      AGEREBINC3: true,
      SECPRIV: true,
    },
    mainDomain: 'panalo.localhost',
  },
  location: { ip: '127.0.0.1', country: 'PH' },
  site: {
    platform: 'mobile',
    merchantCode: 'panalo',
    trialMerchantCode: 'panalo-trial',
    name: 'Panalo',
    currency: 'PHP',
    theme: {
      primary: '#0f8a5f',
      primaryText: '#ffffff',
      accent: '#f5b700',
      background: '#f2f5f3',
      surface: '#ffffff',
      text: '#17211c',
      mutedText: '#5b6b63',
      header: '#0b6b49',
      headerText: '#ffffff',
      footer: '#ffffff',
      logo: 'brand/panalo-logo.svg',
      logoAlt: 'Panalo',
    },
    defaultLanguage: 'TY',
    languages: [
      { code: 'TY', tag: 'fil', name: 'Filipino', dir: 'ltr', flag: 'PH' },
      { code: 'EN', tag: 'en', name: 'English', dir: 'ltr', flag: 'US' },
    ],
    downloadRequiresLogin: false,
    appName: 'Panalo',
    promotions: { REFERRAL: { enabled: true }, MISSION: { enabled: true } },
    socialLogin: { facebook: false, google: false },
  },
};

export interface BundlePatch {
  /** White-label flags to set (merged over the bundle's). */
  flags?: Whitelabel;
  promotions?: StartupBundle['site']['promotions'];
  site?: Partial<StartupBundle['site']>;
  info?: Partial<StartupBundle['info']>;
  maintenance?: StartupBundle['maintenance'];
  regionRestriction?: StartupBundle['regionRestriction'];
}

/** A copy of `base` (the panalo bundle by default) with the given changes. */
export function makeBundle(patch: BundlePatch = {}, base: StartupBundle = panaloBundle): StartupBundle {
  const copy = structuredClone(base);
  return {
    ...copy,
    ...(patch.maintenance !== undefined ? { maintenance: patch.maintenance } : {}),
    ...(patch.regionRestriction !== undefined ? { regionRestriction: patch.regionRestriction } : {}),
    info: {
      ...copy.info,
      ...patch.info,
      whitelabel: { ...copy.info.whitelabel, ...patch.info?.whitelabel, ...patch.flags },
    },
    site: {
      ...copy.site,
      ...patch.site,
      ...(patch.promotions ? { promotions: patch.promotions } : {}),
    },
  };
}

/** A logged-in ordinary member (type 1) of the panalo merchant. */
export const memberSession: SessionInfo = {
  token: 'test-token-0123456789abcdef',
  merchantCode: 'panalo',
  userName: 'juan123',
  type: 1,
  firstTimeLogin: false,
};

/** A free-trial account (type 4, spec §6). */
export const trialSession: SessionInfo = { ...memberSession, userName: 'guest8812', type: 4 };
