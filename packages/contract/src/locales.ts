/**
 * The language pack: every language the product knows, with its text direction. Merchants pick their
 * supported languages from these codes; EN and TY have complete catalogues.
 */
export interface LocaleInfo {
  code: string;
  /** BCP 47 tag for the html lang attribute and Intl. */
  tag: string;
  name: string;
  englishName: string;
  dir: 'ltr' | 'rtl';
  /** ISO 3166 country whose flag stands for the language in the switcher. */
  flag: string;
}

export const LOCALES: readonly LocaleInfo[] = [
  { code: 'EN', tag: 'en', name: 'English', englishName: 'English', dir: 'ltr', flag: 'US' },
  { code: 'TY', tag: 'fil', name: 'Filipino', englishName: 'Filipino', dir: 'ltr', flag: 'PH' },
  {
    code: 'ZH',
    tag: 'zh-Hans',
    name: '简体中文',
    englishName: 'Chinese (Simplified)',
    dir: 'ltr',
    flag: 'CN',
  },
  {
    code: 'ZH_TW',
    tag: 'zh-Hant',
    name: '繁體中文',
    englishName: 'Chinese (Traditional)',
    dir: 'ltr',
    flag: 'TW',
  },
  { code: 'JA', tag: 'ja', name: '日本語', englishName: 'Japanese', dir: 'ltr', flag: 'JP' },
  { code: 'TH', tag: 'th', name: 'ไทย', englishName: 'Thai', dir: 'ltr', flag: 'TH' },
  { code: 'VI', tag: 'vi', name: 'Tiếng Việt', englishName: 'Vietnamese', dir: 'ltr', flag: 'VN' },
  { code: 'MY', tag: 'my', name: 'မြန်မာ', englishName: 'Burmese', dir: 'ltr', flag: 'MM' },
  { code: 'ES', tag: 'es', name: 'Español', englishName: 'Spanish', dir: 'ltr', flag: 'ES' },
  { code: 'HI', tag: 'hi', name: 'हिन्दी', englishName: 'Hindi', dir: 'ltr', flag: 'IN' },
  { code: 'ID', tag: 'id', name: 'Bahasa Indonesia', englishName: 'Indonesian', dir: 'ltr', flag: 'ID' },
  { code: 'KM', tag: 'km', name: 'ខ្មែរ', englishName: 'Khmer', dir: 'ltr', flag: 'KH' },
  { code: 'KO', tag: 'ko', name: '한국어', englishName: 'Korean', dir: 'ltr', flag: 'KR' },
  { code: 'MS', tag: 'ms', name: 'Bahasa Melayu', englishName: 'Malay', dir: 'ltr', flag: 'MY' },
  { code: 'PT', tag: 'pt-PT', name: 'Português', englishName: 'Portuguese', dir: 'ltr', flag: 'PT' },
  {
    code: 'PT_BR',
    tag: 'pt-BR',
    name: 'Português (Brasil)',
    englishName: 'Brazilian Portuguese',
    dir: 'ltr',
    flag: 'BR',
  },
  { code: 'TA', tag: 'ta', name: 'தமிழ்', englishName: 'Tamil', dir: 'ltr', flag: 'IN' },
  { code: 'TL', tag: 'tl', name: 'Tagalog', englishName: 'Tagalog', dir: 'ltr', flag: 'PH' },
  { code: 'UR', tag: 'ur', name: 'اردو', englishName: 'Urdu', dir: 'rtl', flag: 'PK' },
  { code: 'UR_RO', tag: 'ur-Latn', name: 'Roman Urdu', englishName: 'Roman Urdu', dir: 'ltr', flag: 'PK' },
  { code: 'TR', tag: 'tr', name: 'Türkçe', englishName: 'Turkish', dir: 'ltr', flag: 'TR' },
  { code: 'BN', tag: 'bn', name: 'বাংলা', englishName: 'Bengali', dir: 'ltr', flag: 'BD' },
  { code: 'AR', tag: 'ar', name: 'العربية', englishName: 'Arabic', dir: 'rtl', flag: 'SA' },
  { code: 'FA', tag: 'fa', name: 'فارسی', englishName: 'Persian', dir: 'rtl', flag: 'IR' },
  { code: 'RU', tag: 'ru', name: 'Русский', englishName: 'Russian', dir: 'ltr', flag: 'RU' },
  { code: 'KK', tag: 'kk', name: 'Қазақ тілі', englishName: 'Kazakh', dir: 'ltr', flag: 'KZ' },
  { code: 'UZ', tag: 'uz', name: 'Oʻzbekcha', englishName: 'Uzbek', dir: 'ltr', flag: 'UZ' },
  { code: 'LO', tag: 'lo', name: 'ລາວ', englishName: 'Lao', dir: 'ltr', flag: 'LA' },
  { code: 'NE', tag: 'ne', name: 'नेपाली', englishName: 'Nepali', dir: 'ltr', flag: 'NP' },
  { code: 'FR', tag: 'fr', name: 'Français', englishName: 'French', dir: 'ltr', flag: 'FR' },
];

export const DEFAULT_LANGUAGE = 'TY';

export function findLocale(code: string): LocaleInfo | undefined {
  const upper = code.toUpperCase();
  return LOCALES.find((l) => l.code === upper);
}

export function isKnownLanguage(code: string): boolean {
  return findLocale(code) !== undefined;
}
