import { z } from 'zod';
import { calendarDay, ok } from './common';
import { noControl } from './content-ops';
import { signedAmountString } from './wallet';

// Anti-money-laundering cases (issue 53 item 3): what a rule found, its evidence, and staff's decision.

export const AML_RULES = [
  'covered',
  'structuring',
  'low_play',
  'pass_through',
  'shared_device',
  'shared_card',
  'shared_payee',
  'screening',
] as const;
export const AML_CASE_STATUSES = ['open', 'escalated', 'closed', 'filed'] as const;
export const AML_DECISIONS = ['escalate', 'freeze', 'close', 'file'] as const;
export type AmlDecision = (typeof AML_DECISIONS)[number];

export const amlCase = z.object({
  id: z.string(),
  rule: z.enum(AML_RULES),
  memberId: z.string(),
  username: z.string(),
  /** What makes the case once: `t:<transfer id>`, or `d:<day>` for a day's structuring. */
  subject: z.string(),
  amount: signedAmountString,
  evidence: z.record(z.string(), z.unknown()),
  status: z.enum(AML_CASE_STATUSES),
  /** The member's withdrawals are refused while this case is open or escalated. */
  freezesWithdrawals: z.boolean(),
  openedAt: z.string(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  note: z.string().nullable(),
});
export type AmlCase = z.infer<typeof amlCase>;

export const AML_PATHS = {
  cases: '/ops/aml/cases',
  case: '/ops/aml/cases/:id',
  decide: '/ops/aml/cases/:id/decide',
  /** GET ?from=&to= (the merchant's days): ctr (covered transactions) or str (cases filed), as CSV. */
  report: '/ops/aml/reports/:kind',
} as const;

export const amlCasesQuery = z.object({ status: z.enum(AML_CASE_STATUSES).optional() });
export const amlCaseParams = z.object({ id: z.string().regex(/^[1-9][0-9]{0,17}$/, 'valid.id') });
export const amlDecideBody = z.object({
  decision: z.enum(AML_DECISIONS),
  note: z.string().trim().min(3).max(500).refine(noControl),
});
export const amlCasesResponse = ok(z.object({ list: z.array(amlCase) }));
export const amlCaseResponse = ok(amlCase);

export const amlReportParams = z.object({ kind: z.enum(['ctr', 'str']) });
export const amlReportQuery = z.object({ from: calendarDay, to: calendarDay });
