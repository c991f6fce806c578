import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '@panalo/contract/common';
import { DASHBOARD_PATH, dashboardQuery, dashboardResponse } from '@panalo/contract/dashboard';
import {
  REPORT_EXPORT_PATH,
  REPORT_PATH,
  reportQuery,
  reportResponse,
  type ReportRow,
} from '@panalo/contract/reports';
import { sendCsv, toCsv } from '../../lib/csv';
import { dashboardService } from './dashboard.service';
import { reportsService } from './reports.service';

/** The report's columns in its CSV, in order (amounts as numbers; a missing figure an empty cell). */
const CSV_COLUMNS: (keyof ReportRow)[] = [
  'key',
  'name',
  'vendor',
  'bets',
  'turnover',
  'wins',
  'ggr',
  'bonuses',
  'rebates',
  'ngr',
  'commissions',
  'deposits',
  'depositCount',
  'firstDeposits',
  'withdrawals',
  'withdrawalCount',
  'players',
  'registrations',
];
const AMOUNTS = new Set<keyof ReportRow>([
  'turnover',
  'wins',
  'ggr',
  'bonuses',
  'rebates',
  'ngr',
  'commissions',
  'deposits',
  'withdrawals',
]);

/** The console's home figures (issue 20 screen 1) and its reports (screen 9). */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  // Figures and reports may be a moment old: read from the replica (issue 54).
  const dashboard = dashboardService(app.ctx.reads.db, app.ctx.clock);
  app.get(
    DASHBOARD_PATH,
    {
      config: { auth: 'operator', permission: 'dashboard' },
      schema: {
        tags: ['ops'],
        summary:
          'Today, 7 and 30 days: turnover, GGR, NGR, active players, registrations, first deposits, deposits, withdrawals; by day and product; queues; online',
        querystring: dashboardQuery,
        response: { 200: dashboardResponse, 400: errorBody, 401: errorBody, 403: errorBody },
      },
    },
    async (req) => ({
      success: true as const,
      value: await dashboard.read(req.merchant.id, {
        lang: req.query.language ?? req.merchant.default_language,
        fallback: req.merchant.default_language,
      }),
    }),
  );

  const reports = reportsService(app.ctx.reads.db, app.ctx.clock);
  app.get(
    REPORT_PATH,
    {
      config: { auth: 'operator', permission: 'reports' },
      schema: {
        tags: ['ops'],
        summary:
          'Profit and loss over 1 to 366 reporting days, by day, product group, vendor or game: turnover, GGR, NGR, bonuses, rebates, commissions, cashier, players',
        querystring: reportQuery,
        response: { 200: reportResponse, 400: errorBody, 401: errorBody, 403: errorBody },
      },
    },
    async (req) => ({ success: true as const, value: await reports.pnl(req.merchant.id, req.query) }),
  );

  app.get(
    REPORT_EXPORT_PATH,
    {
      config: { auth: 'operator', permission: 'reports' },
      schema: {
        tags: ['ops'],
        summary: 'The same report as a CSV file, its total last (formula cells neutralised)',
        querystring: reportQuery,
        response: { 400: errorBody, 401: errorBody, 403: errorBody },
      },
    },
    async (req, reply) => {
      const r = await reports.pnl(req.merchant.id, req.query);
      const cell = (row: ReportRow, k: keyof ReportRow) => {
        const v = row[k];
        return AMOUNTS.has(k) && typeof v === 'string' ? { raw: v } : v;
      };
      const csv = toCsv(
        CSV_COLUMNS.map((c) => (c === 'key' ? r.by : c)),
        [...r.rows, { ...r.total, key: 'total' }].map((row) => CSV_COLUMNS.map((c) => cell(row, c))),
      );
      sendCsv(reply, `pnl-${r.by}-${r.from}-${r.to}.csv`, csv);
    },
  );
};
