import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createInstance, type i18n } from 'i18next';
import { createElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ReconBreak, ReconBreakStory, ReconRun } from '@panalo/contract/reconciliation';
import en from '../../../i18n/locales/en.json';
import ty from '../../../i18n/locales/ty.json';
import { BreakFacts, ResolutionFacts } from './break-facts';
import { BreakStory } from './break-story';
import { ReconBody } from './recon-section';
import { ResolveBreak } from './resolve-break';

// As close-sheet.test.ts: the console's unit tests run without a DOM, so the pieces are rendered to
// HTML and read as text.
const runs: ReconRun[] = [
  {
    source: 'hub88',
    status: 'done',
    theirs: 12,
    ours: 11,
    matched: 10,
    breaks: 2,
    pages: 1,
    fees: '0.00',
    error: null,
    runBy: 'system:reconciliation',
    startedAt: '2026-11-28T00:10:00.000Z',
    finishedAt: '2026-11-28T00:11:00.000Z',
  },
  {
    source: 'paymongo',
    status: 'failed',
    theirs: 0,
    ours: 3,
    matched: 0,
    breaks: 0,
    pages: 0,
    fees: '45.75',
    error: 'PayMongo answered 503',
    runBy: 'operator:9',
    startedAt: '2026-11-28T00:10:00.000Z',
    finishedAt: '2026-11-28T00:10:30.000Z',
  },
];
const owed: ReconBreak = {
  id: '41',
  day: '2026-11-27',
  source: 'hub88',
  ref: 'tx-9f2c',
  kind: 'only_theirs',
  round: 'round-77',
  memberId: '1005',
  theirAmount: '12.50',
  ourAmount: null,
  theirStatus: 'TS_SUCCESS',
  ourStatus: null,
  owed: '12.50',
  status: 'open',
  resolution: null,
  moved: null,
  transferId: null,
  reason: null,
  resolvedBy: null,
  resolvedAt: null,
  createdAt: '2026-11-28T00:11:00.000Z',
};
const resolved: ReconBreak = {
  ...owed,
  id: '42',
  ref: 'tx-aa01',
  kind: 'amount_differs',
  ourAmount: '10.00',
  ourStatus: 'applied',
  owed: '-2.50',
  status: 'resolved',
  resolution: 'debit',
  moved: '-2.50',
  transferId: '9001',
  reason: 'Hub88 settled the smaller win',
  resolvedBy: 'finance01',
  resolvedAt: '2026-11-28T03:00:00.000Z',
};
const story: ReconBreakStory = {
  break: owed,
  theirs: [
    { ref: 'tx-9f2c', kind: 'win', amount: '12.50', status: 'TS_SUCCESS', at: '2026-11-27T10:00:00.000Z' },
  ],
  calls: [],
  entries: [
    {
      transferId: '880',
      transferKind: 'bet',
      accountKind: 'member_wallet',
      amount: '-5.00',
      at: '2026-11-27T09:59:00.000Z',
    },
  ],
};

describe('a day’s reconciliation and a break on the console', () => {
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
  const render = (lang: 'en' | 'ty', ...children: ReactNode[]) =>
    renderToStaticMarkup(
      createElement(
        MantineProvider,
        null,
        createElement(
          QueryClientProvider,
          { client: new QueryClient() },
          createElement(
            I18nextProvider,
            { i18n: texts[lang] },
            createElement(MemoryRouter, null, ...children),
          ),
        ),
      ),
    );
  const day = (lang: 'en' | 'ty', recon = { runs, breaks: [owed, resolved] }, nothingToRead = false) =>
    render(
      lang,
      createElement(ReconBody, {
        day: '2026-11-27',
        currency: 'PHP',
        recon,
        nothingToRead,
        memberLink: true,
      }),
    );

  it('lists each run with its counts, PayMongo’s fees as the merchant’s cost, and a failure’s error', () => {
    const html = day('en');
    expect(html).toContain('Reconciliation runs of 2026-11-27, one per source read');
    expect(html).toMatch(/<th[^>]*scope="row"[^>]*>Hub88<\/th>/);
    expect(html).toContain('PayMongo fees (the merchant&#x27;s cost)');
    expect(html).toContain('₱45.75');
    expect(html).toContain('PayMongo answered 503');
    expect(html).toContain('>Failed<');
  });

  it('lists the day’s breaks, each opening its story, the kind in words and the open count', () => {
    const html = day('en');
    expect(html).toContain('Breaks of 2026-11-27: what the source lists against what we recorded');
    expect(html).toContain('href="/daily-close/breaks/41"');
    expect(html).toContain('href="/members/1005"');
    expect(html).toContain('Only on their side');
    expect(html).toContain('Amounts differ');
    expect(html).toContain('Open breaks: 1.');
    expect(html.match(/<caption/g)).toHaveLength(2);
    expect(html.match(/scope="col"/g)?.length).toBeGreaterThan(10);
  });

  it('says when the day is not reconciled yet, and when no source is connected', () => {
    expect(day('en', { runs: [], breaks: [] })).toContain('Not reconciled yet');
    expect(day('en', { runs: [], breaks: [] }, true)).toContain('No source is connected');
  });

  it('tells a break’s facts, both sides and the ledger', () => {
    const html = render(
      'en',
      createElement(BreakFacts, { brk: owed, currency: 'PHP', memberLink: false }),
      createElement(BreakStory, { story }),
    );
    expect(html).toContain('₱12.50 to the member');
    expect(html).toContain('Round round-77 as Hub88 lists it now');
    expect(html).toContain('The wallet calls we received for round round-77 and what we answered');
    expect(html).toContain('We hold no record for this break.');
    expect(html).toContain('Player wallet');
    expect(html).toContain('-5.00');
    expect(html).not.toContain('href="/members/');
    expect(html.match(/<h2/g)).toHaveLength(3);
  });

  it('offers credit, with what it moves, only when the member is owed money', () => {
    const html = render('en', createElement(ResolveBreak, { brk: owed, currency: 'PHP' }));
    expect(html).toContain('Resolve this break');
    expect(html).toContain('Moves ₱12.50 to the member.');
    expect(html).toContain('Only when the member holds money they are not owed.');
    expect(html).toMatch(/<input[^>]*disabled=""[^>]*value="debit"|<input[^>]*value="debit"[^>]*disabled=""/);
    expect(html).not.toMatch(
      /<input[^>]*disabled=""[^>]*value="credit"|<input[^>]*value="credit"[^>]*disabled=""/,
    );
    expect(html).toContain('0 of 200 characters');
    expect(html).toContain('>Resolve the break<');
  });

  it('offers debit only when the member holds money they are not owed', () => {
    const html = render(
      'en',
      createElement(ResolveBreak, { brk: { ...resolved, status: 'open' }, currency: 'PHP' }),
    );
    expect(html).toContain('Takes ₱2.50 back from the member.');
    expect(html).toMatch(
      /<input[^>]*disabled=""[^>]*value="credit"|<input[^>]*value="credit"[^>]*disabled=""/,
    );
  });

  it('shows a resolved break’s who, when, why, what moved and its transfer', () => {
    const html = render('en', createElement(ResolutionFacts, { brk: resolved, currency: 'PHP' }));
    expect(html).toContain('Debited');
    expect(html).toContain('finance01');
    expect(html).toContain('Hub88 settled the smaller win');
    expect(html).toContain('-₱2.50');
    expect(html).toContain('9001');
  });

  it('reads in Tagalog with no key left untranslated', () => {
    const html =
      day('ty') +
      render(
        'ty',
        createElement(BreakFacts, { brk: owed, currency: 'PHP', memberLink: true }),
        createElement(BreakStory, { story }),
        createElement(ResolveBreak, { brk: owed, currency: 'PHP' }),
        createElement(ResolutionFacts, { brk: resolved, currency: 'PHP' }),
      );
    expect(html).toContain('Nasa panig lang nila');
    expect(html).toContain('Lutasin ang break na ito');
    expect(html).not.toMatch(/dailyClose\.|ledgerKind\./);
  });
});
