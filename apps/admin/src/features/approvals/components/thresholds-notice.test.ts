import { MantineProvider } from '@mantine/core';
import { createInstance, type i18n } from 'i18next';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApprovalThresholds } from '@panalo/contract/staff';
import en from '../../../i18n/locales/en.json';
import ty from '../../../i18n/locales/ty.json';
import { ThresholdsNotice } from './thresholds-notice';

// The console's unit tests run in the server's project (no DOM): the notice is rendered to HTML and read
// as text.
describe('#49 item 8 the thresholds notice says when second-person approval is off', () => {
  const texts: Record<'en' | 'ty', i18n> = { en: createInstance(), ty: createInstance() };
  beforeAll(async () => {
    for (const [lang, resources] of [
      ['en', en],
      ['ty', ty],
    ] as const) {
      await texts[lang].init({
        resources: { [lang]: { translation: resources } },
        lng: lang,
        interpolation: { escapeValue: false },
      });
    }
  });

  const render = (thresholds: ApprovalThresholds, o: { lang?: 'en' | 'ty'; owner?: boolean } = {}) => {
    const html = renderToStaticMarkup(
      createElement(
        MantineProvider,
        null,
        createElement(
          I18nextProvider,
          { i18n: texts[o.lang ?? 'en'] },
          createElement(ThresholdsNotice, { thresholds, onSet: o.owner === false ? null : () => {} }),
        ),
      ),
    );
    const part = (id: string) => {
      const at = html.indexOf(`data-testid="${id}"`);
      if (at < 0) return null;
      const next = html.indexOf('data-testid="approvals-', at + 1);
      return html
        .slice(at, next < 0 ? undefined : next)
        .replace(/<[^>]*>/g, ' ')
        .replace(/\s+/g, ' ');
    };
    return { off: part('approvals-off'), on: part('approvals-on') };
  };

  it('#49 item 8 both on: no warning, the amounts above which a second person is needed', () => {
    const shown = render({ adjustmentAbove: '10000.00', withdrawalAbove: '20000.00' });
    expect(shown.off).toBeNull();
    expect(shown.on).toContain(
      'Adjustments above 10,000.00 and withdrawals above 20,000.00 need a second person.',
    );
  });

  it('#49 item 8 withdrawals off: the warning names withdrawals only, with the way to set a threshold; adjustments stay on', () => {
    const shown = render({ adjustmentAbove: '10000.00', withdrawalAbove: null });
    expect(shown.off).toContain(
      'Second-person approval is off for withdrawals: any amount is paid on one person’s decision.',
    );
    expect(shown.off).toContain('Set a threshold');
    expect(shown.off).not.toContain('balance adjustments');
    expect(shown.on).toContain('Adjustments above 10,000.00 need a second person.');
  });

  it('#49 item 8 both off: one warning line for each; a staff member who cannot change them is told who can', () => {
    const shown = render({ adjustmentAbove: null, withdrawalAbove: null }, { owner: false });
    expect(shown.off).toContain('Second-person approval is off for balance adjustments');
    expect(shown.off).toContain('Second-person approval is off for withdrawals');
    expect(shown.off).toContain('The owner sets the thresholds.');
    expect(shown.off).not.toContain('Set a threshold');
    expect(shown.on).toBeNull();
  });

  it('#49 item 8 in Tagalog too', () => {
    expect(render({ adjustmentAbove: '500.00', withdrawalAbove: null }, { lang: 'ty' }).off).toContain(
      'Naka-off ang pag-apruba ng pangalawang tao para sa mga withdrawal',
    );
    expect(
      render({ adjustmentAbove: '10000.00', withdrawalAbove: '20000.00' }, { lang: 'ty' }).off,
    ).toBeNull();
  });
});
