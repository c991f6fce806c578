import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '@panalo/contract/common';
import { DASHBOARD_PATH, dashboardResponse } from '@panalo/contract/dashboard';
import { dashboardService } from './dashboard.service';

/** The console's home figures (issue 20 screen 1). */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const dashboard = dashboardService(app.ctx.db, app.ctx.clock);
  app.get(
    DASHBOARD_PATH,
    {
      config: { auth: 'operator', permission: 'dashboard' },
      schema: {
        tags: ['ops'],
        summary:
          'Today, 7 and 30 days: turnover, GGR, NGR, active players, registrations, first deposits, deposits, withdrawals; by day and product; queues; online',
        response: { 200: dashboardResponse, 401: errorBody, 403: errorBody },
      },
    },
    async (req) => ({ success: true as const, value: await dashboard.read(req.merchant.id) }),
  );
};
