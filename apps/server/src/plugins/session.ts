import fp from 'fastify-plugin';
import { DomainError } from '../lib/domain-error';
import { checkAuth, checkFeature } from '../modules/auth/auth.policy';

const BEARER = /^Bearer ([A-Za-z0-9_-]{20,128})$/;

/**
 * Resolves the caller's session from `Authorization: Bearer <token>` at this request's merchant (a token
 * of another merchant is unknown here), then enforces the route's `config.auth` rule. A route without
 * the rule is public; request.session is null for visitors. A route's `config.feature` flag must be on
 * for the merchant. It runs before validation, so a caller
 * without the right is refused (401/403) before anything about its input is said.
 */
export default fp(
  async (app) => {
    app.decorateRequest('session', null);
    app.addHook('preValidation', async (request) => {
      const m = BEARER.exec(request.headers.authorization ?? '');
      request.session = m?.[1] ? await app.ctx.sessions.authenticate(request.merchant.id, m[1]) : null;
      const rule = request.routeOptions.config.auth;
      // A session its member's session limit ended: said so (the site tells the member why).
      if (
        rule &&
        !request.session &&
        m?.[1] &&
        (await app.ctx.sessions.endedByLimit(request.merchant.id, m[1]))
      ) {
        throw new DomainError('session_limit_ended', 401, 'Your session limit has ended this session');
      }
      if (rule) checkAuth(rule, request.session);
      const feature = request.routeOptions.config.feature;
      if (feature) checkFeature(request.merchant.whitelabel, feature);
    });
  },
  { name: 'session', dependencies: ['merchant'] },
);
