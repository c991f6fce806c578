import type { AML_PATHS } from '@panalo/contract/aml';

/**
 * The cases' paths: the contract's `AML_PATHS`. Its module holds zod schemas, which the console imports
 * as types only, so they are written here and the compiler keeps them equal to the contract's.
 */
const PATHS: typeof AML_PATHS = {
  cases: '/ops/aml/cases',
  case: '/ops/aml/cases/:id',
  decide: '/ops/aml/cases/:id/decide',
  report: '/ops/aml/reports/:kind',
};

/** A case path with its `:id` filled in (encoded). */
export const amlPath = (which: Exclude<keyof typeof AML_PATHS, 'report'>, id = ''): string =>
  PATHS[which].replace(/:id\b/, encodeURIComponent(id));

/**
 * GET /ops/aml/reports/:kind?from=&to= (`aml`, CSV through `CsvButton`): the covered-transaction report
 * (`ctr`) or the suspicious-transaction report (`str`: the cases filed) of the merchant's days from…to
 * (at most 366); each export is audited (`aml.export`).
 */
export const amlReportPath = (kind: 'ctr' | 'str'): string => PATHS.report.replace(':kind', kind);
