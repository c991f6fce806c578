import { describe, expect, it } from 'vitest';
import en from '../../../i18n/locales/en.json';
import ty from '../../../i18n/locales/ty.json';
import {
  AML_RULE_LIST,
  CASE_STATUSES,
  decisionsFor,
  DECISIONS,
  EVIDENCE_ENUMS,
  EVIDENCE_KEYS,
  evidenceEntries,
  freezeState,
  isCaseId,
  isFinal,
  noteProblem,
  queueStatus,
  ratioPercent,
  statusColor,
  subjectOf,
} from './cases';

describe('AML cases on the console', () => {
  it('reads the queue’s status from the address, open otherwise', () => {
    expect(queueStatus(null)).toBe('open');
    expect(queueStatus('filed')).toBe('filed');
    expect(queueStatus('escalated')).toBe('escalated');
    expect(queueStatus('all')).toBe('open');
  });

  it('takes a case id as the API does', () => {
    expect(isCaseId('7')).toBe(true);
    expect(isCaseId('0')).toBe(false);
    expect(isCaseId('07')).toBe(false);
    expect(isCaseId('1234567890123456789')).toBe(false);
  });

  it('offers the decisions a case may still take', () => {
    expect(decisionsFor({ status: 'open', freezesWithdrawals: false })).toEqual([
      'escalate',
      'freeze',
      'close',
      'file',
    ]);
    // A screening hit opens already frozen.
    expect(decisionsFor({ status: 'open', freezesWithdrawals: true })).toEqual(['escalate', 'close', 'file']);
    expect(decisionsFor({ status: 'escalated', freezesWithdrawals: false })).toEqual([
      'freeze',
      'close',
      'file',
    ]);
    expect(decisionsFor({ status: 'escalated', freezesWithdrawals: true })).toEqual(['close', 'file']);
    expect(decisionsFor({ status: 'closed', freezesWithdrawals: true })).toEqual([]);
    expect(decisionsFor({ status: 'filed', freezesWithdrawals: false })).toEqual([]);
    expect(CASE_STATUSES.filter(isFinal)).toEqual(['closed', 'filed']);
  });

  it('says whether the case holds the member’s withdrawals now, held them once, or never', () => {
    expect(freezeState({ status: 'escalated', freezesWithdrawals: true })).toBe('active');
    expect(freezeState({ status: 'open', freezesWithdrawals: true })).toBe('active');
    expect(freezeState({ status: 'closed', freezesWithdrawals: true })).toBe('lifted');
    expect(freezeState({ status: 'filed', freezesWithdrawals: true })).toBe('lifted');
    expect(freezeState({ status: 'open', freezesWithdrawals: false })).toBeNull();
  });

  it('gives every status its own colour', () => {
    expect(new Set(CASE_STATUSES.map(statusColor)).size).toBe(CASE_STATUSES.length);
  });

  it('checks the note at 3 to 500 characters, trimmed, without control characters', () => {
    expect(noteProblem(' ok ')).toBe('short');
    expect(noteProblem('Looked at the deposits')).toBeNull();
    expect(noteProblem('x'.repeat(500))).toBeNull();
    expect(noteProblem('x'.repeat(501))).toBe('long');
    expect(noteProblem('bad\u0000note')).toBe('control');
  });

  it('reads what makes the case once', () => {
    expect(subjectOf('t:9001')).toEqual({ kind: 'transfer', value: '9001' });
    expect(subjectOf('d:2026-05-01')).toEqual({ kind: 'day', value: '2026-05-01' });
    expect(subjectOf('list:OFAC-12')).toEqual({ kind: 'listEntry', value: 'OFAC-12' });
    expect(subjectOf('card')).toEqual({ kind: 'card', value: '' });
    expect(subjectOf('something')).toBeNull();
  });

  it('writes a share as a percent without a float’s noise', () => {
    expect(ratioPercent(0.3)).toBe('30');
    expect(ratioPercent(0.8)).toBe('80');
    expect(ratioPercent(0.125)).toBe('12.5');
    expect(ratioPercent(0.07)).toBe('7');
    expect(ratioPercent(1)).toBe('100');
  });

  it('shows a covered transaction’s evidence: the transfer, its kind, when, the threshold', () => {
    const e = evidenceEntries({
      threshold: '5000000.00',
      at: '2026-05-01T10:00:00.000Z',
      kind: 'deposit',
      transferId: '9001',
    });
    expect(e).toEqual([
      { key: 'kind', value: { type: 'enum', key: 'kind', value: 'deposit' } },
      { key: 'transferId', value: { type: 'text', value: '9001' } },
      { key: 'at', value: { type: 'time', value: '2026-05-01T10:00:00.000Z' } },
      { key: 'threshold', value: { type: 'amount', value: '5000000.00' } },
    ]);
  });

  it('shows structuring’s deposits as a table and its window in hours', () => {
    const e = evidenceEntries({
      deposits: [
        { transferId: '1', amount: '4600000.00', at: '2026-05-01T10:00:00.000Z' },
        { transferId: '2', amount: '4700000.00', at: '2026-05-01T11:00:00.000Z' },
      ],
      threshold: '5000000.00',
      floor: '4500000.00',
      hours: 24,
    });
    expect(e.map((x) => x.key)).toEqual(['threshold', 'floor', 'hours', 'deposits']);
    expect(e[2]!.value).toEqual({ type: 'hours', value: 24 });
    const list = e[3]!.value;
    expect(list.type).toBe('list');
    if (list.type !== 'list') return;
    expect(list.columns).toEqual(['transferId', 'at', 'amount']);
    expect(list.rows[1]).toEqual([
      { key: 'transferId', value: { type: 'text', value: '2' } },
      { key: 'at', value: { type: 'time', value: '2026-05-01T11:00:00.000Z' } },
      { key: 'amount', value: { type: 'amount', value: '4700000.00' } },
    ]);
  });

  it('shows low play’s deposits and turnover as amounts and its ratio as a percent', () => {
    const e = evidenceEntries({
      transferId: '77',
      kind: 'withdrawal_hold',
      at: '2026-05-01T10:00:00.000Z',
      since: null,
      deposits: '10000.00',
      turnover: '1500.00',
      ratio: 0.3,
    });
    const byKey = Object.fromEntries(e.map((x) => [x.key, x.value]));
    expect(byKey.since).toEqual({ type: 'none' });
    expect(byKey.deposits).toEqual({ type: 'amount', value: '10000.00' });
    expect(byKey.turnover).toEqual({ type: 'amount', value: '1500.00' });
    expect(byKey.ratio).toEqual({ type: 'percent', value: '30' });
  });

  it('shows pass-through’s transfers received (a sender’s name is no time) and its window in minutes', () => {
    const e = evidenceEntries({
      transferId: '80',
      kind: 'transfer_to_downline',
      at: '2026-05-01T10:00:00.000Z',
      received: [
        {
          transferId: '70',
          kind: 'transfer_upline',
          from: 'agent7',
          amount: '60000.00',
          at: '2026-05-01T09:40:00.000Z',
        },
      ],
      receivedTotal: '60000.00',
      minutes: 60,
      share: 0.8,
    });
    const byKey = Object.fromEntries(e.map((x) => [x.key, x.value]));
    expect(byKey.kind).toEqual({ type: 'enum', key: 'kind', value: 'transfer_to_downline' });
    expect(byKey.receivedTotal).toEqual({ type: 'amount', value: '60000.00' });
    expect(byKey.minutes).toEqual({ type: 'minutes', value: 60 });
    expect(byKey.share).toEqual({ type: 'percent', value: '80' });
    const received = byKey.received!;
    expect(received.type === 'list' && received.rows[0]!.find((c) => c.key === 'from')!.value).toEqual({
      type: 'text',
      value: 'agent7',
    });
  });

  it('shows shared accounts by name and a screening hit’s list entry in words', () => {
    const shared = Object.fromEntries(
      evidenceEntries({ via: 'card', accounts: 2, others: ['maria88'] }).map((x) => [x.key, x.value]),
    );
    expect(shared.via).toEqual({ type: 'enum', key: 'via', value: 'card' });
    expect(shared.accounts).toEqual({ type: 'text', value: '2' });
    expect(shared.others).toEqual({ type: 'names', values: ['maria88'] });
    const hit = Object.fromEntries(
      evidenceEntries({
        list: 'pep',
        entry: 'PEP-3',
        listedName: 'Juan Dela Cruz',
        listedBirthDate: null,
        match: 'contains',
        from: 'kyc_document',
      }).map((x) => [x.key, x.value]),
    );
    expect(hit.list).toEqual({ type: 'enum', key: 'list', value: 'pep' });
    expect(hit.match).toEqual({ type: 'enum', key: 'match', value: 'contains' });
    expect(hit.from).toEqual({ type: 'enum', key: 'from', value: 'kyc_document' });
    expect(hit.listedBirthDate).toEqual({ type: 'none' });
  });

  it('keeps a key it does not know, after the known ones, as it is', () => {
    const e = evidenceEntries({ zeta: { a: 1 }, kind: 'deposit', flag: true });
    expect(e).toEqual([
      { key: 'kind', value: { type: 'enum', key: 'kind', value: 'deposit' } },
      { key: 'zeta', value: { type: 'text', value: '{"a":1}' } },
      { key: 'flag', value: { type: 'text', value: 'true' } },
    ]);
  });

  it('names every rule, status, decision and evidence word in both languages', () => {
    for (const texts of [en, ty]) {
      for (const r of AML_RULE_LIST) {
        expect(texts.aml.rule[r]).toBeTruthy();
        expect(texts.aml.explain[r]).toBeTruthy();
      }
      for (const s of CASE_STATUSES) {
        expect(texts.aml.status[s]).toBeTruthy();
        expect(texts.aml.empty[s]).toBeTruthy();
      }
      for (const d of DECISIONS) {
        expect(texts.aml.decide.option[d]).toBeTruthy();
        expect(texts.aml.decide.help[d]).toBeTruthy();
        expect(texts.aml.decide.submit[d]).toBeTruthy();
        expect(texts.aml.decide.done[d]).toBeTruthy();
      }
      for (const k of EVIDENCE_KEYS) expect(texts.aml.evidence.key[k]).toBeTruthy();
      for (const [key, values] of Object.entries(EVIDENCE_ENUMS))
        for (const v of values)
          expect((texts.aml.evidence.enum as Record<string, Record<string, string>>)[key]![v]).toBeTruthy();
    }
  });
});
