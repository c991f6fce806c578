import { DEFAULT_REGISTRATION_RULES } from '../../modules/provider/brand-defaults';
import type { MerchantSettings, RegistrationRules, Theme, Whitelabel } from '@panalo/contract/merchant';

export interface MerchantSeed {
  code: string;
  name: string;
  currency: string;
  defaultLanguage: string;
  languages: string[];
  theme: Theme;
  whitelabel: Whitelabel;
  rules: RegistrationRules;
  imageCDNs: string[];
  mobileTemplate: {
    mem_cen: string;
    dep_func: string;
    app_background: string;
    app_desc: string;
    app_desc_font_color: string;
  };
  domains: string[];
  mainDomain: string;
  trialMerchantCode: string | null;
  settings: MerchantSettings;
  customerService: { type: 'CS' | 'TELEGRAM' | 'FACEBOOK'; title: string; url: string }[];
  downloads: { resourceType: 'IOS' | 'Android' | 'MOBILECONFIG' | 'AppDownloadIcon'; url: string }[];
}

const baseRules: RegistrationRules = DEFAULT_REGISTRATION_RULES;

export const demoMerchants: MerchantSeed[] = [
  {
    code: 'panalo',
    name: 'Panalo',
    currency: 'PHP',
    defaultLanguage: 'TY',
    languages: ['TY', 'EN'],
    theme: {
      // Darker than the brand's #0f8a5f, which read 4.35:1 on white: every text pair reaches 4.5:1.
      primary: '#0d7752',
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
    rules: baseRules,
    imageCDNs: ['/cdn/edge-a', '/cdn/edge-b'],
    mobileTemplate: {
      mem_cen: '1',
      dep_func: '1',
      app_background: '#0b6b49',
      app_desc: 'Panalo — laro, taya at lotto sa iyong bulsa',
      app_desc_font_color: '#ffffff',
    },
    domains: ['localhost', '127.0.0.1', 'panalo.localhost'],
    mainDomain: 'panalo.localhost',
    trialMerchantCode: 'panalo-trial',
    settings: {
      promotions: { REFERRAL: { enabled: true }, MISSION: { enabled: true } },
      downloadRequiresLogin: false,
      appName: 'Panalo',
      passwordResetByPhone: true,
      captchaEnabled: true,
      smsExpiredMinutes: 5,
      countryDialingCodes: ['+63', '+65', '+60', '+66', '+84', '+62'],
      ageNotice: 18,
    },
    customerService: [
      { type: 'CS', title: 'Live chat 24/7', url: 'https://chat.panalo.example/live' },
      { type: 'TELEGRAM', title: 'Telegram support', url: 'https://t.me/panalo_support' },
      { type: 'TELEGRAM', title: 'Telegram VIP desk', url: 'https://t.me/panalo_vip' },
      { type: 'FACEBOOK', title: 'Panalo on Facebook', url: 'https://facebook.com/panalo.example' },
    ],
    downloads: [
      { resourceType: 'Android', url: '/downloads/panalo.apk' },
      { resourceType: 'MOBILECONFIG', url: '/downloads/panalo.mobileconfig' },
      { resourceType: 'AppDownloadIcon', url: 'brand/panalo-icon.webp' },
    ],
  },
  {
    code: 'luzon',
    name: 'Luzon Palace',
    currency: 'PHP',
    defaultLanguage: 'EN',
    languages: ['EN', 'TY'],
    theme: {
      // On this dark surface one purple cannot be both readable text and a button under white text
      // (#7b2cbf read 2.3:1 as a link): a light purple, with dark labels on its buttons.
      primary: '#b285da',
      primaryText: '#14101f',
      accent: '#ff4d6d',
      background: '#14101f',
      surface: '#221a33',
      text: '#f1ecfa',
      mutedText: '#b8aecb',
      header: '#1b1329',
      headerText: '#f1ecfa',
      footer: '#1b1329',
      logo: 'brand/luzon-logo.svg',
      logoAlt: 'Luzon Palace',
    },
    whitelabel: {
      USERNAMEREG3: true,
      MOBILENUMREG3: false,
      REGMOBVERF3: false,
      MOBILENUMPASSREG3: false,
      MOBILEVERCODELOGIN3: false,
      DEPRECM3: true,
      WITHREC3: true,
      TRANSREC3: false,
      TRANSBETREPMEM3: true,
      PERSREP: false,
      REWCEN3: false,
      MANPLAYREB3: false,
      PLYRBT: false,
      MAILCEN: true,
      FEEDBACK3: false,
      AGETRANSFERUP3: false,
      DIRECTREG: false,
      VIPBENEFIT: false,
      DIVIDEND: false,
      AGEPAG: true,
    },
    rules: {
      ...baseRules,
      captcha: { enabled: false, required: false, message: 'valid.captcha' },
      // Its licence (PAGCOR, 21+) asks for the date of birth: checked against ageNotice at registration.
      birthDate: { enabled: true, required: true, message: 'valid.birthDate' },
    },
    imageCDNs: ['/cdn/lz-1'],
    mobileTemplate: {
      mem_cen: '0',
      dep_func: '0',
      app_background: '#1b1329',
      app_desc: 'Luzon Palace — the casino floor in your hand',
      app_desc_font_color: '#f1ecfa',
    },
    domains: ['luzon.localhost', '127.0.0.2'],
    mainDomain: 'luzon.localhost',
    trialMerchantCode: null,
    settings: {
      promotions: { REFERRAL: { enabled: false } },
      downloadRequiresLogin: true,
      appName: 'Luzon Palace',
      passwordResetByPhone: false,
      captchaEnabled: false,
      smsExpiredMinutes: 3,
      countryDialingCodes: ['+63'],
      ageNotice: 21,
    },
    customerService: [{ type: 'CS', title: 'Concierge chat', url: 'https://concierge.luzon.example/chat' }],
    downloads: [{ resourceType: 'IOS', url: 'https://apps.luzon.example/ios' }],
  },
];
