import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { brandOpenToStaff } from '@panalo/contract/provider-rules';
import { DomainError } from '../lib/domain-error';
import { clientAccess, type ClientAccess } from '../modules/merchants/merchants.service';
import { brandPreview } from '../modules/merchants/brand-preview';

/**
 * Resolves the merchant once per API request, and the client's access (maintenance, region) when it is
 * first read. Outside the routes marked openDuringMaintenance (and the provider's), a merchant in
 * maintenance answers 503 to everyone but its staff (/api/ops/…, closed only with the brand) and a
 * restricted region 403; those routes (vendor callbacks among them) look the region up only if they read
 * `request.access`.
 */
export default fp(
  async (app) => {
    const accessOf = new WeakMap<FastifyRequest, ClientAccess>();
    const previews = brandPreview(app.ctx.db, app.ctx.clock);
    const previewing = new WeakSet<FastifyRequest>();
    app.decorateRequest('merchant', null as never);
    app.decorateRequest('access', {
      getter(this: FastifyRequest) {
        let access = accessOf.get(this);
        if (!access) {
          const preview = previewing.has(this);
          accessOf.set(
            this,
            (access = clientAccess(this.merchant, this.ip, app.ctx.geo, app.ctx.clock.now(), preview)),
          );
        }
        return access;
      },
    });
    app.addHook('onRequest', async (request) => {
      const header = request.headers['merchant'];
      request.merchant = await app.ctx.merchants.resolve(
        request.host,
        Array.isArray(header) ? header[0] : header,
      );
      if (await previews.previewing(request, request.merchant)) previewing.add(request);
      const config = request.routeOptions.config;
      // The provider's routes are above every merchant: a brand's status never closes them.
      if (config.openDuringMaintenance || config.provider) return;
      // The brand's staff keep working while players cannot (a draft being prepared, maintenance, a
      // suspension whose withdrawals are still paid); a closed brand's console is closed too.
      const staffArea = request.routeOptions.url?.startsWith('/api/ops/') === true;
      if (staffArea && !brandOpenToStaff(request.merchant.status)) {
        throw new DomainError('brand_closed', 503, 'This site is closed');
      }
      if (request.access.maintenance && !staffArea) {
        throw new DomainError('maintenance', 503, 'Platform under maintenance');
      }
      if (request.access.restricted) {
        throw new DomainError('region_restricted', 403, 'Blocked by IP or location restriction');
      }
    });
  },
  { name: 'merchant', dependencies: ['errors'] },
);
