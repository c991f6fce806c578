import type { AML_CASE_STATUSES, AML_DECISIONS, AML_RULES, AmlCase } from '@panalo/contract/aml';

// Anti-money-laundering cases on the console: pure rules, no React, no calls.

// The contract's lists are in a zod module, which the console imports as types only: they are written
// here and the compiler keeps them equal (same members, same order).
export const AML_RULE_LIST: typeof AML_RULES = [
  'covered',
  'structuring',
  'low_play',
  'pass_through',
  'shared_device',
  'shared_card',
  'shared_payee',
  'screening',
];
export const CASE_STATUSES: typeof AML_CASE_STATUSES = ['open', 'escalated', 'closed', 'filed'];
export const DECISIONS: typeof AML_DECISIONS = ['escalate', 'freeze', 'close', 'file'];

export type AmlRule = (typeof AML_RULES)[number];
export type CaseStatus = (typeof AML_CASE_STATUSES)[number];
export type AmlDecision = (typeof AML_DECISIONS)[number];

/** The queue's `?status=`: one of the case statuses, open otherwise. */
export const queueStatus = (param: string | null): CaseStatus =>
  (CASE_STATUSES as readonly string[]).includes(param ?? '') ? (param as CaseStatus) : 'open';

/** A case's id as the API takes it (a positive integer of up to 18 digits). */
export const isCaseId = (id: string): boolean => /^[1-9][0-9]{0,17}$/.test(id);

/** Closed (no action) and filed (reported) are final: the server refuses another decision (aml_case_decided). */
export const isFinal = (status: CaseStatus): boolean => status === 'closed' || status === 'filed';

/**
 * The decisions offered on a case: none once final; an open case may be escalated, frozen, closed or
 * filed; an escalated one frozen (unless it freezes already), closed or filed.
 */
export function decisionsFor(c: Pick<AmlCase, 'status' | 'freezesWithdrawals'>): AmlDecision[] {
  if (isFinal(c.status)) return [];
  return DECISIONS.filter((d) => {
    if (d === 'escalate') return c.status === 'open';
    if (d === 'freeze') return !c.freezesWithdrawals;
    return true;
  });
}

/**
 * The case's hold on the member's withdrawals: `active` while a case that freezes them is still to be
 * decided, `lifted` once it was closed or filed, null when it never froze them.
 */
export function freezeState(c: Pick<AmlCase, 'status' | 'freezesWithdrawals'>): 'active' | 'lifted' | null {
  if (!c.freezesWithdrawals) return null;
  return isFinal(c.status) ? 'lifted' : 'active';
}

/** A status as its badge's colour (its text says it too). */
export function statusColor(status: CaseStatus): 'yellow' | 'orange' | 'gray' | 'red' {
  switch (status) {
    case 'open':
      return 'yellow';
    case 'escalated':
      return 'orange';
    case 'closed':
      return 'gray';
    case 'filed':
      return 'red';
  }
}

export const NOTE_MIN = 3;
export const NOTE_MAX = 500;
// A control character other than tab, line feed and carriage return (the contract's `noControl`).
// eslint-disable-next-line no-control-regex -- this pattern is about control characters
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

export type NoteProblem = 'short' | 'long' | 'control';

/** What is wrong with a decision's note (3 to 500 characters once trimmed, no control character). */
export function noteProblem(note: string): NoteProblem | null {
  const v = note.trim();
  if (v.length < NOTE_MIN) return 'short';
  if (v.length > NOTE_MAX) return 'long';
  return CONTROL.test(v) ? 'control' : null;
}

export type SubjectKind = 'transfer' | 'day' | 'listEntry' | 'device' | 'card' | 'payee';

/**
 * What makes the case once, in parts: a transfer (`t:<id>`), a member's day of deposits (`d:<day>`), a
 * screening list's entry (`list:<entry>`), or what the member shares with other accounts (`device`,
 * `card`, `payee`); null for anything else (shown as it is).
 */
export function subjectOf(subject: string): { kind: SubjectKind; value: string } | null {
  if (subject === 'device' || subject === 'card' || subject === 'payee') return { kind: subject, value: '' };
  const m = /^(t|d|list):(.+)$/.exec(subject);
  if (!m) return null;
  const kind = m[1] === 't' ? 'transfer' : m[1] === 'd' ? 'day' : 'listEntry';
  return { kind, value: m[2]! };
}

/** One piece of a case's evidence, typed for showing. */
export type EvidenceValue =
  | { type: 'amount'; value: string }
  | { type: 'time'; value: string }
  | { type: 'percent'; value: string }
  | { type: 'hours'; value: number }
  | { type: 'minutes'; value: number }
  | { type: 'enum'; key: EnumKey; value: string }
  | { type: 'names'; values: string[] }
  | { type: 'text'; value: string }
  | { type: 'none' }
  | { type: 'list'; columns: string[]; rows: EvidenceEntry[][] };

export interface EvidenceEntry {
  key: string;
  value: EvidenceValue;
}

/** Keys whose values are amounts (wire decimals) and moments (ISO times), as the rules write them. */
const AMOUNT_KEYS = new Set(['amount', 'threshold', 'floor', 'deposits', 'turnover', 'receivedTotal']);
const TIME_KEYS = new Set(['at', 'since', 'openedAt']);
/** Keys whose values are shares (0.3: 30 %). */
const SHARE_KEYS = new Set(['ratio', 'share']);

/** Keys whose values are one of a few words, each with its text (`aml.evidence.enum.<key>.<value>`). */
export const EVIDENCE_ENUMS = {
  kind: ['deposit', 'withdrawal_hold', 'transfer_to_downline', 'transfer_upline'],
  via: ['device', 'card', 'payee'],
  list: ['sanctions', 'pep'],
  match: ['exact', 'contains'],
  from: ['kyc_document', 'payee_name', 'registration'],
} as const;
export type EnumKey = keyof typeof EVIDENCE_ENUMS;
const isEnum = (key: string, v: string): key is EnumKey =>
  key in EVIDENCE_ENUMS && (EVIDENCE_ENUMS[key as EnumKey] as readonly string[]).includes(v);

/** The keys the console names (`aml.evidence.key.<key>`); any other is shown by its own name. */
export const EVIDENCE_KEYS = [
  'kind',
  'transferId',
  'at',
  'amount',
  'threshold',
  'floor',
  'hours',
  'since',
  'deposits',
  'turnover',
  'ratio',
  'received',
  'receivedTotal',
  'minutes',
  'share',
  'from',
  'via',
  'accounts',
  'others',
  'list',
  'entry',
  'listedName',
  'listedBirthDate',
  'listSource',
  'match',
  'screenedName',
  'screenedBirthDate',
] as const;
/** The keys in the order people read them; the others follow in their own order. */
const ORDER: readonly string[] = EVIDENCE_KEYS;
const DECIMAL = /^-?\d+(\.\d+)?$/;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** A ratio (0.3) as a percent's number ('30'), through text: 0.35 → '35', 0.125 → '12.5'. */
export function ratioPercent(ratio: number): string {
  const basis = Math.round(ratio * 10_000);
  const whole = Math.trunc(basis / 100);
  const frac = basis % 100;
  return frac === 0 ? String(whole) : `${whole}.${String(frac).padStart(2, '0').replace(/0$/, '')}`;
}

function valueOf(key: string, v: unknown): EvidenceValue {
  if (v === null || v === undefined || v === '') return { type: 'none' };
  if (Array.isArray(v) && v.every((x) => typeof x === 'string' || typeof x === 'number'))
    return v.length === 0 ? { type: 'none' } : { type: 'names', values: v.map(String) };
  if (Array.isArray(v)) {
    const rows = v.map((item) =>
      item !== null && typeof item === 'object' && !Array.isArray(item)
        ? evidenceEntries(item as Record<string, unknown>)
        : [{ key: 'value', value: valueOf('value', item) }],
    );
    const columns = [...new Set(rows.flatMap((r) => r.map((e) => e.key)))];
    return { type: 'list', columns, rows };
  }
  if (typeof v === 'object') return { type: 'text', value: JSON.stringify(v) };
  if (SHARE_KEYS.has(key) && typeof v === 'number') return { type: 'percent', value: ratioPercent(v) };
  if (key === 'hours' && typeof v === 'number') return { type: 'hours', value: v };
  if (key === 'minutes' && typeof v === 'number') return { type: 'minutes', value: v };
  if (typeof v === 'string' && isEnum(key, v)) return { type: 'enum', key, value: v };
  if (typeof v === 'string' && AMOUNT_KEYS.has(key) && DECIMAL.test(v)) return { type: 'amount', value: v };
  if (typeof v === 'string' && TIME_KEYS.has(key) && ISO_TIME.test(v)) return { type: 'time', value: v };
  const plain = typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';
  return { type: 'text', value: plain ? String(v) : JSON.stringify(v) };
}

/**
 * A case's evidence (the rule's own object: transfers, amounts, windows, turnover, the accounts shared,
 * the screening list's entry) as entries to show: amounts as amounts, moments as times, shares as
 * percents, known words in words, a list of names inline, a list of transfers as a table; the keys
 * people read first come first, any other key after them, as it is.
 */
export function evidenceEntries(evidence: Record<string, unknown>): EvidenceEntry[] {
  const keys = Object.keys(evidence).sort((a, b) => {
    const ia = ORDER.indexOf(a);
    const ib = ORDER.indexOf(b);
    return (ia < 0 ? ORDER.length : ia) - (ib < 0 ? ORDER.length : ib);
  });
  return keys.map((key) => ({ key, value: valueOf(key, evidence[key]) }));
}
