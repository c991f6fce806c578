import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PROVIDER_PATHS,
  brandCatalogueResponse,
  brandDetailResponse,
  brandParams,
  closingReportResponse,
  maintenanceWindowRequest,
} from '@panalo/contract/provider';
import { brandCatalogue } from './brand-choices';
import { brandsService } from './brands.service';
import { PROVIDER_ERRORS, PROVIDER_TAGS } from './route-schema';

const errors = PROVIDER_ERRORS;
const tags = PROVIDER_TAGS;

/**
 * A brand's life beyond its launch (issue 51 item 2): what a launch can choose from, the planned
 * maintenance window, and a closed brand's closing report.
 */
export const providerBrandLifeRoutes: FastifyPluginAsyncZod = async (app) => {
  const brands = brandsService({
    db: app.ctx.db,
    clock: app.ctx.clock,
    merchantsChanged: () => app.ctx.merchants.clearCache(),
  });

  app.get(
    PROVIDER_PATHS.catalogue,
    {
      config: { provider: 'brands.read' },
      schema: {
        tags,
        summary: 'What a brand can be launched with: the games by vendor, the lottery, the cashier’s methods',
        response: { 200: brandCatalogueResponse, ...errors },
      },
    },
    async () => ({ success: true as const, value: await brandCatalogue(app.ctx.db) }),
  );

  app.put(
    PROVIDER_PATHS.maintenance,
    {
      config: { provider: 'brands.launch' },
      schema: {
        tags,
        summary:
          'Plan the brand’s maintenance window (its players see the maintenance page during it), or clear it; audited',
        params: brandParams,
        body: maintenanceWindowRequest,
        response: { 200: brandDetailResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      value: await brands.setMaintenanceWindow(req.provider!, req.params.code, req.body.window, req.ip),
    }),
  );

  app.get(
    PROVIDER_PATHS.closingReport,
    {
      config: { provider: 'brands.read' },
      schema: {
        tags,
        summary:
          'A closed brand’s closing report: what it held and did, its ledger’s accounts and checks at the close',
        params: brandParams,
        response: { 200: closingReportResponse, ...errors },
      },
    },
    async (req) => ({ success: true as const, value: await brands.closingReport(req.params.code) }),
  );
};
