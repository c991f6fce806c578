import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { I18nProvider } from './react';
import { LOCALES } from '@panalo/contract/locales';
import { panaloBundle } from '../app/test-fixtures';
import { SITE_LANGUAGES } from '../lib/constants';
import { useDebouncedLanguage } from '../lib/use-debounced-language';
import { applyDocumentLanguage, changeLanguage, createI18n, errorKey, initialLanguage } from './index';

// The demo merchants (apps/server/src/db/seed/merchants.seed.ts): panalo speaks TY first, luzon EN.
const panalo = panaloBundle.site;
const luzon = { languages: [{ code: 'EN' }, { code: 'TY' }], defaultLanguage: 'EN' };

describe('language choice', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('I18N-003 with nothing stored the site starts in TY', () => {
    expect(initialLanguage(panalo.languages, panalo.defaultLanguage)).toBe('TY');
    const i18n = createI18n(initialLanguage(panalo.languages, panalo.defaultLanguage), panalo.languages);
    expect(i18n.language).toBe('TY');
    expect(document.documentElement.lang).toBe('fil');
  });

  it('I18N-004 the supported site languages are TY and EN', () => {
    expect(SITE_LANGUAGES.supported).toEqual(['TY', 'EN']);
    expect(panalo.languages.map((l) => l.code)).toEqual(['TY', 'EN']);
    expect(panalo.defaultLanguage).toBe(SITE_LANGUAGES.default);
  });

  it('I18N-003 a merchant whose default is EN starts in EN', () => {
    expect(initialLanguage(luzon.languages, luzon.defaultLanguage)).toBe('EN');
  });

  it('I18N-008 the stored language wins when the merchant supports it', () => {
    localStorage.setItem('language', 'EN');
    expect(initialLanguage(panalo.languages, panalo.defaultLanguage)).toBe('EN');
  });

  it('I18N-004 a stored language the merchant does not offer is ignored', () => {
    localStorage.setItem('language', 'FR');
    expect(initialLanguage(panalo.languages, panalo.defaultLanguage)).toBe('TY');
  });

  it('I18N-003 a merchant default outside its own list falls back to its first language', () => {
    expect(initialLanguage([{ code: 'EN' }], 'TY')).toBe('EN');
    expect(initialLanguage([], 'XX')).toBe('TY');
  });

  it('I18N-008 changeLanguage switches the language, stores it under "language" and updates <html>', async () => {
    const i18n = createI18n('TY', panalo.languages);
    expect(i18n.t('errors.unknown_error')).toBe('Hindi kilalang error');
    expect(document.documentElement.lang).toBe('fil');
    await changeLanguage(i18n, 'EN');
    expect(i18n.language).toBe('EN');
    expect(localStorage.getItem('language')).toBe('EN');
    expect(i18n.t('errors.unknown_error')).toBe('Unknown error');
    expect(document.documentElement.lang).toBe('en');
  });

  it('I18N-002 <html> gets lang and dir=rtl for Arabic, Persian and Urdu, ltr otherwise', () => {
    const cases: [string, string, string][] = [
      ['AR', 'ar', 'rtl'],
      ['FA', 'fa', 'rtl'],
      ['UR', 'ur', 'rtl'],
      ['UR_RO', 'ur-Latn', 'ltr'],
      ['EN', 'en', 'ltr'],
      ['TY', 'fil', 'ltr'],
      ['ZH_TW', 'zh-Hant', 'ltr'],
    ];
    // As the startup bundle gives a site's languages (the server reads them from the registry).
    const languages = LOCALES.map(({ code, tag, name, dir, flag }) => ({ code, tag, name, dir, flag }));
    for (const [code, lang, dir] of cases) {
      applyDocumentLanguage(code, languages);
      expect([code, document.documentElement.lang, document.documentElement.dir]).toEqual([code, lang, dir]);
    }
    applyDocumentLanguage('XX', languages);
    expect(document.documentElement.lang).toBe('en');
    expect(document.documentElement.dir).toBe('ltr');
  });

  it('a language without a catalogue falls back to EN text', () => {
    const i18n = createI18n('FR');
    expect(i18n.t('errors.unknown_error')).toBe('Unknown error');
  });

  it('errorKey maps a server message key to errors.<code>, unknown codes to unknown_error', () => {
    expect(errorKey('rate_limited')).toBe('errors.rate_limited');
    expect(errorKey('no_network')).toBe('errors.no_network');
    expect(errorKey('never_heard_of_it')).toBe('errors.unknown_error');
    expect(errorKey('toString')).toBe('errors.unknown_error');
  });

  it('I18N-010 the debounced language follows 200 ms after a change, not before', async () => {
    vi.useFakeTimers();
    const i18n = createI18n('TY');
    const wrapper = ({ children }: { children: ReactNode }) =>
      createElement(I18nProvider, { i18n }, children);
    const { result } = renderHook(() => useDebouncedLanguage(), { wrapper });
    expect(result.current).toBe('TY');

    await act(async () => {
      await changeLanguage(i18n, 'EN');
    });
    expect(i18n.language).toBe('EN');
    act(() => {
      vi.advanceTimersByTime(199);
    });
    expect(result.current).toBe('TY');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(result.current).toBe('EN');
  });

  it('I18N-010 quick successive changes settle once, 200 ms after the last', async () => {
    vi.useFakeTimers();
    const i18n = createI18n('TY');
    const wrapper = ({ children }: { children: ReactNode }) =>
      createElement(I18nProvider, { i18n }, children);
    const seen: string[] = [];
    const { result } = renderHook(
      () => {
        const lang = useDebouncedLanguage();
        if (seen.at(-1) !== lang) seen.push(lang);
        return lang;
      },
      { wrapper },
    );
    await act(async () => {
      await changeLanguage(i18n, 'EN');
    });
    act(() => {
      vi.advanceTimersByTime(150);
    });
    await act(async () => {
      await changeLanguage(i18n, 'TY');
    });
    act(() => {
      vi.advanceTimersByTime(150);
    });
    await act(async () => {
      await changeLanguage(i18n, 'EN');
    });
    act(() => {
      vi.advanceTimersByTime(199);
    });
    expect(result.current).toBe('TY');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(result.current).toBe('EN');
    expect(seen).toEqual(['TY', 'EN']);
  });
});
