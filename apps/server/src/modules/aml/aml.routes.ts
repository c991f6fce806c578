import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '@panalo/contract/common';
import {
  AML_PATHS,
  amlCaseParams,
  amlCaseResponse,
  amlCasesQuery,
  amlCasesResponse,
  amlDecideBody,
  amlReportParams,
  amlReportQuery,
} from '@panalo/contract/aml';
import { sendCsv } from '../../lib/csv';
import { amlService } from './aml.service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const tags = ['ops'];

/** The brand's anti-money-laundering cases (issue 53 item 3): read and decided with `aml`. */
export const amlRoutes: FastifyPluginAsyncZod = async (app) => {
  const aml = amlService(app.ctx.db);

  app.get(
    AML_PATHS.cases,
    {
      config: { auth: 'operator', permission: 'aml' },
      schema: {
        tags,
        summary: 'The cases the monitoring rules opened, newest first (at most 500), by status',
        querystring: amlCasesQuery,
        response: { 200: amlCasesResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      value: { list: await aml.cases(req.merchant.id, req.query.status) },
    }),
  );

  app.get(
    AML_PATHS.case,
    {
      config: { auth: 'operator', permission: 'aml' },
      schema: {
        tags,
        summary: 'One case with its evidence',
        params: amlCaseParams,
        response: { 200: amlCaseResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      value: await aml.find(req.merchant.id, BigInt(req.params.id)),
    }),
  );

  app.post(
    AML_PATHS.decide,
    {
      config: { auth: 'operator', permission: 'aml' },
      schema: {
        tags,
        summary:
          'Escalate, freeze the member’s withdrawals (until closed or filed), close (no action) or file (reported) a case, with a note; audited; a closed or filed case is final',
        params: amlCaseParams,
        body: amlDecideBody,
        response: { 200: amlCaseResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      value: await aml.decide({
        merchantId: req.merchant.id,
        id: BigInt(req.params.id),
        decision: req.body.decision,
        note: req.body.note,
        staff: { memberId: req.session!.memberId, username: req.session!.username },
        ip: req.ip,
        now: app.ctx.clock.now(),
      }),
    }),
  );

  app.get(
    AML_PATHS.report,
    {
      config: { auth: 'operator', permission: 'aml' },
      schema: {
        tags,
        summary:
          'The covered-transaction report (ctr) or the suspicious-transaction report (str: cases filed) of the merchant’s days from…to, as CSV in the documented layout; audited (aml.export)',
        params: amlReportParams,
        querystring: amlReportQuery,
        response: errors,
      },
    },
    async (req, reply) => {
      const csv = await aml.report({
        merchantId: req.merchant.id,
        kind: req.params.kind,
        from: req.query.from,
        to: req.query.to,
        staff: { memberId: req.session!.memberId, username: req.session!.username },
        ip: req.ip,
        now: app.ctx.clock.now(),
      });
      sendCsv(reply, `${req.params.kind}-${req.query.from}-${req.query.to}.csv`, csv);
      return reply;
    },
  );
};
