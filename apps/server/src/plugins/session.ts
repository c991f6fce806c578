import fp from 'fastify-plugin';
import { DomainError } from '../lib/domain-error';
import { checkAuth, checkFeature } from '../modules/auth/auth.policy';
import { staffService } from '../modules/staff/staff.service';
import type { StaffPermission } from '@panalo/contract/staff-rules';
import type { AppContext } from '../context';

/** An operator route and the permission it declares (the console's route × role tests read them). */
export interface OperatorRoute {
  method: string;
  url: string;
  permission: StaffPermission | 'self';
}
/** The operator routes of each built app, by its context. */
export const operatorRoutes = new WeakMap<AppContext, OperatorRoute[]>();

const BEARER = /^Bearer ([A-Za-z0-9_-]{20,128})$/;

/**
 * Resolves the caller's session from `Authorization: Bearer <token>` at this request's merchant (a token
 * of another merchant is unknown here), then enforces the route's `config.auth` rule. A route without
 * the rule is public; request.session is null for visitors. A route's `config.feature` flag must be on
 * for the merchant; an operator route's `config.permission` must be one the staff member's role has
 * (the table in the contract's staff-rules). It runs before validation, so a caller
 * without the right is refused (401/403) before anything about its input is said.
 */
export default fp(
  async (app) => {
    app.decorateRequest('session', null);
    const staff = staffService(app.ctx.db, app.ctx.clock);
    // Every operator route says which permission it asks (a route without one would be open to every role).
    const declared: OperatorRoute[] = [];
    operatorRoutes.set(app.ctx, declared);
    app.addHook('onRoute', (route) => {
      const config = route.config as { auth?: string; permission?: OperatorRoute['permission'] } | undefined;
      const name = `${[route.method].flat().join(',')} ${route.url}`;
      if (config?.auth !== 'operator') {
        // Only operator routes check a permission: one declared elsewhere would be silently ignored.
        if (config?.permission)
          throw new Error(`route ${name} declares a permission but is no operator route`);
        return;
      }
      if (!config.permission) throw new Error(`operator route ${name} declares no permission`);
      for (const method of [route.method].flat()) {
        if (method !== 'HEAD') declared.push({ method, url: route.url, permission: config.permission });
      }
    });
    // Every operator call that changes something is logged with who, the call, its answer and the address,
    // before the answer leaves: a staff member never sees an answer whose call is not in the log yet.
    app.addHook('onSend', async (request, reply, payload) => {
      const reads = request.method === 'GET' || request.method === 'HEAD';
      if (request.routeOptions.config.auth !== 'operator' || reads || !request.session) return payload;
      const ua = request.headers['user-agent'];
      await app.ctx.db
        .insertInto('staff_action')
        .values({
          merchant_id: request.merchant.id,
          staff_id: request.session.memberId,
          method: request.method,
          route: request.routeOptions.url ?? request.url,
          path: request.url.slice(0, 500),
          status: reply.statusCode,
          ip: request.ip,
          user_agent: typeof ua === 'string' ? ua.slice(0, 255) : null,
          request_id: String(request.id),
          created_at: app.ctx.clock.now(),
        })
        .execute()
        .catch((err: unknown) => request.log.error({ err }, 'staff action not logged'));
      return payload;
    });
    app.addHook('preValidation', async (request) => {
      // Stryker disable next-line StringLiteral: '' and Stryker's "Stryker was here!" both fail the bearer pattern
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
      // Every operator route declares its permission (checked when it is added, above).
      if (rule === 'operator') {
        await staff.require(
          request.merchant.id,
          request.session!.memberId,
          request.routeOptions.config.permission!,
        );
      }
      const feature = request.routeOptions.config.feature;
      if (feature) checkFeature(request.merchant.whitelabel, feature);
    });
  },
  { name: 'session', dependencies: ['merchant'] },
);
