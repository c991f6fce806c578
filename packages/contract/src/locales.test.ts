import { describe, expect, it } from 'vitest';
import { DEFAULT_LANGUAGE, findLocale, isKnownLanguage, LOCALES } from './locales';

// Spec §1's language pack, by English name, plus TY (Filipino) which the product itself speaks.
const SPEC_LANGUAGES = [
  'Chinese (Simplified)',
  'Chinese (Traditional)',
  'English',
  'Japanese',
  'Thai',
  'Vietnamese',
  'Burmese',
  'Spanish',
  'Hindi',
  'Indonesian',
  'Khmer',
  'Korean',
  'Malay',
  'Portuguese',
  'Brazilian Portuguese',
  'Tamil',
  'Tagalog',
  'Urdu',
  'Roman Urdu',
  'Turkish',
  'Bengali',
  'Arabic',
  'Persian',
  'Russian',
  'Kazakh',
  'Uzbek',
  'Lao',
  'Nepali',
  'French',
];

describe('locale registry', () => {
  it('I18N-002 lists every language of the language pack, plus TY (Filipino)', () => {
    const names = LOCALES.map((l) => l.englishName);
    for (const name of SPEC_LANGUAGES) expect(names, name).toContain(name);
    expect(findLocale('TY')?.englishName).toBe('Filipino');
    expect(LOCALES).toHaveLength(SPEC_LANGUAGES.length + 1);
  });

  it('I18N-002 codes and html tags are unique, and every entry is complete', () => {
    expect(new Set(LOCALES.map((l) => l.code)).size).toBe(LOCALES.length);
    expect(new Set(LOCALES.map((l) => l.tag)).size).toBe(LOCALES.length);
    for (const l of LOCALES) {
      expect(l.code).toMatch(/^[A-Z]{2}(_[A-Z]{2})?$/);
      expect(l.name.length).toBeGreaterThan(0);
      expect(l.flag).toMatch(/^[A-Z]{2}$/);
      // The tag must be a valid BCP 47 tag: Intl rejects malformed ones.
      expect(() => Intl.getCanonicalLocales(l.tag)).not.toThrow();
    }
  });

  it('I18N-002 right-to-left is exactly Arabic, Persian and Urdu', () => {
    const rtl = LOCALES.filter((l) => l.dir === 'rtl').map((l) => l.englishName);
    expect(rtl.sort()).toEqual(['Arabic', 'Persian', 'Urdu']);
    // Roman Urdu is written in Latin script, left to right.
    expect(findLocale('UR_RO')?.dir).toBe('ltr');
  });

  it('I18N-006 EN is English with the US flag', () => {
    expect(findLocale('EN')).toMatchObject({ name: 'English', flag: 'US', tag: 'en' });
  });

  it('I18N-007 TY is Filipino with the PH flag', () => {
    expect(findLocale('TY')).toMatchObject({ name: 'Filipino', flag: 'PH', tag: 'fil' });
  });

  it('I18N-003 the default language is TY', () => {
    expect(DEFAULT_LANGUAGE).toBe('TY');
  });

  it('lookup is case-insensitive and unknown codes are not languages', () => {
    expect(findLocale('ty')?.code).toBe('TY');
    expect(isKnownLanguage('pt_br')).toBe(true);
    expect(isKnownLanguage('XX')).toBe(false);
    expect(findLocale('')).toBeUndefined();
  });
});
