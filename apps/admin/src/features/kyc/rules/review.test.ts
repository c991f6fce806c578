import { describe, expect, it } from 'vitest';
import { KYC_DOCUMENT_STATUSES } from '@panalo/contract/kyc-rules';
import en from '../../../i18n/locales/en.json';
import ty from '../../../i18n/locales/ty.json';
import {
  approveBlock,
  checkColor,
  checkState,
  expiryProblem,
  isDocumentId,
  isSlot,
  isWaiting,
  KYC_ID_TYPES,
  localDay,
  newestViewsFirst,
  queueStatus,
  reasonProblem,
  reviewBody,
  statusColor,
  twoReviewers,
} from './review';

describe('the identity review on the console', () => {
  it('reads the queue’s status from the address, pending otherwise', () => {
    expect(queueStatus(null)).toBe('pending');
    expect(queueStatus('checking')).toBe('checking');
    expect(queueStatus('more_needed')).toBe('more_needed');
    expect(queueStatus('PENDING')).toBe('pending');
    expect(queueStatus('all')).toBe('pending');
  });

  it('takes a document id as the API does', () => {
    expect(isDocumentId('1')).toBe(true);
    expect(isDocumentId('123456789012345678')).toBe(true);
    expect(isDocumentId('0')).toBe(false);
    expect(isDocumentId('01')).toBe(false);
    expect(isDocumentId('1234567890123456789')).toBe(false);
    expect(isDocumentId('1e3')).toBe(false);
    expect(isDocumentId('')).toBe(false);
  });

  it('waits while pending or checking; the rest is final', () => {
    expect(KYC_DOCUMENT_STATUSES.filter(isWaiting)).toEqual(['pending', 'checking']);
  });

  it('gives every status its own colour', () => {
    expect(new Set(KYC_DOCUMENT_STATUSES.map(statusColor)).size).toBe(KYC_DOCUMENT_STATUSES.length);
  });

  it('keeps Approve from the reviewer who approved first, and from a decided document', () => {
    expect(approveBlock({ status: 'pending', firstReviewer: null }, 'risk01')).toBeNull();
    expect(approveBlock({ status: 'checking', firstReviewer: 'risk01' }, 'risk01')).toBe('same_reviewer');
    expect(approveBlock({ status: 'checking', firstReviewer: 'risk01' }, 'ops01')).toBeNull();
    for (const status of ['approved', 'rejected', 'more_needed'] as const)
      expect(approveBlock({ status, firstReviewer: null }, 'ops01')).toBe('decided');
  });

  it('says whether two reviewers approve, as the server’s checker level does', () => {
    expect(twoReviewers(2, 3)).toBe(false);
    expect(twoReviewers(3, 3)).toBe(true);
    expect(twoReviewers(2, 2)).toBe(true);
    expect(twoReviewers(3, 4)).toBe(false);
    expect(twoReviewers(3, undefined)).toBeNull();
  });

  it('checks the member’s reason at 3 to 300 characters, trimmed, without control characters', () => {
    expect(reasonProblem('')).toBe('short');
    expect(reasonProblem('  ab  ')).toBe('short');
    expect(reasonProblem('abc')).toBeNull();
    expect(reasonProblem('x'.repeat(300))).toBeNull();
    expect(reasonProblem(` ${'x'.repeat(300)} `)).toBeNull();
    expect(reasonProblem('x'.repeat(301))).toBe('long');
    expect(reasonProblem('blurred\u0007photo')).toBe('control');
    expect(reasonProblem('line one\nline two')).toBeNull();
  });

  it('takes an ID’s expiry as a real day after today, or none', () => {
    const today = '2026-05-10';
    expect(expiryProblem('', today)).toBeNull();
    expect(expiryProblem('  ', today)).toBeNull();
    expect(expiryProblem('2030-01-31', today)).toBeNull();
    expect(expiryProblem('2026-05-11', today)).toBeNull();
    expect(expiryProblem('2026-05-10', today)).toBe('past');
    expect(expiryProblem('2020-01-01', today)).toBe('past');
    expect(expiryProblem('2026-02-30', today)).toBe('format');
    expect(expiryProblem('10/05/2030', today)).toBe('format');
    expect(expiryProblem('3000-01-01', today)).toBe('format');
  });

  it('writes the reviewer’s own calendar day', () => {
    expect(localDay(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
    expect(localDay(new Date(2026, 11, 31, 0, 0))).toBe('2026-12-31');
  });

  it('sends the reason with reject and more, the expiry only with an identity approval', () => {
    const input = { reason: '  Blurred photo  ', expiresOn: '2030-01-01', kind: 'identity' as const };
    expect(reviewBody('reject', input)).toEqual({ decision: 'reject', reason: 'Blurred photo' });
    expect(reviewBody('more', input)).toEqual({ decision: 'more', reason: 'Blurred photo' });
    expect(reviewBody('approve', input)).toEqual({ decision: 'approve', expiresOn: '2030-01-01' });
    expect(reviewBody('approve', { ...input, expiresOn: '' })).toEqual({ decision: 'approve' });
    expect(reviewBody('approve', { ...input, kind: 'address' })).toEqual({ decision: 'approve' });
  });

  it('shows a check as pass, fail or not possible', () => {
    expect(checkState(true)).toBe('pass');
    expect(checkState(false)).toBe('fail');
    expect(checkState(null)).toBe('unknown');
    expect([checkColor('pass'), checkColor('fail'), checkColor('unknown')]).toEqual(['green', 'red', 'gray']);
  });

  it('lists the image views newest first, without changing the answer', () => {
    const views = [
      { by: 'a', slot: 'front', at: '2026-05-01T10:00:00.000Z' },
      { by: 'b', slot: 'back', at: '2026-05-03T10:00:00.000Z' },
      { by: 'c', slot: 'selfie', at: '2026-05-02T10:00:00.000Z' },
    ];
    expect(newestViewsFirst(views).map((v) => v.by)).toEqual(['b', 'c', 'a']);
    expect(views.map((v) => v.by)).toEqual(['a', 'b', 'c']);
    expect(['front', 'back', 'selfie', 'document', 'other'].map(isSlot)).toEqual([
      true,
      true,
      true,
      true,
      false,
    ]);
  });

  it('names every status, ID type, level and image in both languages', () => {
    for (const texts of [en, ty]) {
      for (const s of KYC_DOCUMENT_STATUSES) {
        expect(texts.kyc.status[s]).toBeTruthy();
        expect(texts.kyc.queue.empty[s]).toBeTruthy();
      }
      for (const type of KYC_ID_TYPES) expect(texts.kyc.idType[type]).toBeTruthy();
      for (const l of ['0', '1', '2', '3'] as const) expect(texts.kyc.level[l]).toBeTruthy();
      for (const slot of ['front', 'back', 'selfie', 'document'] as const)
        expect(texts.kyc.slot[slot]).toBeTruthy();
      for (const d of ['approve', 'reject', 'more'] as const) {
        expect(texts.kyc.review.title[d]).toBeTruthy();
        expect(texts.kyc.review.confirm[d]).toBeTruthy();
      }
      for (const s of ['checking', 'approved', 'rejected', 'more_needed'] as const)
        expect(texts.kyc.review.done[s]).toBeTruthy();
    }
    expect(en.kyc.status.checking).toBe('Second review');
    expect(en.kyc.idType).toEqual({
      philsys: 'PhilSys National ID',
      passport: 'Passport',
      drivers_licence: "Driver's licence",
      umid: 'UMID',
      sss: 'SSS ID',
      prc: 'PRC ID',
      postal: 'Postal ID',
      voters: "Voter's ID",
      tin: 'TIN ID',
    });
  });
});
