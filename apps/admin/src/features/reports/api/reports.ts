import type { ReportGroup } from '@panalo/contract/report-rules';
import type { Report } from '@panalo/contract/reports';
import { api } from '../../../lib/api';

/** The same report as a CSV, made on the server (`CsvButton`, with `from`, `to` and `by`). */
export const REPORT_CSV_PATH = '/ops/reports/pnl/export';

/** Profit and loss over a range ('' for `from` and `to`: the merchant's last 30 days), grouped `by`. */
export const getReport = (from: string, to: string, by: ReportGroup) =>
  api<Report>('GET', '/ops/reports/pnl', {
    query: { ...(from && { from }), ...(to && { to }), by },
  });
