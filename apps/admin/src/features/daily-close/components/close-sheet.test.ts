import { MantineProvider } from '@mantine/core';
import { createInstance, type i18n } from 'i18next';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DailyClose } from '@panalo/contract/daily-close';
import en from '../../../i18n/locales/en.json';
import ty from '../../../i18n/locales/ty.json';
import { CloseFacts } from './close-facts';
import { CloseSheet } from './close-sheet';

// The console's unit tests run in the server's project (no DOM): the day's facts and sheet are rendered
// to HTML and read as text.
const broken: DailyClose = {
  day: '2026-11-27',
  currency: 'PHP',
  startsAt: '2026-11-26T16:00:00.000Z',
  endsAt: '2026-11-27T16:00:00.000Z',
  status: 'broken',
  difference: '12.50',
  runBy: 'system:daily-close',
  createdAt: '2026-11-27T16:05:00.000Z',
  signedBy: null,
  signedAt: null,
  sheet: {
    negativeMembers: [],
    balances: [
      {
        kind: 'member_wallet',
        accounts: 3,
        opening: '1000.00',
        movements: '250.00',
        closing: '1250.00',
        closingByAccounts: '1237.50',
        difference: '12.50',
        drifted: ['41', '42'],
      },
      {
        kind: 'held',
        accounts: 0,
        opening: '0.00',
        movements: '0.00',
        closing: '0.00',
        closingByAccounts: '0.00',
        difference: '0.00',
        drifted: [],
      },
    ],
    movements: [{ transferKind: 'deposit', accountKind: 'member_wallet', amount: '300.00', entries: 2 }],
    figures: [
      { figure: 'deposits', ledger: '300.00', kept: '300.00', difference: '0.00' },
      { figure: 'bets', ledger: '50.00', kept: '40.00', difference: '-10.00' },
    ],
    byProduct: [{ key: 'slots', bets: '50.00', wins: '20.00', ggr: '30.00' }],
    byVendor: [],
  },
};

describe('a closed day’s sheet on the console', () => {
  const texts: Record<'en' | 'ty', i18n> = { en: createInstance(), ty: createInstance() };
  beforeAll(async () => {
    for (const [lang, resources] of [
      ['en', en],
      ['ty', ty],
    ] as const)
      await texts[lang].init({
        resources: { [lang]: { translation: resources } },
        lng: lang,
        interpolation: { escapeValue: false },
      });
  });
  const render = (lang: 'en' | 'ty') =>
    renderToStaticMarkup(
      createElement(
        MantineProvider,
        null,
        createElement(
          I18nextProvider,
          { i18n: texts[lang] },
          createElement(CloseFacts, { close: broken }),
          createElement(CloseSheet, { close: broken }),
        ),
      ),
    );

  it('names each table with a caption and heads its rows and columns', () => {
    const html = render('en');
    expect(html.match(/<caption/g)).toHaveLength(5);
    expect(html).toContain('What the brand owed its players on 2026-11-27');
    expect(html).toContain('scope="col"');
    expect(html).toMatch(/<th[^>]*scope="row"[^>]*>Player wallets<\/th>/);
    expect(html).toContain('No play on this day.');
  });

  it('marks the rows that differ, in words, and lists the drifted accounts', () => {
    const html = render('en');
    expect(html.match(/data-flagged="true"/g)).toHaveLength(2);
    expect(html.match(/>Differs</g)?.length).toBe(3);
    expect(html).toContain('-10.00');
    expect(html).toContain('41, 42');
    expect(html).toContain('Not signed');
    expect(html).toContain('by the nightly close');
  });

  it('reads in Tagalog with no key left untranslated', () => {
    const html = render('ty');
    expect(html).toContain('Mga wallet ng manlalaro');
    expect(html).toContain('May pagkakaiba');
    expect(html).not.toMatch(/dailyClose\.|ledgerKind\.|reports\.product\./);
  });
});
