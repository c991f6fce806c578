import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createInstance, type i18n } from 'i18next';
import { createElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../../../i18n/locales/en.json';
import ty from '../../../i18n/locales/ty.json';
import type { AmlCase } from '../api/cases';
import { CaseFacts, DecisionFacts } from './case-facts';
import { AmlCasesTable } from './cases-table';
import { DecideForm } from './decide-form';
import { Evidence } from './evidence';
import { ReportsPanel } from './reports-panel';

// As the daily close's tests: the console's unit tests run without a DOM, so the pieces are rendered to
// HTML and read as text.
const structuring: AmlCase = {
  id: '31',
  rule: 'structuring',
  memberId: '1005',
  username: 'juan88',
  subject: 'd:2026-05-01',
  amount: '13800000.00',
  evidence: {
    deposits: [
      { transferId: '1', amount: '4600000.00', at: '2026-05-01T01:00:00.000Z' },
      { transferId: '2', amount: '4600000.00', at: '2026-05-01T02:00:00.000Z' },
      { transferId: '3', amount: '4600000.00', at: '2026-05-01T03:00:00.000Z' },
    ],
    threshold: '5000000.00',
    floor: '4500000.00',
    hours: 24,
  },
  status: 'open',
  freezesWithdrawals: false,
  openedAt: '2026-05-01T03:02:00.000Z',
  decidedBy: null,
  decidedAt: null,
  note: null,
};
const frozen: AmlCase = {
  ...structuring,
  id: '32',
  rule: 'low_play',
  subject: 't:77',
  amount: '10000.00',
  evidence: {
    transferId: '77',
    kind: 'withdrawal_hold',
    at: '2026-05-02T00:00:00.000Z',
    since: null,
    deposits: '10000.00',
    turnover: '1500.00',
    ratio: 0.3,
  },
  status: 'escalated',
  freezesWithdrawals: true,
  decidedBy: 'risk01',
  decidedAt: '2026-05-02T01:00:00.000Z',
  note: 'Holding while we ask for the source of funds',
};
const filed: AmlCase = { ...frozen, id: '33', status: 'filed', decidedBy: 'ops01', note: 'Reported to AMLC' };

describe('the AML cases’ pieces', () => {
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
  const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

  it('lists cases with their rule and member as row attributes, and the freeze', () => {
    const html = render(
      'en',
      createElement(AmlCasesTable, {
        rows: [structuring, frozen],
        loading: false,
        error: null,
        onRetry: () => undefined,
        caption: 'AML cases: Open',
        empty: 'none',
        memberLink: true,
      }),
    );
    expect(html.match(/data-testid="aml-case-row"/g)).toHaveLength(2);
    expect(html).toContain('data-rule="structuring"');
    expect(html).toContain('data-rule="low_play"');
    expect(html).toContain('data-username="juan88"');
    expect(html).toContain('href="/compliance/aml/31"');
    expect(text(html)).toContain('13,800,000.00');
    expect(text(html)).toContain('Withdrawals frozen');
    expect(text(html)).toContain('Withdrawal after little play');
  });

  it('shows the case’s facts with its status’s test id', () => {
    const html = render('en', createElement(CaseFacts, { c: frozen, currency: 'PHP', memberLink: false }));
    expect(html).toMatch(/data-status="escalated"[^>]*data-testid="aml-status"/);
    expect(text(html)).toContain('₱10,000.00');
    expect(text(html)).toContain('Transfer 77');
    expect(html).not.toContain('/members/');
  });

  it('renders structuring’s evidence readably: amounts, the window, the deposits as a table', () => {
    const html = render('en', createElement(Evidence, { evidence: structuring.evidence }));
    const words = text(html);
    expect(words).toContain('Covered-transaction threshold');
    expect(words).toContain('5,000,000.00');
    expect(words).toContain('24 hours');
    expect(html).toContain('data-testid="aml-evidence-list"');
    expect(words.match(/4,600,000\.00/g)).toHaveLength(3);
    expect(words).not.toContain('[object Object]');
  });

  it('renders low play’s evidence with the kind in words and the ratio as a percent', () => {
    const words = text(render('ty', createElement(Evidence, { evidence: frozen.evidence })));
    expect(words).toContain('Withdrawal request');
    expect(words).toContain('30 %');
    expect(words).toContain('1,500.00');
  });

  it('offers an escalated, frozen case the decisions left, with a required note', () => {
    const html = render('en', createElement(DecideForm, { c: frozen, onDone: () => undefined }));
    expect(html).toContain('data-testid="aml-decision"');
    expect(html).toContain('data-testid="aml-note"');
    expect(html).toContain('data-testid="aml-decide-submit"');
    expect(html).not.toContain('aml-decision-escalate');
    expect(html).not.toContain('aml-decision-freeze');
    expect(html).toContain('aml-decision-close');
    expect(html).toContain('aml-decision-file');
    const open = render('en', createElement(DecideForm, { c: structuring, onDone: () => undefined }));
    for (const d of ['escalate', 'freeze', 'close', 'file']) expect(open).toContain(`aml-decision-${d}`);
  });

  it('shows a final case’s decision: who and the note', () => {
    const words = text(render('en', createElement(DecisionFacts, { c: filed })));
    expect(words).toContain('ops01');
    expect(words).toContain('Reported to AMLC');
  });

  it('offers the regulator’s reports for last month', () => {
    const html = render('en', createElement(ReportsPanel));
    expect(html).toContain('data-testid="aml-report-ctr"');
    expect(html).toContain('data-testid="aml-report-str"');
    expect(text(html)).toContain('Download the CTR (CSV)');
  });
});
