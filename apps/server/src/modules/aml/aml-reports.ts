import { formatAmount } from '@panalo/contract/money';
import { CSV_MAX_ROWS, toCsv } from '../../lib/csv';
import type { AmlRepository } from './aml.repository';

// The regulator's reports (issue 53 item 3), as CSV in the layout the module's README documents: the
// covered-transaction report (CTR) of a period, and the suspicious-transaction report (STR) of the cases
// filed in it.

type Row = Awaited<ReturnType<AmlRepository['reportRows']>>[number];

/** Columns shared by both reports: who the member is, as verified. */
const PERSON = ['member_id', 'username', 'full_name', 'birth_date', 'id_type', 'mobile'] as const;
const person = (r: Row) => [r.member_id, r.username, r.full_name, r.birth_date, r.id_type, r.mobile];

export const CTR_HEADER = [
  'report_type',
  'case_id',
  'transaction_time',
  'transaction_reference',
  'transaction_type',
  'amount',
  'currency',
  ...PERSON,
  'case_status',
];

export const STR_HEADER = [
  'report_type',
  'case_id',
  'rule',
  'opened_at',
  'filed_at',
  'filed_by',
  'amount',
  'currency',
  ...PERSON,
  'reason',
  'evidence',
];

const TYPE: Record<string, string> = { deposit: 'deposit', withdrawal_hold: 'withdrawal' };
/** One of the evidence's text values ('' when absent). */
const said = (r: Row, key: string) => {
  const v = r.evidence[key];
  return typeof v === 'string' || typeof v === 'number' ? String(v) : '';
};

export function ctrCsv(rows: Row[]): string {
  return toCsv(
    CTR_HEADER,
    rows
      .slice(0, CSV_MAX_ROWS)
      .map((r) => [
        'CTR',
        r.id,
        said(r, 'at'),
        said(r, 'transferId'),
        TYPE[said(r, 'kind')] ?? said(r, 'kind'),
        { raw: formatAmount(BigInt(r.amount)) },
        r.currency,
        ...person(r),
        r.status,
      ]),
  );
}

export function strCsv(rows: Row[]): string {
  return toCsv(
    STR_HEADER,
    rows
      .slice(0, CSV_MAX_ROWS)
      .map((r) => [
        'STR',
        r.id,
        r.rule,
        new Date(r.opened_at).toISOString(),
        r.decided_at ? new Date(r.decided_at).toISOString() : '',
        r.decided_by,
        { raw: formatAmount(BigInt(r.amount)) },
        r.currency,
        ...person(r),
        r.note,
        JSON.stringify(r.evidence),
      ]),
  );
}
