// Zod-free: the console checks a report's range with these before it asks (the server refuses the same).

export const REPORT_PATH = '/ops/reports/pnl';
export const REPORT_EXPORT_PATH = '/ops/reports/pnl/export';
export const REPORT_GROUPS = ['day', 'product', 'vendor', 'game'] as const;
export type ReportGroup = (typeof REPORT_GROUPS)[number];
/** The longest range one report covers, in days. */
export const REPORT_MAX_DAYS = 366;
