import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '@panalo/contract/common';
import {
  DAILY_CLOSE_PATHS,
  dailyCloseDayParams,
  dailyCloseListQuery,
  dailyCloseListResponse,
  dailyCloseResponse,
  type DailyClose,
} from '@panalo/contract/daily-close';
import { sendCsv, toCsv, type CsvValue } from '../../lib/csv';
import { DomainError } from '../../lib/domain-error';
import { dailyCloseService } from './daily-close.service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const tags = ['ops'];

/** One day's sheet as CSV rows: section, what, then the section's figures (amounts as numbers). */
export function closeCsv(c: DailyClose): string {
  const amount = (v: string): CsvValue => ({ raw: v });
  const rows: CsvValue[][] = [
    ['close', 'status', c.status, '', '', '', ''],
    ['close', 'difference', amount(c.difference), '', '', '', ''],
    ...c.sheet.balances.map((b) => [
      'balance',
      b.kind,
      amount(b.opening),
      amount(b.movements),
      amount(b.closing),
      amount(b.closingByAccounts),
      amount(b.difference),
    ]),
    ...c.sheet.movements.map((m) => [
      'movement',
      `${m.transferKind} (${m.accountKind})`,
      amount(m.amount),
      m.entries,
      '',
      '',
      '',
    ]),
    ...c.sheet.figures.map((f) => [
      'figure',
      f.figure,
      amount(f.ledger),
      amount(f.kept),
      amount(f.difference),
      '',
      '',
    ]),
    ...c.sheet.byProduct.map((g) => [
      'product',
      g.key,
      amount(g.bets),
      amount(g.wins),
      amount(g.ggr),
      '',
      '',
    ]),
    ...c.sheet.byVendor.map((g) => ['vendor', g.key, amount(g.bets), amount(g.wins), amount(g.ggr), '', '']),
  ];
  return toCsv(['section', 'what', 'a', 'b', 'c', 'd', 'e'], rows);
}

/**
 * Finance → Daily close (issue 52): the closed days, one day's sheet and its CSV (`reports`), and the
 * sign-off (`close.sign`).
 */
export const dailyCloseRoutes: FastifyPluginAsyncZod = async (app) => {
  const closes = dailyCloseService(app.ctx.db);
  const closed = async (merchantId: number, day: string) => {
    const c = await closes.find(merchantId, day);
    if (!c) throw new DomainError('close_none', 404, 'This day has not been closed', { day });
    return c;
  };

  app.get(
    DAILY_CLOSE_PATHS.list,
    {
      config: { auth: 'operator', permission: 'reports' },
      schema: {
        tags,
        summary: 'The closed days of a span (at most 92), newest first: status, difference, who signed',
        querystring: dailyCloseListQuery,
        response: { 200: dailyCloseListResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      value: { list: await closes.list(req.merchant.id, req.query.from, req.query.to) },
    }),
  );

  app.get(
    DAILY_CLOSE_PATHS.day,
    {
      config: { auth: 'operator', permission: 'reports' },
      schema: {
        tags,
        summary:
          'One closed day’s sheet: balances read two ways, movements, figures against the kept ones, GGR',
        params: dailyCloseDayParams,
        response: { 200: dailyCloseResponse, ...errors },
      },
    },
    async (req) => ({ success: true as const, value: await closed(req.merchant.id, req.params.day) }),
  );

  app.get(
    DAILY_CLOSE_PATHS.csv,
    {
      config: { auth: 'operator', permission: 'reports' },
      schema: {
        tags,
        summary: 'One closed day’s sheet as a CSV file (formula cells neutralised)',
        params: dailyCloseDayParams,
        response: errors,
      },
    },
    async (req, reply) => {
      const c = await closed(req.merchant.id, req.params.day);
      sendCsv(reply, `daily-close-${c.day}.csv`, closeCsv(c));
    },
  );

  app.post(
    DAILY_CLOSE_PATHS.sign,
    {
      config: { auth: 'operator', permission: 'close.sign' },
      schema: {
        tags,
        summary:
          'Sign a balanced closed day (once; never by whoever made a manual correction that day); audited',
        params: dailyCloseDayParams,
        response: { 200: dailyCloseResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      value: await closes.sign({
        merchantId: req.merchant.id,
        day: req.params.day,
        signer: { memberId: req.session!.memberId, username: req.session!.username },
        ip: req.ip,
        now: app.ctx.clock.now(),
      }),
    }),
  );
};
