import { describe, expect, it } from 'vitest';
import { I18n } from './translator';

const catalogues: Record<string, Record<string, unknown>> = {};
const make = (lng = 'EN') =>
  new I18n(
    Object.assign(catalogues, {
      EN: {
        a: {
          hello: 'Hello {{name}}',
          plain: 'Plain {{x}}',
          days_one: '{{count}} day',
          days_other: '{{count}} days',
        },
        only: { en: 'English only' },
        errors: { 'modify.new.old.same': 'Same password' },
      },
      TY: { a: { hello: 'Kumusta {{name}}', days_one: '{{count}} araw', days_other: '{{count}} na araw' } },
    }),
    lng,
    'EN',
  );

describe('translator', () => {
  it('looks keys up by dot path and interpolates {{name}}', () => {
    const i = make();
    expect(i.t('a.hello', { name: 'Juan' })).toBe('Hello Juan');
    expect(i.t('errors.modify.new.old.same')).toBe('Same password');
    // Without options the text is as written; a value left out is empty.
    expect(i.t('a.plain')).toBe('Plain {{x}}');
    expect(i.t('a.plain', { y: 1 })).toBe('Plain ');
  });

  it('picks the plural form by count, in each language', async () => {
    const i = make();
    expect([0, 1, 2].map((count) => i.t('a.days', { count }))).toEqual(['0 days', '1 day', '2 days']);
    await i.changeLanguage('TY');
    expect([1, 2].map((count) => i.t('a.days', { count }))).toEqual(['1 araw', '2 na araw']);
  });

  it('falls back to EN, then to the default value or the key', () => {
    const i = make('TY');
    expect(i.t('only.en')).toBe('English only');
    expect(i.t('no.such.key')).toBe('no.such.key');
    expect(i.t('no.such.key', { defaultValue: 'X' })).toBe('X');
    // A branch is not a text.
    expect(i.t('a')).toBe('a');
    expect(i.exists('only.en', { lng: 'TY' })).toBe(true);
    expect(i.exists('a.days')).toBe(false);
  });

  it('a fixed translator keeps its language; a change and added texts notify listeners', async () => {
    const i = make();
    const ty = i.getFixedT('TY');
    const seen: string[] = [];
    const stop = i.subscribe((l) => seen.push(l));
    await i.changeLanguage('TY');
    await i.changeLanguage('TY');
    expect(i.t('a.hello', { name: 'A' })).toBe('Kumusta A');
    await i.changeLanguage('EN');
    expect(ty('a.hello', { name: 'B' })).toBe('Kumusta B');
    (catalogues.EN as Record<string, unknown>).later = { x: 'Later' };
    i.refresh();
    expect(i.t('later.x')).toBe('Later');
    expect(i.t('a.hello', { name: 'C' })).toBe('Hello C');
    expect(seen).toEqual(['TY', 'EN', 'EN']);
    stop();
    await i.changeLanguage('TY');
    expect(seen).toHaveLength(3);
  });
});
