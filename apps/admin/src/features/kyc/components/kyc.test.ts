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
import type { KycReviewDetail } from '../api/documents';
import { DecisionFacts, DocumentFacts } from './document-facts';
import { DocumentImages } from './document-images';
import { IdentityChecks } from './identity-checks';
import { KycQueueTable } from './queue-table';
import { ReviewPanel } from './review-panel';
import { ViewsList } from './views-list';

// As the daily close's tests: the console's unit tests run without a DOM, so the pieces are rendered to
// HTML and read as text.
const doc: KycReviewDetail = {
  id: '12',
  kind: 'identity',
  idType: 'philsys',
  status: 'pending',
  reason: null,
  submittedAt: '2026-05-01T02:00:00.000Z',
  decidedAt: null,
  expiresOn: null,
  memberId: '1005',
  username: 'juan88',
  memberLevel: 1,
  gives: 2,
  firstReviewer: null,
  fullName: 'Juan Dela Cruz',
  birthDate: '1990-04-02',
  slots: ['front', 'back', 'selfie'],
  account: { payeeNames: ['JUAN DELA CRUZ'], birthDate: null, registeredAt: '2025-01-01T00:00:00.000Z' },
  checks: { nameMatchesPayee: true, birthDateMatches: null, age: 36, ageOk: true },
  reviewedBy: null,
  views: [
    { by: 'risk01', slot: 'front', at: '2026-05-01T03:00:00.000Z' },
    { by: 'ops01', slot: 'selfie', at: '2026-05-01T04:00:00.000Z' },
  ],
};
const checking: KycReviewDetail = {
  ...doc,
  kind: 'address',
  idType: null,
  slots: ['document'],
  status: 'checking',
  gives: 3,
  firstReviewer: 'risk01',
};
const rejected: KycReviewDetail = {
  ...doc,
  status: 'rejected',
  reason: 'The photo is blurred',
  reviewedBy: 'support01',
  decidedAt: '2026-05-02T01:00:00.000Z',
  checks: { nameMatchesPayee: false, birthDateMatches: false, age: 19, ageOk: false },
  account: { payeeNames: [], birthDate: '1991-01-01', registeredAt: '2025-01-01T00:00:00.000Z' },
};

describe('the identity review’s pieces', () => {
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

  it('lists the queue with a row per document, its username, and a link to it', () => {
    const html = render(
      'en',
      createElement(KycQueueTable, {
        rows: [doc, checking],
        loading: false,
        error: null,
        onRetry: () => undefined,
        caption: 'Documents: Pending',
        empty: 'none',
        memberLink: true,
      }),
    );
    expect(html.match(/data-testid="kyc-queue-row"/g)).toHaveLength(2);
    expect(html).toContain('data-username="juan88"');
    expect(html).toContain('href="/compliance/kyc/12"');
    expect(html).toContain('href="/members/1005"');
    expect(html).toContain('<caption');
    expect(text(html)).toContain('PhilSys National ID');
    expect(text(html)).toContain('Second review');
    expect(text(html)).toContain('risk01');
    // No image is loaded for the queue.
    expect(html).not.toContain('/images/');
  });

  it('says when the queue is empty, and a member without members.read is plain text', () => {
    const html = render(
      'en',
      createElement(KycQueueTable, {
        rows: [],
        loading: false,
        error: null,
        onRetry: () => undefined,
        caption: 'c',
        empty: 'No document is waiting for review.',
        memberLink: false,
      }),
    );
    expect(text(html)).toContain('No document is waiting for review.');
    const plain = render(
      'en',
      createElement(KycQueueTable, {
        rows: [doc],
        loading: false,
        error: null,
        onRetry: () => undefined,
        caption: 'c',
        empty: 'e',
        memberLink: false,
      }),
    );
    expect(plain).not.toContain('/members/');
  });

  it('frames each image with its test id and name, loading until it arrives', () => {
    const html = render('en', createElement(DocumentImages, { doc }));
    for (const slot of ['front', 'back', 'selfie']) expect(html).toContain(`data-testid="kyc-image-${slot}"`);
    expect(html).toContain('data-state="loading"');
    expect(text(html)).toContain('Selfie');
  });

  it('puts the form beside the account with pass, fail and not-checkable badges', () => {
    const pass = render('en', createElement(IdentityChecks, { doc, minAge: 21 }));
    expect(pass).toContain('data-testid="kyc-check-name" data-state="pass"');
    expect(pass).toContain('data-testid="kyc-check-birth" data-state="unknown"');
    expect(pass).toContain('data-testid="kyc-check-age" data-state="pass"');
    expect(text(pass)).toContain('JUAN DELA CRUZ');
    expect(text(pass)).toContain('No birth date on file');
    expect(text(pass)).toContain('At least 21');
    const fail = render('en', createElement(IdentityChecks, { doc: rejected, minAge: 21 }));
    expect(fail).toContain('data-testid="kyc-check-name" data-state="fail"');
    expect(fail).toContain('data-testid="kyc-check-birth" data-state="fail"');
    expect(fail).toContain('data-testid="kyc-check-age" data-state="fail"');
    expect(text(fail)).toContain('No payee name on file');
  });

  it('offers the three decisions on a pending document', () => {
    const html = render(
      'en',
      createElement(ReviewPanel, { doc, username: 'ops01', twoReviewers: false, onDone: () => undefined }),
    );
    for (const id of ['kyc-approve', 'kyc-reject', 'kyc-more']) expect(html).toContain(`data-testid="${id}"`);
    expect(html).not.toMatch(/data-testid="kyc-approve"[^>]*disabled/);
    expect(html).not.toContain('kyc-checking');
  });

  it('says who approved first, and keeps Approve from them', () => {
    const first = render(
      'en',
      createElement(ReviewPanel, {
        doc: checking,
        username: 'risk01',
        twoReviewers: true,
        onDone: () => undefined,
      }),
    );
    expect(text(first)).toContain('Approved once by risk01 — a second reviewer must approve.');
    expect(first).toContain('data-testid="kyc-same-reviewer"');
    expect(first).toMatch(
      /<button[^>]*disabled[^>]*data-testid="kyc-approve"|<button[^>]*data-testid="kyc-approve"[^>]*disabled/,
    );
    const second = render(
      'ty',
      createElement(ReviewPanel, {
        doc: checking,
        username: 'ops01',
        twoReviewers: true,
        onDone: () => undefined,
      }),
    );
    expect(second).not.toContain('kyc-same-reviewer');
    expect(text(second)).toContain('Naaprubahan na minsan ni risk01');
  });

  it('shows a decided document’s decision read only', () => {
    const html = render('en', createElement(DecisionFacts, { doc: rejected }));
    expect(text(html)).toContain('The photo is blurred');
    expect(text(html)).toContain('support01');
    expect(html).not.toContain('kyc-approve');
  });

  it('shows the status with its test id, and who viewed the images, newest first', () => {
    const facts = render('en', createElement(DocumentFacts, { doc: checking, memberLink: true }));
    expect(facts).toMatch(/<div[^>]*data-status="checking"[^>]*data-testid="kyc-status"/);
    expect(text(facts)).toContain('1 now → 3 once approved');
    const views = text(render('en', createElement(ViewsList, { views: doc.views })));
    expect(views.indexOf('ops01')).toBeLessThan(views.indexOf('risk01'));
    expect(text(render('en', createElement(ViewsList, { views: [] })))).toContain(
      'No one has opened these images yet.',
    );
  });
});
