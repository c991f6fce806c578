import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PROVIDER_PATHS,
  brandParams,
  brandTermsRequest,
  brandTermsResponse,
  invoiceQuery,
  invoicesResponse,
  providerFiguresQuery,
  providerFiguresResponse,
} from '@panalo/contract/provider';
import { sendCsv } from '../../lib/csv';
import { billingService } from './billing.service';
import { PROVIDER_ERRORS, PROVIDER_TAGS } from './route-schema';

const errors = PROVIDER_ERRORS;
const tags = PROVIDER_TAGS;

/** The provider's money with the brands (issue 51 item 3): their figures, terms and invoices. */
export const providerBillingRoutes: FastifyPluginAsyncZod = async (app) => {
  const billing = billingService(app.ctx.db, app.ctx.clock);
  // Every brand's figures may be a moment old: read from the replica (issue 54).
  const figures = billingService(app.ctx.reads.db, app.ctx.clock);

  app.get(
    PROVIDER_PATHS.figures,
    {
      config: { provider: 'figures' },
      schema: {
        tags,
        summary:
          'Every brand’s figures per reporting day and over the span (players, money, GGR by product, NGR)',
        querystring: providerFiguresQuery,
        response: { 200: providerFiguresResponse, ...errors },
      },
    },
    async (req) => ({ success: true as const, value: await figures.figures(req.query) }),
  );

  app.get(
    PROVIDER_PATHS.terms,
    {
      config: { provider: 'figures' },
      schema: {
        tags,
        summary: 'A brand’s commercial terms, newest version first',
        params: brandParams,
        response: { 200: brandTermsResponse, ...errors },
      },
    },
    async (req) => ({ success: true as const, value: { list: await billing.terms(req.params.code) } }),
  );

  app.post(
    PROVIDER_PATHS.terms,
    {
      config: { provider: 'billing' },
      schema: {
        tags,
        summary:
          'A new version of a brand’s commercial terms from its start day (never before this month); audited',
        params: brandParams,
        body: brandTermsRequest,
        response: { 200: brandTermsResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      value: { list: await billing.addTerms(req.provider!, req.params.code, req.body, req.ip) },
    }),
  );

  app.get(
    PROVIDER_PATHS.invoices,
    {
      config: { provider: 'figures' },
      schema: {
        tags,
        summary:
          'The provider’s invoice of each brand (or one) for a month, under the terms in force each day',
        querystring: invoiceQuery,
        response: { 200: invoicesResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      value: { list: await billing.invoices(req.query.month, req.query.brand) },
    }),
  );

  app.get(
    PROVIDER_PATHS.invoicesCsv,
    {
      config: { provider: 'figures' },
      schema: {
        tags,
        summary: 'Every brand’s invoice of a month as CSV (its lines, then its total)',
        querystring: z.object({ month: invoiceQuery.shape.month }),
        response: errors,
      },
    },
    async (req, reply) =>
      sendCsv(reply, `panalo-invoices-${req.query.month}.csv`, await billing.invoicesCsv(req.query.month)),
  );
};
