import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { DomainError } from '../lib/domain-error';
import { clientAccess, type ClientAccess } from '../modules/merchants/merchants.service';

/**
 * Resolves the merchant once per API request, and the client's access (maintenance, region) when it is
 * first read. Outside the routes marked openDuringMaintenance, a merchant in maintenance answers 503 and a
 * restricted region 403; those routes (vendor callbacks among them) look the region up only if they read
 * `request.access`.
 */
export default fp(
  async (app) => {
    const accessOf = new WeakMap<FastifyRequest, ClientAccess>();
    app.decorateRequest('merchant', null as never);
    app.decorateRequest('access', {
      getter(this: FastifyRequest) {
        let access = accessOf.get(this);
        if (!access) accessOf.set(this, (access = clientAccess(this.merchant, this.ip, app.ctx.geo)));
        return access;
      },
    });
    app.addHook('onRequest', async (request) => {
      const header = request.headers['merchant'];
      request.merchant = await app.ctx.merchants.resolve(
        request.host,
        Array.isArray(header) ? header[0] : header,
      );
      if (request.routeOptions.config.openDuringMaintenance) return;
      if (request.access.maintenance) throw new DomainError('maintenance', 503, 'Platform under maintenance');
      if (request.access.restricted) {
        throw new DomainError('region_restricted', 403, 'Blocked by IP or location restriction');
      }
    });
  },
  { name: 'merchant', dependencies: ['errors'] },
);
