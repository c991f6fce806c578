import fp from 'fastify-plugin';
import { DomainError } from '../lib/domain-error';
import { clientAccess } from '../modules/merchants/merchants.service';

/**
 * Resolves the merchant and the client's access (maintenance, region) once per API request. Outside the
 * routes marked openDuringMaintenance, a merchant in maintenance answers 503 and a restricted region 403.
 */
export default fp(
  async (app) => {
    app.decorateRequest('merchant', null as never);
    app.decorateRequest('access', null as never);
    app.addHook('onRequest', async (request) => {
      const header = request.headers['merchant'];
      request.merchant = await app.ctx.merchants.resolve(
        request.host,
        Array.isArray(header) ? header[0] : header,
      );
      request.access = clientAccess(request.merchant, request.ip, app.ctx.geo);
      if (request.routeOptions.config.openDuringMaintenance) return;
      if (request.access.maintenance) throw new DomainError('maintenance', 503, 'Platform under maintenance');
      if (request.access.restricted) {
        throw new DomainError('region_restricted', 403, 'Blocked by IP or location restriction');
      }
    });
  },
  { name: 'merchant', dependencies: ['errors'] },
);
