import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '@panalo/contract/common';
import {
  RECON_PATHS,
  reconBreakParams,
  reconBreakResponse,
  reconBreaksQuery,
  reconBreaksResponse,
  reconDayParams,
  reconDayResponse,
  reconResolveBody,
  reconResolveResponse,
} from '@panalo/contract/reconciliation';
import { reconciliationService } from './reconciliation.service';

const errors = {
  400: errorBody,
  401: errorBody,
  403: errorBody,
  404: errorBody,
  409: errorBody,
  503: errorBody,
};
const tags = ['ops'];

/**
 * Finance → Daily close → reconciliation (issue 52 items 2 and 3): a day's runs and breaks and the open
 * queue (`reports`); running a day again and resolving a break (`close.sign`, audited).
 */
export const reconciliationRoutes: FastifyPluginAsyncZod = async (app) => {
  const recon = reconciliationService(app.ctx.db, { hub88: app.ctx.hub88 });

  app.get(
    RECON_PATHS.day,
    {
      config: { auth: 'operator', permission: 'reports' },
      schema: {
        tags,
        summary:
          'A closed day’s reconciliation with Hub88 and PayMongo: each run’s counts and fees, its breaks',
        params: reconDayParams,
        response: { 200: reconDayResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      value: {
        runs: await recon.runs(req.merchant.id, req.params.day),
        breaks: await recon.breaks(req.merchant.id, { day: req.params.day }),
      },
    }),
  );

  app.post(
    RECON_PATHS.run,
    {
      config: { auth: 'operator', permission: 'close.sign' },
      schema: {
        tags,
        summary:
          'Reconcile a closed day now (a done run is kept as it is; a failed one runs again); 503 when a source cannot be read',
        params: reconDayParams,
        response: { 200: reconDayResponse, ...errors },
      },
    },
    async (req) => {
      const runs = await recon.reconcileDay({
        merchantId: req.merchant.id,
        day: req.params.day,
        runBy: `operator:${req.session!.memberId}`,
        now: app.ctx.clock.now(),
      });
      return {
        success: true as const,
        value: { runs, breaks: await recon.breaks(req.merchant.id, { day: req.params.day }) },
      };
    },
  );

  app.get(
    RECON_PATHS.breaks,
    {
      config: { auth: 'operator', permission: 'reports' },
      schema: {
        tags,
        summary: 'The breaks of every day (open or resolved), newest day first, at most 500',
        querystring: reconBreaksQuery,
        response: { 200: reconBreaksResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      value: {
        list: await recon.breaks(req.merchant.id, req.query.status ? { status: req.query.status } : {}),
      },
    }),
  );

  app.get(
    RECON_PATHS.break,
    {
      config: { auth: 'operator', permission: 'reports' },
      schema: {
        tags,
        summary:
          'One break’s story: both sides, the wallet calls we received and answered, the ledger’s legs',
        params: reconBreakParams,
        response: { 200: reconBreakResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      value: await recon.story(req.merchant.id, BigInt(req.params.id)),
    }),
  );

  app.post(
    RECON_PATHS.resolve,
    {
      config: { auth: 'operator', permission: 'close.sign' },
      schema: {
        tags,
        summary:
          'Resolve a break once with a reason: explained (no money), or credit/debit exactly what the member is owed through the ledger under the break’s own key; audited',
        params: reconBreakParams,
        body: reconResolveBody,
        response: { 200: reconResolveResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      value: await recon.resolve({
        merchantId: req.merchant.id,
        currency: req.merchant.currency,
        id: BigInt(req.params.id),
        resolution: req.body.resolution,
        reason: req.body.reason,
        staff: { memberId: req.session!.memberId, username: req.session!.username },
        ip: req.ip,
        now: app.ctx.clock.now(),
      }),
    }),
  );
};
