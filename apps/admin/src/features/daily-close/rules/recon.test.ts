import { describe, expect, it } from 'vitest';
import { ROLE_PERMISSIONS } from '@panalo/contract/staff-rules';
import en from '../../../i18n/locales/en.json';
import ty from '../../../i18n/locales/ty.json';
import {
  allowedResolutions,
  amountSign,
  BREAK_KINDS,
  breakColor,
  isBreakId,
  magnitude,
  mayReconcile,
  mayResolve,
  movedBy,
  openBreaks,
  queueStatus,
  reasonProblem,
  RECON_SOURCE_LIST,
  RESOLUTIONS,
  resolutionAllowed,
  runColor,
  sourceName,
} from './recon';

describe('a reconciliation break’s resolution on the console', () => {
  it('offers credit only when the member is owed money, debit only when they hold too much', () => {
    expect(allowedResolutions('12.50')).toEqual(['credit', 'explained']);
    expect(allowedResolutions('-3.00')).toEqual(['debit', 'explained']);
    expect(allowedResolutions('0.00')).toEqual(['explained']);
    expect(allowedResolutions('-0.00')).toEqual(['explained']);
    expect(resolutionAllowed('credit', '0.01')).toBe(true);
    expect(resolutionAllowed('debit', '0.01')).toBe(false);
    expect(resolutionAllowed('credit', '-0.01')).toBe(false);
    for (const owed of ['5.00', '-5.00', '0.00']) expect(resolutionAllowed('explained', owed)).toBe(true);
  });

  it('moves exactly what is owed, or nothing when explained', () => {
    expect(movedBy('credit', '12.50')).toBe('12.50');
    expect(movedBy('debit', '-3.00')).toBe('-3.00');
    expect(movedBy('explained', '12.50')).toBeNull();
  });

  it('reads an amount’s direction and size from its wire text', () => {
    expect(amountSign('12.50')).toBe(1);
    expect(amountSign('-0.01')).toBe(-1);
    expect(amountSign('0.00')).toBe(0);
    expect(amountSign('-0.00')).toBe(0);
    expect(amountSign('0')).toBe(0);
    expect(magnitude('-1234.50')).toBe('1234.50');
    expect(magnitude('7.00')).toBe('7.00');
  });

  it('takes a reason of 3 to 200 characters once trimmed, without control characters', () => {
    expect(reasonProblem('  ab ')).toBe('short');
    expect(reasonProblem('abc')).toBeNull();
    expect(reasonProblem('x'.repeat(200))).toBeNull();
    expect(reasonProblem('x'.repeat(201))).toBe('long');
    expect(reasonProblem('line one\nline two\ttab')).toBeNull();
    expect(reasonProblem('bell\u0007')).toBe('control');
  });

  it('offers running and resolving to close.sign (owner, finance), never to the roles that only read', () => {
    const open = { status: 'open' as const };
    for (const role of ['owner', 'finance'] as const) {
      expect(mayReconcile(ROLE_PERMISSIONS[role])).toBe(true);
      expect(mayResolve(ROLE_PERMISSIONS[role], open)).toBe(true);
      expect(mayResolve(ROLE_PERMISSIONS[role], { status: 'resolved' })).toBe(false);
    }
    for (const role of ['risk', 'viewer', 'support'] as const) {
      expect(mayReconcile(ROLE_PERMISSIONS[role])).toBe(false);
      expect(mayResolve(ROLE_PERMISSIONS[role], open)).toBe(false);
    }
  });
});

describe('the reconciliation’s words and colours', () => {
  it('names the sources as their companies write them', () => {
    expect(RECON_SOURCE_LIST.map(sourceName)).toEqual(['Hub88', 'PayMongo']);
  });

  it('has a label for every kind, resolution and status in both languages', () => {
    for (const texts of [en, ty]) {
      const recon = texts.dailyClose.recon as {
        kind: Record<string, string>;
        resolution: Record<string, string>;
        status: Record<string, string>;
        runStatus: Record<string, string>;
        resolve: Record<string, string>;
      };
      for (const k of BREAK_KINDS) expect(recon.kind[k]).toBeTruthy();
      expect(Object.keys(recon.kind).sort()).toEqual([...BREAK_KINDS].sort());
      for (const r of RESOLUTIONS) {
        expect(recon.resolution[r]).toBeTruthy();
        expect(recon.resolve[r]).toBeTruthy();
      }
      for (const s of ['open', 'resolved']) expect(recon.status[s]).toBeTruthy();
      for (const s of ['running', 'done', 'failed']) expect(recon.runStatus[s]).toBeTruthy();
    }
    expect(en.dailyClose.recon.kind.only_theirs).not.toBe(ty.dailyClose.recon.kind.only_theirs);
  });

  it('colours a failed run red and an open break orange (their words say it too)', () => {
    expect(runColor('done')).toBe('green');
    expect(runColor('running')).toBe('blue');
    expect(runColor('failed')).toBe('red');
    expect(breakColor('open')).toBe('orange');
    expect(breakColor('resolved')).toBe('green');
  });
});

describe('the queue and the break’s address', () => {
  it('shows the open breaks unless the address asks for the resolved ones', () => {
    expect(queueStatus(null)).toBe('open');
    expect(queueStatus('open')).toBe('open');
    expect(queueStatus('resolved')).toBe('resolved');
    expect(queueStatus('all')).toBe('open');
  });

  it('knows a break’s id as the API takes it', () => {
    expect(isBreakId('1')).toBe(true);
    expect(isBreakId('123456789012345678')).toBe(true);
    expect(isBreakId('1234567890123456789')).toBe(false);
    expect(isBreakId('0')).toBe(false);
    expect(isBreakId('07')).toBe(false);
    expect(isBreakId('abc')).toBe(false);
  });

  it('counts the day’s open breaks', () => {
    expect(openBreaks([{ status: 'open' }, { status: 'resolved' }, { status: 'open' }])).toBe(2);
    expect(openBreaks([])).toBe(0);
  });
});
